"""Drill sessions, the questions issued in them, and the attempts that answer them.

A question is stored when it is issued (with a random token the answer form
carries back), so an answer is accepted only for a question this server
issued to this trainee, and ``attempts.question_id`` is UNIQUE: a double
submit records one attempt and returns the first one again.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from typing import Any, NamedTuple

from sqlite_utils import Database

from trainer.db.connection import now_iso, select, write_transaction


@dataclass(frozen=True, slots=True)
class SessionRow:
    """One drill session: N questions of one family at one house and difficulty."""

    id: int
    user_id: int
    house: str
    family: str
    difficulty: str
    length: int
    seed: int
    started_at: str
    finished_at: str | None
    answered: int

    @property
    def finished(self) -> bool:
        return self.finished_at is not None


@dataclass(frozen=True, slots=True)
class QuestionRow:
    """A question issued to a trainee; ``question`` is the drills package's JSON."""

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
    sent_ahead: bool = False
    """Issued with the previous answer's feedback, shown only when the trainee moved on."""
    answered: bool = False
    """Whether an attempt answers it (filled in by ``session_and_question`` only)."""


@dataclass(frozen=True, slots=True)
class AttemptRow:
    """One recorded answer, with everything needed to replay it."""

    id: int
    user_id: int
    session_id: int
    question_id: int
    position: int
    house: str
    family: str
    seed: int
    difficulty: str
    question: str
    answer: str
    expected: str
    correct: bool
    explanation: str
    elapsed_ms: int
    answered_at: str


@dataclass(frozen=True, slots=True)
class FamilyScore:
    """A trainee's recent record on one drill family."""

    family: str
    answered: int
    correct: int
    median_ms: int | None

    @property
    def accuracy(self) -> float:
        return self.correct / self.answered if self.answered else 0.0


_SESSION_COLUMNS = """
    s.id, s.user_id, s.house, s.family, s.difficulty, s.length, s.seed,
    s.started_at, s.finished_at,
    (SELECT count(*) FROM attempts a WHERE a.session_id = s.id) AS answered
"""
_SESSION_SELECT = f"SELECT {_SESSION_COLUMNS} FROM drill_sessions s"
_QUESTION_COLUMNS = (
    "id, token, session_id, user_id, position, house, family, seed, difficulty, question,"
    " issued_ms, sent_ahead"
)
_QUESTION_NAMES = [*_QUESTION_COLUMNS.replace(",", " ").split(), "answered"]
"""A question's columns, then whether an attempt answers it (as ``session_and_question`` reads)."""
_SESSION_AND_QUESTION = f"""
    SELECT {_SESSION_COLUMNS}, {", ".join(f"q.{name}" for name in _QUESTION_NAMES[:-1])},
           EXISTS (SELECT 1 FROM attempts a WHERE a.question_id = q.id) AS answered
    FROM drill_sessions s LEFT JOIN issued_questions q ON q.token = ? AND q.session_id = s.id
    WHERE s.id = ?
"""
_ATTEMPT_COLUMNS = (
    "id, user_id, session_id, question_id, position, house, family, seed, difficulty, question,"
    " answer, expected, correct, explanation, elapsed_ms, answered_at"
)


def _session(row: dict[str, Any]) -> SessionRow:
    return SessionRow(**row)


def _question(row: dict[str, Any]) -> QuestionRow:
    fields = dict(row)
    for flag in ("sent_ahead", "answered"):
        if flag in fields:
            fields[flag] = bool(fields[flag])
    return QuestionRow(**fields)


def _attempt(row: dict[str, Any]) -> AttemptRow:
    return AttemptRow(**(row | {"correct": bool(row["correct"])}))


def start_session(
    db: Database, user_id: int, house: str, family: str, difficulty: str, length: int, seed: int
) -> SessionRow:
    """Open a new drill session."""
    with write_transaction(db):
        cursor = db.execute(
            "INSERT INTO drill_sessions (user_id, house, family, difficulty, length, seed,"
            " started_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            [user_id, house, family, difficulty, length, seed, now_iso()],
        )
    session = get_session(db, int(cursor.lastrowid or 0))
    assert session is not None
    return session


def get_session(db: Database, session_id: int) -> SessionRow | None:
    """A session by id, with how many questions have been answered."""
    rows = select(db, _SESSION_SELECT + " WHERE s.id = ?", [session_id])
    return _session(rows[0]) if rows else None


def unfinished_sessions(db: Database, user_id: int) -> list[SessionRow]:
    """The trainee's sessions that were started and not finished, newest first."""
    return [
        _session(r)
        for r in select(
            db,
            _SESSION_SELECT + " WHERE s.user_id = ? AND s.finished_at IS NULL ORDER BY s.id DESC",
            [user_id],
        )
    ]


