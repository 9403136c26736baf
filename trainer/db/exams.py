"""Exams: set by a supervisor, assigned to trainees, sat under a time limit, marked once.

The rules a trainee cannot bend live here, in the transactions:

- a sitting starts only for an assigned trainee with attempts left (and no pass yet);
  an unfinished sitting is resumed, never replaced;
- a supervisor allows one more attempt only once the trainee's are used up and failed,
  and each one allowed is kept, with who allowed it, when and why;
- an answer is written once (``answered_at IS NULL`` guards the update);
- an answer that arrives after the question's time limit (plus a small grace
  for the network) is recorded as timed out and wrong, whatever it says;
- the sitting's result (right answers, pass or fail, time) is computed and
  stored in the same transaction as its last answer.
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from sqlite_utils import Database

from trainer.db.answers import Given, insert_answer
from trainer.db.connection import iso_at, now_iso, select, write_transaction
from trainer.db.questions import NewQuestion, insert_question, kept_lines
from trainer.text_rules import title_key


class ExamError(ValueError):
    """A sitting that may not start (not assigned, no attempts left, already passed)."""


class TitleTakenError(ValueError):
    """An exam title already used by an exam that is not withdrawn (``existing``: its title)."""

    def __init__(self, existing: str) -> None:
        super().__init__(f"an exam not withdrawn is called {existing!r}")
        self.existing = existing


@dataclass(frozen=True, slots=True)
class Exam:
    """An exam: which houses and drill families, how many questions, the pass mark."""

    id: int
    title: str
    houses: tuple[str, ...]
    families: tuple[str, ...]
    difficulty: str
    questions: int
    pass_mark: int
    time_limit_s: int
    attempts_allowed: int
    created_by: int
    created_at: str
    withdrawn_at: str | None = None
    """When a supervisor withdrew it: no sitting starts after that (None: it stands)."""

    @property
    def withdrawn(self) -> bool:
        return self.withdrawn_at is not None


@dataclass(frozen=True, slots=True)
class Sitting:
    """One attempt at an exam; ``correct``/``passed``/``elapsed_ms`` are set when it ends."""

    id: int
    exam_id: int
    user_id: int
    number: int
    seed: int
    started_at: str
    finished_at: str | None
    correct: int | None
    total: int
    passed: bool | None
    elapsed_ms: int | None
    asked: int = 0
    """How many questions were issued (fewer than ``total`` in a finished sitting: abandoned)."""

    @property
    def finished(self) -> bool:
        return self.finished_at is not None

    @property
    def abandoned(self) -> bool:
        """Closed because its trainee walked out: the questions never asked count as wrong."""
        return self.finished and self.asked < self.total

    @property
    def percent(self) -> int | None:
        """The score in whole percent, rounded down (the pass test uses exact integers)."""
        if self.correct is None or not self.total:
            return None
        return self.correct * 100 // self.total


@dataclass(frozen=True, slots=True)
class ExamAnswer:
    """A question issued in a sitting and, once answered, the answer and its verdict.

    ``id`` is the question's; ``snapshot`` and ``kept_lines`` are as kept for a question
    dealt before migration m016, None for any other (the drills deal them again)."""

    id: int
    sitting_id: int
    position: int
    token: str
    house: str
    family: str
    seed: int
    difficulty: str
    snapshot: str | None
    issued_ms: int
    answer: str | None
    expected: str
    correct: bool | None
    kept_lines: tuple[str, ...] | None
    elapsed_ms: int | None
    timed_out: bool
    answered_ms: int | None
    dealt_by: int = 0
    """The drills' deal version that dealt it (0: before m016, a snapshot)."""

    @property
    def answered(self) -> bool:
        return self.answered_ms is not None

    @property
    def answered_at(self) -> str | None:
        """When it was answered, as ISO 8601 text (UTC, to the millisecond)."""
        return None if self.answered_ms is None else iso_at(self.answered_ms)


@dataclass(frozen=True, slots=True)
class Grant:
    """One more attempt at an exam, allowed to one trainee by a supervisor."""

    id: int
    exam_id: int
    user_id: int
    granted_by: int
    granted_at: str
    reason: str


