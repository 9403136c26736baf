"""The trainee's pages: home, a drill session, feedback after each answer, the summary.

Every form posts to a real URL and works without JavaScript; with htmx the
same views return only the fragment (``_question.html`` / ``_feedback.html``).
A session's questions are dealt and stored when it starts (``session_plan``).  One
request per answer: the answer is recorded and the next question sent ahead (its
clock started) in one transaction, and the feedback carries that question (without
its answer), shown below it without JavaScript and revealed in place by ``trainer.js``.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any

from flask import (
    Blueprint,
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
from werkzeug.datastructures import MultiDict

from trainer.db import drilling, now_ms
from trainer.db.scores import Score, score
from trainer.web.answer_input import PostedAnswer, answer_from_form
from trainer.web.database import get_db
from trainer.web.drillkit import (
    DrillBackend,
    FamilyInfo,
    NotAnAnswerError,
    QuestionView,
    VerdictView,
    all_difficulties,
)
from trainer.web.forms import StartDrillForm
from trainer.web.houses_view import house_facts, house_titles
from trainer.web.htmx import is_htmx, redirect_to, render
from trainer.web.session_plan import MIXED, SessionPlan, families_at, new_token

bp = Blueprint("trainee", __name__)

RESUME_AFTER_MS = 5 * 60 * 1000  # a question shown again after a break restarts its clock
RESUMABLE_SHOWN = 5  # unfinished sessions offered on the home page, newest first
RECENT_SHOWN = 5  # finished sessions listed on the home page, newest first, with summaries


def backend() -> DrillBackend:
    """The drill backend: ``DRILL_BACKEND`` from the config, else the real drills package."""
    found = current_app.extensions.get("drill_backend")
    if found is None:
        found = current_app.config.get("DRILL_BACKEND")
        if found is None:
            from trainer.web.drills_backend import DrillsPackageBackend

            found = DrillsPackageBackend()
        current_app.extensions["drill_backend"] = found
    return found


def families_by_name() -> Mapping[str, FamilyInfo]:
    """The backend's families by name (fixed for the app's life: worked out once, read on
    every answer)."""
    found: Mapping[str, FamilyInfo] | None = current_app.extensions.get("families_by_name")
    if found is None:
        found = MappingProxyType({f.name: f for f in backend().families()})
        current_app.extensions["families_by_name"] = found
    return found


def families_for(house: str) -> list[FamilyInfo]:
    return families_at(backend(), house)


# ---------------------------------------------------------------- home


@dataclass(frozen=True, slots=True)
class Suggestion:
    house: str
    family: str
    difficulty: str
    reason: str


def suggest(families: list[FamilyInfo], scores: dict[str, Score],
            last_house: str | None) -> Suggestion | None:
    """The next drill: a family never tried, else the one with the lowest recent accuracy."""
    if not families:
        return None

    def house_for(family: FamilyInfo) -> str:
        return last_house if last_house in family.houses else family.houses[0]

    untried = [f for f in families if f.name not in scores and f.houses]
    if untried:
        family = untried[0]
        reason = "You have not drilled this yet."
    else:
        family = min(
            (f for f in families if f.houses),
            key=lambda f: (scores[f.name].correct / scores[f.name].answered,
                           -scores[f.name].answered),
        )
        weakest = scores[family.name]
        reason = (f"Your weakest drill: {weakest.correct} of {weakest.answered} right "
                  f"({weakest.percent}%) recently.")
    return Suggestion(house_for(family), family.name, family.difficulties[0], reason)


def _start_form(formdata: MultiDict[str, str] | None = None) -> StartDrillForm:
    families = backend().families()
    form = StartDrillForm(formdata=formdata) if formdata is not None else StartDrillForm()
    form.house.choices = list(house_titles().items())
    # each drill names its houses: trainer.js offers only the chosen house's drills
    form.family.choices = [(MIXED, "Mixed: every drill for the house", {})] + [
        (f.name, f.title, {"data-houses": " ".join(f.houses)}) for f in families
    ]
    form.difficulty.choices = [(d, d) for d in all_difficulties(families)]
    if formdata is None:
        form.length.data = current_app.config["DRILL_LENGTH"]
    return form


def _home(form: StartDrillForm, status: int = 200) -> Any:
    db = get_db()
    families = backend().families()
    scores = drilling.family_scores(db, current_user.id)
    recent = drilling.recent_sessions(db, current_user.id, limit=1)
    last_house = recent[0].house if recent else None
    unfinished = drilling.unfinished_sessions(db, current_user.id, limit=RESUMABLE_SHOWN)
    return render_template(
        "home.html",
        form=form,
        families=families,
        family_titles=_session_family_titles(),
        scores=scores,
        houses=house_titles(),
        unfinished=unfinished,
        older_unfinished=drilling.count_unfinished(db, current_user.id) - len(unfinished),
        finished=drilling.finished_sessions(db, current_user.id, limit=RECENT_SHOWN),
        suggestion=suggest(families, scores, last_house),
        length=current_app.config["DRILL_LENGTH"],
    ), status


@bp.get("/")
@login_required
def home() -> Any:
    return _home(_start_form())


@bp.post("/drills")
@login_required
def start() -> Any:
    form = _start_form(request.form)
    if form.validate_on_submit():
        house, family_name = form.house.data or "", form.family.data or ""
        difficulty = form.difficulty.data or ""
        applicable = families_for(house)
        family = families_by_name().get(family_name)
        if family_name != MIXED and (family is None or house not in family.houses):
            form.family.errors = [f"{family_name} is not drilled at {house}."]
        elif family_name == MIXED and not applicable:
            form.family.errors = [f"No drill applies to {house}."]
        elif family is not None and difficulty not in family.difficulties:
            form.difficulty.errors = [f"{family.title} has no difficulty {difficulty!r}."]
        else:
            length = form.length.data or current_app.config["DRILL_LENGTH"]
            plan = SessionPlan(house, family_name, difficulty, secrets.randbelow(2**31))
            session = drilling.start_session(
                get_db(), current_user.id, house, family_name, difficulty, length, plan.seed,
                plan.questions(backend(), range(length)),
            )
            return redirect_to(url_for(".drill", session_id=session.id))
    return _home(form, 422)


@bp.get("/drills/unfinished")
@login_required
def unfinished() -> Any:
    """Every session the trainee started and has not finished, newest first (home offers the
    newest few), each to resume or end."""
    return render_template(
        "unfinished.html", sessions=drilling.unfinished_sessions(get_db(), current_user.id),
        houses=house_titles(), family_titles=_session_family_titles())


def _session_family_titles() -> dict[str, str]:
    """What a session drills, by title: each family's, and "Mixed"."""
    return {name: family.title for name, family in families_by_name().items()} | {
        MIXED: "Mixed"}


