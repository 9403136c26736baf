"""Report queries and figures on a real SQLite file: filters, scores, trends, exam results."""

from __future__ import annotations

import datetime

import pytest
from sqlite_utils import Database

from tests.dealt import issue_kept, kept
from trainer.db import accounts, reports, rollups, scores
from trainer.db import drilling as d
from trainer.db import exams as x
from trainer.db import questions as qs
from trainer.db.users import create_user, set_active

D = datetime.date


def add(db: Database, user: int, marks: list[tuple[bool, int]], *, house: str = "europoker",
        family: str = "dealer-draw", day: str = "2026-11-20") -> None:
    """Attempts (right?, elapsed ms) answered on ``day``."""
    session = d.start_session(db, user, house, family, "easy", len(marks), 1)
    qs.store_questions(db, session, [kept(i, family, "easy", i, "{}", f"{session.id}-{i}")
                                     for i in range(len(marks))])
    at = ms_at(f"{day}T10:00:00+00:00")
    for i, (right, ms) in enumerate(marks):
        stored = qs.question_at(db, session.id, i)
        assert stored is not None
        qs.show_question(db, stored.id, at)  # each on its own page: ``ms`` is its time
        q = qs.question_at(db, session.id, i)
        assert q is not None
        d.record_attempt(db, q, answer="a", correct=right, answered_ms=at + ms,
                         session_length=len(marks))


def ms_at(moment: str) -> int:
    return int(datetime.datetime.fromisoformat(moment).timestamp()) * 1000


@pytest.fixture
def people(db: Database) -> dict[str, int]:
    return {name: create_user(db, name, role, "h").id
            for name, role in (("tina", "trainee"), ("tom", "trainee"), ("sue", "supervisor"))}


def test_filters_by_day_house_user_family_result(db: Database, people: dict[str, int]) -> None:
    add(db, people["tina"], [(True, 1000), (False, 3000)], day="2026-11-01")
    add(db, people["tina"], [(True, 2000)], house="spanish-21", day="2026-11-15")
    add(db, people["tom"], [(True, 5000)], family="insurance", day="2026-11-30")
    f = reports.Filters

    def answered(filters: reports.Filters) -> int:
        return sum(t.answered for t in reports.tallies(db, filters))

    assert answered(f()) == 4
    assert answered(f(date_from=D(2026, 11, 15))) == 2
    assert answered(f(date_to=D(2026, 11, 15))) == 3  # the whole last day
    assert answered(f(date_from=D(2026, 11, 2), date_to=D(2026, 11, 29))) == 1
    assert answered(f(house="spanish-21")) == 1
    assert answered(f(user_id=people["tom"])) == 1
    assert answered(f(family="insurance")) == 1
    assert reports.count_attempts(db, f(correct=False)) == 1
    assert reports.count_attempts(db, f(user_id=people["tina"], correct=True)) == 2
    assert [(t.user_id, t.family, t.answered, t.correct) for t in reports.tallies(
        db, by=("user_id", "family"))] == [(people["tina"], "dealer-draw", 3, 2),
                                          (people["tom"], "insurance", 1, 1)]
    log = reports.attempt_log(db, f(user_id=people["tina"]), limit=2)
    assert [r.house for r in log] == ["spanish-21", "europoker"]  # newest first
    assert log[0].username == "tina"
    assert reports.houses_drilled(db) == ["europoker", "spanish-21"]
    attempt = d.get_attempt(db, log[0].id)
    assert attempt is not None and attempt.house == "spanish-21" and attempt.correct is True
    assert d.get_attempt(db, 999) is None


def tallied(day: str, answered: int, correct: int, family: str = "a",
            bins: tuple[int, ...] = ()) -> reports.Tallied:
    counts = bins or (0, answered) + (0,) * (len(rollups.BIN_COLUMNS) - 2)  # 1-2 s each
    return reports.Tallied(1, D.fromisoformat(day), "h", family, answered, correct, counts)


def test_score_median_and_percent(db: Database, people: dict[str, int]) -> None:
    add(db, people["tina"], [(True, 1000), (True, 3000), (False, 2000), (True, 10_000)])
    s = reports.tallied_score(reports.tallies(db), {"dealer-draw": 4000})
    # the median of 1, 2, 3 and 10 s, from the time bins: within the 2-3 s bin
    assert (s.answered, s.correct, s.median_ms, s.par_ms, s.percent) == (4, 3, 3000, 4000, 75)
    mixed = [tallied("2026-11-20", 3, 3, "a"), tallied("2026-11-20", 1, 0, "b")]
    assert reports.tallied_score(mixed, {"a": 4000, "b": 9000}).par_ms == 4000
    assert reports.tallied_score(mixed, {"a": 4000, "b": 9000}).median_ms == 1500
    assert scores.score([]).percent is None
    assert scores.Score(3, 2).percent == 67  # half up, in integers
    assert scores.Score(8, 1).percent == 13  # 12.5 -> 13


def test_trend_compares_with_the_period_before() -> None:
    def fact(day: str, right: bool) -> reports.Tallied:
        return tallied(day, 1, int(right))

    facts = [fact("2026-11-30", True), fact("2026-11-24", True), fact("2026-11-23", False),
             fact("2026-11-20", False), fact("2026-11-01", True), fact("2026-10-31", False)]
    week = reports.trend(facts, D(2026, 11, 30), 7)
    assert (week.recent.answered, week.recent.correct) == (2, 2)  # 24–30 Nov
    assert (week.before.answered, week.before.correct) == (2, 0)  # 17–23 Nov
    assert week.change == 100
    month = reports.trend(facts, D(2026, 11, 30), 30)
    assert (month.recent.answered, month.recent.correct, month.before.answered) == (5, 3, 1)
    assert month.change == 60
    assert reports.trend([], D(2026, 11, 30), 7).change is None


