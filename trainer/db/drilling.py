"""Drill sessions and the attempts that answer their questions.

A session's questions are stored when it starts (:mod:`trainer.db.questions`), and
an answer is accepted only for a question shown to this trainee.
``attempts.question_id`` is UNIQUE: a double submit records one attempt and returns
the first one again.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from sqlite_utils import Database

from trainer.db.answers import Given, insert_answer
from trainer.db.connection import iso_at, now_iso, select, write_transaction
from trainer.db.questions import (
    NewQuestion,
    QuestionRow,
    insert_questions,
    kept_lines,
    question_by_token,
    send_ahead,
)
from trainer.db.scores import Score, streak


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
    retry_of: int | None
    """The session whose mistakes this one asks again (None: a session dealt from its seed)."""
    answered: int

    @property
    def finished(self) -> bool:
        return self.finished_at is not None

    @property
    def ended_early(self) -> bool:
        """Finished by the trainee before every question was answered (:func:`end_session`)."""
        return self.finished and self.answered < self.length


@dataclass(frozen=True, slots=True)
class AttemptRow:
    """One recorded answer in a drill session, with everything needed to replay it.

    ``snapshot`` and ``kept_lines`` are the body and the explanation's lines kept for a
    question dealt before migration m016 (``question_snapshots``); None for any other,
    whose body the drills deal again from (house, family, difficulty, seed) and whose
    explanation they give again by checking ``answer``."""

    id: int
    user_id: int
    session_id: int
    question_id: int
    position: int
    house: str
    family: str
    seed: int
    difficulty: str
    snapshot: str | None
    answer: str
    expected: str
    correct: bool
    kept_lines: tuple[str, ...] | None
    elapsed_ms: int
    answered_ms: int
    waited_ms: int = 0
    """What came off the server's clock: the wait the browser reported for a question sent
    ahead (``elapsed_ms + waited_ms`` is the time from being shown to the answer)."""
    retry: bool = False
    """Answered in a retry of a session's mistakes: practice, left out of every score."""
    set_aside_ms: int = 0
    """What a break took off the server's clock: the question's time on screen before its
    clock restarted (``elapsed_ms + waited_ms + set_aside_ms`` is the time since first shown)."""
    dealt_by: int = 0
    """The drills' deal version that dealt its question (0: before m016, a snapshot)."""

    @property
    def answered_at(self) -> str:
        """When it was answered, as ISO 8601 text (UTC, to the millisecond)."""
        return iso_at(self.answered_ms)


_ANSWERED = "(SELECT count(*) FROM questions q JOIN answers a ON a.question_id = q.id" \
    " WHERE q.session_id = s.id)"
_SESSION_COLUMNS = f"""
    s.id, s.user_id, s.house, s.family, s.difficulty, s.length, s.seed,
    s.started_at, s.finished_at, s.retry_of, {_ANSWERED} AS answered
"""
_SESSION_SELECT = f"SELECT {_SESSION_COLUMNS} FROM drill_sessions s"
_SESSION_FIELDS = len(SessionRow.__slots__)
ATTEMPT_SELECT = """
    SELECT a.id, a.user_id, q.session_id, a.question_id, q.position, q.house, q.family, q.seed,
           q.difficulty, p.question AS snapshot, a.answer, q.expected, a.correct,
           p.explanation AS kept_lines, a.elapsed_ms, a.answered_ms,
           a.waited_ms, a.retry, q.set_aside_ms, q.dealt_by
    FROM answers a JOIN questions q ON q.id = a.question_id
    LEFT JOIN question_snapshots p ON p.question_id = q.id
"""
"""An attempt's columns, in :class:`AttemptRow`'s order; add a WHERE on ``a`` and ``q``."""


def _session(row: dict[str, Any]) -> SessionRow:
    return SessionRow(**row)