# ---------------------------------------------------------------- a session


def _own_session(session_id: int) -> drilling.SessionRow:
    session = drilling.get_session(get_db(), session_id)
    if session is None or session.user_id != current_user.id:
        abort(404)
    return session


@dataclass(frozen=True, slots=True)
class OnItsPage:
    """The question a drill page shows, and for one still waiting behind the last feedback
    (sent ahead, never answered), how long it waited there: the page's form posts it back."""

    question: drilling.QuestionRow
    waited_ms: int | None = None


def _current_question(session: drilling.SessionRow) -> OnItsPage:
    """The question the trainee is on, shown on its own page: its clock starts now if it was
    not shown before (or again, after a break).

    A question sent ahead with the last feedback (hidden behind it) keeps its clock from
    then; what comes off is how long it waited: until "Next" revealed it, if trainer.js
    says so (a reload after Next), else until this page showed it (the trainee went home
    and resumed).  That wait is fixed in the ``revealed`` cookie for later reloads, posted
    with the answer, and kept with the attempt like any reported wait."""
    db = get_db()
    pending = drilling.pending_question(db, session.id)
    if pending is None:  # a session started before sessions stored their questions at the start
        planned = range(drilling.issued_count(db, session.id), session.length)
        drilling.store_questions(db, session, SessionPlan.of(session).questions(backend(), planned))
        pending = drilling.pending_question(db, session.id)
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
        drilling.show_question(db, pending.id, now)
        return OnItsPage(replace(pending, shown_ms=now, sent_ahead=False))
    return OnItsPage(pending, waited)


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


def _question_context(session: drilling.SessionRow, question: drilling.QuestionRow,
                      form: PostedAnswer | None = None, error: str | None = None,
                      view: QuestionView | None = None) -> dict[str, Any]:
    return {
        "session": session,
        "question": question,
        "view": view or backend().view(question.question),
        "form": form,
        "error": error,
        "house_title": house_titles().get(session.house, session.house),
        "facts": house_facts(session.house),
        "family_title": _family_title(question.family),
    }


def _family_title(name: str) -> str:
    family = families_by_name().get(name)
    return family.title if family else name


@bp.get("/drills/<int:session_id>")
@login_required
def drill(session_id: int) -> Any:
    session = _own_session(session_id)
    if session.finished:
        return redirect_to(url_for(".summary", session_id=session.id))
    shown = _current_question(session)
    return render("drill.html", "drill/_question.html",
                  **_question_context(session, shown.question), waited_ms=shown.waited_ms)


