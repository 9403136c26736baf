"""Reports for the supervisor console: filtered attempts, per-trainee figures, exam results.

The SQL fetches filtered rows; the figures (accuracy, medians, trends, the
heat map) are computed here in plain Python from those rows, so they are
easy to test with exact values.  Dates are UTC calendar days (``YYYY-MM-DD``);
an answer's time is milliseconds since the epoch (``answered_ms``), so a day range is a
range of milliseconds.  The drill figures read drill answers only (an exam's answers are
its sitting's).
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from sqlite_utils import Database

from trainer.db.connection import iso_at
from trainer.db.exams import Sitting
from trainer.db.scores import Score, Tally, score


@dataclass(frozen=True, slots=True)
class Filters:
    """What the supervisor narrowed the view to; ``None`` means no restriction."""

    date_from: datetime.date | None = None
    date_to: datetime.date | None = None
    house: str | None = None
    user_id: int | None = None
    family: str | None = None
    correct: bool | None = None


def _day_bounds(filters: Filters) -> tuple[str | None, str | None]:
    start = filters.date_from.isoformat() if filters.date_from else None
    end = None
    if filters.date_to and filters.date_to < datetime.date.max:
        end = (filters.date_to + datetime.timedelta(days=1)).isoformat()
    return start, end


def _ms_at(day: str) -> int:
    """The first millisecond of a UTC day ``YYYY-MM-DD``."""
    moment = datetime.datetime.fromisoformat(day).replace(tzinfo=datetime.UTC)
    return int(moment.timestamp()) * 1000


def _attempt_where(filters: Filters, alias: str = "a",
                   retry: bool | None = None) -> tuple[str, list[Any]]:
    """The WHERE clause of ``filters`` on answers ``alias`` joined to their questions ``q``
    (``retry``: only attempts in retries, or none): always trainees' drill attempts only (a
    supervisor's own practice is no trainee's record; an exam's answers are its sitting's)."""
    clauses = [f"{alias}.user_id IN (SELECT id FROM users WHERE role = 'trainee')",
               "q.session_id IS NOT NULL"]
    if retry is not None:
        clauses.append(f"{alias}.retry = {int(retry)}")
    params: list[Any] = []
    start, end = _day_bounds(filters)
    if start:
        clauses.append(f"{alias}.answered_ms >= ?")
        params.append(_ms_at(start))
    if end:
        clauses.append(f"{alias}.answered_ms < ?")
        params.append(_ms_at(end))
    if filters.house:
        clauses.append("q.house = ?")
        params.append(filters.house)
    if filters.user_id is not None:
        clauses.append(f"{alias}.user_id = ?")
        params.append(filters.user_id)
    if filters.family:
        clauses.append("q.family = ?")
        params.append(filters.family)
    if filters.correct is not None:
        clauses.append(f"{alias}.correct = ?")
        params.append(int(filters.correct))
    return " WHERE " + " AND ".join(clauses), params


_JOINED = "answers a JOIN questions q ON q.id = a.question_id"


# ------------------------------------------------------------------ rows


@dataclass(frozen=True, slots=True)
class Fact:
    """One attempt reduced to what the figures need."""

    user_id: int
    family: str
    house: str
    correct: bool
    elapsed_ms: int
    answered_at: str

    @property
    def day(self) -> datetime.date:
        return datetime.date.fromisoformat(self.answered_at[:10])


def facts(db: Database, filters: Filters = Filters()) -> list[Fact]:
    """The filtered attempts, oldest first, as ``Fact``s: what every figure is worked out
    from, so retries of mistakes (practice, the answers just seen) are left out."""
    where, params = _attempt_where(filters, retry=False)
    rows = db.execute(
        "SELECT a.user_id, q.family, q.house, a.correct, a.elapsed_ms, a.answered_ms"
        f" FROM {_JOINED}{where} ORDER BY a.id",
        params,
    ).fetchall()
    return [Fact(u, f, h, bool(c), e, iso_at(t)) for u, f, h, c, e, t in rows]


@dataclass(frozen=True, slots=True)
class LogRow:
    """An attempt as the log and the CSV export list it."""

    id: int
    user_id: int
    username: str
    answered_at: str
    house: str
    family: str
    difficulty: str
    answer: str
    expected: str
    correct: bool
    elapsed_ms: int
    session_id: int
    position: int
    waited_ms: int
    retry: bool
    """Answered in a retry of a session's mistakes: listed, left out of the figures."""
    set_aside_ms: int