@dataclass(frozen=True, slots=True)
class Assigned:
    """An exam as one trainee sees it: their sittings so far and what they may do next."""

    exam: Exam
    sittings: tuple[Sitting, ...]
    extra_attempts: int = 0
    """The attempts a supervisor allowed beyond the exam's own."""

    @property
    def attempts_allowed(self) -> int:
        return self.exam.attempts_allowed + self.extra_attempts

    @property
    def open_sitting(self) -> Sitting | None:
        return next((s for s in self.sittings if not s.finished), None)

    @property
    def passed(self) -> Sitting | None:
        return next((s for s in self.sittings if s.passed), None)

    @property
    def attempts_left(self) -> int:
        return max(0, self.attempts_allowed - len(self.sittings))

    @property
    def can_start(self) -> bool:
        return (self.open_sitting is None and self.passed is None and self.attempts_left > 0
                and not self.exam.withdrawn)


@dataclass(frozen=True, slots=True)
class ExamClock:
    """The exam clock at one moment (``now_ms``), with the operator's allowances: the
    network's ``grace_ms`` past a question's time limit, and the ``abandon_ms`` more after
    which an open sitting counts as walked out of."""

    now_ms: int
    grace_ms: int
    abandon_ms: int

    def limit_ms(self, time_limit_s: int) -> int:
        """A question's time in a sitting: the exam's limit plus the grace."""
        return time_limit_s * 1000 + self.grace_ms

    def quiet_since_ms(self, time_limit_s: int) -> int:
        """An open sitting with nothing in it since this moment was walked out of."""
        return self.now_ms - self.limit_ms(time_limit_s) - self.abandon_ms


NOT_ASSIGNED = "this exam is not (or no longer) assigned to you"
"""Why a trainee may not start an exam not theirs (its title not named)."""

NO_ANSWER = "(no answer)"
"""What a question that ran out of time records as its answer."""

_EXAM_COLUMNS = (
    "id, title, houses, families, difficulty, questions, pass_mark, time_limit_s,"
    " attempts_allowed, created_by, created_at, withdrawn_at"
)
_SITTING_COLUMNS = (
    "id, exam_id, user_id, number, seed, started_at, finished_at, correct, total, passed,"
    " elapsed_ms, (SELECT count(*) FROM questions q WHERE q.sitting_id = exam_sittings.id)"
    " AS asked"
)
_ANSWER_SELECT = """
    SELECT q.id, q.sitting_id, q.position, q.token, q.house, q.family, q.seed, q.difficulty,
           p.question AS snapshot, q.issued_ms, a.answer, q.expected, a.correct,
           p.explanation AS kept_lines, a.elapsed_ms,
           coalesce(a.timed_out, 0) AS timed_out, a.answered_ms, q.dealt_by
    FROM questions q LEFT JOIN answers a ON a.question_id = q.id
    LEFT JOIN question_snapshots p ON p.question_id = q.id
"""


def _exam(row: dict[str, Any]) -> Exam:
    return Exam(**(row | {"houses": tuple(json.loads(row["houses"])),
                          "families": tuple(json.loads(row["families"]))}))


def _sitting(row: dict[str, Any]) -> Sitting:
    passed = row["passed"]
    return Sitting(**(row | {"passed": None if passed is None else bool(passed)}))


def _answer(row: dict[str, Any]) -> ExamAnswer:
    correct = row["correct"]
    return ExamAnswer(**(row | {"correct": None if correct is None else bool(correct),
                                "timed_out": bool(row["timed_out"]),
                                "kept_lines": kept_lines(row["kept_lines"])}))


# ------------------------------------------------------------------ exams


def live_title(db: Database, title: str) -> str | None:
    """The title of the exam not withdrawn that ``title`` repeats (ignoring case, width and
    repeated spaces), else None."""
    key = title_key(title)
    return next((live for (live,) in db.execute(
        "SELECT title FROM exams WHERE withdrawn_at IS NULL") if title_key(live) == key), None)


