"""A generated history of a training centre, written through the code a live answer takes.

Trainees join (most on the first day, some later), drill sessions of every family at
every house, retry some sessions' mistakes and sit the exams a supervisor sets, at
working hours, day after day.  Every question is a real one the drills deal from its
seed, and every row is written by the functions the app records with
(``users.create_user``, ``drilling.start_session``, ``questions.show_question``,
``drilling.record_attempt``, ``drilling.end_session``, ``drilling.start_retry``,
``exams.create_exam``, ``exams.start_sitting``, ``exams.issue``, ``exams.record_answer``),
so it is the record the app keeps, with whatever that code keeps beside it.

What it looks like: a trainee's accuracy rises as the weeks go by (fastest at the start),
is lower in the harder families (table settlement, the Spanish 21 bonuses) than in the
easy ones (the dealer's draw, reading a hand) and at harder levels; answers take about
the family's par time, longer at first and when wrong.  The same seed and last day give
the same rows (only the accounts' password hashes, salted, differ).
"""

from __future__ import annotations

import base64
import contextlib
import datetime
import itertools
import math
import random
import re
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field, replace

from sqlite_utils import Database

from trainer.db import connection, drilling
from trainer.db import exams as exams_db
from trainer.db.questions import NewQuestion, QuestionRow, question_at, show_question
from trainer.db.users import create_user
from trainer.drills import (
    DEAL_VERSION,
    Family,
    Question,
    Verdict,
    check,
    generate,
    load_families,
)
from trainer.drills.answers import NotAnAnswer
from trainer.web.questions.drill_source import MIXED
from trainer.web.settings import DEFAULTS

DAY_MS = 86_400_000
HOUR_MS = 3_600_000
WORKDAY_MS = (8 * HOUR_MS, 18 * HOUR_MS)
"""When sessions start: from 08:00 to 18:00 UTC."""
WEEKDAY_SHARE = (1.0, 1.0, 1.0, 1.0, 1.0, 0.4, 0.15)
"""How busy each day of the week is, Monday first."""
LATE_JOINERS = 0.3
"""The share of trainees who join during the first two thirds of the history rather than
on its first day."""
FIRST_DILIGENCE = 1.5
"""How often the first trainee (the demo's, who joins on the first day) drills, against the
others' about 1."""
DRILL_LENGTH = int(DEFAULTS["DRILL_LENGTH"])
SESSION_LENGTHS = (DRILL_LENGTH,) * 6 + (10, 30)
MIXED_SHARE = 0.5
"""Sessions that turn through every family of their house (the rest drill one family)."""
HOME_SHARE = 0.6
"""Sessions at the trainee's own house (the rest at any house)."""
RETRY_SHARE = 0.4
"""Sessions with mistakes whose mistakes are retried straight away."""
POOL_SEEDS = 16
"""Questions dealt for each house, family and level; sessions draw from them."""

FAMILY_EASE = {
    "dealer-draw": 1.3, "hand-reading": 1.1, "ace-offers": 0.8, "even-money": 0.8,
    "insurance": 0.6, "surrender": 0.5, "blackjack-payout": 0.3, "allowed-actions": 0.2,
    "split-aces": 0.1, "variant-specials": -0.3, "spanish-21-bonus": -0.7,
    "table-settlement": -0.9,
}
"""How easy each family is, in log-odds of a right answer (a family not named: 0)."""
LEVEL_EASE = {"easy": 0.5, "medium": 0.0, "hard": -0.6}
BASE_EASE = 0.6
LEARNING = 1.7
"""Log-odds a trainee gains by the end of the learning curve."""
RETRY_EASE = 1.5
"""Log-odds added in a retry: the trainee has just seen the right answers."""

EXAMS = (
    ("Payouts and insurance", ("europoker",), ("blackjack-payout", "insurance")),
    ("The dealer's hand", ("casino-classic",), ("dealer-draw", "hand-reading")),
    ("Settling the table", ("europoker", "russian-casino"), ("table-settlement",)),
    ("Spanish 21", ("spanish-21",), ("spanish-21-bonus", "surrender")),
    ("Splits and offers", ("classic-single-deck",), ("split-aces", "even-money",
                                                      "ace-offers")),
    ("Switch and variants", ("blackjack-switch",), ("variant-specials", "allowed-actions")),
)
"""The exams a supervisor sets, one after another: title, houses, families."""
ANSWERS_PER_EXAM = 500
"""One exam is set for every this many answers a trainee (at least one, at most all)."""
EXAM_GRACE_MS = int(DEFAULTS["EXAM_GRACE_MS"])


