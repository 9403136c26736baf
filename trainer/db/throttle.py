"""Failed logins, kept in SQLite so every gunicorn worker sees the same count.

A row per failed login (``login_failures``, migration ``m003``), keyed by
``account:<name>`` and ``address:<ip>``; rows older than the window are
pruned when a failure is recorded.
"""

from __future__ import annotations

from collections.abc import Iterable

from sqlite_utils import Database

from trainer.db.connection import select, write_transaction


def failures_since(db: Database, key: str, since_ms: int) -> tuple[int, int | None]:
    """How many failures ``key`` had at or after ``since_ms``, and the oldest of them."""
    rows = select(
        db, "SELECT count(*) AS n, min(at_ms) AS oldest FROM login_failures"
            " WHERE key = ? AND at_ms >= ?", [key, since_ms])
    row = rows[0]
    return int(row["n"]), (int(row["oldest"]) if row["oldest"] is not None else None)


def record_failure(db: Database, keys: Iterable[str], at_ms: int, prune_before_ms: int) -> None:
    """Count one failed login against every key (and forget failures older than the window)."""
    with write_transaction(db):
        db.execute("DELETE FROM login_failures WHERE at_ms < ?", [prune_before_ms])
        for key in keys:
            db.execute("INSERT INTO login_failures (key, at_ms) VALUES (?, ?)", [key, at_ms])


def clear(db: Database, key: str) -> None:
    """Forget the failures of ``key`` (after a successful login)."""
    with write_transaction(db):
        db.execute("DELETE FROM login_failures WHERE key = ?", [key])