def create_exam(
    db: Database,
    *,
    title: str,
    houses: list[str] | tuple[str, ...],
    families: list[str] | tuple[str, ...],
    difficulty: str,
    questions: int,
    pass_mark: int,
    time_limit_s: int,
    attempts_allowed: int,
    created_by: int,
    assign_to: list[int] | tuple[int, ...] = (),
) -> Exam:
    """Create an exam and its assignments in one transaction (all or nothing); refuses a
    title another exam not withdrawn has (ignoring case, width and repeated spaces)."""
    if not houses or not families:
        raise ValueError("an exam needs at least one house and one family")
    if not 1 <= pass_mark <= 100:
        raise ValueError(f"pass mark {pass_mark!r} is not between 1 and 100")
    if questions < 1 or time_limit_s < 1 or attempts_allowed < 1:
        raise ValueError("questions, time limit and attempts allowed must be positive")
    with write_transaction(db):
        if (existing := live_title(db, title)) is not None:
            raise TitleTakenError(existing)
        cursor = db.execute(
            "INSERT INTO exams (title, houses, families, difficulty, questions, pass_mark,"
            " time_limit_s, attempts_allowed, created_by, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [title, json.dumps(list(houses)), json.dumps(list(families)), difficulty,
             questions, pass_mark, time_limit_s, attempts_allowed, created_by, now_iso()],
        )
        exam_id = int(cursor.lastrowid or 0)
        assign(db, exam_id, assign_to, created_by)
    exam = get_exam(db, exam_id)
    assert exam is not None
    return exam


def assign(db: Database, exam_id: int, user_ids: list[int] | tuple[int, ...],
           assigned_by: int) -> int:
    """Assign the exam to these trainees (already assigned ones are left alone)."""
    added = 0
    with write_transaction(db):
        for user_id in user_ids:
            cursor = db.execute(
                "INSERT INTO exam_assignments (exam_id, user_id, assigned_by, assigned_at)"
                " SELECT ?, id, ?, ? FROM users WHERE id = ? AND role = 'trainee'"
                " ON CONFLICT (exam_id, user_id) DO NOTHING",
                [exam_id, assigned_by, now_iso(), user_id],
            )
            added += max(0, cursor.rowcount)
    return added


def withdraw(db: Database, exam_id: int) -> bool:
    """Withdraw an exam: no sitting starts from now on; one under way may be finished, and
    every result stands.  False: it was withdrawn already."""
    with write_transaction(db):
        cursor = db.execute("UPDATE exams SET withdrawn_at = ? WHERE id = ?"
                            " AND withdrawn_at IS NULL", [now_iso(), exam_id])
    return cursor.rowcount == 1


def unassign(db: Database, exam_id: int, user_id: int) -> bool:
    """Take the exam back from a trainee who has not sat it (a sitting, even one open, keeps
    the assignment: its results stand).  False: not assigned, or sat."""
    with write_transaction(db):
        cursor = db.execute(
            "DELETE FROM exam_assignments WHERE exam_id = ? AND user_id = ? AND NOT EXISTS"
            " (SELECT 1 FROM exam_sittings WHERE exam_id = ? AND user_id = ?)",
            [exam_id, user_id, exam_id, user_id],
        )
    return cursor.rowcount == 1


def get_exam(db: Database, exam_id: int) -> Exam | None:
    rows = list(db.query(f"SELECT {_EXAM_COLUMNS} FROM exams WHERE id = ?", [exam_id]))
    return _exam(rows[0]) if rows else None


def list_exams(db: Database) -> list[Exam]:
    """Every exam, newest first."""
    return [_exam(r) for r in db.query(f"SELECT {_EXAM_COLUMNS} FROM exams ORDER BY id DESC")]


def assignees(db: Database, exam_id: int) -> list[int]:
    """The ids of the trainees the exam is assigned to."""
    return [int(r[0]) for r in db.execute(
        "SELECT user_id FROM exam_assignments WHERE exam_id = ? ORDER BY user_id", [exam_id]
    ).fetchall()]


def is_assigned(db: Database, exam_id: int, user_id: int) -> bool:
    return db.execute(
        "SELECT 1 FROM exam_assignments WHERE exam_id = ? AND user_id = ?", [exam_id, user_id]
    ).fetchone() is not None


