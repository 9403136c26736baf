"""A trainee's mistakes, brought back over the days until they are learned.

Every question a trainee gets wrong in a drill goes into their queue, due the next day.
Answered right when it is due, it comes back after twice as long (1, 2, 4, 8, 16 days)
and, right again after 16 days, it is learned and leaves the queue; missed again, it is
due the next day once more.  A right answer before it is due changes nothing: the
trainee has just seen it.  The queue is kept in the transaction that records the answer,
so it is never behind the record.  Only questions the drills still deal as they did
(``dealt_by``, the deal version) come back.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlite_utils import Database

LEARNED_AFTER_DAYS = 16
"""Right when due after this long: the question leaves the queue."""
_KEY = "(user_id, house, family, difficulty, seed)"
_ANSWERED = ("SELECT a.user_id, q.house, q.family, q.difficulty, q.seed, q.expected,"
             " q.dealt_by, a.answered_ms / 86400000 AS day, a.correct"
             " FROM answers a JOIN questions q ON q.id = a.question_id"
             " WHERE a.id = :id AND q.session_id IS NOT NULL")


@dataclass(frozen=True, slots=True)
class Due:
    """A mistake to bring back: the question that was missed (what deals it again and its
    expected answer), and how often it was missed."""

    house: str
    family: str
    difficulty: str
    seed: int
    expected: str
    dealt_by: int
    misses: int


def note_answer(db: Database, answer_id: int) -> None:
    """Keep the queue after a drill answer, in the caller's transaction: a miss is due
    tomorrow; a right answer to a due mistake puts it off (or lets it go, learned)."""
    params = {"id": answer_id, "learned": LEARNED_AFTER_DAYS}
    db.execute(
        f"INSERT INTO mistakes {_KEY[:-1]}, expected, dealt_by, due_day, interval_days, misses)"
        " SELECT user_id, house, family, difficulty, seed, expected, dealt_by, day + 1, 1, 1"
        f" FROM ({_ANSWERED}) WHERE NOT correct AND dealt_by > 0"
        f" ON CONFLICT {_KEY} DO UPDATE SET due_day = excluded.due_day, interval_days = 1,"
        " misses = misses + 1", params)
    due_now = (f"{_KEY} = (SELECT user_id, house, family, difficulty, seed FROM ({_ANSWERED})"
               f" WHERE correct) AND due_day <= (SELECT day FROM ({_ANSWERED}))")
    db.execute(f"DELETE FROM mistakes WHERE {due_now} AND interval_days >= :learned", params)
    db.execute(f"UPDATE mistakes SET interval_days = interval_days * 2, due_day ="
               f" (SELECT day FROM ({_ANSWERED})) + interval_days * 2 WHERE {due_now}", params)


def due(db: Database, user_id: int, day: int, dealt_by: int, limit: int = -1) -> list[Due]:
    """The trainee's mistakes due by ``day`` (UTC days since 1970-01-01) that the drills
    still deal (``dealt_by``), the longest overdue first."""
    rows = db.execute(
        "SELECT house, family, difficulty, seed, expected, dealt_by, misses FROM mistakes"
        " WHERE user_id = ? AND due_day <= ? AND dealt_by = ?"
        " ORDER BY due_day, misses DESC, house, family, seed LIMIT ?",
        [user_id, day, dealt_by, limit]).fetchall()
    return [Due(*row) for row in rows]


def waiting(db: Database, user_id: int, day: int, dealt_by: int) -> tuple[int, int]:
    """How many of the trainee's mistakes (that the drills still deal) are due by ``day``,
    and how many come later."""
    now, later = db.execute(
        "SELECT count(*) FILTER (WHERE due_day <= :day), count(*) FILTER (WHERE due_day > :day)"
        " FROM mistakes WHERE user_id = :user AND dealt_by = :dealt_by",
        {"day": day, "user": user_id, "dealt_by": dealt_by}).fetchone()
    return int(now), int(later)