def recent_sessions(db: Database, user_id: int, limit: int = 10) -> list[SessionRow]:
    """The trainee's most recent sessions, newest first."""
    return [
        _session(r)
        for r in select(
            db,
            _SESSION_SELECT + " WHERE s.user_id = ? ORDER BY s.id DESC LIMIT ?", [user_id, limit]
        )
    ]


def pending_question(db: Database, session_id: int) -> QuestionRow | None:
    """The question issued in this session and not yet answered, if any.

    Questions are answered in order and the next is issued only once the one
    before it is answered, so only the last one issued can be pending.
    """
    rows = select(
            db,
            f"SELECT {_QUESTION_COLUMNS} FROM (SELECT {_QUESTION_COLUMNS} FROM issued_questions"
            " WHERE session_id = ? ORDER BY position DESC LIMIT 1) q"
            " WHERE NOT EXISTS (SELECT 1 FROM attempts a WHERE a.question_id = q.id)",
            [session_id],
        )
    return _question(rows[0]) if rows else None


def issued_count(db: Database, session_id: int) -> int:
    """How many questions this session has issued."""
    row = db.execute(
        "SELECT count(*) FROM issued_questions WHERE session_id = ?", [session_id]
    ).fetchone()
    return int(row[0])


@dataclass(frozen=True, slots=True)
class NewQuestion:
    """A generated question ready to issue at ``position`` of a session."""

    position: int
    family: str
    difficulty: str
    seed: int
    question: str
    token: str


_INSERT_QUESTION = (
    "INSERT INTO issued_questions (token, session_id, user_id, position, house, family,"
    " seed, difficulty, question, issued_ms, sent_ahead) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
    " ON CONFLICT (session_id, position) DO NOTHING"
)


def _insert_question(db: Database, session_id: int, user_id: int, house: str,
                     new: NewQuestion, issued_ms: int, sent_ahead: bool) -> QuestionRow | None:
    """Issue ``new``; the row as stored, or None when that position was already issued."""
    cursor = db.execute(_INSERT_QUESTION, [new.token, session_id, user_id, new.position, house,
                                           new.family, new.seed, new.difficulty, new.question,
                                           issued_ms, int(sent_ahead)])
    if cursor.rowcount != 1:
        return None
    return QuestionRow(int(cursor.lastrowid or 0), new.token, session_id, user_id, new.position,
                       house, new.family, new.seed, new.difficulty, new.question, issued_ms,
                       sent_ahead)


def issue_question(
    db: Database,
    session: SessionRow,
    position: int,
    seed: int,
    question_json: str,
    token: str,
    issued_ms: int,
) -> QuestionRow:
    """Store a question as issued at ``position``; if two requests race, both get the first."""
    new = NewQuestion(position, session.family, session.difficulty, seed, question_json, token)
    with write_transaction(db):
        question = _insert_question(db, session.id, session.user_id, session.house, new,
                                    issued_ms, sent_ahead=False)
    question = question or question_at(db, session.id, position)
    assert question is not None
    return question


def restamp_question(db: Database, question_id: int, issued_ms: int) -> None:
    """Restart the clock of an unanswered question (a session resumed after a break): it is
    now shown on its own page, no longer one sent ahead."""
    with write_transaction(db):
        db.execute(
            "UPDATE issued_questions SET issued_ms = ?, sent_ahead = 0 WHERE id = ?"
            " AND NOT EXISTS (SELECT 1 FROM attempts WHERE question_id = ?)",
            [issued_ms, question_id, question_id],
        )


def shown_on_its_own(db: Database, question_id: int) -> None:
    """A question sent ahead is now shown on its own page (no JavaScript revealed it): its
    clock keeps running from its issue, and no reported wait comes off it."""
    with write_transaction(db):
        db.execute("UPDATE issued_questions SET sent_ahead = 0 WHERE id = ?", [question_id])


_SESSION_FIELDS = len(SessionRow.__slots__)


def session_and_question(db: Database, session_id: int,
                         token: str) -> tuple[SessionRow | None, QuestionRow | None]:
    """A session by id and, in one read, the question issued in it with this token (None:
    no such session, or no such question in it), with whether it was answered."""
    row = db.execute(_SESSION_AND_QUESTION, [token, session_id]).fetchone()
    if row is None:
        return None, None
    session = SessionRow(*row[:_SESSION_FIELDS])
    if row[_SESSION_FIELDS] is None:
        return session, None
    return session, _question(dict(zip(_QUESTION_NAMES, row[_SESSION_FIELDS:], strict=True)))


def question_at(db: Database, session_id: int, position: int) -> QuestionRow | None:
    """The question issued at ``position`` of a session."""
    rows = select(
            db,
            f"SELECT {_QUESTION_COLUMNS} FROM issued_questions WHERE session_id = ?"
            " AND position = ?",
            [session_id, position],
        )
    return _question(rows[0]) if rows else None