@dataclass(frozen=True, slots=True)
class NewAccount:
    """An account the history makes: its name and password hash."""

    name: str
    password_hash: str


@dataclass(frozen=True, slots=True)
class Generated:
    """What was written: answers in all (drills, retries and exams), and their parts."""

    answers: int
    retry_answers: int
    exam_answers: int
    sessions: int
    retries: int
    sittings: int
    passed: int
    trainees: int
    exams: int
    first_day: datetime.date
    last_day: datetime.date

    def to_json(self) -> dict[str, int | str]:
        """JSON-able, the days as ``YYYY-MM-DD``."""
        return {name: value.isoformat() if isinstance(value, datetime.date) else value
                for name, value in asdict(self).items()}

    def summary(self) -> str:
        """One line for a person."""
        return (f"{self.answers:,} answers ({self.retry_answers:,} in {self.retries:,} retries, "
                f"{self.exam_answers:,} in {self.sittings:,} exam sittings, {self.passed:,} "
                f"passed) in {self.sessions:,} drill sessions of {self.trainees:,} trainees, "
                f"{self.first_day} to {self.last_day}")


def staff(trainees: int, password_hash: str) -> tuple[list[NewAccount], NewAccount]:
    """A centre's accounts: ``trainees`` trainees, ``trainee001``..., and a ``supervisor``,
    all with one password hash."""
    width = max(3, len(str(trainees)))
    return ([NewAccount(f"trainee{n:0{width}d}", password_hash) for n in range(1, trainees + 1)],
            NewAccount("supervisor", password_hash))


def occupied(db: Database) -> str | None:
    """Why a history may not be written into ``db`` (None: it may): it holds accounts, or
    the tables of something else."""
    tables = db.table_names()
    if "users" not in tables:
        return "it holds tables that are not a trainer database's" if tables else None
    accounts = db["users"].count
    return f"it holds {accounts:,} account{'s' if accounts != 1 else ''}" if accounts else None


def build(db: Database, *, answers: int, trainees: Sequence[NewAccount],
          supervisor: NewAccount, days: int, seed: int = 1,
          last_day: datetime.date | None = None,
          progress: Callable[[int], None] | None = None) -> Generated:
    """Write a history of exactly ``answers`` answers (drill, retry and exam answers alike)
    over the ``days`` days ending ``last_day`` (default: yesterday, UTC) into ``db``, a
    migrated database without accounts.  The accounts are made as they join: the first
    trainee and the ``supervisor`` on the first day.  ``progress`` is told how many
    answers each session or sitting wrote."""
    if (refusal := occupied(db)) is not None:
        raise ValueError(f"a history goes into a database without accounts: {refusal}")
    if last_day is None:
        last_day = datetime.datetime.now(datetime.UTC).date() - datetime.timedelta(days=1)
    first_day = last_day - datetime.timedelta(days=days - 1)
    writer = _Writer(db, random.Random(seed), seed, first_day, days,
                     progress or (lambda _n: None))
    writer.cast(trainees)
    with _recording_clock(writer.clock):
        writer.write(supervisor, answers)
    return writer.generated(first_day, last_day)


class _Clock:
    """The wall clock the recording code reads while a history is written: the moment
    being written."""

    def __init__(self) -> None:
        self.ms = 0

    def now_ms(self) -> int:
        return self.ms

    def now_iso(self) -> str:
        return connection.iso_at(self.ms)


@contextlib.contextmanager
def _recording_clock(clock: _Clock) -> Iterator[None]:
    """Point the recording code's ``now_ms`` and ``now_iso`` (in every ``trainer.db``
    module that has them) at ``clock`` for the while.

    A session's start, a sitting's start and finish and an account's creation are stamped
    with the wall clock, not a time passed in: without this, a year of history would
    have been started and finished today."""
    clocks = {"now_ms": clock.now_ms, "now_iso": clock.now_iso}
    originals = {name: getattr(connection, name) for name in clocks}
    swapped = [(module, name) for module in list(sys.modules.values())
               if getattr(module, "__name__", "").startswith("trainer.db")
               for name in clocks if getattr(module, name, None) is originals[name]]
    for module, name in swapped:
        setattr(module, name, clocks[name])
    try:
        yield
    finally:
        for module, name in swapped:
            setattr(module, name, originals[name])