def attempt_log(db: Database, filters: Filters = Filters(), *, limit: int | None = None,
                offset: int = 0) -> list[LogRow]:
    """The filtered attempts, newest first (``limit=None``: all of them)."""
    where, params = _attempt_where(filters)
    sql = (
        "SELECT a.id, a.user_id, u.username, a.answered_ms AS answered_at, q.house, q.family,"
        " q.difficulty, a.answer, q.expected, a.correct, a.elapsed_ms, q.session_id,"
        " q.position, a.waited_ms, a.retry, q.set_aside_ms"
        f" FROM {_JOINED} JOIN users u ON u.id = a.user_id{where} ORDER BY a.id DESC"
    )
    if limit is not None:
        sql += " LIMIT ? OFFSET ?"
        params = [*params, limit, offset]
    return [LogRow(**(r | {"correct": bool(r["correct"]), "retry": bool(r["retry"]),
                           "answered_at": iso_at(r["answered_at"])}))
            for r in db.query(sql, params)]


def count_attempts(db: Database, filters: Filters = Filters()) -> int:
    where, params = _attempt_where(filters)
    return int(db.execute(f"SELECT count(*) FROM {_JOINED}{where}", params).fetchone()[0])


def count_retries(db: Database, filters: Filters = Filters()) -> int:
    """How many of the filtered attempts were answered in retries (listed, not in figures)."""
    where, params = _attempt_where(filters, retry=True)
    return int(db.execute(f"SELECT count(*) FROM {_JOINED}{where}", params).fetchone()[0])


def houses_drilled(db: Database) -> list[str]:
    """Every house with at least one drill attempt."""
    return [r[0] for r in db.execute(f"SELECT DISTINCT q.house FROM {_JOINED}"
                                     " WHERE q.session_id IS NOT NULL ORDER BY q.house")]


# ------------------------------------------------------------------ figures


@dataclass(frozen=True, slots=True)
class Trend:
    """Accuracy over the last N days and the N days before, for a trend arrow."""

    days: int
    recent: Score
    before: Score

    @property
    def change(self) -> int | None:
        """Percentage points gained (+) or lost (−) against the period before."""
        if self.recent.percent is None or self.before.percent is None:
            return None
        return self.recent.percent - self.before.percent


def trend(items: Iterable[Fact], today: datetime.date, days: int) -> Trend:
    """The last ``days`` days up to ``today`` (included) against the ``days`` before."""
    start = today - datetime.timedelta(days=days - 1)
    previous = start - datetime.timedelta(days=days)
    rows = list(items)
    return Trend(days, score(f for f in rows if start <= f.day <= today),
                 score(f for f in rows if previous <= f.day < start))


@dataclass(frozen=True, slots=True)
class DayPoint(Tally):
    day: datetime.date
    answered: int
    correct: int


def daily(items: Iterable[Fact], start: datetime.date, end: datetime.date) -> list[DayPoint]:
    """One point per day from ``start`` to ``end`` (days without attempts have 0 answered)."""
    counts: dict[datetime.date, list[int]] = {}
    for f in items:
        counts.setdefault(f.day, [0, 0])
        counts[f.day][0] += 1
        counts[f.day][1] += int(f.correct)
    points = []
    day = start
    while day <= end:
        answered, correct = counts.get(day, [0, 0])
        points.append(DayPoint(day, answered, correct))
        day += datetime.timedelta(days=1)
    return points



def series(items: Iterable[Fact], start: datetime.date, end: datetime.date,
           step: int = 1) -> list[DayPoint]:
    """Points every ``step`` days from ``start`` (each labelled by its first day) to ``end``."""
    days = daily(items, start, end)
    if step <= 1:
        return days
    points = []
    for i in range(0, len(days), step):
        chunk = days[i:i + step]
        points.append(DayPoint(chunk[0].day, sum(p.answered for p in chunk),
                               sum(p.correct for p in chunk)))
    return points

@dataclass(frozen=True, slots=True)
class TraineeLine:
    """One row of the dashboard's trainee table."""

    user_id: int
    username: str
    active: bool
    score: Score
    last_active: str | None
    week: Trend
    month: Trend
    families: dict[str, Score] = field(default_factory=dict)


