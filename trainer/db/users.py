"""The users table: admins, supervisors, auditors and trainees with a password hash, an
active flag and an optional full name (the one a certificate prints)."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Any

from sqlite_utils import Database

from trainer.db.connection import now_iso, select, write_transaction
from trainer.text_rules import (
    free_text_problem,
    looks_alike,
    normal_username,
    username_key,
    username_problem,
)

ROLES = ("admin", "supervisor", "auditor", "trainee")
"""Every role, the most powerful first (``trainer.web.roles`` says who may do what)."""
FULL_NAME_MAX = 100
"""The most characters of a full name (a certificate prints it on one line)."""


class UserExistsError(ValueError):
    """A username that is already taken (``existing``: as written by its account), or
    that only looks the same as one in another script (``look_alike``)."""

    def __init__(self, username: str, existing: str, *, look_alike: bool = False) -> None:
        if look_alike:
            message = (f"user {username!r} looks the same as the existing {existing!r} "
                       "(letters of another script)")
        else:
            same = "" if existing == username else f" (as {existing!r})"
            message = f"user {username!r} already exists{same}"
        super().__init__(message)
        self.existing = existing
        self.look_alike = look_alike


@dataclass(frozen=True, slots=True)
class UserRow:
    """One user account."""

    id: int
    username: str
    role: str
    password_hash: str
    active: bool
    login_generation: int = 0
    """Moved on by logging out and by a new password: logins of an earlier one have ended."""
    full_name: str = ""
    """As the person writes it (``Иванова Анна Сергеевна``); "" when none is given."""

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> UserRow:
        return cls(
            id=row["id"], username=row["username"], role=row["role"],
            password_hash=row["password_hash"], active=bool(row["active"]),
            login_generation=row["login_generation"], full_name=row["full_name"],
        )


_COLUMNS = "id, username, role, password_hash, active, login_generation, full_name"


def normal_full_name(name: str) -> str:
    """A full name as stored: NFC, without the spaces a paste brings at either end, and
    runs of spaces inside as one (``" Иванова  Анна "`` is ``"Иванова Анна"``)."""
    return re.sub(" {2,}", " ", unicodedata.normalize("NFC", name).strip())


def full_name_problem(name: str) -> str | None:
    """Why ``name`` (as ``normal_full_name`` makes it) cannot be a full name (None: it can):
    more than ``FULL_NAME_MAX`` characters, or one a reader cannot see (a control
    character, a line break, a zero-width space).  Any script, and a mix of scripts, is
    fine: a name is not looked up, and a Belarusian may write hers in Cyrillic and Latin."""
    if len(name) > FULL_NAME_MAX:
        return f"A full name has at most {FULL_NAME_MAX} characters."
    return free_text_problem(name)


def _checked_full_name(name: str) -> str:
    """``name`` as stored; a ValueError when it cannot be a full name."""
    name = normal_full_name(name)
    if (problem := full_name_problem(name)) is not None:
        raise ValueError(f"full name {name!r}: {problem}")
    return name


def create_user(db: Database, username: str, role: str, password_hash: str,
                full_name: str = "") -> UserRow:
    """Add a user; refuses an unknown role, a name with spaces, invisible characters or
    mixed scripts, or a taken name (the same as another in NFKC, ignoring case, or the
    same to the eye in another script: Cyrillic ``асе`` beside Latin ``ace``), and a full
    name ``full_name_problem`` refuses."""
    username = normal_username(username)
    if (problem := username_problem(username)) is not None:
        raise ValueError(f"username {username!r}: {problem}")
    full_name = _checked_full_name(full_name)
    if role not in ROLES:
        raise ValueError(f"role {role!r} is not one of {', '.join(ROLES)}")
    key = username_key(username)
    with write_transaction(db):  # checked and inserted under the write lock: no race
        names = [name for (name,) in db.execute("SELECT username FROM users")]
        if (existing := next((n for n in names if username_key(n) == key), None)) is not None:
            raise UserExistsError(username, existing)
        if (alike := next((n for n in names if looks_alike(username, n)), None)) is not None:
            raise UserExistsError(username, alike, look_alike=True)
        cursor = db.execute(
            "INSERT INTO users (username, role, password_hash, active, created_at, full_name)"
            " VALUES (?, ?, ?, 1, ?, ?)",
            [username, role, password_hash, now_iso(), full_name],
        )
    user = get_user(db, int(cursor.lastrowid or 0))
    assert user is not None
    return user


def get_user(db: Database, user_id: int) -> UserRow | None:
    """A user by id."""
    rows = select(db, f"SELECT {_COLUMNS} FROM users WHERE id = ?", [user_id])
    return UserRow.from_row(rows[0]) if rows else None


def find_user(db: Database, username: str) -> UserRow | None:
    """A user by name (case-insensitive, in NFC)."""
    rows = select(db, f"SELECT {_COLUMNS} FROM users WHERE username = ?",
                  [normal_username(username)])
    return UserRow.from_row(rows[0]) if rows else None


def set_password(db: Database, user_id: int, password_hash: str) -> None:
    """Replace a user's password hash, ending every login made with the old one."""
    with write_transaction(db):
        db.execute("UPDATE users SET password_hash = ?, login_generation = login_generation + 1"
                   " WHERE id = ?", [password_hash, user_id])


def set_full_name(db: Database, user_id: int, full_name: str) -> str:
    """Give a user a full name ("" takes it away); returns it as stored.  A ValueError when
    ``full_name_problem`` refuses it."""
    full_name = _checked_full_name(full_name)
    with write_transaction(db):
        db.execute("UPDATE users SET full_name = ? WHERE id = ?", [full_name, user_id])
    return full_name


def end_logins(db: Database, user_id: int) -> None:
    """End every login of the user so far (logging out: on any machine, with any copy of the
    session cookie)."""
    with write_transaction(db):
        db.execute("UPDATE users SET login_generation = login_generation + 1 WHERE id = ?",
                   [user_id])


def set_active(db: Database, user_id: int, active: bool) -> None:
    """Enable or disable an account; disabling ends its logins (reactivated, it logs in
    afresh)."""
    with write_transaction(db):
        db.execute("UPDATE users SET active = ?, login_generation = login_generation + ?"
                   " WHERE id = ?", [int(active), int(not active), user_id])
