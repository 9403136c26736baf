"""Per-day rollups of drill answers: what the supervisor's figures are read from.

One row a trainee, UTC day, house and family (``drill_days``; ``drill_totals`` without
the day) counts the answers given
in drill sessions (retries of mistakes apart: practice, not in the figures), the right
ones, the time they took and how those times fall into ``TIME_BINS_MS``, which is
enough to put a median against a par without reading an answer.  The row is updated in
the transaction that records the answer (``add_answer``), and built from the answers
themselves by the migration that made it (``backfill``): a year of a training centre,
10 million answers, is about 225 thousand rows.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence

from sqlite_utils import Database

DAY_MS = 86_400_000
TIME_BINS_MS = (1_000, 2_000, 3_000, 4_000, 5_000, 6_000, 7_000, 8_000, 10_000, 12_000,
                15_000, 20_000, 30_000, 45_000, 60_000)
"""The upper bounds of the answer-time bins (the last bin, over a minute, has none):
whole seconds where most answers fall, wider above."""
BIN_COLUMNS = tuple(f"t{n}" for n in range(len(TIME_BINS_MS) + 1))
"""The columns counting the answers of each time bin, fastest first."""
EPOCH = datetime.date(1970, 1, 1)

_COUNTS = ("answered", "correct", "elapsed_ms", "retries", "retries_correct", "payouts",
           "overpaid_cents", "underpaid_cents", *BIN_COLUMNS)
"""What a rollup row counts: ``payouts`` are the answers to questions that ask what is
paid, and ``overpaid_cents`` and ``underpaid_cents`` what they paid wrongly."""
_COUNTED = ", ".join(f"{column} INTEGER NOT NULL DEFAULT 0" for column in _COUNTS)
CREATE = (
    f"""
    CREATE TABLE drill_days (
        user_id INTEGER NOT NULL REFERENCES users(id),
        day INTEGER NOT NULL,
        house TEXT NOT NULL,
        family TEXT NOT NULL,
        {_COUNTED},
        recent TEXT NOT NULL DEFAULT '',
        PRIMARY KEY (user_id, day, house, family)
    ) WITHOUT ROWID
    """,
    f"""
    CREATE TABLE drill_totals (
        user_id INTEGER NOT NULL REFERENCES users(id),
        house TEXT NOT NULL,
        family TEXT NOT NULL,
        {_COUNTED},
        recent TEXT NOT NULL DEFAULT '',
        PRIMARY KEY (user_id, family, house)
    ) WITHOUT ROWID
    """,
)
"""``drill_days`` counts by UTC day (``day``: days since 1970-01-01, an answer's
``answered_ms // DAY_MS``); ``drill_totals`` the same over all time, for the figures of
a view without a date range (a dashboard of all time reads 3 thousand rows, not 300
thousand), and the trainee's latest answers there, ``recent`` (see ``outcomes``); a day's
row keeps ``recent`` as it stood at its last answer that day, so a level's rise shows from
one day to the next (empty for the days rolled up by the migration)."""

RECENT_KEPT = 50
"""How many of a trainee's latest answers in a family at a house ``recent`` keeps."""
OUTCOME_CODES = "0123456789abcdefghijklmnopqrstuv"
"""An answer's outcome as one character: ``2 * time bin + right``."""

_BIN = ("CASE " + " ".join(f"WHEN a.elapsed_ms < {bound} THEN {n}"
                           for n, bound in enumerate(TIME_BINS_MS))
        + f" ELSE {len(TIME_BINS_MS)} END")
_SUMS = ("sum(retry = 0)", "sum(retry = 0 AND correct)",
         "sum(CASE WHEN retry THEN 0 ELSE elapsed_ms END)", "sum(retry)", "sum(retry AND correct)",
         "sum(retry = 0 AND overpaid_cents IS NOT NULL)",
         "sum(CASE WHEN retry THEN 0 ELSE coalesce(overpaid_cents, 0) END)",
         "sum(CASE WHEN retry THEN 0 ELSE coalesce(underpaid_cents, 0) END)",
         *(f"sum(retry = 0 AND bin = {n})" for n in range(len(BIN_COLUMNS))))
_ROLL = (
    "INSERT INTO {table} ({keys}, " + ", ".join(_COUNTS) + ")"
    " SELECT {keys}, " + ", ".join(_SUMS) + " FROM ("
    "  SELECT a.user_id, a.answered_ms / 86400000 AS day, q.house, q.family, a.retry,"
    " a.correct, a.elapsed_ms, a.overpaid_cents, a.underpaid_cents,"
    f" {_BIN} AS bin"
    "  FROM answers a JOIN questions q ON q.id = a.question_id"
    "  WHERE q.session_id IS NOT NULL{only})"
    " GROUP BY {keys} ON CONFLICT ({keys}) DO UPDATE SET "
    + ", ".join(f"{column} = {column} + excluded.{column}" for column in _COUNTS)
)
_TABLES = {"drill_days": "user_id, day, house, family", "drill_totals": "user_id, family, house"}
_CODE = f"substr('{OUTCOME_CODES}', 1 + 2 * ({_BIN}) + a.correct, 1)"
_REMEMBER = (
    f"UPDATE drill_totals SET recent = substr(recent || (SELECT {_CODE} FROM answers a"
    " WHERE a.id = :id), -:kept) WHERE (user_id, family, house) = (SELECT a.user_id, q.family,"
    " q.house FROM answers a JOIN questions q ON q.id = a.question_id WHERE a.id = :id"
    " AND a.retry = 0 AND q.session_id IS NOT NULL)")
_DAY_REMEMBERS = (
    "UPDATE drill_days SET recent = t.recent FROM drill_totals t, answers a"
    " JOIN questions q ON q.id = a.question_id WHERE a.id = :id AND a.retry = 0"
    " AND q.session_id IS NOT NULL AND (drill_days.user_id, drill_days.day, drill_days.house,"
    " drill_days.family) = (a.user_id, a.answered_ms / 86400000, q.house, q.family)"
    " AND (t.user_id, t.family, t.house) = (a.user_id, q.family, q.house)")
_REMEMBER_ALL = (
    "UPDATE drill_totals SET recent = latest.codes FROM ("
    " SELECT user_id, family, house, group_concat(code, '') AS codes FROM ("
    "  SELECT * FROM ("
    f"   SELECT a.user_id, q.family, q.house, {_CODE} AS code, row_number() OVER ("
    "    PARTITION BY a.user_id, q.family, q.house ORDER BY a.answered_ms DESC, a.id DESC"
    "   ) AS latest FROM answers a JOIN questions q ON q.id = a.question_id"
    "   WHERE a.retry = 0 AND q.session_id IS NOT NULL"
    "  ) WHERE latest <= :kept ORDER BY user_id, family, house, latest DESC)"
    " GROUP BY user_id, family, house) AS latest"
    " WHERE (drill_totals.user_id, drill_totals.family, drill_totals.house)"
    " = (latest.user_id, latest.family, latest.house)")


def add_answer(db: Database, answer_id: int) -> None:
    """Count a drill answer just recorded in its day's row (an exam's answer is not one:
    nothing is written), in the caller's transaction."""
    for table, keys in _TABLES.items():
        db.execute(_ROLL.format(table=table, keys=keys, only=" AND a.id = ?"), [answer_id])
    db.execute(_REMEMBER, {"id": answer_id, "kept": RECENT_KEPT})
    db.execute(_DAY_REMEMBERS, {"id": answer_id})


def backfill(db: Database) -> None:
    """Build every row from the drill answers recorded so far (the migration's step)."""
    for table, keys in _TABLES.items():
        db.execute(_ROLL.format(table=table, keys=keys, only=""))
    db.execute(_REMEMBER_ALL, {"kept": RECENT_KEPT})


def outcomes(recent: str) -> list[tuple[bool, int]]:
    """``drill_totals.recent`` read back: each answer, oldest first, as (right, time bin)."""
    return [(code % 2 == 1, code // 2) for code in map(OUTCOME_CODES.index, recent)]


def day_number(day: datetime.date) -> int:
    """A calendar day as ``drill_days.day`` counts it."""
    return (day - EPOCH).days


def day_of(number: int) -> datetime.date:
    """The calendar day of a ``drill_days.day``."""
    return EPOCH + datetime.timedelta(days=number)


def median_of_bins(counts: Sequence[int]) -> int | None:
    """The median time of answers counted by bin, interpolated within its bin (to the
    millisecond: a bin is a second or more wide, so it is good to about half a second,
    enough to set against a par); None for no answers."""
    total = sum(counts)
    if not total:
        return None
    half = total / 2
    below = 0
    for n, count in enumerate(counts):
        if count and below + count >= half:
            low = TIME_BINS_MS[n - 1] if n else 0
            if n == len(TIME_BINS_MS):  # over a minute: no upper bound to go by
                return low
            return int(low + (TIME_BINS_MS[n] - low) * (half - below) / count)
        below += count
    raise AssertionError("unreachable: the counts add up to their total")  # pragma: no cover
