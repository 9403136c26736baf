"""A sitting reviewed: what its result page, its certificate and the supervisor's review
show, question by question, and what the certificate may name."""

from __future__ import annotations

from typing import Any

from trainer.db import accounts
from trainer.db import exams as exams_db
from trainer.web.database import get_db
from trainer.web.exams.walkouts import exam_clock
from trainer.web.questions import catalogue
from trainer.web.questions.houses_view import house_titles
from trainer.web.questions.question_view import view_for
from trainer.web.questions.record import exam_verdict


def asked(exam: exams_db.Exam, answers: list[exams_db.ExamAnswer]) -> dict[str, list[str]]:
    """The houses a sitting's questions were drawn at, each with its families asked, in the
    exam's order: what its certificate may name (not every pair of a short exam is asked)."""
    pairs = {(a.house, a.family) for a in answers}
    found = {h: [f for f in exam.families if (h, f) in pairs] for h in exam.houses}
    return {h: names for h, names in found.items() if names}


LEVEL_ORDER = ("easy", "medium", "hard")


def levels_asked(answers: list[exams_db.ExamAnswer]) -> list[str]:
    """The difficulties a sitting's questions were asked at, easiest first: what its
    certificate states (an exam set to "each family's default" may mix them)."""
    return sorted({a.difficulty for a in answers}, key=lambda level: (
        LEVEL_ORDER.index(level) if level in LEVEL_ORDER else len(LEVEL_ORDER), level))


def sitting_review(found: exams_db.Sitting) -> dict[str, Any]:
    """Everything the result page and the supervisor's review show about a sitting."""
    db = get_db()
    exam = exams_db.get_exam(db, found.exam_id)
    assert exam is not None
    account = accounts.get_account(db, found.user_id)
    answers = exams_db.sitting_answers(db, found.id, exam_clock())
    return {
        "asked": asked(exam, answers),
        "levels": levels_asked(answers),
        "exam": exam,
        "attempts_allowed": exams_db.attempts_allowed(db, exam, found.user_id),
        "sitting": found,
        "account": account,
        "answers": [(a, view_for(a, a.snapshot), exam_verdict(a, exam.time_limit_s))
                    for a in answers],
        "houses": house_titles(),
        "titles": catalogue.family_titles(),
        "no_answer": exams_db.NO_ANSWER,
    }
