"""Drills a supervisor opened for a trainee ahead of the learning path.

With ``path_in_order`` set, a drill opens when the one before it on the path is practised
at that house; a supervisor may open any drill for a trainee sooner (one who dealt
elsewhere before, say).  Each opening is kept with who made it and when.
"""

from __future__ import annotations

from sqlite_utils import Database

from trainer.db.connection import now_iso, write_transaction


def opened(db: Database, user_id: int, house: str) -> set[str]:
    """The drills a supervisor opened for the trainee at ``house``."""
    return {family for (family,) in db.execute(
        "SELECT family FROM path_unlocks WHERE user_id = ? AND house = ?", [user_id, house])}


def open_drill(db: Database, user_id: int, house: str, family: str, by: int) -> bool:
    """Open ``family`` at ``house`` for the trainee; False when it was open already."""
    with write_transaction(db):
        cursor = db.execute(
            "INSERT INTO path_unlocks (user_id, house, family, opened_by, opened_at)"
            " VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
            [user_id, house, family, by, now_iso()])
    return cursor.rowcount == 1
