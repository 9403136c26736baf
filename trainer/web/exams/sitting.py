"""Sitting an assigned exam: start it, its questions and answers, the result, the certificate.

An exam is taken like a drill but without feedback until the end.  The
server keeps the clock (``issued_ms`` when a question is first shown; an
answer later than the time limit plus ``EXAM_GRACE_MS`` is recorded as timed
out and wrong, and a question left open past its limit expires when the
sitting is next opened), records each answer once and stores the result with
the last answer; nothing here lets a trainee change a stored answer or result.
A sitting left alone for a question's limit plus ``EXAM_ABANDON_MS`` is shown closed
as abandoned by every read, and closed for good here, on its trainee's way back into
it (``walkouts``).  Both allowances are operator settings (``trainer.web.settings``).
"""

from __future__ import annotations

import secrets
from typing import Any

from flask import abort, flash, render_template, url_for
from flask_login import current_user, login_required

from trainer.db import exams as exams_db
from trainer.db import now_ms
from trainer.web.database import get_db
from trainer.web.exams import bp
from trainer.web.exams.plan import plan
from trainer.web.exams.review import sitting_review
from trainer.web.exams.walkouts import close_walk_outs, exam_clock
from trainer.web.forms import ActionForm, AnswerForm
from trainer.web.htmx import is_htmx, redirect_to, render
from trainer.web.questions import catalogue, drill_source
from trainer.web.questions.answer_input import check_posted
from trainer.web.questions.drill_source import NotDealtAgain, question_of
from trainer.web.questions.drill_views import QuestionView, Refusal
from trainer.web.questions.houses_view import house_titles
from trainer.web.questions.question_view import view_for
from trainer.web.questions.session_plan import dealt
from trainer.web.roles import sees_trainees, trainee_required


def _limit_ms(exam: exams_db.Exam) -> int:
    return exam_clock().limit_ms(exam.time_limit_s)


def _expire(exam: exams_db.Exam, question: exams_db.ExamAnswer) -> exams_db.Sitting:
    _stored, sitting, _created = exams_db.record_answer(
        get_db(), question, answer=exams_db.NO_ANSWER, correct=False, answered_ms=now_ms(),
        limit_ms=_limit_ms(exam), pass_mark=exam.pass_mark,
    )
    return sitting


def current_question(exam: exams_db.Exam, sitting: exams_db.Sitting,
                     expired: list[int] | None = None) -> exams_db.ExamAnswer | None:
    """The question on screen: the open one (expiring it if its time ran out, its position
    added to ``expired``), or a new one; None once the sitting is over (every question
    answered, or closed as a walk-out)."""
    db = get_db()
    while True:
        pending = exams_db.pending_answer(db, sitting.id)
        if pending is not None:
            if now_ms() - pending.issued_ms > _limit_ms(exam):
                if expired is not None:
                    expired.append(pending.position)
                sitting = _expire(exam, pending)
                if sitting.finished:  # its last question, or closed as a walk-out meanwhile
                    return None
                continue
            return pending
        position = exams_db.issued_count(db, sitting.id)
        if position >= sitting.total:
            return None
        house, family, difficulty, seed = plan(exam, drill_source.families(), sitting.seed,
                                               position)
        new = dealt(position, house, family, difficulty, seed)
        return exams_db.issue(db, sitting, new, house, issued_ms=now_ms())


@bp.post("/<int:exam_id>/start")
@trainee_required
def start(exam_id: int) -> Any:
    close_walk_outs(current_user.id)  # a walk-out is not resumed: it counts as an attempt
    db = get_db()
    exam = exams_db.get_exam(db, exam_id)
    form = ActionForm()
    if exam is None or not exams_db.is_assigned(db, exam_id, current_user.id):
        # one answer for both, naming no title: no id tells a trainee that an exam exists
        return _refused(404, exams_db.NOT_ASSIGNED)
    if not form.validate_on_submit():
        abort(400)
    try:
        sitting = exams_db.start_sitting(db, exam, current_user.id, secrets.randbelow(2**31))
    except exams_db.ExamError as exc:
        return _refused(409, str(exc))
    return redirect_to(url_for(".sitting", sitting_id=sitting.id))


def _refused(status: int, message: str) -> Any:
    """The start refused, and why, as a sentence."""
    return render("exams/refused.html", "exams/_refused.html", status,
                  message=message[0].upper() + message[1:] + ".")


def _own_sitting(sitting_id: int) -> tuple[exams_db.Exam, exams_db.Sitting]:
    db = get_db()
    sitting = exams_db.get_sitting(db, sitting_id, exam_clock())
    if sitting is None or sitting.user_id != current_user.id:
        abort(404)
    exam = exams_db.get_exam(db, sitting.exam_id)
    assert exam is not None
    return exam, sitting