def attempt_row(row: dict[str, Any]) -> AttemptRow:
    """An attempt from its row (``ATTEMPT_SELECT`` by name)."""
    return AttemptRow(**(row | {"correct": bool(row["correct"]), "retry": bool(row["retry"]),
                                "kept_lines": kept_lines(row["kept_lines"])}))


def start_session(
    db: Database, user_id: int, house: str, family: str, difficulty: str, length: int, seed: int,
    questions: Sequence[NewQuestion] = (), start_token: str | None = None,
) -> SessionRow:
    """Open a new drill session and, in the same transaction, store its ``questions`` (not
    shown yet).  A ``start_token`` the trainee already started a session of these settings
    with (a double click, a resent form) returns that session instead of opening another."""
    with write_transaction(db):  # the check and the insert under one write lock
        started = db.execute(
            "SELECT id, house, family, difficulty, length FROM drill_sessions"
            " WHERE user_id = ? AND start_token = ?",
            [user_id, start_token]).fetchone() if start_token else None
        if started is not None and tuple(started[1:]) == (house, family, difficulty, length):
            session_id = int(started[0])
        else:  # a used token with other settings: a stale page's form, a session of its own
            session_id = _insert_session(db, user_id, house, family, difficulty, length, seed,
                                         start_token=None if started else start_token)
            insert_questions(db, session_id, house, questions)
    session = get_session(db, session_id)
    assert session is not None
    return session


def _insert_session(db: Database, user_id: int, house: str, family: str, difficulty: str,
                    length: int, seed: int, retry_of: int | None = None,
                    start_token: str | None = None) -> int:
    cursor = db.execute(
        "INSERT INTO drill_sessions (user_id, house, family, difficulty, length, seed,"
        " started_at, retry_of, start_token) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [user_id, house, family, difficulty, length, seed, now_iso(), retry_of, start_token],
    )
    return int(cursor.lastrowid or 0)


def start_retry(db: Database, session: SessionRow,
                new_token: Callable[[], str]) -> SessionRow | None:
    """Open a retry of a finished session's mistakes: its wrong answers' questions, asked
    again in their order, each with a new token from ``new_token``.

    A retry of it that is still open is returned instead, so a double submit opens one.
    None: the session has no mistakes to retry.
    """
    with write_transaction(db):  # the check and the insert under one write lock
        already = open_retry(db, session.id)
        if already is not None:
            retry_id = already.id
        else:
            wrong = [attempt for attempt in session_attempts(db, session.id)
                     if not attempt.correct]
            if not wrong:
                return None
            retry_id = _insert_session(db, session.user_id, session.house, session.family,
                                       session.difficulty, len(wrong), session.seed,
                                       retry_of=session.id)
            insert_questions(db, retry_id, session.house, [
                NewQuestion(position, attempt.family, attempt.difficulty, attempt.seed,
                            attempt.expected, new_token(), attempt.dealt_by,
                            attempt.snapshot)
                for position, attempt in enumerate(wrong)
            ])
    return get_session(db, retry_id)


def get_session(db: Database, session_id: int) -> SessionRow | None:
    """A session by id, with how many questions have been answered."""
    rows = select(db, _SESSION_SELECT + " WHERE s.id = ?", [session_id])
    return _session(rows[0]) if rows else None


def unfinished_sessions(db: Database, user_id: int, limit: int = -1) -> list[SessionRow]:
    """The trainee's sessions that were started and not finished, newest first (the newest
    ``limit`` of them; -1: all)."""
    return [
        _session(r)
        for r in select(
            db,
            _SESSION_SELECT + " WHERE s.user_id = ? AND s.finished_at IS NULL"
            " ORDER BY s.id DESC LIMIT ?",
            [user_id, limit],
        )
    ]


def open_retry(db: Database, session_id: int) -> SessionRow | None:
    """The unfinished retry of a session's mistakes, if one is open."""
    rows = select(db, _SESSION_SELECT + " WHERE s.retry_of = ? AND s.finished_at IS NULL"
                  " ORDER BY s.id LIMIT 1", [session_id])
    return _session(rows[0]) if rows else None


