"""The questions issued in a drill session: stored when it starts, shown one at a time.

A session's questions are generated and stored when it starts, each with a
random token the answer form carries back, and shown to the trainee one at a
time: a question's clock starts when it is shown (``shown_ms``), and an answer
is accepted only for a question shown to this trainee.  Storing them all at the
start costs less than one per answer (the generator runs warm, and an answer then
updates one row where it inserted one with two indexes), and an auditor sees the
whole session as it was dealt.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sqlite_utils import Database

from trainer.db.connection import now_ms, select, write_transaction

if TYPE_CHECKING:
    from trainer.db.drilling import SessionRow


@dataclass(frozen=True, slots=True)
class QuestionRow:
    """A question issued to a trainee; ``question`` is the drills package's JSON.

    ``issued_ms`` is when it was stored (its session started), ``shown_ms`` when the
    trainee was shown it, which starts its clock (None: not shown yet).
    """

    id: int
    token: str
    session_id: int
    user_id: int
    position: int
    house: str
    family: str
    seed: int
    difficulty: str
    question: str
    issued_ms: int
    shown_ms: int | None
    sent_ahead: bool = False
    """Issued with the previous answer's feedback, shown only when the trainee moved on."""
    answered: bool = False
    """Whether an attempt answers it (filled in by ``drilling.session_and_question`` only)."""
    set_aside_ms: int = 0
    """Time it was on screen before a break restarted its clock (``show_question``)."""


@dataclass(frozen=True, slots=True)
class NewQuestion:
    """A generated question ready to store at ``position`` of a session."""

    position: int
    family: str
    difficulty: str
    seed: int
    question: str
    token: str


QUESTION_COLUMNS = (
    "id, token, session_id, user_id, position, house, family, seed, difficulty, question,"
    " issued_ms, shown_ms, sent_ahead, set_aside_ms"
)
"""A question's stored columns, in :class:`QuestionRow`'s order (``answered`` aside)."""
QUESTION_NAMES = QUESTION_COLUMNS.replace(",", " ").split()
"""The names of ``QUESTION_COLUMNS``, one by one."""
_INSERT_QUESTION = (
    "INSERT INTO issued_questions (token, session_id, user_id, position, house, family,"
    " seed, difficulty, question, issued_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
    " ON CONFLICT (session_id, position) DO NOTHING"
)


def question_row(row: dict[str, Any]) -> QuestionRow:
    """A question from its row (``QUESTION_COLUMNS`` by name, ``answered`` optional)."""
    fields = dict(row)
    for flag in ("sent_ahead", "answered"):
        if flag in fields:
            fields[flag] = bool(fields[flag])
    return QuestionRow(**fields)


def insert_questions(db: Database, session_id: int, user_id: int, house: str,
                     questions: Sequence[NewQuestion]) -> None:
    """Store ``questions`` in a session, not shown yet, in the caller's write transaction;
    a position already stored keeps its question."""
    stored_ms = now_ms()
    db.conn.executemany(_INSERT_QUESTION, [
        [new.token, session_id, user_id, new.position, house, new.family, new.seed,
         new.difficulty, new.question, stored_ms] for new in questions
    ])


def store_questions(db: Database, session: SessionRow, questions: Sequence[NewQuestion]) -> None:
    """Store the rest of a session's questions (one started before sessions stored theirs at
    the start); positions already stored keep theirs, so racing requests agree."""
    with write_transaction(db):
        insert_questions(db, session.id, session.user_id, session.house, questions)


def pending_question(db: Database, session_id: int) -> QuestionRow | None:
    """The session's next question to answer, shown or not (None: every question stored in
    the session is answered).

    Questions are shown and answered in order, one at a time, so it is the one at
    the position after the answered ones.
    """
    rows = select(
        db,
        f"SELECT {QUESTION_COLUMNS} FROM issued_questions WHERE session_id = ?"
        " AND position = (SELECT count(*) FROM attempts a WHERE a.session_id = ?)",
        [session_id, session_id],
    )
    return question_row(rows[0]) if rows else None


def issued_count(db: Database, session_id: int) -> int:
    """How many questions this session has stored."""
    row = db.execute(
        "SELECT count(*) FROM issued_questions WHERE session_id = ?", [session_id]
    ).fetchone()
    return int(row[0])


def question_at(db: Database, session_id: int, position: int) -> QuestionRow | None:
    """The question issued at ``position`` of a session."""
    rows = select(
        db,
        f"SELECT {QUESTION_COLUMNS} FROM issued_questions WHERE session_id = ?"
        " AND position = ?",
        [session_id, position],
    )
    return question_row(rows[0]) if rows else None


def show_question(db: Database, question_id: int, shown_ms: int) -> None:
    """Show an unanswered question on its own page: its clock starts at ``shown_ms``, and
    it is no longer one sent ahead.  For one shown before a break, the time since then is
    set aside (added to ``set_aside_ms``), not lost."""
    with write_transaction(db):
        db.execute(
            "UPDATE issued_questions SET shown_ms = ?, sent_ahead = 0,"
            " set_aside_ms = set_aside_ms + max(0, ? - coalesce(shown_ms, ?)) WHERE id = ?"
            " AND NOT EXISTS (SELECT 1 FROM attempts WHERE question_id = ?)",
            [shown_ms, shown_ms, shown_ms, question_id, question_id],
        )


def send_ahead(db: Database, session_id: int, position: int,
               shown_ms: int) -> QuestionRow | None:
    """Show the question at ``position`` with the previous answer's feedback (hidden behind
    it until the trainee asks for it), if it is stored and not shown yet; in the caller's
    write transaction."""
    rows = db.execute(  # every row fetched: the statement is finished before the commit
        "UPDATE issued_questions SET shown_ms = ?, sent_ahead = 1 WHERE session_id = ?"
        f" AND position = ? AND shown_ms IS NULL RETURNING {QUESTION_COLUMNS}",
        [shown_ms, session_id, position],
    ).fetchall()
    return question_row(dict(zip(QUESTION_NAMES, rows[0], strict=True))) if rows else None