def test_daily_and_weekly_series() -> None:
    facts = [tallied(f"2026-11-0{day}", 1, int(c))
             for day, c in ((1, True), (1, False), (3, True), (9, True))]
    days = reports.daily(facts, D(2026, 11, 1), D(2026, 11, 3))
    assert [(p.answered, p.correct) for p in days] == [(2, 1), (0, 0), (1, 1)]
    assert days[1].accuracy is None and days[0].accuracy == 0.5
    weeks = reports.series(facts, D(2026, 11, 1), D(2026, 11, 10), 7)
    assert [(p.day.day, p.answered, p.correct) for p in weeks] == [(1, 3, 2), (8, 1, 1)]


def test_trainee_lines_and_weakest(db: Database, people: dict[str, int]) -> None:
    add(db, people["tina"], [(True, 1000), (False, 3000), (True, 2000)], day="2026-11-28")
    add(db, people["tina"], [(False, 9000), (True, 4000)], family="insurance",
        day="2026-11-10")
    set_active(db, people["tom"], False)
    trainees = accounts.list_accounts(db, "trainee")
    assert [(a.username, a.active) for a in trainees] == [("tina", True), ("tom", False)]
    assert trainees[0].last_active == "2026-11-28T10:00:03.000+00:00"  # its last answer
    assert trainees[1].last_active is None
    # an exam answered later is the last answer too
    db.execute("INSERT INTO exams (id, title, houses, families, difficulty, questions,"
               " pass_mark, time_limit_s, attempts_allowed, created_by, created_at) VALUES"
               " (1, 'E', 'europoker', 'dealer-draw', 'default', 1, 50, 30, 1, ?, 'then')",
               [people["tom"]])
    db.execute("INSERT INTO exam_sittings (id, exam_id, user_id, number, seed, started_at,"
               " total) VALUES (1, 1, ?, 1, 1, 'then', 1)", [people["tina"]])
    db.execute("INSERT INTO questions (id, sitting_id, position, token, house, family,"
               " difficulty, seed, expected, issued_ms) VALUES (999, 1, 0, 't', 'europoker',"
               " 'dealer-draw', 'easy', 1, 'hit', 0)")
    db.execute("INSERT INTO answers (question_id, user_id, answer, correct, elapsed_ms,"
               " answered_ms) VALUES (999, ?, 'hit', 1, 1, ?)",
               [people["tina"], ms_at("2026-11-29T08:00:00+00:00")])
    assert accounts.list_accounts(db, "trainee")[0].last_active == (
        "2026-11-29T08:00:00.000+00:00")
    by_family = reports.tallies(db, by=("user_id", "family"))
    by_day = reports.tallies(db, by=("user_id", "day"))
    lines = reports.trainee_lines(trainees, by_family, by_day, {"dealer-draw": 3000,
                                                                "insurance": 5000},
                                  D(2026, 11, 30))
    tina, tom = lines
    # 1, 2, 3, 4 and 9 s: the median from the bins is the 3-4 s bin's middle
    assert (tina.score.answered, tina.score.correct, tina.score.median_ms) == (5, 3, 3500)
    assert tina.score.par_ms == 3000
    assert tina.week.recent.answered == 3 and tina.month.recent.answered == 5
    assert set(tina.families) == {"dealer-draw", "insurance"}
    assert tom.score.answered == 0 and tom.active is False
    assert [name for name, _ in reports.weakest(tina.families)] == ["insurance", "dealer-draw"]
    assert reports.weakest(tina.families, at_least=3) == [("dealer-draw",
                                                           tina.families["dealer-draw"])]
    add(db, people["tina"], [(True, 1000), (True, 1000)], family="surrender", day="2026-11-29")
    perfect = reports.trainee_lines(trainees, reports.tallies(db, by=("user_id", "family")),
                                    [], {}, D(2026, 11, 30))[0]
    assert "surrender" in perfect.families
    assert [name for name, _ in reports.weakest(perfect.families)] == ["insurance", "dealer-draw"]


def test_exam_results_filters(db: Database, people: dict[str, int]) -> None:
    exam = x.create_exam(db, title="Spanish", houses=["spanish-21", "europoker"],
                         families=["dealer-draw"], difficulty="default", questions=1,
                         pass_mark=100, time_limit_s=10, attempts_allowed=2,
                         created_by=people["sue"], assign_to=[people["tina"], people["tom"]])
    for name in ("tina", "tom"):
        sitting = x.start_sitting(db, exam, people[name], 1)
        q = issue_kept(db, sitting, 0, token=name, house="europoker", family="dealer-draw", seed=1,
                    difficulty="easy", question_json="{}", issued_ms=0)
        x.record_answer(db, q, answer="hit", correct=name == "tina",
                        answered_ms=1234, limit_ms=10_000, pass_mark=100)
    x.start_sitting(db, exam, people["tom"], 2)  # open: listed only when asked for
    results = reports.exam_results(db)
    assert [(r.username, r.sitting.passed, r.sitting.percent) for r in results] == [
        ("tom", False, 0), ("tina", True, 100)]
    assert results[1].houses == ("spanish-21", "europoker") and results[1].pass_mark == 100
    assert len(reports.exam_results(db, finished_only=False)) == 3
    f = reports.Filters
    assert len(reports.exam_results(db, f(house="spanish-21"))) == 2
    assert reports.exam_results(db, f(house="baden-baden")) == []
    assert len(reports.exam_results(db, f(user_id=people["tina"]))) == 1
    assert reports.exam_results(db, f(date_to=D(2000, 1, 1))) == []
    assert len(reports.exam_results(db, exam_id=exam.id)) == 2