def first_of_retries(db: Database, session: SessionRow) -> SessionRow:
    """The session a retry (of a retry ...) goes back to: the one dealt from its seed."""
    row = db.execute(
        "WITH RECURSIVE back(id, retry_of) AS (SELECT id, retry_of FROM drill_sessions"
        " WHERE id = ? UNION ALL SELECT s.id, s.retry_of FROM drill_sessions s JOIN back b"
        " ON s.id = b.retry_of) SELECT id FROM back WHERE retry_of IS NULL", [session.id],
    ).fetchone()
    first = get_session(db, int(row[0])) if row else None
    return first or session


def end_session(db: Database, session_id: int) -> bool:
    """End an unfinished session before its last question: the questions not answered yet
    are never asked (they stay stored, unanswered) and the attempts made stand.  False: the
    session had already finished."""
    with write_transaction(db):
        cursor = db.execute(
            "UPDATE drill_sessions SET finished_at = ? WHERE id = ? AND finished_at IS NULL",
            [now_iso(), session_id],
        )
    return cursor.rowcount == 1


def count_unfinished(db: Database, user_id: int) -> int:
    """How many sessions the trainee started and has not finished."""
    row = db.execute("SELECT count(*) FROM drill_sessions WHERE user_id = ? AND finished_at"
                     " IS NULL", [user_id]).fetchone()
    return int(row[0])


def last_house(db: Database, user_id: int) -> str | None:
    """The house of the trainee's latest session started (None: none yet)."""
    row = db.execute("SELECT house FROM drill_sessions WHERE user_id = ? ORDER BY id DESC"
                     " LIMIT 1", [user_id]).fetchone()
    return str(row[0]) if row else None


class SessionResult(NamedTuple):
    """A finished session and its right answers out of those answered."""

    session: SessionRow
    score: Score


def finished_sessions(db: Database, user_id: int, limit: int = 5) -> list[SessionResult]:
    """The trainee's most recently finished sessions (ended early ones too), newest first,
    with their right answers."""
    rows = db.execute(
        f"SELECT {_SESSION_COLUMNS}, (SELECT count(*) FROM questions q JOIN answers a"
        " ON a.question_id = q.id WHERE q.session_id = s.id AND a.correct = 1)"
        " FROM drill_sessions s WHERE s.user_id = ?"
        " AND s.finished_at IS NOT NULL ORDER BY s.finished_at DESC, s.id DESC LIMIT ?",
        [user_id, limit],
    ).fetchall()
    sessions = [(SessionRow(*row[:_SESSION_FIELDS]), int(row[_SESSION_FIELDS])) for row in rows]
    return [SessionResult(session, Score(session.answered, right)) for session, right in sessions]


def session_and_question(db: Database, session_id: int,
                         token: str) -> tuple[SessionRow | None, QuestionRow | None]:
    """A session by id and the question issued in it with this token (None: no such
    session, or no such question in it), with whether it was answered."""
    session = get_session(db, session_id)
    if session is None:
        return None, None
    return session, question_by_token(db, token=token, session_id=session_id)


class SessionEndedError(ValueError):
    """The answer's session had ended (early) before the answer was recorded."""


class Recorded(NamedTuple):
    """What :func:`record_attempt` did: the attempt standing for the question, whether this
    call created it, the next question it sent ahead (None: the last one, a double
    submit, or a session whose next question is not stored yet) and the streak the
    attempt ends (read in the same transaction; None for a double submit)."""

    attempt: AttemptRow
    created: bool
    sent_ahead: QuestionRow | None
    streak: int | None = None


