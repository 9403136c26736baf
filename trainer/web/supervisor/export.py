"""CSV exports of the attempts and the exam results, as the console's filters choose."""

from __future__ import annotations

from typing import Any

from trainer.db import accounts, reports
from trainer.db import exams as exams_db
from trainer.web import clock
from trainer.web.database import get_db, streamed
from trainer.web.exams.walkouts import exam_clock
from trainer.web.roles import console_required
from trainer.web.supervisor import bp, console


def _is_trainee(user_id: int) -> bool:
    found = accounts.get_account(get_db(), user_id)
    return found is not None and found.role == "trainee"


def _is_exam(exam_id: int) -> bool:
    return exams_db.get_exam(get_db(), exam_id) is not None


def _trainee_filter(filters: reports.Filters) -> reports.Filters:
    trainee_id = console.int_arg("trainee")
    return reports.Filters(filters.date_from, filters.date_to, filters.house, trainee_id,
                           filters.family, filters.correct)


@bp.get("/export/attempts.csv")
@console_required
def export_attempts() -> Any:
    """Every attempt matching the current filters (date range, house, trainee, drill, result)."""
    form, filters = console.filter_form()
    if (refusal := console.export_refusal(form, {"trainee": _is_trainee},
                                          unfiltered=("exam",))) is not None:
        return refusal
    chosen, names = _trainee_filter(filters), accounts.full_names(get_db())
    rows = streamed(lambda db: reports.every_attempt(db, chosen))
    return console.csv_response(
        f"attempts-{clock.today().isoformat()}.csv",
        ["attempt_id", "answered_at", "trainee", "house", "family", "difficulty", "answer",
         "expected", "correct", "seconds", "session_id", "question", "reported_wait_seconds",
         "retry", "set_aside_seconds", "full_name"],
        ([r.id, r.answered_at, r.username, r.house, r.family, r.difficulty, r.answer,
          r.expected, "yes" if r.correct else "no", console.seconds_text(r.elapsed_ms),
          r.session_id, r.position + 1, console.seconds_text(r.waited_ms),
          "yes" if r.retry else "no", console.seconds_text(r.set_aside_ms),
          names.get(r.user_id, "")] for r in rows),
    )


@bp.get("/export/exam-results.csv")
@console_required
def export_exam_results() -> Any:
    """Every finished exam sitting matching the current filters (date range, house, trainee)."""
    form, filters = console.filter_form()
    if (refusal := console.export_refusal(form, {"trainee": _is_trainee, "exam": _is_exam},
                                          unfiltered=("family", "result"))) is not None:
        return refusal
    chosen, exam_id = _trainee_filter(filters), console.int_arg("exam")
    names = accounts.full_names(get_db())
    seen_at = exam_clock()  # read here: the rows are read on another connection
    rows = streamed(lambda db: reports.exam_results(db, chosen, exam_id=exam_id,
                                                    clock=seen_at))
    return console.csv_response(
        f"exam-results-{clock.today().isoformat()}.csv",
        ["sitting_id", "exam_id", "trainee", "exam", "houses", "attempt", "attempts_allowed",
         "started_at", "finished_at", "correct", "questions", "score_percent", "pass_mark",
         "passed", "seconds", "questions_asked", "abandoned", "full_name"],
        ([r.sitting.id, r.sitting.exam_id, r.username, r.exam_title, ";".join(r.houses),
          r.sitting.number, r.attempts_allowed, r.sitting.started_at, r.sitting.finished_at,
          r.sitting.correct, r.sitting.total, r.sitting.percent, r.pass_mark,
          "yes" if r.sitting.passed else "no",
          console.seconds_text(r.sitting.elapsed_ms), r.sitting.asked,
          "yes" if r.sitting.abandoned else "no", names.get(r.sitting.user_id, "")]
         for r in rows),
    )
