"""Exams on a real SQLite file: atomic creation, sittings, answers once, time limits, results."""

from __future__ import annotations

import pytest
from sqlite_utils import Database

from tests.dealt import issue_kept
from trainer.db import exams as x
from trainer.db import migrations, now_ms
from trainer.db.users import create_user


@pytest.fixture
def people(db: Database) -> dict[str, int]:
    return {name: create_user(db, name, role, "h").id
            for name, role in (("tina", "trainee"), ("tom", "trainee"), ("sue", "supervisor"))}


def make(db: Database, people: dict[str, int], **changes: object) -> x.Exam:
    args: dict[str, object] = dict(title="Check", houses=["europoker"], families=["dealer-draw"],
                                   difficulty="default", questions=2, pass_mark=50,
                                   time_limit_s=10, attempts_allowed=2,
                                   created_by=people["sue"], assign_to=[people["tina"]])
    args.update(changes)
    return x.create_exam(db, **args)  # type: ignore[arg-type]


def sit(db: Database, exam: x.Exam, sitting: x.Sitting, marks: list[bool],
        elapsed: int = 1000) -> x.Sitting:
    for i, right in enumerate(marks):
        q = issue_kept(db, sitting, i, token=f"{sitting.id}-{i}", house="europoker",
                    family="dealer-draw", seed=i, difficulty="easy", question_json="{}",
                    issued_ms=10_000)
        _answer, sitting, created = x.record_answer(
            db, q, answer="hit", correct=right,
            answered_ms=10_000 + elapsed, limit_ms=exam.time_limit_s * 1000,
            pass_mark=exam.pass_mark)
        assert created
    return sitting


def test_migration_creates_the_exam_tables(db: Database) -> None:
    names = [m.name for m in migrations.applied(db)]
    assert "m002_supervisor_exams" in names
    assert {"exams", "exam_assignments", "exam_sittings", "questions", "answers"} <= set(
        db.table_names())


def test_create_and_assign(db: Database, people: dict[str, int]) -> None:
    exam = make(db, people, assign_to=[people["tina"], people["sue"]])  # a supervisor is skipped
    assert exam.houses == ("europoker",) and exam.families == ("dealer-draw",)
    assert x.assignees(db, exam.id) == [people["tina"]]
    assert x.assign(db, exam.id, [people["tina"], people["tom"]], people["sue"]) == 1
    assert x.list_exams(db)[0].id == exam.id


@pytest.mark.parametrize("changes", [{"pass_mark": 101}, {"questions": 0}, {"houses": []},
                                     {"families": []}, {"attempts_allowed": 0}])