def record_attempt(
    db: Database,
    question: QuestionRow,
    *,
    answer: str,
    correct: bool,
    answered_ms: int,
    session_length: int,
    waited_ms: int = 0,
    send_next: bool = True,
    mispaid_cents: tuple[int, int] | None = None,
) -> Recorded:
    """Record the answer to a question shown to the trainee, once.

    Returns the attempt, whether this call created it (False: a double
    submit, the first attempt stands), the next question, sent ahead, and the streak.
    Raises ``SessionEndedError`` for a question its session was ended without (an
    answer racing :func:`end_session`): nothing is recorded.
    In the same transaction, answering the last question of the session marks the
    session finished, any other answer sends the next question ahead (it goes
    back with the feedback), its clock starting at ``answered_ms``, and the streak
    is read while the attempt's index pages are at hand.  ``waited_ms`` is how
    long a question sent ahead stayed hidden behind the previous feedback (as the browser
    reports it): it comes off that question's time, never below zero, and is ignored for
    any other question.  ``send_next`` False (an answer without JavaScript): the next
    question is not sent ahead; its own page, opened from the feedback, starts its clock.
    """
    if question.shown_ms is None or question.session_id is None:
        raise ValueError(f"question {question.id} was never shown in a drill: it cannot be "
                         "answered there")
    session_id = question.session_id
    ahead = None
    with write_transaction(db):
        # its clock as it stands now: another tab may have shown it again since it was read
        shown_ms, sent_ahead, set_aside_ms = db.execute(
            "SELECT shown_ms, sent_ahead, set_aside_ms FROM questions WHERE id = ?",
            [question.id]).fetchone()
        since_shown = max(0, answered_ms - shown_ms)
        waited = min(since_shown, max(0, waited_ms)) if sent_ahead else 0
        given = Given(answer, correct, since_shown - waited, answered_ms, waited,
                      mispaid_cents=mispaid_cents)
        inserted = insert_answer(db, question.id, given)
        if inserted and question.position + 1 >= session_length:
            db.execute(
                "UPDATE drill_sessions SET finished_at = ? WHERE id = ? AND finished_at IS NULL",
                [iso_at(answered_ms), session_id],
            )
        elif inserted and send_next:
            ahead = send_ahead(db, session_id, question.position + 1, answered_ms)
        run = streak(db, session_id, question.position) if inserted else None
    if inserted:
        return Recorded(AttemptRow(
            id=inserted.id, user_id=question.user_id, session_id=session_id,
            question_id=question.id, position=question.position, house=question.house,
            family=question.family, seed=question.seed, difficulty=question.difficulty,
            snapshot=question.snapshot, answer=answer, expected=question.expected,
            correct=correct, kept_lines=None, elapsed_ms=given.elapsed_ms,
            answered_ms=answered_ms, waited_ms=waited, retry=inserted.retry,
            set_aside_ms=set_aside_ms, dealt_by=question.dealt_by,
        ), True, ahead, run)
    attempt = attempt_for_question(db, question.id)
    if attempt is None:
        raise SessionEndedError(f"session {session_id} has ended: question "
                                f"{question.id} was left unanswered")
    return Recorded(attempt, False, None)


def attempt_for_question(db: Database, question_id: int) -> AttemptRow | None:
    """The attempt answering an issued question, if it was answered."""
    rows = select(db, f"{ATTEMPT_SELECT} WHERE a.question_id = ? AND q.session_id IS NOT NULL",
                  [question_id])
    return attempt_row(rows[0]) if rows else None


def get_attempt(db: Database, attempt_id: int) -> AttemptRow | None:
    """One drill attempt by id, with everything needed to replay it."""
    rows = select(db, f"{ATTEMPT_SELECT} WHERE a.id = ? AND q.session_id IS NOT NULL",
                  [attempt_id])
    return attempt_row(rows[0]) if rows else None


def session_attempts(db: Database, session_id: int) -> list[AttemptRow]:
    """Every attempt of a session in question order."""
    return [attempt_row(r) for r in select(
        db, f"{ATTEMPT_SELECT} WHERE q.session_id = ? ORDER BY q.position", [session_id])]
