"""Accounts as the supervisor console lists them (the writes are in ``trainer.db.users``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlite_utils import Database

from trainer.db.connection import iso_at


@dataclass(frozen=True, slots=True)
class Account:
    """A user account with when it was created and last answered a question (a drill's or
    an exam's)."""

    id: int
    username: str
    role: str
    active: bool
    created_at: str
    last_active: str | None
    full_name: str = ""
    """The person's name as given ("" when none is)."""

    @property
    def name(self) -> str:
        """What a certificate calls the person: the full name, else the username."""
        return self.full_name or self.username


def list_accounts(db: Database, role: str | None = None, *,
                  active_only: bool = False, user_id: int | None = None) -> list[Account]:
    """Every account (of one role, if given), by name."""
    sql = """
        SELECT u.id, u.username, u.role, u.active, u.created_at, u.full_name,
               (SELECT max(a.answered_ms) FROM answers a WHERE a.user_id = u.id) AS last_active
        FROM users u WHERE 1 = 1
    """
    params: list[Any] = []
    if role is not None:
        sql += " AND u.role = ?"
        params.append(role)
    if active_only:
        sql += " AND u.active = 1"
    if user_id is not None:
        sql += " AND u.id = ?"
        params.append(user_id)
    rows = db.query(sql + " ORDER BY u.username COLLATE NOCASE", params)
    return [Account(**(r | {"active": bool(r["active"]),
                            "last_active": None if r["last_active"] is None
                            else iso_at(r["last_active"])})) for r in rows]


def full_names(db: Database) -> dict[int, str]:
    """The full name of every account that has one, by id (one read of the users table,
    for a page that lists people by rows that carry only their id and username)."""
    return dict(db.execute("SELECT id, full_name FROM users WHERE full_name != ''").fetchall())


def get_account(db: Database, user_id: int) -> Account | None:
    found = list_accounts(db, user_id=user_id)
    return found[0] if found else None
