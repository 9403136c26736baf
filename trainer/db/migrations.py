"""Append-only schema migrations (sqlite-utils' built-in ``Migrations``).

Never edit a migration once it has shipped: add ``m00N_...`` below it.
"""

from __future__ import annotations

import fcntl
from pathlib import Path

from sqlite_utils import Database, Migrations

migrations = Migrations("trainer")


@migrations()
def m001_users_sessions_attempts(db: Database) -> None:
    """Users, drill sessions, the questions issued in them and the attempts answering them."""
    db.execute(
        """
        CREATE TABLE users (
            id INTEGER PRIMARY KEY,
            username TEXT NOT NULL UNIQUE COLLATE NOCASE,
            role TEXT NOT NULL CHECK (role IN ('trainee', 'supervisor')),
            password_hash TEXT NOT NULL,
            active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
            created_at TEXT NOT NULL
        )
        """
    )
    db.execute(
        """
        CREATE TABLE drill_sessions (
            id INTEGER PRIMARY KEY,
            user_id INTEGER NOT NULL REFERENCES users(id),
            house TEXT NOT NULL,
            family TEXT NOT NULL,
            difficulty TEXT NOT NULL,
            length INTEGER NOT NULL CHECK (length > 0),
            seed INTEGER NOT NULL,
            started_at TEXT NOT NULL,
            finished_at TEXT
        )
        """
    )
    db.execute("CREATE INDEX drill_sessions_user ON drill_sessions(user_id, finished_at)")
    db.execute(
        """
        CREATE TABLE issued_questions (
            id INTEGER PRIMARY KEY,
            token TEXT NOT NULL UNIQUE,
            session_id INTEGER NOT NULL REFERENCES drill_sessions(id),
            user_id INTEGER NOT NULL REFERENCES users(id),
            position INTEGER NOT NULL,
            house TEXT NOT NULL,
            family TEXT NOT NULL,
            seed INTEGER NOT NULL,
            difficulty TEXT NOT NULL,
            question TEXT NOT NULL,
            issued_ms INTEGER NOT NULL,
            UNIQUE (session_id, position)
        )
        """
    )
    db.execute(
        """
        CREATE TABLE attempts (
            id INTEGER PRIMARY KEY,
            user_id INTEGER NOT NULL REFERENCES users(id),
            session_id INTEGER NOT NULL REFERENCES drill_sessions(id),
            question_id INTEGER NOT NULL UNIQUE REFERENCES issued_questions(id),
            position INTEGER NOT NULL,
            house TEXT NOT NULL,
            family TEXT NOT NULL,
            seed INTEGER NOT NULL,
            difficulty TEXT NOT NULL,
            question TEXT NOT NULL,
            answer TEXT NOT NULL,
            expected TEXT NOT NULL,
            correct INTEGER NOT NULL CHECK (correct IN (0, 1)),
            explanation TEXT NOT NULL,
            elapsed_ms INTEGER NOT NULL,
            answered_at TEXT NOT NULL
        )
        """
    )
    db.execute("CREATE INDEX attempts_user_family ON attempts(user_id, family, id)")
    db.execute("CREATE INDEX attempts_session ON attempts(session_id, position)")


def migrate(db: Database) -> list[str]:
    """Apply pending migrations; returns the names applied.

    Several gunicorn workers may start at once, so a file lock next to the
    database serialises them: the first applies, the others find nothing pending.
    """
    lock_path = _lock_path(db)
    if lock_path is None:
        return _apply(db)
    with open(lock_path, "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            return _apply(db)
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def _apply(db: Database) -> list[str]:
    pending = [m.name for m in migrations.pending(db)]
    if pending:
        migrations.apply(db)
    return pending


def _lock_path(db: Database) -> Path | None:
    row = db.execute("PRAGMA database_list").fetchone()
    filename = row[2] if row else ""
    return Path(f"{filename}.migrate-lock") if filename else None
