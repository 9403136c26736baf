"""Reports for the supervisor console: figures, the attempt log, exam results.

The figures (accuracy, medians against par, trends, the heat map, counts) are read from
the day rollups (``trainer.db.rollups``), tallied in SQL and finished in plain Python;
no figure reads the answers.  The attempt log pages through the answers by time with a
keyset (never an OFFSET), and an export streams them a page at a time.  Dates are UTC
calendar days; an answer's time is milliseconds since the epoch (``answered_ms``), so a
day range is a range of milliseconds.  The drill figures read drill answers only (an
exam's answers are its sitting's).
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from sqlite_utils import Database

from trainer.db import rollups
from trainer.db.connection import iso_at
from trainer.db.exams import ExamClock, Sitting, as_seen
from trainer.db.scores import Score, Tally


@dataclass(frozen=True, slots=True)
class Filters:
    """What the supervisor narrowed the view to; ``None`` means no restriction."""

    date_from: datetime.date | None = None
    date_to: datetime.date | None = None
    house: str | None = None
    user_id: int | None = None
    family: str | None = None
    correct: bool | None = None
    user_ids: tuple[int, ...] | None = None
    """Only these trainees (a page of the dashboard's table); the figures only."""


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


def _attempt_where(filters: Filters) -> tuple[str, list[Any]]:
    """The WHERE clause of ``filters`` on answers ``a`` joined to their questions ``q`` and
    users ``u``: always trainees' drill attempts only (a supervisor's own practice is no
    trainee's record; an exam's answers are its sitting's)."""
    clauses = ["u.role = 'trainee'", "q.session_id IS NOT NULL"]
    params: list[Any] = []
    start, end = _day_bounds(filters)
    if start:
        clauses.append("a.answered_ms >= ?")
        params.append(_ms_at(start))
    if end:
        clauses.append("a.answered_ms < ?")
        params.append(_ms_at(end))
    for column, value in (("q.house", filters.house), ("a.user_id", filters.user_id),
                          ("q.family", filters.family)):
        if value is not None:
            clauses.append(f"{column} = ?")
            params.append(value)
    if filters.correct is not None:
        clauses.append("a.correct = ?")
        params.append(int(filters.correct))
    return " WHERE " + " AND ".join(clauses), params


_JOINED = "answers a JOIN questions q ON q.id = a.question_id"


# ------------------------------------------------------------------ tallies


@dataclass(frozen=True, slots=True)
class Tallied(Tally):
    """Drill answers counted together from the day rollups (``trainer.db.rollups``): by
    trainee, day, house and family, or by any of them (the others are None).  Retries of
    mistakes are counted apart: practice, left out of the figures."""

    user_id: int | None
    day: datetime.date | None
    house: str | None
    family: str | None
    answered: int
    correct: int
    bins: tuple[int, ...]
    """How many answers took each of ``rollups.TIME_BINS_MS``' times."""
    retries: int = 0
    payouts: int = 0
    """The answers to questions that ask what is paid (a payout, a refund, a table's nets)."""
    overpaid_cents: int = 0
    """What those answers paid over what was due, in all: the house's loss."""
    underpaid_cents: int = 0
    """What they paid under it: the guests' loss."""


_TALLIED = ("answered", "correct", "retries", "payouts", "overpaid_cents", "underpaid_cents")
_GROUPS = ("user_id", "day", "house", "family")


def tallies(db: Database, filters: Filters = Filters(),
            by: Sequence[str] = _GROUPS, *, rights_only: bool = False) -> list[Tallied]:
    """Trainees' drill answers matching ``filters`` (but its result filter), counted by the
    columns ``by`` names (of trainee, day, house, family), in that order.

    ``rights_only``: only the answers and the right ones (every other count 0, no time
    bins), which trends need: by day, the day index covers them, so a dashboard's 60 days
    of trends never read the rows."""
    unknown = set(by) - set(_GROUPS)
    if unknown:
        raise ValueError(f"tallies are by {', '.join(_GROUPS)}, not {', '.join(unknown)}")
    where, params = _tally_where(filters)
    table = _rollup(filters, by)
    grouped = ", ".join(f"d.{column}" for column in by)
    counted = _TALLIED[:2] if rights_only else _TALLIED
    summed = counted if rights_only else (*counted, *rollups.BIN_COLUMNS)
    rows = db.execute(
        f"SELECT {grouped + ', ' if by else ''}"
        f"{', '.join(f'sum(d.{column})' for column in summed)}"
        f" FROM {table} d JOIN users u ON u.id = d.user_id{where}"
        + (f" GROUP BY {grouped} ORDER BY {grouped}" if by else ""), params).fetchall()
    out = []
    for row in rows:
        keys = dict(zip(by, row, strict=False))
        counts = row[len(by):len(by) + len(counted)]
        if counts[0] is None:  # no rows at all, without a GROUP BY
            continue
        day = keys.get("day")
        out.append(Tallied(keys.get("user_id"), None if day is None else rollups.day_of(day),
                           keys.get("house"), keys.get("family"), counts[0], counts[1],
                           tuple(row[len(by) + len(counted):]),
                           **dict(zip(counted[2:], counts[2:], strict=True))))
    return out


def _rollup(filters: Filters, by: Sequence[str] = ()) -> str:
    """The rollup a tally reads: by day where it is by day or a date range narrows it, else
    the all-time totals."""
    dated = "day" in by or filters.date_from is not None or filters.date_to is not None
    return "drill_days" if dated else "drill_totals"


def _tally_where(filters: Filters) -> tuple[str, list[Any]]:
    clauses = ["u.role = 'trainee'"]
    params: list[Any] = []
    if filters.date_from:
        clauses.append("d.day >= ?")
        params.append(rollups.day_number(filters.date_from))
    if filters.date_to and filters.date_to < datetime.date.max:
        clauses.append("d.day <= ?")
        params.append(rollups.day_number(filters.date_to))
    for column in ("house", "user_id", "family"):
        if (value := getattr(filters, column)) is not None:
            clauses.append(f"d.{column} = ?")
            params.append(value)
    if filters.user_ids is not None:
        clauses.append(f"d.user_id IN ({', '.join('?' * len(filters.user_ids)) or 'NULL'})")
        params.extend(filters.user_ids)
    return " WHERE " + " AND ".join(clauses), params


def tallied_score(items: Iterable[Tallied], par_ms: Mapping[str, int] | None = None) -> Score:
    """The score of the answers tallied: right out of answered, and the median time (from
    the time bins) against the median par of the answers (by their families)."""
    rows = list(items)
    answered = sum(t.answered for t in rows)
    if not answered:
        return Score()
    bins = [sum(column) for column in zip(*(t.bins for t in rows), strict=True)]
    pars: dict[int, int] = {}
    for t in rows:
        if par_ms and t.family is not None and t.family in par_ms:
            pars[par_ms[t.family]] = pars.get(par_ms[t.family], 0) + t.answered
    return Score(answered, sum(t.correct for t in rows), rollups.median_of_bins(bins),
                 weighted_median(pars))


@dataclass(frozen=True, slots=True)
class PayoutCost:
    """What a trainee's wrong payouts would cost at the table, per 100 payouts asked: the
    house (paid over what was due) and its guests (paid under it), at the drills' bets."""

    payouts: int
    over_cents: int
    under_cents: int

    @property
    def house_per_100(self) -> Decimal | None:
        return self._per_100(self.over_cents)

    @property
    def guests_per_100(self) -> Decimal | None:
        return self._per_100(self.under_cents)

    def _per_100(self, cents: int) -> Decimal | None:
        if not self.payouts:
            return None
        return (Decimal(cents) / self.payouts).quantize(Decimal("0.01"))


def payout_cost(items: Iterable[Tallied]) -> PayoutCost:
    """The payout cost of the answers tallied."""
    rows = list(items)
    return PayoutCost(sum(t.payouts for t in rows), sum(t.overpaid_cents for t in rows),
                      sum(t.underpaid_cents for t in rows))


def weighted_median(counts: Mapping[int, int]) -> int | None:
    """The median of values each counted so many times (the mean of the middle two for an
    even count, as :func:`scores.median` gives), None for none."""
    total = sum(counts.values())
    if not total:
        return None
    ordered = sorted(counts.items())

    def nth(n: int) -> int:
        seen = 0
        for value, count in ordered:
            seen += count
            if n < seen:
                return value
        raise AssertionError("unreachable: n is below the total")  # pragma: no cover

    return (nth((total - 1) // 2) + nth(total // 2)) // 2


def count_attempts(db: Database, filters: Filters = Filters(), *,
                   retries_only: bool = False) -> int:
    """How many drill answers the log lists for ``filters`` (retries included; only them
    with ``retries_only``), counted from the rollups."""
    where, params = _tally_where(filters)
    table = _rollup(filters)
    right = "d.retries_correct" if retries_only else "d.correct + d.retries_correct"
    every = "d.retries" if retries_only else "d.answered + d.retries"
    counted = {None: every, True: right, False: f"{every} - ({right})"}[filters.correct]
    found = db.execute(f"SELECT sum({counted}) FROM {table} d JOIN users u"
                       f" ON u.id = d.user_id{where}", params).fetchone()[0]
    return int(found or 0)


def count_retries(db: Database, filters: Filters = Filters()) -> int:
    """How many of the filtered attempts were answered in retries (listed, not in figures)."""
    return count_attempts(db, filters, retries_only=True)


def houses_drilled(db: Database) -> list[str]:
    """Every house with at least one drill attempt."""
    return [r[0] for r in db.execute("SELECT DISTINCT house FROM drill_totals ORDER BY house")]


# ------------------------------------------------------------------ the log


@dataclass(frozen=True, slots=True)
class LogRow:
    """An attempt as the log and the CSV export list it."""

    id: int
    user_id: int
    username: str
    answered_ms: int
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

    @property
    def answered_at(self) -> str:
        return iso_at(self.answered_ms)

    @property
    def cursor(self) -> tuple[int, int]:
        """Where the page after this row starts: the rows answered before it."""
        return (self.answered_ms, self.id)


def attempt_log(db: Database, filters: Filters = Filters(), *, limit: int = 50,
                after: tuple[int, int] | None = None,
                before: tuple[int, int] | None = None) -> list[LogRow]:
    """The filtered attempts, newest first: the ``limit`` newest answered before ``after``
    (the ``cursor`` of the last row of the page before), or the ``limit`` oldest answered
    after ``before`` (the first row's of the page after).  Keyset pages walk the answers
    by time (``answers_time``, or ``answers_user`` for a trainee), never past rows."""
    where, params = _attempt_where(filters)
    order = "DESC"
    if after is not None:
        where += " AND (a.answered_ms, a.id) < (?, ?)"
        params = [*params, *after]
    elif before is not None:
        where += " AND (a.answered_ms, a.id) > (?, ?)"
        params, order = [*params, *before], "ASC"
    sql = (
        "SELECT a.id, a.user_id, u.username, a.answered_ms, q.house, q.family,"
        " q.difficulty, a.answer, q.expected, a.correct, a.elapsed_ms, q.session_id,"
        " q.position, a.waited_ms, a.retry, q.set_aside_ms"
        f" FROM {_JOINED} JOIN users u ON u.id = a.user_id{where}"
        f" ORDER BY a.answered_ms {order}, a.id {order} LIMIT ?"
    )
    rows = [_log_row(*row) for row in db.execute(sql, [*params, limit]).fetchall()]
    return rows[::-1] if order == "ASC" else rows


def _log_row(*row: Any) -> LogRow:
    """A row of the log's query as a ``LogRow`` (its flags as booleans)."""
    fields = list(row)
    for flag in (9, 14):  # correct, retry
        fields[flag] = bool(fields[flag])
    return LogRow(*fields)


def every_attempt(db: Database, filters: Filters = Filters(), *,
                  chunk: int = 2_000) -> Iterator[LogRow]:
    """Every filtered attempt, newest first, read a page at a time (an export of a year
    streams in flat memory, and holds no read open between pages)."""
    after = None
    while page := attempt_log(db, filters, limit=chunk, after=after):
        yield from page
        after = page[-1].cursor


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


def trend(items: Iterable[Tallied], today: datetime.date, days: int) -> Trend:
    """The last ``days`` days up to ``today`` (included) against the ``days`` before
    (``items`` tallied by day): right out of answered in each (a trend has no times)."""
    start = today - datetime.timedelta(days=days - 1)
    previous = start - datetime.timedelta(days=days)
    recent, before = [0, 0], [0, 0]
    for t in items:
        if t.day is not None and previous <= t.day <= today:
            counted = recent if t.day >= start else before
            counted[0] += t.answered
            counted[1] += t.correct
    return Trend(days, Score(*recent), Score(*before))


@dataclass(frozen=True, slots=True)
class DayPoint(Tally):
    day: datetime.date
    answered: int
    correct: int


def daily(items: Iterable[Tallied], start: datetime.date, end: datetime.date) -> list[DayPoint]:
    """One point per day from ``start`` to ``end`` (days without attempts have 0 answered)."""
    counts: dict[datetime.date, list[int]] = {}
    for t in items:
        if t.day is None:
            continue
        counts.setdefault(t.day, [0, 0])
        counts[t.day][0] += t.answered
        counts[t.day][1] += t.correct
    points = []
    day = start
    while day <= end:
        answered, correct = counts.get(day, [0, 0])
        points.append(DayPoint(day, answered, correct))
        day += datetime.timedelta(days=1)
    return points


def series(items: Iterable[Tallied], start: datetime.date, end: datetime.date,
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
    """Right out of answered in each family (the heat map's cells: no times)."""
    cost: PayoutCost = PayoutCost(0, 0, 0)


def trainee_lines(
    accounts: Iterable[Any],
    by_family: Iterable[Tallied],
    by_day: Iterable[Tallied],
    par_ms: Mapping[str, int],
    today: datetime.date,
) -> list[TraineeLine]:
    """The dashboard table: ``by_family`` (tallied by trainee and family) for the scores,
    ``by_day`` (by trainee and day, recent) for the trends.

    ``accounts`` are trainee accounts (with ``id``, ``username``, ``active``,
    ``last_active``); every one gets a line, with or without attempts.
    """
    families: dict[int, dict[str, Tallied]] = {}
    for t in by_family:
        if t.user_id is not None and t.family is not None:
            families.setdefault(t.user_id, {})[t.family] = t
    days: dict[int, list[Tallied]] = {}
    for t in by_day:
        if t.user_id is not None:
            days.setdefault(t.user_id, []).append(t)
    lines = []
    for account in accounts:
        mine = families.get(account.id, {})
        recent = days.get(account.id, [])
        lines.append(TraineeLine(
            account.id, account.username, account.active,
            tallied_score(mine.values(), par_ms), account.last_active,
            trend(recent, today, 7), trend(recent, today, 30),
            {name: Score(t.answered, t.correct) for name, t in sorted(mine.items())},
            payout_cost(mine.values()),
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
                 finished_only: bool = True, clock: ExamClock | None = None
                 ) -> list[ExamResult]:
    """Exam sittings, newest first: by finish day, house (one of the exam's), trainee, exam;
    as seen at ``clock`` (a walk-out shown closed, see ``exams.as_seen``), else as stored."""
    import json

    clauses = ["1 = 1"]
    params: list[Any] = []
    start, end = _day_bounds(filters)
    # an open sitting may be shown closed (``clock``): its finish and day are known only then
    still_open = "s.finished_at IS NULL OR " if clock is not None else ""
    if finished_only and clock is None:
        clauses.append("s.finished_at IS NOT NULL")
    if start:
        clauses.append(f"({still_open}coalesce(s.finished_at, s.started_at) >= ?)")
        params.append(start)
    if end:
        clauses.append(f"({still_open}coalesce(s.finished_at, s.started_at) < ?)")
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
        if not sitting.finished:
            sitting = as_seen(db, sitting, clock)
            day = sitting.finished_at or sitting.started_at
            if (finished_only and not sitting.finished) or (start and day < start) or (
                    end and day >= end):
                continue
        results.append(ExamResult(sitting, r["username"], r["title"],
                                  tuple(json.loads(r["houses"])), r["pass_mark"],
                                  bool(r["withdrawn"]), r["attempts_allowed"]))
    return results
