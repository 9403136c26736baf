"""Recording an answer: one row per question, drills and exams alike, written once.

An answer row holds only what is the trainee's: what they answered, whether it was
right, how long it took and when; the question it answers holds the rest.  A double
submit, a second tab or two racing requests record one answer (``answers_question``
is UNIQUE); nothing is recorded into a session or sitting that has closed.  A drill
answer is counted in its day's rollup (``trainer.db.rollups``), and a mistake queued to
come back (``trainer.db.mistakes``), in the same transaction.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlite_utils import Database

from trainer.db import mistakes, rollups


@dataclass(frozen=True, slots=True)
class Given:
    """An answer as it is recorded: the trainee's answer (one the drills read back to the
    same verdict), the verdict's right or wrong, and its times."""

    answer: str
    correct: bool
    elapsed_ms: int
    answered_ms: int
    waited_ms: int = 0
    timed_out: bool = False
    mispaid_cents: tuple[int, int] | None = None
    """For a payout asked, what the answer would have paid wrongly, over and under what was
    due, in cents (None: no payout was asked)."""


@dataclass(frozen=True, slots=True)
class Inserted:
    """The answer row this call wrote: its id and whether it is practice (a retry)."""

    id: int
    retry: bool


def insert_answer(db: Database, question_id: int, given: Given) -> Inserted | None:
    """Record ``given`` as the answer to a question (by the trainee it was dealt to), in the
    caller's write transaction.

    None: nothing was written, because the question was answered already (the first
    answer stands) or its session or sitting has closed.  An answer in a retry of a
    session's mistakes is marked as one (practice, left out of the scores).
    """
    rows = db.execute(  # every row fetched: the statement is finished before the commit
        "INSERT INTO answers (question_id, user_id, answer, correct, elapsed_ms, waited_ms,"
        " retry, timed_out, answered_ms, overpaid_cents, underpaid_cents)"
        " SELECT q.id, coalesce(s.user_id, t.user_id), ?, ?, ?, ?,"
        " s.retry_of IS NOT NULL AND s.id IS NOT NULL, ?, ?, ?, ?"
        " FROM questions q LEFT JOIN drill_sessions s ON s.id = q.session_id"
        " LEFT JOIN exam_sittings t ON t.id = q.sitting_id"
        " WHERE q.id = ? AND coalesce(s.finished_at, t.finished_at) IS NULL"
        " ON CONFLICT (question_id) DO NOTHING RETURNING id, retry",
        [given.answer, int(given.correct), given.elapsed_ms, given.waited_ms,
         int(given.timed_out), given.answered_ms, *(given.mispaid_cents or (None, None)),
         question_id],
    ).fetchall()
    if not rows:
        return None
    inserted = Inserted(int(rows[0][0]), bool(rows[0][1]))
    rollups.add_answer(db, inserted.id)
    mistakes.note_answer(db, inserted.id)
    return inserted