class Recorded(NamedTuple):
    """What :func:`record_attempt` did: the attempt standing for the question, whether this
    call created it, and the next question it issued (None: the last one, or a double submit)."""

    attempt: AttemptRow
    created: bool
    issued: QuestionRow | None


def record_attempt(
    db: Database,
    question: QuestionRow,
    *,
    answer: str,
    expected: str,
    correct: bool,
    explanation: str,
    answered_ms: int,
    session_length: int,
    waited_ms: int = 0,
    then_issue: NewQuestion | None = None,
) -> Recorded:
    """Record the answer to an issued question, once.

    Returns the attempt, whether this call created it (False: a double
    submit, the first attempt stands) and the question it issued.  In the
    same transaction, answering the last question of the session marks the
    session finished, and ``then_issue`` (the next question, sent back with
    the feedback) is issued, its clock starting now.  ``waited_ms`` is how long a question
    sent ahead stayed hidden behind the previous feedback (as the browser reports it): it
    comes off that question's time, never below zero, and is ignored for any other question.
    """
    waited = max(0, waited_ms) if question.sent_ahead else 0
    elapsed = max(0, answered_ms - question.issued_ms - waited)
    answered_at = now_iso()
    issued = None
    with write_transaction(db):
        cursor = db.execute(
            "INSERT INTO attempts (user_id, session_id, question_id, position, house, family,"
            " seed, difficulty, question, answer, expected, correct, explanation, elapsed_ms,"
            " answered_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (question_id) DO NOTHING",
            [question.user_id, question.session_id, question.id, question.position,
             question.house, question.family, question.seed, question.difficulty,
             question.question, answer, expected, int(correct), explanation, elapsed,
             answered_at],
        )
        created = cursor.rowcount == 1
        if created and question.position + 1 >= session_length:
            db.execute(
                "UPDATE drill_sessions SET finished_at = ? WHERE id = ? AND finished_at IS NULL",
                [answered_at, question.session_id],
            )
        elif created and then_issue is not None:
            issued = _insert_question(db, question.session_id, question.user_id, question.house,
                                      then_issue, answered_ms, sent_ahead=True)
    if created:
        return Recorded(AttemptRow(
            id=int(cursor.lastrowid or 0), user_id=question.user_id,
            session_id=question.session_id, question_id=question.id,
            position=question.position, house=question.house, family=question.family,
            seed=question.seed, difficulty=question.difficulty, question=question.question,
            answer=answer, expected=expected, correct=correct, explanation=explanation,
            elapsed_ms=elapsed, answered_at=answered_at,
        ), True, issued)
    attempt = attempt_for_question(db, question.id)
    assert attempt is not None
    return Recorded(attempt, False, None)


def attempt_for_question(db: Database, question_id: int) -> AttemptRow | None:
    """The attempt answering an issued question, if it was answered."""
    rows = select(
        db, f"SELECT {_ATTEMPT_COLUMNS} FROM attempts WHERE question_id = ?", [question_id]
    )
    return _attempt(rows[0]) if rows else None


def session_attempts(db: Database, session_id: int) -> list[AttemptRow]:
    """Every attempt of a session in question order."""
    return [
        _attempt(r)
        for r in select(
            db,
            f"SELECT {_ATTEMPT_COLUMNS} FROM attempts WHERE session_id = ? ORDER BY position",
            [session_id],
        )
    ]


def streak(db: Database, session_id: int, through_position: int) -> int:
    """Consecutive right answers in the session ending at ``through_position`` (at most 200).

    Reads back only until the first wrong answer (each attempt read is a table row).
    """
    count = 0
    with contextlib.closing(db.execute(
        "SELECT correct FROM attempts WHERE session_id = ? AND position <= ?"
        " ORDER BY position DESC LIMIT 200",
        [session_id, through_position],
    )) as rows:
        for (correct,) in rows:
            if not correct:
                break
            count += 1
    return count


def family_scores(db: Database, user_id: int, recent: int = 50) -> dict[str, FamilyScore]:
    """The trainee's record on each family over their most recent ``recent`` answers in it."""
    rows = db.execute(
        """
        SELECT family, correct, elapsed_ms FROM (
            SELECT family, correct, elapsed_ms,
                   row_number() OVER (PARTITION BY family ORDER BY id DESC) AS rn
            FROM attempts WHERE user_id = ?
        ) WHERE rn <= ? ORDER BY family, elapsed_ms
        """,
        [user_id, recent],
    ).fetchall()
    grouped: dict[str, list[tuple[int, int]]] = {}
    for family, correct, elapsed in rows:
        grouped.setdefault(family, []).append((correct, elapsed))
    scores = {}
    for family, items in grouped.items():
        times = [e for _, e in items]
        scores[family] = FamilyScore(
            family=family,
            answered=len(items),
            correct=sum(c for c, _ in items),
            median_ms=times[len(times) // 2] if times else None,
        )
    return scores