@dataclass(frozen=True, slots=True)
class _Dealt:
    """A real question and the answers recorded for it: right, and wrong."""

    house: str
    family: str
    difficulty: str
    seed: int
    expected: str
    """As the question stores it (the verdict's text)."""
    right: str
    wrong: str
    par_ms: int
    wrong_mispaid: tuple[int, int] | None = None
    """What the wrong answer would pay over and under what was due, in cents (None: the
    question asks no payout); the right one pays nothing wrongly."""

    def recorded(self, right: bool) -> tuple[str, tuple[int, int] | None]:
        """The answer recorded, right or wrong, and what it would have paid wrongly."""
        if right:
            return self.right, None if self.wrong_mispaid is None else (0, 0)
        return self.wrong, self.wrong_mispaid


_NUMBER = re.compile(r"[0-9]+")


def _deal(house: str, family: Family, seed: int, difficulty: str) -> _Dealt:
    """The question ``seed`` deals, with its right and a wrong answer as recorded."""
    question = generate(house, family, seed, difficulty)
    right = check(question, question.answer_text).given
    wrong = _wrong(question)
    return _Dealt(house, family.name, difficulty, seed, question.expected_text, right,
                  wrong.given, family.par_seconds * 1000,
                  wrong.mispaid.cents if wrong.mispaid else None)


def _wrong(question: Question) -> Verdict:
    """The verdict on an answer the drills read and judge wrong (its ``given`` as the app
    records it): another choice, or the answer with its first number slipped by one."""
    text = question.answer_text
    slipped = _NUMBER.sub(lambda found: str(int(found.group()) + 1), text, count=1)
    for tried in (*question.choices, slipped, "yes", "no", "hard 12"):
        try:
            verdict = check(question, tried)
        except NotAnAnswer:
            continue
        if not verdict.correct:
            return verdict
    raise ValueError(f"no wrong answer found for {question.key}")


@dataclass(slots=True)
class _Trainee:
    """A trainee as the history sees them: when they join and how they learn."""

    account: NewAccount
    joined: int
    """The day they join, counted from the first."""
    ability: float
    """Log-odds of a right answer above or below the average trainee's."""
    pace: float
    """Log of how much slower than the average trainee they answer."""
    diligence: float
    """How often they drill, against the others."""
    home: str
    """The house they train for."""
    id: int = 0
    free_at: int = 0
    """When they are done with their last session or sitting (ms)."""


@dataclass(frozen=True, slots=True)
class _Sitting:
    """A sitting booked: the exam, who sits it and when (ms)."""

    exam: exams_db.Exam
    trainee: _Trainee
    at: int


@dataclass(slots=True)
class _Counts:
    """What has been written so far (see :class:`Generated`)."""

    answers: int = 0
    retry_answers: int = 0
    exam_answers: int = 0
    sessions: int = 0
    retries: int = 0
    sittings: int = 0
    passed: int = 0
    exams: int = 0