@bp.post("/drills/<int:session_id>/answer")
@login_required
def answer(session_id: int) -> Any:
    db = get_db()
    user_id = current_user.id
    form = PostedAnswer.read(request.form)  # the app-wide CSRFProtect has checked this POST
    session, question = drilling.session_and_question(db, session_id, form.question_token)
    if session is None or session.user_id != user_id:
        abort(404)
    if question is None or question.user_id != user_id or question.shown_ms is None:
        return render("refused.html", "drill/_refused.html", 403, session=session,
                      message="That answer is for a question that was not issued to you "
                              "in this session; nothing was recorded.")
    if session.finished and not question.answered:  # ended early, this question left out
        return _ended_refusal(session)
    if (invalid := form.error()) is not None:
        return _reask(session, question, form, invalid)
    view = backend().view(question.question)
    checked = _check_posted(question, view, form)
    existing = drilling.attempt_for_question(db, question.id) if question.answered else None
    if existing is not None:  # a double submit, or another window: the first answer stands
        return _feedback_response(session, question, existing, view,
                                  note=_repeat_note(checked, existing))
    if isinstance(checked, str):
        return _reask(session, question, form, checked, view)
    verdict = checked.verdict
    try:
        recorded = drilling.record_attempt(
            db, question, answer=checked.answer, expected=verdict.expected,
            correct=verdict.correct, explanation=verdict.explanation, answered_ms=now_ms(),
            session_length=session.length, waited_ms=form.waited, send_next=is_htmx(),
        )
    except drilling.SessionEndedError:  # ended in another tab while this answer was checked
        return _ended_refusal(drilling.get_session(db, session.id) or session)
    note = None if recorded.created else _repeat_note(checked, recorded.attempt)  # a race
    return _feedback_response(session, question, recorded.attempt, view, recorded.sent_ahead,
                              recorded.streak, note)


ENDED_MESSAGE = ("This session was ended before that question was answered; nothing was "
                 "recorded.")


def _ended_refusal(session: drilling.SessionRow) -> Any:
    """An answer to a question its session was ended without: refused, nothing recorded."""
    return render("refused.html", "drill/_refused.html", 409, session=session,
                  message=ENDED_MESSAGE)


@dataclass(frozen=True, slots=True)
class Checked:
    """A posted answer the engine has checked, and the answer as it is recorded (the
    verdict's normalised form, else as typed or picked)."""

    verdict: VerdictView
    answer: str


def _check_posted(question: drilling.QuestionRow, view: QuestionView,
                  form: PostedAnswer) -> Checked | str:
    """The posted answer checked, or the message to show beside the field."""
    given, error = answer_from_form(form.choice, form.amount, view)
    if given is None:
        return error or "Answer the question."
    try:
        verdict = backend().check(question.question, given)
    except NotAnAnswerError as exc:
        return str(exc)
    return Checked(verdict, verdict.given or given.describe())


def _reask(session: drilling.SessionRow, question: drilling.QuestionRow, form: PostedAnswer,
           error: str, view: QuestionView | None = None) -> Any:
    """The question again with the message beside the field; nothing recorded."""
    context = _question_context(session, question, form=form, error=error, view=view)
    return render("drill.html", "drill/_question.html", 422, **context)


REPEATED_NOTE = ("This question had already been answered (in another window, or by an "
                 "earlier click): this is the answer recorded first. The one just sent was "
                 "not recorded.")
SAME_AGAIN_NOTE = "Sent twice: this answer was recorded once."


def _repeat_note(checked: Checked | str, attempt: drilling.AttemptRow) -> str:
    """What a post answering an already answered question is told."""
    same = isinstance(checked, Checked) and checked.answer == attempt.answer
    return SAME_AGAIN_NOTE if same else REPEATED_NOTE


def _feedback_response(session: drilling.SessionRow, question: drilling.QuestionRow,
                       attempt: drilling.AttemptRow, view: QuestionView | None = None,
                       upcoming: drilling.QuestionRow | None = None,
                       streak: int | None = None, note: str | None = None) -> Any:
    """The feedback on ``attempt``; ``note``: why it is not the answer this request posted."""
    if not is_htmx():
        if note:
            flash(note)
        return redirect_to(url_for(".feedback", session_id=session.id,
                                   position=question.position))
    context = _feedback_context(session, question, attempt, view, upcoming, streak,
                                felt_in_place=True)
    context["repeated_note"] = note
    # the address bar names the feedback: a reload shows it again instead of moving on
    return render_template("drill/_feedback.html", **context), 200, {
        "HX-Replace-Url": url_for(".feedback", session_id=session.id, position=question.position)}