def _question_page(exam: exams_db.Exam, sitting: exams_db.Sitting,
                   question: exams_db.ExamAnswer, form: AnswerForm | None = None,
                   error: Refusal | None = None, view: QuestionView | None = None,
                   status: int = 200, note: str | None = None) -> Any:
    if form is None:
        form = AnswerForm(formdata=None, token=question.token)
    left_ms = max(0, question.issued_ms + exam.time_limit_s * 1000 - now_ms())
    return render(
        "exams/sitting.html", "exams/_question.html", status,
        exam=exam, sitting=sitting, question=question, form=form, error=error,
        view=view or view_for(question, question.snapshot),
        house_title=house_titles().get(question.house, question.house),
        family_title=catalogue.family_titles().get(question.family, question.family),
        left_s=-(-left_ms // 1000), note=note,
    )


@bp.get("/sittings/<int:sitting_id>")
@trainee_required
def sitting(sitting_id: int) -> Any:
    close_walk_outs(current_user.id)
    exam, found = _own_sitting(sitting_id)
    if found.finished:
        return redirect_to(url_for(".result", sitting_id=found.id))
    expired: list[int] = []
    question = current_question(exam, found, expired)
    if question is None:
        return redirect_to(url_for(".result", sitting_id=found.id))
    return _question_page(exam, found, question, note=_ran_out(expired))


def _ran_out(positions: list[int]) -> str | None:
    """A question whose time ran out with no answer sent (a tab closed, a sitting resumed
    later), said on the question that follows: the clock went on meanwhile.  (One at most:
    expiring one issues the next, which is on time.)"""
    return " ".join(f"Question {p + 1}'s time ran out before an answer came: it counts as"
                    " not answered." for p in positions) or None


@bp.post("/sittings/<int:sitting_id>/answer")
@trainee_required
def answer(sitting_id: int) -> Any:
    close_walk_outs(current_user.id)
    exam, found = _own_sitting(sitting_id)
    db = get_db()
    form = AnswerForm()
    token = form.question_token
    question = exams_db.answer_by_token(db, found.id, token) if token else None
    if question is None:
        abort(409)
    if found.finished or question.answered:  # recorded once: the first answer stands
        return _next(found.id, _not_recorded(question))
    try:
        dealt_question = question_of(question, question.snapshot)
    except NotDealtAgain as exc:  # dealt before an upgrade that deals it otherwise
        return _refused(409, f"This question can no longer be checked: {exc}. Nothing was "
                             "recorded; ask a supervisor to allow another attempt")
    view = view_for(question, question.snapshot)
    if (invalid := form.field_error()) is not None:
        return _question_page(exam, found, question, form, Refusal(invalid), view, 422)
    checked = check_posted(dealt_question, view, form)
    if isinstance(checked, Refusal):
        return _question_page(exam, found, question, form, checked, view, 422)
    stored, _sitting, written = exams_db.record_answer(
        db, question, answer=checked.answer, correct=checked.verdict.correct,
        answered_ms=now_ms(), limit_ms=_limit_ms(exam), pass_mark=exam.pass_mark,
        mispaid_cents=checked.verdict.mispaid_cents,
    )
    return _next(found.id, None if written else _not_recorded(stored))


def _not_recorded(question: exams_db.ExamAnswer) -> str:
    """What a trainee is told when an answer comes too late to count (a second tab, the back
    button, a page left open): why it was not recorded, so it is not taken for one."""
    number = question.position + 1
    if question.answer == exams_db.NO_ANSWER:
        return (f"Question {number}'s time ran out before this answer came: it stands as not "
                "answered, and this answer was not recorded.")
    if question.answered:
        return (f"Question {number} was answered already: the first answer stands, and this "
                "one was not recorded.")
    return ("This sitting had closed before this answer came (it was left past its time): "
            "the answer was not recorded.")


def _next(sitting_id: int, note: str | None = None) -> Any:
    """After an answer: the next question (htmx: the fragment in place), or the result;
    ``note`` (an answer not recorded) goes with it."""
    exam, found = _own_sitting(sitting_id)
    if found.finished or not is_htmx():
        return _redirect_with(note, ".result" if found.finished else ".sitting", found.id)
    question = current_question(exam, found)
    found = exams_db.get_sitting(get_db(), found.id) or found
    if question is None or found.finished:
        return _redirect_with(note, ".result", found.id)
    return _question_page(exam, found, question, note=note)


def _redirect_with(note: str | None, endpoint: str, sitting_id: int) -> Any:
    if note:
        flash(note)  # shown by the full page the redirect opens
    return redirect_to(url_for(endpoint, sitting_id=sitting_id))


@bp.get("/sittings/<int:sitting_id>/result")
@trainee_required
def result(sitting_id: int) -> Any:
    _exam, found = _own_sitting(sitting_id)
    if not found.finished:
        return redirect_to(url_for(".sitting", sitting_id=found.id))
    mine = exams_db.assigned_exams(get_db(), current_user.id, exam_clock())
    again = any(a.exam.id == found.exam_id and a.can_start for a in mine)
    return render_template("exams/result.html", **sitting_review(found), may_try_again=again)


@bp.get("/sittings/<int:sitting_id>/certificate")
@login_required
def certificate(sitting_id: int) -> Any:
    """A printable certificate for a passed sitting: for its trainee and for supervisors."""
    found = exams_db.get_sitting(get_db(), sitting_id, exam_clock())
    if found is None or not found.passed or (
            found.user_id != current_user.id and not sees_trainees()):
        abort(404)  # another trainee's is as if it did not exist, like every "not yours"
    return render_template("exams/certificate.html", **sitting_review(found))