@dataclass(slots=True)
class _Writer:
    """Writes the history day by day, each row at the moment it happens."""

    db: Database
    rng: random.Random
    seed: int
    first_day: datetime.date
    days: int
    progress: Callable[[int], None]
    clock: _Clock = field(default_factory=_Clock)
    families: dict[str, Family] = field(default_factory=load_families)
    houses: list[str] = field(default_factory=list)
    pool: dict[tuple[str, str, str], list[_Dealt]] = field(default_factory=dict)
    trainees: list[_Trainee] = field(default_factory=list)
    sittings: dict[int, list[_Sitting]] = field(default_factory=dict)
    counts: _Counts = field(default_factory=_Counts)

    # ------------------------------------------------------------------ who and when

    def cast(self, accounts: Sequence[NewAccount]) -> None:
        """Who joins when (the first on the first day, the later names later), and how
        each learns."""
        self.houses = sorted({h for family in self.families.values() for h in family.houses})
        latest = max(2, self.days * 2 // 3)
        joined = sorted(self.rng.randrange(1, latest) if n and self.days > 1
                        and self.rng.random() < LATE_JOINERS else 0
                        for n in range(len(accounts)))
        self.trainees = [
            _Trainee(account, day, self.rng.gauss(0, 0.45), self.rng.gauss(0, 0.2),
                     self.rng.lognormvariate(0, 0.5) if n else FIRST_DILIGENCE,
                     self.rng.choice(self.houses))
            for n, (account, day) in enumerate(zip(accounts, joined, strict=True))]

    def _budgets(self, answers: int) -> list[int]:
        """Each day's answers: shared by the trainees who have joined and the weekday,
        whole numbers summing to ``answers`` exactly."""
        days = range(self.days)
        weights = [WEEKDAY_SHARE[(self.first_day + datetime.timedelta(days=day)).weekday()]
                   * sum(t.joined <= day for t in self.trainees) for day in days]
        shares = [answers * w / sum(weights) for w in weights]
        budgets = [int(share) for share in shares]
        by_remainder = sorted(days, key=lambda day: budgets[day] - shares[day])
        for day in by_remainder[:answers - sum(budgets)]:
            budgets[day] += 1
        return budgets

    def _day_ms(self, day: int) -> int:
        """The first millisecond of ``day`` (UTC)."""
        start = datetime.datetime.combine(self.first_day + datetime.timedelta(days=day),
                                          datetime.time(), datetime.UTC)
        return int(start.timestamp()) * 1000

    def _experience(self, trainee: _Trainee, at: int) -> float:
        """How far along the learning curve the trainee is: 0 on joining, about 0.6 a third
        of the history later, near 1 at its end."""
        since = max(0, at - self._day_ms(trainee.joined))
        return 1 - math.exp(-3 * since / (self.days * DAY_MS))

    # ------------------------------------------------------------------ the days

    def write(self, supervisor: NewAccount, answers: int) -> None:
        """The supervisor's account, then day after day: who joins, the exam set that day,
        the sittings and the sessions."""
        self.clock.ms = self._day_ms(0) + 7 * HOUR_MS
        boss = create_user(self.db, supervisor.name, "supervisor", supervisor.password_hash).id
        exam_days = self._exam_days(answers)
        for day, budget in enumerate(self._budgets(answers)):
            self._join(day)
            if day in exam_days:
                self._set_exam(EXAMS[exam_days.index(day)], boss, day)
            self._drill_day(day, budget)

    def _join(self, day: int) -> None:
        """The accounts of the trainees who join on ``day``, made before work starts."""
        for n, trainee in enumerate(t for t in self.trainees if t.joined == day):
            self.clock.ms = self._day_ms(day) + 7 * HOUR_MS + 30_000 * (n + 1)
            trainee.id = create_user(self.db, trainee.account.name, "trainee",
                                     trainee.account.password_hash).id

    def _drill_day(self, day: int, budget: int) -> None:
        """The day's sittings at their times, and drill sessions spread over the working
        day for the rest of its ``budget`` (a sitting that does not fit waits a day)."""
        due, reserved = [], 0
        for sitting in sorted(self.sittings.pop(day, []), key=lambda s: s.at):
            if reserved + sitting.exam.questions <= budget:
                due.append(sitting)
                reserved += sitting.exam.questions
            elif day + 1 < self.days:
                self.sittings.setdefault(day + 1, []).append(
                    replace(sitting, at=sitting.at + DAY_MS))
        active = [t for t in self.trainees if t.joined <= day]
        weights = list(itertools.accumulate(t.diligence for t in active))
        drills, done = budget - reserved, 0
        start, span = WORKDAY_MS[0] + self._day_ms(day), WORKDAY_MS[1] - WORKDAY_MS[0]
        while done < drills:
            planned = start + span * done // drills + self.rng.randrange(20 * 60_000)
            while due and due[0].at <= planned:
                self._sit(due.pop(0))
            trainee = self.rng.choices(active, cum_weights=weights)[0]
            length = self.rng.choice(SESSION_LENGTHS)
            done += self._session(trainee, max(planned, trainee.free_at), length,
                                  drills - done)
        for sitting in due:
            self._sit(sitting)

    # ------------------------------------------------------------------ drills

    def _session(self, trainee: _Trainee, at: int, length: int, room: int) -> int:
        """A drill session of ``length`` questions, ended early if ``room`` (the answers
        left for the day) runs out first, and if it had mistakes, maybe a retry of them
        (when they fit in the room); the answers written."""
        house = trainee.home if self.rng.random() < HOME_SHARE else self.rng.choice(self.houses)
        drilled = sorted((f for f in self.families.values() if house in f.houses),
                         key=lambda f: f.name)
        family = MIXED if self.rng.random() < MIXED_SHARE else self.rng.choice(drilled).name
        level = self._level(self._experience(trainee, at))
        turn = self.rng.randrange(len(drilled))
        dealt = [self._dealt(house, self.families[family] if family != MIXED
                             else drilled[(turn + position) % len(drilled)], level)
                 for position in range(length)]
        self.clock.ms = at
        session = drilling.start_session(
            self.db, trainee.id, house, family, level, length, self.rng.randrange(2**31),
            [NewQuestion(position, d.family, d.difficulty, d.seed, d.expected, self._token(),
                         DEAL_VERSION) for position, d in enumerate(dealt)])
        written = min(length, room)
        wrong, at = self._answer(session.id, trainee, dealt[:written], length, at, 0.0)
        if written < length:
            self.clock.ms = at + self.rng.randrange(5_000, 60_000)
            drilling.end_session(self.db, session.id)
        self.counts.sessions += 1
        if wrong and written + len(wrong) <= room and self.rng.random() < RETRY_SHARE:
            self.clock.ms = at + self.rng.randrange(5_000, 60_000)
            retry = drilling.start_retry(self.db, session, self._token)
            assert retry is not None
            _still_wrong, at = self._answer(retry.id, trainee, wrong, len(wrong),
                                            self.clock.ms, RETRY_EASE)
            self.counts.retries += 1
            self.counts.retry_answers += len(wrong)
            written += len(wrong)
        trainee.free_at = at + self.rng.randrange(60_000, 20 * 60_000)
        self.counts.answers += written
        self.progress(written)
        return written

    def _answer(self, session_id: int, trainee: _Trainee, dealt: list[_Dealt], length: int,
                at: int, ease: float) -> tuple[list[_Dealt], int]:
        """Answer the first questions of a session of ``length``, ``dealt``, in order from
        ``at``, as the app records them (each next question sent ahead with the feedback);
        the ones got wrong, and when the last was answered."""
        first = question_at(self.db, session_id, 0)
        assert first is not None
        show_question(self.db, first.id, at)
        shown: QuestionRow | None = replace(first, shown_ms=at)
        wrong, waited = [], 0
        for question in dealt:
            assert shown is not None
            right = self._right(trainee, question, at, ease)
            at += waited + self._answer_ms(trainee, question, at, right)
            answer, mispaid = question.recorded(right)
            recorded = drilling.record_attempt(
                self.db, shown, answer=answer, correct=right, answered_ms=at,
                session_length=length, waited_ms=waited, mispaid_cents=mispaid)
            shown = recorded.sent_ahead
            waited = self.rng.randrange(1_500, 4_000) if right else \
                self.rng.randrange(4_000, 15_000)  # reading the explanation
            if not right:
                wrong.append(question)
        return wrong, at

    def _level(self, experience: float) -> str:
        """Easy levels at first, hard ones later."""
        draw = self.rng.random()
        if draw < 0.05 + 0.6 * (1 - experience):
            return "easy"
        return "hard" if draw > 0.95 - 0.45 * experience else "medium"

    def _dealt(self, house: str, family: Family, level: str) -> _Dealt:
        """A question of ``family`` at ``house`` and ``level`` (its first level if it has
        none of that name), drawn from those dealt for it."""
        difficulty = level if level in family.difficulties else family.difficulties[0]
        key = (house, family.name, difficulty)
        if (dealt := self.pool.get(key)) is None:
            seeds = random.Random(f"{self.seed}/{house}/{family.name}/{difficulty}")
            dealt = self.pool[key] = [_deal(house, family, seeds.randrange(2**31), difficulty)
                                      for _ in range(POOL_SEEDS)]
        return self.rng.choice(dealt)

    def _right(self, trainee: _Trainee, question: _Dealt, at: int, ease: float) -> bool:
        """Whether the trainee gets ``question`` right at ``at`` (``ease``: odds added)."""
        odds = (BASE_EASE + trainee.ability + FAMILY_EASE.get(question.family, 0.0)
                + LEVEL_EASE.get(question.difficulty, 0.0)
                + LEARNING * self._experience(trainee, at) + ease)
        return self.rng.random() < 1 / (1 + math.exp(-odds))

    def _answer_ms(self, trainee: _Trainee, question: _Dealt, at: int, right: bool) -> int:
        """About the family's par: half as long again at first, a little under par later,
        longer for a wrong answer."""
        mean = trainee.pace + 0.4 - 0.55 * self._experience(trainee, at)
        took = question.par_ms * math.exp(self.rng.gauss(mean, 0.35)) * (1 if right else 1.3)
        return int(min(max(took, 800), 8 * question.par_ms))

    def _token(self) -> str:
        """A question's token, as random as the app's (``secrets.token_urlsafe(16)``) but
        drawn from the history's seed."""
        return base64.urlsafe_b64encode(self.rng.randbytes(16)).rstrip(b"=").decode()

    # ------------------------------------------------------------------ exams

    def _exam_days(self, answers: int) -> list[int]:
        """The days the exams are set, spread over the history."""
        count = max(1, min(len(EXAMS), answers // (len(self.trainees) * ANSWERS_PER_EXAM)))
        return [self.days * (n + 1) // (count + 1) for n in range(count)]

    def _set_exam(self, plan: tuple[str, tuple[str, ...], tuple[str, ...]], boss: int,
                  day: int) -> None:
        """Set an exam at 08:00 for every trainee who has joined; each sits it within the
        next days (at most two weeks)."""
        title, houses, families = plan
        self.clock.ms = self._day_ms(day) + WORKDAY_MS[0]
        assigned = [t for t in self.trainees if t.joined <= day]
        exam = exams_db.create_exam(
            self.db, title=title, houses=houses, families=families, difficulty="medium",
            questions=10, pass_mark=80, time_limit_s=60, attempts_allowed=2,
            created_by=boss, assign_to=[t.id for t in assigned])
        self.counts.exams += 1
        for trainee in assigned:
            self._schedule(exam, trainee, day)

    def _schedule(self, exam: exams_db.Exam, trainee: _Trainee, after: int) -> None:
        """Book a sitting some days after ``after``, within the history."""
        day = after + self.rng.randint(1, max(1, min(14, self.days // 10)))
        if day < self.days:
            at = self._day_ms(day) + self.rng.randrange(9 * HOUR_MS, 16 * HOUR_MS)
            self.sittings.setdefault(day, []).append(_Sitting(exam, trainee, at))

    def _sit(self, booked: _Sitting) -> None:
        """Sit an exam: its questions in turn over its houses and families, each answered
        within (or, now and then, past) its time limit; a failed sitting is sat again
        later while attempts are left."""
        exam, trainee = booked.exam, booked.trainee
        at = self.clock.ms = max(booked.at, trainee.free_at)
        sitting = exams_db.start_sitting(self.db, exam, trainee.id, self.rng.randrange(2**31))
        pairs = [(house, self.families[name]) for house in exam.houses for name in exam.families
                 if house in self.families[name].houses]
        turn = self.rng.randrange(len(pairs))
        for position in range(exam.questions):
            house, family = pairs[(turn + position) % len(pairs)]
            question = self._dealt(house, family, exam.difficulty)
            new = NewQuestion(position, question.family, question.difficulty, question.seed,
                              question.expected, self._token(), DEAL_VERSION)
            asked = exams_db.issue(self.db, sitting, new, house, issued_ms=at)
            assert asked is not None
            right = self._right(trainee, question, at, 0.0)
            at = self.clock.ms = at + self._answer_ms(trainee, question, at, right)
            answer, mispaid = question.recorded(right)
            _stored, sitting, _created = exams_db.record_answer(
                self.db, asked, answer=answer, correct=right, answered_ms=at,
                limit_ms=exam.time_limit_s * 1000 + EXAM_GRACE_MS, pass_mark=exam.pass_mark,
                mispaid_cents=mispaid)
            at += self.rng.randrange(1_000, 3_000)
        trainee.free_at = at + self.rng.randrange(5 * 60_000, 30 * 60_000)
        self.counts.sittings += 1
        self.counts.exam_answers += exam.questions
        self.counts.answers += exam.questions
        self.counts.passed += bool(sitting.passed)
        if not sitting.passed and sitting.number < exam.attempts_allowed:
            self._schedule(exam, trainee, (at - self._day_ms(0)) // DAY_MS)
        self.progress(exam.questions)

    def generated(self, first_day: datetime.date, last_day: datetime.date) -> Generated:
        """What was written."""
        c = self.counts
        return Generated(c.answers, c.retry_answers, c.exam_answers, c.sessions, c.retries,
                         c.sittings, c.passed, len(self.trainees), c.exams, first_day,
                         last_day)
