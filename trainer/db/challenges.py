"""The daily challenge's record: ten questions in sixty seconds, one a day.

A challenge is a drill session of its own kind (``family`` ``daily-challenge``), started
at most once a UTC day.  Its score is the right answers given within sixty seconds of its
first question being shown: answers after the minute are recorded like any others, and
do not count.  The personal best and the days in a row are worked out from the trainee's
challenges (one a day: a year is 365 rows).
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from sqlite_utils import Database

FAMILY = "daily-challenge"
QUESTIONS = 10
SECONDS = 60


@dataclass(frozen=True, slots=True)
class Challenge:
    """One day's challenge: its session, the day, the right answers within the minute and
    how many questions were answered in it."""

    session_id: int
    day: datetime.date
    right: int
    answered: int
    finished: bool


def challenges(db: Database, user_id: int) -> list[Challenge]:
    """The trainee's challenges, newest first, each scored."""
    return _scored(db, "s.user_id = ? AND s.family = ?", [user_id, FAMILY])


def challenge_of(db: Database, session_id: int) -> Challenge | None:
    """The challenge that session is, scored (None: it is no challenge)."""
    found = _scored(db, "s.id = ? AND s.family = ?", [session_id, FAMILY])
    return found[0] if found else None


def _scored(db: Database, where: str, params: list[object]) -> list[Challenge]:
    rows = db.execute(
        "SELECT s.id, substr(s.started_at, 1, 10), s.finished_at IS NOT NULL,"
        " (SELECT count(*) FROM questions q JOIN answers a ON a.question_id = q.id"
        "  WHERE q.session_id = s.id AND a.correct AND a.answered_ms <= ("
        "   SELECT min(f.shown_ms) FROM questions f WHERE f.session_id = s.id) + ?),"
        " (SELECT count(*) FROM questions q JOIN answers a ON a.question_id = q.id"
        "  WHERE q.session_id = s.id)"
        f" FROM drill_sessions s WHERE {where} ORDER BY s.id DESC",
        [SECONDS * 1000, *params]).fetchall()
    return [Challenge(session_id, datetime.date.fromisoformat(day), right, answered,
                      bool(finished))
            for session_id, day, finished, right, answered in rows]