def assigned_exams(db: Database, user_id: int, clock: ExamClock | None = None
                   ) -> list[Assigned]:
    """The exams assigned to a trainee, newest first, with their sittings (as seen at
    ``clock``, see ``as_seen``)."""
    exams = [_exam(r) for r in db.query(
        f"SELECT {', '.join('e.' + c.strip() for c in _EXAM_COLUMNS.split(','))}"
        " FROM exams e JOIN exam_assignments a ON a.exam_id = e.id"
        " WHERE a.user_id = ? ORDER BY e.id DESC",
        [user_id],
    )]
    mine = [Assigned(exam, tuple(sittings(db, exam.id, user_id, clock)),
                     len(grants(db, exam.id, user_id))) for exam in exams]
    return [a for a in mine if a.sittings or not a.exam.withdrawn]  # withdrawn unsat: gone


# ------------------------------------------------------------------ sittings


def sittings(db: Database, exam_id: int, user_id: int | None = None,
             clock: ExamClock | None = None) -> list[Sitting]:
    """The sittings of an exam (of one trainee, if given), in the order they started (as
    seen at ``clock``, see ``as_seen``; as stored without one)."""
    sql = f"SELECT {_SITTING_COLUMNS} FROM exam_sittings WHERE exam_id = ?"
    params: list[Any] = [exam_id]
    if user_id is not None:
        sql += " AND user_id = ?"
        params.append(user_id)
    return [as_seen(db, _sitting(r), clock) for r in db.query(sql + " ORDER BY id", params)]


def get_sitting(db: Database, sitting_id: int, clock: ExamClock | None = None
                ) -> Sitting | None:
    """The sitting, as seen at ``clock`` (see ``as_seen``; as stored without one)."""
    rows = list(db.query(f"SELECT {_SITTING_COLUMNS} FROM exam_sittings WHERE id = ?",
                         [sitting_id]))
    return as_seen(db, _sitting(rows[0]), clock) if rows else None


def start_sitting(db: Database, exam: Exam, user_id: int, seed: int) -> Sitting:
    """Start (or resume) the trainee's sitting; refuses when the exam does not allow one."""
    with write_transaction(db):
        if not is_assigned(db, exam.id, user_id):
            raise ExamError(NOT_ASSIGNED)
        mine = sittings(db, exam.id, user_id)
        open_one = next((s for s in mine if not s.finished), None)
        if open_one is not None:
            return open_one
        if db.execute("SELECT withdrawn_at FROM exams WHERE id = ?", [exam.id]).fetchone()[0]:
            raise ExamError(f"{exam.title!r} was withdrawn by a supervisor")
        if any(s.passed for s in mine):
            raise ExamError(f"you have already passed {exam.title!r}")
        if len(mine) >= (allowed := attempts_allowed(db, exam, user_id)):
            raise ExamError(f"no attempts left at {exam.title!r} ({allowed} allowed)")
        cursor = db.execute(
            "INSERT INTO exam_sittings (exam_id, user_id, number, seed, started_at, total)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            [exam.id, user_id, len(mine) + 1, seed, now_iso(), exam.questions],
        )
        sitting_id = int(cursor.lastrowid or 0)
    sitting = get_sitting(db, sitting_id)
    assert sitting is not None
    return sitting


# ------------------------------------------------------------------ more attempts


def grants(db: Database, exam_id: int, user_id: int | None = None) -> list[Grant]:
    """The extra attempts allowed at an exam (to one trainee, if given), oldest first."""
    sql = ("SELECT id, exam_id, user_id, granted_by, granted_at, reason"
           " FROM exam_attempt_grants WHERE exam_id = ?")
    params: list[Any] = [exam_id]
    if user_id is not None:
        sql += " AND user_id = ?"
        params.append(user_id)
    return [Grant(**row) for row in db.query(sql + " ORDER BY id", params)]


def attempts_allowed(db: Database, exam: Exam, user_id: int) -> int:
    """How many sittings the trainee may have: the exam's attempts and any allowed since."""
    return exam.attempts_allowed + len(grants(db, exam.id, user_id))