def trainee_lines(
    accounts: Iterable[Any],
    filtered: Iterable[Fact],
    recent: Iterable[Fact],
    par_ms: Mapping[str, int],
    today: datetime.date,
) -> list[TraineeLine]:
    """The dashboard table: ``filtered`` facts for the scores, ``recent`` for the trends.

    ``accounts`` are trainee accounts (with ``id``, ``username``, ``active``,
    ``last_active``); every one gets a line, with or without attempts.
    """
    by_user: dict[int, list[Fact]] = {}
    for f in filtered:
        by_user.setdefault(f.user_id, []).append(f)
    recent_by_user: dict[int, list[Fact]] = {}
    for f in recent:
        recent_by_user.setdefault(f.user_id, []).append(f)
    lines = []
    for account in accounts:
        mine = by_user.get(account.id, [])
        families: dict[str, list[Fact]] = {}
        for f in mine:
            families.setdefault(f.family, []).append(f)
        lines.append(TraineeLine(
            account.id, account.username, account.active, score(mine, par_ms),
            account.last_active,
            trend(recent_by_user.get(account.id, []), today, 7),
            trend(recent_by_user.get(account.id, []), today, 30),
            {name: score(items, par_ms) for name, items in sorted(families.items())},
        ))
    return lines


def weakest(families: Mapping[str, Score], at_least: int = 1, count: int = 3
            ) -> list[tuple[str, Score]]:
    """The families with the lowest accuracy (ties: more answers first), at most ``count``;
    a family answered without a mistake is no weak spot."""
    ranked = sorted(
        ((name, s) for name, s in families.items()
         if s.answered >= at_least and s.correct < s.answered),
        key=lambda item: (item[1].correct / item[1].answered, -item[1].answered, item[0]),
    )
    return ranked[:count]


# ------------------------------------------------------------------ exam results


@dataclass(frozen=True, slots=True)
class ExamResult:
    """A finished (or open) sitting with its trainee and exam."""

    sitting: Sitting
    username: str
    exam_title: str
    houses: tuple[str, ...]
    pass_mark: int
    withdrawn: bool = False
    """The exam is withdrawn (a new exam may have its title since)."""
    attempts_allowed: int = 1
    """The sittings the trainee may have: the exam's attempts and any a supervisor added."""


def exam_results(db: Database, filters: Filters = Filters(), *, exam_id: int | None = None,
                 finished_only: bool = True) -> list[ExamResult]:
    """Exam sittings, newest first: by finish day, house (one of the exam's), trainee, exam."""
    import json

    clauses = ["1 = 1"]
    params: list[Any] = []
    start, end = _day_bounds(filters)
    if finished_only:
        clauses.append("s.finished_at IS NOT NULL")
    if start:
        clauses.append("coalesce(s.finished_at, s.started_at) >= ?")
        params.append(start)
    if end:
        clauses.append("coalesce(s.finished_at, s.started_at) < ?")
        params.append(end)
    if filters.house:
        clauses.append("EXISTS (SELECT 1 FROM json_each(e.houses) WHERE value = ?)")
        params.append(filters.house)
    if filters.user_id is not None:
        clauses.append("s.user_id = ?")
        params.append(filters.user_id)
    if exam_id is not None:
        clauses.append("s.exam_id = ?")
        params.append(exam_id)
    rows = db.query(
        "SELECT s.id, s.exam_id, s.user_id, s.number, s.seed, s.started_at, s.finished_at,"
        " s.correct, s.total, s.passed, s.elapsed_ms, u.username, e.title, e.houses,"
        " (SELECT count(*) FROM questions q WHERE q.sitting_id = s.id) AS asked,"
        " e.pass_mark, e.withdrawn_at IS NOT NULL AS withdrawn, e.attempts_allowed"
        " + (SELECT count(*) FROM exam_attempt_grants g WHERE g.exam_id = s.exam_id"
        " AND g.user_id = s.user_id) AS attempts_allowed"
        " FROM exam_sittings s JOIN users u ON u.id = s.user_id"
        " JOIN exams e ON e.id = s.exam_id WHERE " + " AND ".join(clauses)
        + " ORDER BY s.id DESC",
        params,
    )
    results = []
    for r in rows:
        passed = r["passed"]
        sitting = Sitting(r["id"], r["exam_id"], r["user_id"], r["number"], r["seed"],
                          r["started_at"], r["finished_at"], r["correct"], r["total"],
                          None if passed is None else bool(passed), r["elapsed_ms"],
                          r["asked"])
        results.append(ExamResult(sitting, r["username"], r["title"],
                                  tuple(json.loads(r["houses"])), r["pass_mark"],
                                  bool(r["withdrawn"]), r["attempts_allowed"]))
    return results
