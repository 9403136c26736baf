"""Failed logins, kept in SQLite so every gunicorn worker sees the same count.

A row per failed login (``login_failures``, migration ``m003``), keyed by
``account:<name>`` and ``address:<ip>``.  A login is counted as failed when it
is let through to its password check (:func:`claim`, one write transaction
with the check of the limits), so logins racing one another in several
workers are counted one after another; one that succeeds is forgiven.  Rows
older than the window are pruned by every claim.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from sqlite_utils import Database

from trainer.db.connection import select, write_transaction


@dataclass(frozen=True, slots=True)
class Claim:
    """A login let through, counted as a failure by ``rows``; or refused (no rows) because
    the key ``locked_key`` has failed its limit of times since ``oldest_ms``."""

    rows: tuple[int, ...] = ()
    locked_key: str | None = None
    oldest_ms: int = 0


def _failures_since(db: Database, key: str, since_ms: int) -> tuple[int, int | None]:
    """How many failures ``key`` had at or after ``since_ms``, and the oldest of them."""
    rows = select(
        db, "SELECT count(*) AS n, min(at_ms) AS oldest FROM login_failures"
            " WHERE key = ? AND at_ms >= ?", [key, since_ms])
    row = rows[0]
    return int(row["n"]), (int(row["oldest"]) if row["oldest"] is not None else None)


def claim(db: Database, limits: Sequence[tuple[str, int]], at_ms: int,
          since_ms: int) -> Claim:
    """Refuse a login when a key of ``limits`` has had its limit of failures since
    ``since_ms``; else count it as a failure of every key (and forget older failures)."""
    with write_transaction(db):
        db.execute("DELETE FROM login_failures WHERE at_ms < ?", [since_ms])
        for key, limit in limits:
            count, oldest = _failures_since(db, key, since_ms)
            if count >= limit and oldest is not None:
                return Claim(locked_key=key, oldest_ms=oldest)
        return Claim(tuple(
            int(db.execute("INSERT INTO login_failures (key, at_ms) VALUES (?, ?) RETURNING id",
                           [key, at_ms]).fetchone()[0])
            for key, _limit in limits))


def forgive(db: Database, key: str, rows: Iterable[int]) -> None:
    """A login that succeeded: forget the failures of ``key`` and the ``rows`` it was
    counted by."""
    with write_transaction(db):
        db.execute("DELETE FROM login_failures WHERE key = ?", [key])
        for row in rows:
            db.execute("DELETE FROM login_failures WHERE id = ?", [row])
