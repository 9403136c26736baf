"""A drill session: its question pages, the answer and its feedback, ending it early and
retrying its mistakes.

Every form posts to a real URL and works without JavaScript; with htmx the
same views return only the fragment (``_question.html`` / ``_feedback.html``).
A session's questions are dealt and stored when it starts (``session_plan``).  One
request per answer: the answer is recorded and the next question sent ahead (its
clock started) in one transaction, and the feedback carries that question (without
its answer), shown below it without JavaScript and revealed in place by ``trainer.js``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from flask import (
    Response,
    abort,
    after_this_request,
    current_app,
    flash,
    render_template,
    request,
    url_for,
)
from flask_login import current_user, login_required

from trainer.db import drilling, now_ms, questions, scores
from trainer.web.database import get_db
from trainer.web.forms import AnswerForm
from trainer.web.htmx import is_htmx, redirect_to, render
from trainer.web.questions.answer_input import Checked, check_posted
from trainer.web.questions.drill_source import (
    NotDealtAgain,
    family_title,
    question_of,
    session_titles,
)
from trainer.web.questions.drill_views import QuestionView, Refusal, VerdictView
from trainer.web.questions.houses_view import house_facts, house_titles
from trainer.web.questions.question_view import view_for, view_of
from trainer.web.questions.record import attempt_verdict
from trainer.web.questions.session_plan import SessionPlan, new_token
from trainer.web.trainee import bp

RESUME_AFTER_MS = 5 * 60 * 1000  # a question shown again after a break restarts its clock
CLOCK_NOTE_MS = 5_000  # shown again after this long, its page says its clock kept running


def own_session(session_id: int) -> drilling.SessionRow:
    """The logged-in trainee's session by id (any other, or none: a 404)."""
    session = drilling.get_session(get_db(), session_id)
    if session is None or session.user_id != current_user.id:
        abort(404)
    return session


@dataclass(frozen=True, slots=True)
class OnItsPage:
    """The question a drill page shows, and for one still waiting behind the last feedback
    (sent ahead, never answered), how long it waited there: the page's form posts it back.
    ``running_ms``: how long its clock had already run (shown again after a short break)."""

    question: questions.QuestionRow
    waited_ms: int | None = None
    running_ms: int = 0


def _current_question(session: drilling.SessionRow) -> OnItsPage:
    """The question the trainee is on, shown on its own page: its clock starts now if it was
    not shown before (or again, after a break).

    A question sent ahead with the last feedback (hidden behind it) keeps its clock from
    then; what comes off is how long it waited: until "Next" revealed it, if trainer.js
    says so (a reload after Next), else until this page showed it (the trainee went home
    and resumed).  That wait is fixed in the ``revealed`` cookie for later reloads, posted
    with the answer, and kept with the attempt like any reported wait."""
    db = get_db()
    pending = questions.pending_question(db, session.id)
    if pending is None:  # a session started before sessions stored their questions at the start
        planned = range(questions.issued_count(db, session.id), session.length)
        questions.store_questions(db, session,
                                  SessionPlan.of(session).questions(planned))
        pending = questions.pending_question(db, session.id)
        assert pending is not None
    now = now_ms()
    waited = None
    if pending.shown_ms is not None and pending.sent_ahead:
        since_shown = max(0, now - pending.shown_ms)
        revealed = _revealed_after(pending.token)
        waited = since_shown if revealed is None else min(revealed, since_shown)
        if revealed is None:
            _remember_wait(pending.token, waited)
    if pending.shown_ms is None or now - pending.shown_ms - (waited or 0) > RESUME_AFTER_MS:
        questions.show_question(db, pending.id, now)
        return OnItsPage(replace(pending, shown_ms=now, sent_ahead=False))
    return OnItsPage(pending, waited, max(0, now - pending.shown_ms - (waited or 0)))


REVEALED_COOKIE = "revealed"
"""``TOKEN:MS``: how long the question of ``TOKEN``, sent ahead, waited behind the feedback.
Set by trainer.js when "Next" reveals it, else by its own page the first time it shows it."""


def _revealed_after(token: str) -> int | None:
    """How long the question of ``token`` waited before it was revealed (None: the browser
    does not say)."""
    named, _, wait = request.cookies.get(REVEALED_COOKIE, "").partition(":")
    if named != token or not (wait.isascii() and wait.isdigit()) or len(wait) > 10:
        return None
    return int(wait)


def _remember_wait(token: str, waited: int) -> None:
    """Fix a question's wait for the reloads of its page (a reload must not add to it)."""
    path = url_for(".start")

    @after_this_request
    def remember(response: Response) -> Response:
        response.set_cookie(REVEALED_COOKIE, f"{token}:{waited}", max_age=86_400, path=path,
                            samesite="Strict", secure=current_app.config.get(
                                "SESSION_COOKIE_SECURE", False))
        return response


