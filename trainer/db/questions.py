"""The questions dealt to trainees, in a drill session or an exam sitting: one table for both.

A question is stored by what regenerates it (house, family, difficulty, seed) and
its expected answer, with a random token the answer form carries back; its body is
the drills' to regenerate, never stored again (``question_snapshots`` keeps the
bodies of questions dealt before migration m016, and of any question dealt with a
body of its own).  A drill session's questions are stored when it starts and shown
one at a time: a question's clock starts when it is shown (``shown_ms``), and an
answer is accepted only for a question shown to this trainee.  An exam's question is
stored when it is shown.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sqlite_utils import Database

from trainer.db.connection import now_ms, select, write_transaction

if TYPE_CHECKING:
    from trainer.db.drilling import SessionRow


@dataclass(frozen=True, slots=True)
class QuestionRow:
    """A question dealt to a trainee, in a drill session or (``sitting_id``) an exam sitting.

    ``issued_ms`` is when it was stored, ``shown_ms`` when the trainee was shown it,
    which starts its clock (None: not shown yet).  ``snapshot`` is its stored body (the
    drills' JSON) for a question that is not regenerated from its seed, else None.
    """

    id: int
    token: str
    session_id: int | None
    sitting_id: int | None
    user_id: int
    position: int
    house: str
    family: str
    seed: int
    difficulty: str
    expected: str
    issued_ms: int
    shown_ms: int | None
    sent_ahead: bool = False
    """Issued with the previous answer's feedback, shown only when the trainee moved on."""
    set_aside_ms: int = 0
    """Time it was on screen before a break restarted its clock (``show_question``)."""
    snapshot: str | None = None
    answered: bool = False
    """Whether an answer to it is recorded."""
    dealt_by: int = 0
    """The drills' deal version that dealt it (0: before m016, kept as a snapshot)."""


@dataclass(frozen=True, slots=True)
class NewQuestion:
    """A generated question ready to store at ``position``: what regenerates it, its expected
    answer, its token and, for one its seed does not regenerate, its ``body``."""

    position: int
    family: str
    difficulty: str
    seed: int
    expected: str
    token: str
    dealt_by: int
    """The drills' ``DEAL_VERSION`` that dealt it (0 for one stored with its ``body``)."""
    body: str | None = None


QUESTION_SELECT = """
    SELECT q.id, q.token, q.session_id, q.sitting_id, coalesce(s.user_id, t.user_id) AS user_id,
           q.position, q.house, q.family, q.seed, q.difficulty, q.expected, q.issued_ms,
           q.shown_ms, q.sent_ahead, q.set_aside_ms, p.question AS snapshot,
           EXISTS (SELECT 1 FROM answers a WHERE a.question_id = q.id) AS answered,
           q.dealt_by
    FROM questions q
    LEFT JOIN drill_sessions s ON s.id = q.session_id
    LEFT JOIN exam_sittings t ON t.id = q.sitting_id
    LEFT JOIN question_snapshots p ON p.question_id = q.id
"""
"""Every question's columns, in :class:`QuestionRow`'s order; add a WHERE on ``q``."""


def kept_lines(stored: str | None) -> tuple[str, ...] | None:
    """An explanation kept in ``question_snapshots`` (a JSON list of lines) as its lines."""
    return None if stored is None else tuple(json.loads(stored))


def question_row(row: dict[str, Any]) -> QuestionRow:
    """A question from its row (``QUESTION_SELECT`` by name)."""
    return QuestionRow(**(row | {"sent_ahead": bool(row["sent_ahead"]),
                                 "answered": bool(row["answered"])}))


def _one(db: Database, where: str, params: Sequence[Any]) -> QuestionRow | None:
    rows = select(db, f"{QUESTION_SELECT} WHERE {where}", params)
    return question_row(rows[0]) if rows else None


def insert_question(db: Database, new: NewQuestion, house: str, *, session_id: int | None = None,
                    sitting_id: int | None = None, issued_ms: int,
                    shown_ms: int | None = None) -> None:
    """Store a question in a session or a sitting, in the caller's write transaction; a
    position already stored keeps its question."""
    cursor = db.execute(
        "INSERT INTO questions (session_id, sitting_id, position, token, house, family,"
        " difficulty, seed, expected, issued_ms, shown_ms, dealt_by) VALUES (?, ?, ?, ?, ?, ?,"
        " ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
        [session_id, sitting_id, new.position, new.token, house, new.family, new.difficulty,
         new.seed, new.expected, issued_ms, shown_ms, new.dealt_by],
    )
    if cursor.rowcount == 1 and new.body is not None:
        db.execute("INSERT INTO question_snapshots (question_id, question) VALUES (?, ?)",
                   [cursor.lastrowid, new.body])


def insert_questions(db: Database, session_id: int, house: str,
                     questions: Sequence[NewQuestion]) -> None:
    """Store ``questions`` in a drill session, not shown yet, in the caller's write
    transaction; a position already stored keeps its question."""
    stored_ms = now_ms()
    for new in questions:
        insert_question(db, new, house, session_id=session_id, issued_ms=stored_ms)


def store_questions(db: Database, session: SessionRow, questions: Sequence[NewQuestion]) -> None:
    """Store the rest of a session's questions (one started before sessions stored theirs at
    the start); positions already stored keep theirs, so racing requests agree."""
    with write_transaction(db):
        insert_questions(db, session.id, session.house, questions)


def pending_question(db: Database, session_id: int) -> QuestionRow | None:
    """The session's next question to answer, shown or not (None: every question stored in
    the session is answered).

    Questions are shown and answered in order, one at a time, so it is the one at
    the position after the answered ones.
    """
    return _one(db, "q.session_id = ? AND q.position = (SELECT count(*) FROM questions o"
                " JOIN answers a ON a.question_id = o.id WHERE o.session_id = ?)",
                [session_id, session_id])


def issued_count(db: Database, session_id: int) -> int:
    """How many questions this session has stored."""
    row = db.execute(
        "SELECT count(*) FROM questions WHERE session_id = ?", [session_id]
    ).fetchone()
    return int(row[0])


def question_at(db: Database, session_id: int, position: int) -> QuestionRow | None:
    """The question issued at ``position`` of a session."""
    return _one(db, "q.session_id = ? AND q.position = ?", [session_id, position])


def question_by_token(db: Database, *, token: str, session_id: int | None = None,
                      sitting_id: int | None = None) -> QuestionRow | None:
    """The question of a session (or a sitting) that this token names (None: none of it)."""
    if session_id is not None:
        return _one(db, "q.session_id = ? AND q.token = ?", [session_id, token])
    return _one(db, "q.sitting_id = ? AND q.token = ?", [sitting_id, token])


def show_question(db: Database, question_id: int, shown_ms: int) -> None:
    """Show an unanswered question on its own page: its clock starts at ``shown_ms``, and
    it is no longer one sent ahead.  For one shown before a break, the time since then is
    set aside (added to ``set_aside_ms``), not lost."""
    with write_transaction(db):
        db.execute(
            "UPDATE questions SET shown_ms = ?, sent_ahead = 0,"
            " set_aside_ms = set_aside_ms + max(0, ? - coalesce(shown_ms, ?)) WHERE id = ?"
            " AND NOT EXISTS (SELECT 1 FROM answers WHERE question_id = ?)",
            [shown_ms, shown_ms, shown_ms, question_id, question_id],
        )


def send_ahead(db: Database, session_id: int, position: int,
               shown_ms: int) -> QuestionRow | None:
    """Show the question at ``position`` with the previous answer's feedback (hidden behind
    it until the trainee asks for it), if it is stored and not shown yet; in the caller's
    write transaction."""
    rows = db.execute(  # every row fetched: the statement is finished before the commit
        "UPDATE questions SET shown_ms = ?, sent_ahead = 1 WHERE session_id = ?"
        " AND position = ? AND shown_ms IS NULL RETURNING id",
        [shown_ms, session_id, position],
    ).fetchall()
    return _one(db, "q.id = ?", [rows[0][0]]) if rows else None
