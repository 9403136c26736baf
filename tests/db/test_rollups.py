"""The day rollups count, answer by answer, what the answers themselves hold."""

from __future__ import annotations

import datetime
from typing import Any

from sqlite_utils import Database

from tests.dealt import answer_in_order, issue_kept, kept
from trainer.db import drilling, rollups
from trainer.db import exams as exams_db
from trainer.db import questions as qs
from trainer.db.users import create_user

NOON = int(datetime.datetime(2026, 11, 20, 12, tzinfo=datetime.UTC).timestamp()) * 1000


def drill(db: Database, user: int, marks: list[tuple[bool, int]], *, at: int,
          family: str = "dealer-draw") -> drilling.SessionRow:
    """A session answered (right?, ms taken) from ``at`` on."""
    session = drilling.start_session(db, user, "europoker", family, "easy", len(marks), 1)
    qs.store_questions(db, session, [kept(i, family, "easy", i, "{}", f"{session.id}-{i}")
                                     for i in range(len(marks))])
    answer_in_order(db, session.id, marks, at)
    return session


def rows(db: Database) -> list[dict[str, Any]]:
    return list(db.query("SELECT * FROM drill_days ORDER BY user_id, day, house, family"))


def test_each_answer_is_counted_in_its_day_as_the_backfill_counts_it(db: Database) -> None:
    tina = create_user(db, "tina", "trainee", "h").id
    sue = create_user(db, "sue", "supervisor", "h").id
    first = drill(db, tina, [(True, 900), (False, 2_500), (True, 61_000)], at=NOON)
    drill(db, tina, [(True, 1_000)], at=NOON - rollups.DAY_MS, family="insurance")
    done = drilling.get_session(db, first.id)
    assert done is not None
    retry = drilling.start_retry(db, done, lambda: "again")  # practice: counted apart
    assert retry is not None
    answer_in_order(db, retry.id, [(True, 4_000)], NOON + 90_000)
    drill(db, sue, [(False, 3_000)], at=NOON)
    exam = exams_db.create_exam(db, title="E", houses=["europoker"], families=["dealer-draw"],
                                difficulty="easy", questions=1, pass_mark=50, time_limit_s=99,
                                attempts_allowed=1, created_by=sue, assign_to=[tina])
    sitting = exams_db.start_sitting(db, exam, tina, 1)
    asked = issue_kept(db, sitting, 0, token="x", house="europoker", family="dealer-draw",
                       seed=1, difficulty="easy", question_json="{}", issued_ms=NOON)
    exams_db.record_answer(db, asked, answer="hit", correct=True, answered_ms=NOON + 5_000,
                           limit_ms=99_000, pass_mark=50)  # an exam's: in no rollup
    live = rows(db)
    day = rollups.day_number(datetime.date(2026, 11, 20))
    bins = [0] * len(rollups.BIN_COLUMNS)
    bins[0] = bins[2] = bins[-1] = 1  # 0.9 s, 2.5 s, over a minute
    assert [(r["user_id"], r["day"], r["family"], r["answered"], r["correct"],
             r["elapsed_ms"], r["retries"], r["retries_correct"]) for r in live] == [
        (tina, day - 1, "insurance", 1, 1, 1_000, 0, 0),
        (tina, day, "dealer-draw", 3, 2, 64_400, 1, 1),
        (sue, day, "dealer-draw", 1, 0, 3_000, 0, 0),
    ]
    assert [live[1][column] for column in rollups.BIN_COLUMNS] == bins
    # each day keeps the latest outcomes as they stood at its last answer
    assert [row["recent"] for row in live] == ["3", "14v", "6"]
    totals = list(db.query("SELECT user_id, family, answered, retries FROM drill_totals"
                           " ORDER BY user_id, family"))
    assert [tuple(row.values()) for row in totals] == [
        (tina, "dealer-draw", 3, 1), (tina, "insurance", 1, 0), (sue, "dealer-draw", 1, 0)]
    recent = db.execute("SELECT recent FROM drill_totals WHERE user_id = ? AND family ="
                        " 'dealer-draw'", [tina]).fetchone()[0]
    assert recent == "14v"  # right in 0.9 s, wrong in 2.5 s, right in 61 s; not the retry
    assert rollups.outcomes(recent) == [(True, 0), (False, 2), (True, 15)]
    every_total = list(db.query("SELECT * FROM drill_totals ORDER BY user_id, family"))
    db.execute("DELETE FROM drill_days")
    db.execute("DELETE FROM drill_totals")
    rollups.backfill(db)
    assert rows(db) == [row | {"recent": ""} for row in live]  # a day's outcomes: from now on
    assert list(db.query("SELECT * FROM drill_totals ORDER BY user_id, family")) == every_total


def test_the_median_of_binned_times() -> None:
    bins = [0] * len(rollups.BIN_COLUMNS)
    assert rollups.median_of_bins(bins) is None
    bins[2] = 4  # four answers of 2 to 3 s: the median is halfway through the bin
    assert rollups.median_of_bins(bins) == 2_500
    bins[-1] = 10  # most answers over a minute: a minute, the last bound known
    assert rollups.median_of_bins(bins) == 60_000
    assert rollups.day_of(rollups.day_number(datetime.date(2026, 12, 7))) == (
        datetime.date(2026, 12, 7))