def grant_refusal(exam: Exam, mine: Sequence[Sitting], allowed: int, name: str) -> str | None:
    """Why the trainee called ``name``, with these sittings of the exam and ``allowed``
    attempts at it, may not be allowed one more (None: they may): only once every attempt
    is used and none passed, none under way, at an exam not withdrawn."""
    if exam.withdrawn:
        return f"{exam.title!r} was withdrawn: no sitting starts any more"
    if any(s.passed for s in mine):
        return f"{name} has passed {exam.title!r}"
    if any(not s.finished for s in mine):
        return f"{name} is sitting {exam.title!r} now"
    if (left := allowed - len(mine)) > 0:
        return f"{name} has {left} attempt{'s' if left != 1 else ''} left at {exam.title!r}"
    return None


def grant_attempt(db: Database, exam: Exam, user_id: int, *, granted_by: int, reason: str,
                  name: str, clock: ExamClock | None = None) -> Grant:
    """Allow the trainee (called ``name`` in a refusal) one more attempt at the exam.

    Checked (``grant_refusal``) in the same transaction as the insert, so two supervisors
    allowing it at once allow one attempt, not two (``ExamError`` says why not)."""
    with write_transaction(db):
        current = get_exam(db, exam.id)
        if current is None or not is_assigned(db, exam.id, user_id):
            raise ExamError(f"{exam.title!r} is not assigned to {name}")
        refusal = grant_refusal(current, sittings(db, exam.id, user_id, clock),
                                attempts_allowed(db, exam, user_id), name)
        if refusal is not None:
            raise ExamError(refusal)
        cursor = db.execute(
            "INSERT INTO exam_attempt_grants (exam_id, user_id, granted_by, granted_at,"
            " reason) VALUES (?, ?, ?, ?, ?)",
            [exam.id, user_id, granted_by, now_iso(), reason],
        )
        grant_id = int(cursor.lastrowid or 0)
    return next(g for g in grants(db, exam.id, user_id) if g.id == grant_id)


def sitting_answers(db: Database, sitting_id: int, clock: ExamClock | None = None
                    ) -> list[ExamAnswer]:
    """Every question issued in a sitting, in order (as seen at ``clock``: a walk-out's open
    question expired, see ``as_seen``; as stored without one)."""
    answers = [_answer(r) for r in select(
        db, f"{_ANSWER_SELECT} WHERE q.sitting_id = ? ORDER BY q.position", [sitting_id])]
    if clock is not None and (found := get_sitting(db, sitting_id)) is not None:
        walked_out = _walked_out(db, found, clock)
        if walked_out is not None:
            return walked_out[1]
    return answers


def pending_answer(db: Database, sitting_id: int) -> ExamAnswer | None:
    """The question issued in the sitting and not yet answered, if any."""
    rows = select(db, f"{_ANSWER_SELECT} WHERE q.sitting_id = ? AND a.id IS NULL"
                  " ORDER BY q.position LIMIT 1", [sitting_id])
    return _answer(rows[0]) if rows else None


def issued_count(db: Database, sitting_id: int) -> int:
    return int(db.execute("SELECT count(*) FROM questions WHERE sitting_id = ?",
                          [sitting_id]).fetchone()[0])


def _answer_at(db: Database, sitting_id: int, position: int) -> ExamAnswer | None:
    rows = select(db, f"{_ANSWER_SELECT} WHERE q.sitting_id = ? AND q.position = ?",
                  [sitting_id, position])
    return _answer(rows[0]) if rows else None


def issue(db: Database, sitting: Sitting, new: NewQuestion, house: str,
          issued_ms: int) -> ExamAnswer | None:
    """Store a question as issued (and shown) at ``new.position``; two racing requests both
    get the first.  None when the sitting was closed meanwhile (a walk-out closed by another
    request): no question goes into a closed sitting."""
    with write_transaction(db):
        open_now = db.execute("SELECT 1 FROM exam_sittings WHERE id = ? AND finished_at IS NULL",
                              [sitting.id]).fetchone()
        if open_now:
            insert_question(db, new, house, sitting_id=sitting.id, issued_ms=issued_ms,
                            shown_ms=issued_ms)
    return _answer_at(db, sitting.id, new.position)


def answer_by_token(db: Database, sitting_id: int, token: str) -> ExamAnswer | None:
    """The question of the sitting that this token names, with its answer if any."""
    rows = select(db, f"{_ANSWER_SELECT} WHERE q.sitting_id = ? AND q.token = ?",
                  [sitting_id, token])
    return _answer(rows[0]) if rows else None