def test_create_refuses_bad_values(db: Database, people: dict[str, int],
                                   changes: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        make(db, people, **changes)
    assert db.execute("SELECT count(*) FROM exams").fetchone()[0] == 0


def test_create_is_all_or_nothing(db: Database, people: dict[str, int]) -> None:
    with pytest.raises(Exception, match="FOREIGN KEY"):
        make(db, people, created_by=999)
    assert db.execute("SELECT count(*) FROM exams").fetchone()[0] == 0
    assert db.execute("SELECT count(*) FROM exam_assignments").fetchone()[0] == 0


def test_pass_fail_and_attempts_allowed(db: Database, people: dict[str, int]) -> None:
    exam = make(db, people)
    with pytest.raises(x.ExamError, match=r"not \(or no longer\) assigned"):
        x.start_sitting(db, exam, people["tom"], 1)
    first = x.start_sitting(db, exam, people["tina"], 1)
    assert x.start_sitting(db, exam, people["tina"], 2).id == first.id  # resumed, not replaced
    first = sit(db, exam, first, [False, False], elapsed=1500)
    assert (first.finished, first.correct, first.passed, first.percent, first.elapsed_ms) == (
        True, 0, False, 0, 3000)
    second = x.start_sitting(db, exam, people["tina"], 2)
    assert second.number == 2
    second = sit(db, exam, second, [True, False])
    assert (second.correct, second.passed, second.percent) == (1, True, 50)  # 50% = pass mark
    with pytest.raises(x.ExamError, match="already passed"):
        x.start_sitting(db, exam, people["tina"], 3)
    [assigned] = x.assigned_exams(db, people["tina"])
    assert assigned.passed == second and assigned.attempts_left == 0 and not assigned.can_start


def test_no_attempts_left(db: Database, people: dict[str, int]) -> None:
    exam = make(db, people, attempts_allowed=1, questions=1)
    sit(db, exam, x.start_sitting(db, exam, people["tina"], 1), [False])
    with pytest.raises(x.ExamError, match="no attempts left"):
        x.start_sitting(db, exam, people["tina"], 2)


def test_one_more_attempt_only_once_every_attempt_is_used_and_failed(
        db: Database, people: dict[str, int]) -> None:
    exam = make(db, people, attempts_allowed=1, questions=1)
    tina, sue = people["tina"], people["sue"]

    def grant() -> x.Grant:
        return x.grant_attempt(db, exam, tina, granted_by=sue, reason="fire drill", name="tina")

    with pytest.raises(x.ExamError, match=r"^tina has 1 attempt left at 'Check'$"):
        grant()
    first = x.start_sitting(db, exam, tina, 1)
    with pytest.raises(x.ExamError, match=r"^tina is sitting 'Check' now$"):
        grant()
    sit(db, exam, first, [False])
    with pytest.raises(x.ExamError, match=r"no attempts left at 'Check' \(1 allowed\)"):
        x.start_sitting(db, exam, tina, 2)
    granted = grant()
    assert (granted.exam_id, granted.user_id, granted.granted_by, granted.reason) == (
        exam.id, tina, sue, "fire drill")
    with pytest.raises(x.ExamError, match=r"^tina has 1 attempt left at 'Check'$"):
        grant()  # a second supervisor, a moment later: one attempt, not two
    assert x.grants(db, exam.id) == [granted] and x.attempts_allowed(db, exam, tina) == 2
    [assigned] = x.assigned_exams(db, tina)
    assert (assigned.attempts_allowed, assigned.attempts_left, assigned.can_start) == (2, 1, True)
    second = x.start_sitting(db, exam, tina, 2)
    assert second.number == 2
    sit(db, exam, second, [True])
    with pytest.raises(x.ExamError, match=r"^tina has passed 'Check'$"):
        grant()
    with pytest.raises(x.ExamError, match=r"^'Check' is not assigned to tom$"):
        x.grant_attempt(db, exam, people["tom"], granted_by=sue, reason="r", name="tom")
    assert x.grants(db, exam.id, people["tom"]) == []


def test_no_more_attempts_at_a_withdrawn_exam(db: Database, people: dict[str, int]) -> None:
    exam = make(db, people, attempts_allowed=1, questions=1)
    sit(db, exam, x.start_sitting(db, exam, people["tina"], 1), [False])
    assert x.withdraw(db, exam.id)
    with pytest.raises(x.ExamError, match="withdrawn"):
        x.grant_attempt(db, exam, people["tina"], granted_by=people["sue"], reason="r",
                        name="tina")
    assert x.grants(db, exam.id) == []


def test_a_grant_keeps_a_reason(db: Database, people: dict[str, int]) -> None:
    exam = make(db, people, attempts_allowed=1, questions=1)
    sit(db, exam, x.start_sitting(db, exam, people["tina"], 1), [False])
    with pytest.raises(Exception, match="CHECK constraint failed"):
        x.grant_attempt(db, exam, people["tina"], granted_by=people["sue"], reason="  ",
                        name="tina")
    assert x.grants(db, exam.id) == []


def test_an_answer_is_written_once_and_late_ones_are_wrong(db: Database,
                                                           people: dict[str, int]) -> None:
    exam = make(db, people)
    sitting = x.start_sitting(db, exam, people["tina"], 1)
    q = issue_kept(db, sitting, 0, token="t0", house="europoker", family="dealer-draw", seed=0,
                difficulty="easy", question_json="{}", issued_ms=0)
    assert issue_kept(db, sitting, 0, token="other", house="europoker", family="dealer-draw",
                   seed=0, difficulty="easy", question_json="{}", issued_ms=5).token == "t0"
    late, _s, created = x.record_answer(db, q, answer="hit", correct=True,
                                        answered_ms=10_001, limit_ms=10_000,
                                        pass_mark=50)
    assert created and (late.correct, late.timed_out, late.elapsed_ms) == (False, True, 10_000)
    again, _s, created = x.record_answer(db, q, answer="stand", correct=False,
                                         answered_ms=100, limit_ms=10_000,
                                         pass_mark=50)
    assert not created and again.answer == "hit"
    assert x.pending_answer(db, sitting.id) is None and x.issued_count(db, sitting.id) == 1


def test_a_timed_out_answer_counts_its_limit_not_the_time_away(db: Database,
                                                               people: dict[str, int]) -> None:
    """3 s limit + 2 s grace; answered after 107 s, then one in 1.5 s: the sitting took
    5 + 1.5 s of answering, not 108.5 s."""
    exam = make(db, people, time_limit_s=3)
    sitting = x.start_sitting(db, exam, people["tina"], 1)
    for position, taken in enumerate((107_000, 1_500)):
        q = issue_kept(db, sitting, position, token=f"t{position}", house="europoker",
                    family="dealer-draw", seed=0, difficulty="easy", question_json="{}",
                    issued_ms=1_000)
        _stored, sitting, _created = x.record_answer(
            db, q, answer="hit", correct=True, answered_ms=1_000 + taken, limit_ms=5_000,
            pass_mark=50)
    assert [(a.elapsed_ms, a.timed_out) for a in x.sitting_answers(db, sitting.id)] == [
        (5_000, True), (1_500, False)]
    assert (sitting.elapsed_ms, sitting.correct, sitting.passed) == (6_500, 1, True)


def test_no_question_is_issued_into_a_sitting_closed_meanwhile(db: Database,
                                                               people: dict[str, int]) -> None:
    """A returning trainee's request deals the next question just as another request closes
    the sitting as a walk-out: the question is not stored, and the walk-out keeps its flag."""
    exam = make(db, people, questions=3)
    sitting = x.start_sitting(db, exam, people["tina"], 1)
    sitting = sit(db, exam, sitting, [True])
    assert x.abandon(db, sitting.id, pass_mark=50, quiet_since_ms=now_ms(), limit_ms=12_000)
    assert issue_kept(db, sitting, 1, token="late", house="europoker", family="dealer-draw",
                   seed=1, difficulty="easy", question_json="{}", issued_ms=now_ms()) is None
    closed = x.get_sitting(db, sitting.id)
    assert closed is not None
    assert (closed.asked, closed.abandoned, closed.passed) == (1, True, False)


def test_a_walk_out_is_seen_closed_as_it_will_be_stored(db: Database,
                                                         people: dict[str, int]) -> None:
    """Read at a clock past the quiet point, an open sitting its trainee walked out of shows
    exactly what ``abandon`` then stores (its open question expired, the rest wrong); before
    that point, or with no clock, it is as stored, and reading writes nothing."""
    exam = make(db, people, questions=3)
    sitting = sit(db, exam, x.start_sitting(db, exam, people["tina"], 1), [True])
    shown = now_ms() + 1_000  # after the sitting's start
    issue_kept(db, sitting, 1, token="open", house="europoker", family="dealer-draw",
               seed=1, difficulty="easy", question_json="{}", issued_ms=shown)
    limit_s = exam.time_limit_s
    quiet = x.ExamClock(now_ms=shown + limit_s * 1000 + 2_000 + 600_000 + 1, grace_ms=2_000,
                        abandon_ms=600_000)
    early = x.ExamClock(quiet.now_ms - 2, quiet.grace_ms, quiet.abandon_ms)
    assert x.get_sitting(db, sitting.id, early) == x.get_sitting(db, sitting.id)
    changes = db.conn.total_changes
    seen = x.get_sitting(db, sitting.id, quiet)
    seen_answers = x.sitting_answers(db, sitting.id, quiet)
    assert [s.id for s in x.lapsed_sittings(db, quiet)] == [sitting.id]
    assert x.lapsed_sittings(db, early) == []
    assert db.conn.total_changes == changes
    assert not x.get_sitting(db, sitting.id).finished  # type: ignore[union-attr]
    assert seen is not None and seen.abandoned and not seen.passed
    assert x.abandon(db, sitting.id, pass_mark=exam.pass_mark,
                     quiet_since_ms=quiet.quiet_since_ms(limit_s),
                     limit_ms=quiet.limit_ms(limit_s))
    assert x.get_sitting(db, sitting.id) == seen
    assert x.sitting_answers(db, sitting.id) == seen_answers