def _feedback_context(session: drilling.SessionRow, question: drilling.QuestionRow,
                      attempt: drilling.AttemptRow, view: QuestionView | None = None,
                      upcoming: drilling.QuestionRow | None = None,
                      streak: int | None = None,
                      felt_in_place: bool = False) -> dict[str, Any]:
    """The feedback on ``attempt`` and the question after it (``upcoming``, when the caller
    has just sent it ahead; else the pending one, once shown).  ``streak``: the streak
    the attempt ends, when the caller has it (else it is read).  ``felt_in_place``: the
    page already shows the question's felt (the answer's own htmx response), so it is
    not drawn again."""
    view = view or backend().view(question.question)
    # nothing comes after this feedback: its session's last question, or an ended session
    last = question.position + 1 >= session.length or session.finished
    db = get_db()
    if upcoming is None and not last:
        pending = drilling.pending_question(db, session.id)
        upcoming = pending if pending is not None and pending.shown_ms is not None else None
    return {
        "session": session,
        "question": question,
        "attempt": attempt,
        "view": view,
        "felt_in_place": felt_in_place,
        "par_ms": int(view.par_seconds * 1000),
        "streak": drilling.streak(db, session.id, question.position) if streak is None
        else streak,
        "last": last,
        "upcoming": upcoming,
        "upcoming_view": backend().view(upcoming.question) if upcoming else None,
        "upcoming_family_title": _family_title(upcoming.family) if upcoming else None,
        # how long it has waited behind the feedback so far (a reload of the feedback page)
        "upcoming_waiting_ms": max(0, now_ms() - upcoming.shown_ms)
        if upcoming and upcoming.shown_ms is not None else 0,
        "next_url": url_for(".summary" if last else ".drill", session_id=session.id),
        "house_title": house_titles().get(session.house, session.house),
        "facts": house_facts(session.house),
        "family_title": _family_title(question.family),
        "repeated_note": None,
    }


@bp.get("/drills/<int:session_id>/feedback/<int:position>")
@login_required
def feedback(session_id: int, position: int) -> Any:
    session = _own_session(session_id)
    db = get_db()
    question = drilling.question_at(db, session.id, position)
    attempt = drilling.attempt_for_question(db, question.id) if question else None
    if question is None or attempt is None:
        abort(404)  # never show an answer before it was given
    session = drilling.get_session(db, session.id) or session
    return render("feedback.html", "drill/_feedback.html",
                  **_feedback_context(session, question, attempt))


@bp.route("/drills/<int:session_id>/end", methods=["GET", "POST"])
@login_required
def end(session_id: int) -> Any:
    """End an unfinished session early.  GET asks to confirm (how many questions are left,
    what is kept); POST ends it and shows its summary so far."""
    session = _own_session(session_id)
    if request.method == "POST":
        drilling.end_session(get_db(), session.id)  # already finished: nothing to end
        return redirect_to(url_for(".summary", session_id=session.id))
    if session.finished:
        return redirect_to(url_for(".summary", session_id=session.id))
    return render("end.html", "drill/_end.html", session=session,
                  **_session_titles(session))


@bp.post("/drills/<int:session_id>/retry")
@login_required
def retry(session_id: int) -> Any:
    """Ask a finished session's mistakes again, in order, as practice: the answers are
    recorded and left out of the scores (the trainee has just seen them).  A retry of it
    still open is resumed instead of opening another."""
    session = _own_session(session_id)
    if not session.finished:
        return redirect_to(url_for(".drill", session_id=session.id))
    retried = drilling.start_retry(get_db(), session, new_token)
    if retried is None:
        flash("That session has no mistakes to retry.")
        return redirect_to(url_for(".summary", session_id=session.id))
    return redirect_to(url_for(".drill", session_id=retried.id))


def _session_titles(session: drilling.SessionRow) -> dict[str, Any]:
    """The house's and the session's drill titles, as the summary names them."""
    return {"house_title": house_titles().get(session.house, session.house),
            "family_title": _family_title(session.family) if session.family != MIXED
            else "Mixed"}


# ---------------------------------------------------------------- summary


@bp.get("/drills/<int:session_id>/summary")
@login_required
def summary(session_id: int) -> Any:
    session = _own_session(session_id)
    if not session.finished:
        return redirect_to(url_for(".drill", session_id=session.id))
    db = get_db()
    attempts = drilling.session_attempts(db, session.id)
    by_drill = [(family, _family_title(family), score(a for a in attempts if a.family == family))
                for family in sorted({a.family for a in attempts}, key=_family_title)]  # as titled
    mistakes = [(a, backend().view(a.question)) for a in attempts if not a.correct]
    return render("summary.html", "drill/_summary.html",
                  session=session,
                  attempts=attempts,
                  overall=score(attempts),
                  by_drill=by_drill,
                  mistakes=mistakes,
                  # "Drill again" deals a session as long as this one; after a retry (as long
                  # as its mistakes), as long as the session first retried
                  again_length=drilling.first_of_retries(db, session).length
                  if session.retry_of else session.length,
                  open_retry=drilling.open_retry(db, session.id) if mistakes else None,
                  **_session_titles(session))