def _question_context(session: drilling.SessionRow, question: questions.QuestionRow,
                      form: AnswerForm | None = None, error: Refusal | None = None,
                      view: QuestionView | None = None) -> dict[str, Any]:
    return {
        "session": session,
        "question": question,
        "view": view or view_for(question, question.snapshot),
        "form": form,
        "error": error,
        "house_title": house_titles().get(session.house, session.house),
        "facts": house_facts(session.house),
        "family_title": family_title(question.family),
    }


@bp.get("/drills/<int:session_id>")
@login_required
def drill(session_id: int) -> Any:
    session = own_session(session_id)
    if session.finished:
        return redirect_to(url_for(".summary", session_id=session.id))
    shown = _current_question(session)
    return render("trainee/drill.html", "trainee/drill/_question.html",
                  **_question_context(session, shown.question), waited_ms=shown.waited_ms,
                  # said from 5 s on: a trainee back from a short break sees why the time runs
                  running_ms=shown.running_ms if shown.running_ms >= CLOCK_NOTE_MS else 0,
                  resume_after_min=RESUME_AFTER_MS // 60_000, clock_ms=shown.running_ms)


@bp.post("/drills/<int:session_id>/answer")
@login_required
def answer(session_id: int) -> Any:
    db = get_db()
    user_id = current_user.id
    form = AnswerForm()  # the app-wide CSRFProtect has checked this POST
    session, question = drilling.session_and_question(db, session_id, form.question_token)
    if session is None or session.user_id != user_id:
        abort(404)
    if question is None or question.user_id != user_id or question.shown_ms is None:
        return render("trainee/refused.html", "trainee/drill/_refused.html", 403, session=session,
                      message="That answer is for a question that was not issued to you "
                              "in this session; nothing was recorded.")
    if session.finished and not question.answered:  # ended early, this question left out
        return _ended_refusal(session)
    if (invalid := form.field_error()) is not None:
        return _reask(session, question, form, Refusal(invalid))
    try:
        dealt = question_of(question, question.snapshot)
    except NotDealtAgain as exc:  # dealt before an upgrade that deals it otherwise
        return render("trainee/refused.html", "trainee/drill/_refused.html", 409, session=session,
                      message=f"This question can no longer be checked: {exc}. Nothing was "
                              "recorded; end this session and start another.")
    view = view_of(dealt)
    checked = check_posted(dealt, view, form)
    existing = drilling.attempt_for_question(db, question.id) if question.answered else None
    if existing is not None:  # a double submit, or another window: the first answer stands
        return _feedback_response(session, question, existing, view,
                                  note=_repeat_note(checked, existing))
    if isinstance(checked, Refusal):
        return _reask(session, question, form, checked, view)
    verdict = checked.verdict
    try:
        recorded = drilling.record_attempt(
            db, question, answer=checked.answer, correct=verdict.correct, answered_ms=now_ms(),
            session_length=session.length, waited_ms=form.waited, send_next=is_htmx(),
            mispaid_cents=verdict.mispaid_cents,
        )
    except drilling.SessionEndedError:  # ended in another tab while this answer was checked
        return _ended_refusal(drilling.get_session(db, session.id) or session)
    note = None if recorded.created else _repeat_note(checked, recorded.attempt)  # a race
    return _feedback_response(session, question, recorded.attempt, view, recorded.sent_ahead,
                              recorded.streak, note, verdict if recorded.created else None)


ENDED_MESSAGE = ("This session was ended before that question was answered; nothing was "
                 "recorded.")


def _ended_refusal(session: drilling.SessionRow) -> Any:
    """An answer to a question its session was ended without: refused, nothing recorded."""
    return render("trainee/refused.html", "trainee/drill/_refused.html", 409, session=session,
                  message=ENDED_MESSAGE)


def _reask(session: drilling.SessionRow, question: questions.QuestionRow, form: AnswerForm,
           error: Refusal, view: QuestionView | None = None) -> Any:
    """The question again with the message beside the field; nothing recorded."""
    context = _question_context(session, question, form=form, error=error, view=view)
    return render("trainee/drill.html", "trainee/drill/_question.html", 422, **context,
                  clock_ms=_clock_ms(question, form.waited))


def _clock_ms(question: questions.QuestionRow, waited_ms: int) -> int:
    """How long the clock of ``question`` (shown) has run: the time an answer sent now is
    given (``drilling.record_attempt``), less the wait of a question sent ahead."""
    since_shown = max(0, now_ms() - (question.shown_ms or 0))
    return since_shown - (min(since_shown, waited_ms) if question.sent_ahead else 0)


REPEATED_NOTE = ("This question had already been answered (in another window, or by an "
                 "earlier click): this is the answer recorded first. The one just sent was "
                 "not recorded.")
SAME_AGAIN_NOTE = "Sent twice: this answer was recorded once."


def _repeat_note(checked: Checked | Refusal, attempt: drilling.AttemptRow) -> str:
    """What a post answering an already answered question is told."""
    same = isinstance(checked, Checked) and checked.answer == attempt.answer
    return SAME_AGAIN_NOTE if same else REPEATED_NOTE


def _feedback_response(session: drilling.SessionRow, question: questions.QuestionRow,
                       attempt: drilling.AttemptRow, view: QuestionView | None = None,
                       upcoming: questions.QuestionRow | None = None,
                       streak: int | None = None, note: str | None = None,
                       verdict: VerdictView | None = None) -> Any:
    """The feedback on ``attempt`` (``verdict``: its check, when this request made it);
    ``note``: why it is not the answer this request posted."""
    if not is_htmx():
        if note:
            flash(note)
        return redirect_to(url_for(".feedback", session_id=session.id,
                                   position=question.position))
    context = _feedback_context(session, question, attempt, view, upcoming, streak,
                                felt_in_place=True, verdict=verdict)
    context["repeated_note"] = note
    # the address bar names the feedback: a reload shows it again instead of moving on
    return render_template("trainee/drill/_feedback.html", **context), 200, {
        "HX-Replace-Url": url_for(".feedback", session_id=session.id, position=question.position)}


def _feedback_context(session: drilling.SessionRow, question: questions.QuestionRow,
                      attempt: drilling.AttemptRow, view: QuestionView | None = None,
                      upcoming: questions.QuestionRow | None = None,
                      streak: int | None = None, felt_in_place: bool = False,
                      verdict: VerdictView | None = None) -> dict[str, Any]:
    """The feedback on ``attempt`` and the question after it (``upcoming``, when the caller
    has just sent it ahead; else the pending one, once shown).  ``streak``: the streak
    the attempt ends, when the caller has it (else it is read).  ``felt_in_place``: the
    page already shows the question's felt (the answer's own htmx response), so it is
    not drawn again.  ``verdict``: the check of the answer, when the caller has it (else it
    is made again)."""
    if verdict is None or view is None:
        verdict = attempt_verdict(attempt)
        view = view or view_for(attempt, attempt.snapshot)
    # nothing comes after this feedback: its session's last question, or an ended session
    last = question.position + 1 >= session.length or session.finished
    db = get_db()
    if upcoming is None and not last:
        pending = questions.pending_question(db, session.id)
        upcoming = pending if pending is not None and pending.shown_ms is not None else None
    return {
        "session": session,
        "question": question,
        "attempt": attempt,
        "verdict": verdict,
        "view": view,
        "felt_in_place": felt_in_place,
        "par_ms": int(view.par_seconds * 1000),
        "streak": scores.streak(db, session.id, question.position) if streak is None
        else streak,
        "last": last,
        "upcoming": upcoming,
        "upcoming_view": view_for(upcoming, upcoming.snapshot)
        if upcoming else None,
        "upcoming_family_title": family_title(upcoming.family) if upcoming else None,
        # how long it has waited behind the feedback so far (a reload of the feedback page)
        "upcoming_waiting_ms": max(0, now_ms() - upcoming.shown_ms)
        if upcoming and upcoming.shown_ms is not None else 0,
        "next_url": url_for(".summary" if last else ".drill", session_id=session.id),
        "house_title": house_titles().get(session.house, session.house),
        "facts": house_facts(session.house),
        "family_title": family_title(question.family),
        "repeated_note": None,
    }


@bp.get("/drills/<int:session_id>/feedback/<int:position>")
@login_required
def feedback(session_id: int, position: int) -> Any:
    session = own_session(session_id)
    db = get_db()
    question = questions.question_at(db, session.id, position)
    attempt = drilling.attempt_for_question(db, question.id) if question else None
    if question is None or attempt is None:
        abort(404)  # never show an answer before it was given
    session = drilling.get_session(db, session.id) or session
    return render("trainee/feedback.html", "trainee/drill/_feedback.html",
                  **_feedback_context(session, question, attempt))


@bp.route("/drills/<int:session_id>/end", methods=["GET", "POST"])
@login_required
def end(session_id: int) -> Any:
    """End an unfinished session early.  GET asks to confirm (how many questions are left,
    what is kept); POST ends it and shows its summary so far."""
    session = own_session(session_id)
    if request.method == "POST":
        drilling.end_session(get_db(), session.id)  # already finished: nothing to end
        return redirect_to(url_for(".summary", session_id=session.id))
    if session.finished:
        return redirect_to(url_for(".summary", session_id=session.id))
    return render("trainee/end.html", "trainee/drill/_end.html", session=session,
                  **session_titles(session))


@bp.post("/drills/<int:session_id>/retry")
@login_required
def retry(session_id: int) -> Any:
    """Ask a finished session's mistakes again, in order, as practice: the answers are
    recorded and left out of the scores (the trainee has just seen them).  A retry of it
    still open is resumed instead of opening another."""
    session = own_session(session_id)
    if not session.finished:
        return redirect_to(url_for(".drill", session_id=session.id))
    retried = drilling.start_retry(get_db(), session, new_token)
    if retried is None:
        flash("That session has no mistakes to retry.")
        return redirect_to(url_for(".summary", session_id=session.id))
    return redirect_to(url_for(".drill", session_id=retried.id))