def record_answer(
    db: Database,
    question: ExamAnswer,
    *,
    answer: str,
    correct: bool,
    answered_ms: int,
    limit_ms: int,
    pass_mark: int,
    mispaid_cents: tuple[int, int] | None = None,
) -> tuple[ExamAnswer, Sitting, bool]:
    """Record the answer once; past ``limit_ms`` it is timed out and wrong, and its time is
    ``limit_ms`` (the time away past it is no answering time: it would swell the sitting's
    answering time and every report of it).

    Returns the stored answer, the sitting (finished, with its result, after
    the last question) and whether this call wrote the answer.
    """
    taken = max(0, answered_ms - question.issued_ms)
    timed_out = taken > limit_ms
    given = Given(answer, correct and not timed_out, min(taken, limit_ms), answered_ms,
                  timed_out=timed_out, mispaid_cents=None if timed_out else mispaid_cents)
    with write_transaction(db):
        created = insert_answer(db, question.id, given) is not None
        if created:
            _finish_if_done(db, question.sitting_id, pass_mark)
    stored = _answer_at(db, question.sitting_id, question.position)
    sitting = get_sitting(db, question.sitting_id)
    assert stored is not None and sitting is not None
    return stored, sitting, created


def lapsed_sittings(db: Database, clock: ExamClock, user_id: int | None = None
                    ) -> list[Sitting]:
    """Open sittings (of one trainee, if given) their trainee walked out of: nothing happened
    in them for a question's time limit, plus the grace, plus the abandon allowance
    (counted from the open question's issue, else from the last answer or the start)."""
    sql = ("SELECT s.id, e.time_limit_s, s.started_at, max(q.issued_ms), max(a.answered_ms)"
           " FROM exam_sittings s JOIN exams e ON e.id = s.exam_id"
           " LEFT JOIN questions q ON q.sitting_id = s.id"
           " LEFT JOIN answers a ON a.question_id = q.id"
           " WHERE s.finished_at IS NULL")
    params: list[Any] = []
    if user_id is not None:
        sql += " AND s.user_id = ?"
        params.append(user_id)
    lapsed = []
    for sitting_id, limit_s, started_at, issued_ms, answered_ms in db.execute(
            sql + " GROUP BY s.id ORDER BY s.id", params).fetchall():
        if _quiet(clock, limit_s, _ms(started_at), issued_ms or 0, answered_ms or 0):
            found = get_sitting(db, sitting_id)
            assert found is not None
            lapsed.append(found)
    return lapsed


def _quiet(clock: ExamClock, time_limit_s: int, *moments_ms: int) -> bool:
    """Nothing at any of these moments (a start, an issue, an answer) since the quiet point."""
    return max(moments_ms) < clock.quiet_since_ms(time_limit_s)


def as_seen(db: Database, sitting: Sitting, clock: ExamClock | None) -> Sitting:
    """The sitting as every page and export shows it at ``clock``: one its trainee walked out
    of (``lapsed_sittings``) is shown closed and scored exactly as ``abandon`` will close
    it, though nothing is written (that is for ``abandon``: the trainee's next request, or
    ``trainer`` run to close them).  Any other sitting, or no clock, is as stored."""
    if clock is None:
        return sitting
    walked_out = _walked_out(db, sitting, clock)
    if walked_out is None:
        return sitting
    exam, answers = walked_out
    ended = [a.answered_ms for a in answers if a.answered_ms is not None]
    correct = sum(bool(a.correct) for a in answers)
    return replace(sitting, finished_at=iso_at(max(ended)) if ended else sitting.started_at,
                   correct=correct, passed=_passes(len(answers), sitting.total, correct,
                                                   exam.pass_mark),
                   elapsed_ms=sum(a.elapsed_ms or 0 for a in answers))


def _walked_out(db: Database, sitting: Sitting, clock: ExamClock
                ) -> tuple[Exam, list[ExamAnswer]] | None:
    """The exam and the answers, its open question expired, of an open sitting its trainee
    walked out of at ``clock``; None for any other sitting."""
    if sitting.finished:
        return None
    exam = get_exam(db, sitting.exam_id)
    assert exam is not None
    answers = sitting_answers(db, sitting.id)
    if not _quiet(clock, exam.time_limit_s, _ms(sitting.started_at),
                  *(a.issued_ms for a in answers), *(a.answered_ms or 0 for a in answers)):
        return None
    limit_ms = clock.limit_ms(exam.time_limit_s)
    return exam, [a if a.answered else _as_expired(a, limit_ms) for a in answers]


def _as_expired(question: ExamAnswer, limit_ms: int) -> ExamAnswer:
    given = _expiry(question, limit_ms)
    return replace(question, answer=given.answer, correct=given.correct,
                   elapsed_ms=given.elapsed_ms, timed_out=given.timed_out,
                   answered_ms=given.answered_ms)


def _expiry(question: ExamAnswer, limit_ms: int) -> Given:
    """A walk-out's open question as it expires: no answer, wrong, timed out when its time
    ran out (not when the walk-out is closed)."""
    return Given(NO_ANSWER, False, limit_ms, question.issued_ms + limit_ms, timed_out=True)


def _ms(iso: str) -> int:
    return int(datetime.datetime.fromisoformat(iso).timestamp() * 1000)


def abandon(db: Database, sitting_id: int, *, pass_mark: int, quiet_since_ms: int,
            limit_ms: int) -> bool:
    """Close a sitting its trainee walked out of, in one write transaction: the question
    left open expires (its time ``limit_ms``, counted out when that ran out), the questions
    never asked count as wrong and the sitting fails (it never asked everything the exam
    covers) unless every question was asked.  It is finished when its trainee's time in it
    ended (that expiry, else the last answer or the start), not when whoever closed it came
    by, so its finish and its trainee's last activity stay true.

    Nothing is done, and False returned, if the sitting is closed already or anything
    happened in it after ``quiet_since_ms`` (its trainee is back)."""
    with write_transaction(db):
        answers = sitting_answers(db, sitting_id)
        if any(a.issued_ms > quiet_since_ms or (a.answered_ms or 0) > quiet_since_ms
               for a in answers):
            return False
        ended = [a.answered_ms for a in answers if a.answered_ms is not None]
        for open_one in (a for a in answers if not a.answered):
            expiry = _expiry(open_one, limit_ms)
            ended.append(expiry.answered_ms)
            insert_answer(db, open_one.id, expiry)
        at = iso_at(max(ended)) if ended else _started_at(db, sitting_id)
        return _finish_if_done(db, sitting_id, pass_mark, early=True, at=at)


def _started_at(db: Database, sitting_id: int) -> str:
    return str(db.execute("SELECT started_at FROM exam_sittings WHERE id = ?",
                          [sitting_id]).fetchone()[0])


def _finish_if_done(db: Database, sitting_id: int, pass_mark: int, *,
                    early: bool = False, at: str | None = None) -> bool:
    """Store the result once every question is answered (``early``: with those answered so
    far, the rest wrong, and failed), finished ``at`` (default now); False if the sitting
    is not done or was closed already."""
    total, answered, correct, elapsed = db.execute(
        "SELECT s.total, count(a.id), coalesce(sum(a.correct), 0),"
        " coalesce(sum(a.elapsed_ms), 0)"
        " FROM exam_sittings s LEFT JOIN questions q ON q.sitting_id = s.id"
        " LEFT JOIN answers a ON a.question_id = q.id"
        " WHERE s.id = ? GROUP BY s.id",
        [sitting_id],
    ).fetchone()
    if answered < total and not early:
        return False
    passed = _passes(answered, total, correct, pass_mark)
    cursor = db.execute(
        "UPDATE exam_sittings SET finished_at = ?, correct = ?, passed = ?, elapsed_ms = ?"
        " WHERE id = ? AND finished_at IS NULL",
        [at or now_iso(), correct, int(passed), elapsed, sitting_id],
    )
    return cursor.rowcount == 1


def _passes(answered: int, total: int, correct: int, pass_mark: int) -> bool:
    """Every question answered, and the right ones at least the pass mark (exact integers)."""
    return answered == total and correct * 100 >= pass_mark * total
