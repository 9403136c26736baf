"""Exams, the supervisor's side (nested blueprint ``supervisor.exams``): create, assign, results."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, flash, request, url_for
from flask_login import current_user

from trainer.db import accounts, reports
from trainer.db import exams as exams_db
from trainer.web.database import get_db
from trainer.web.exams.walkouts import exam_clock
from trainer.web.forms import ActionForm
from trainer.web.htmx import redirect_to
from trainer.web.questions import catalogue, drill_source
from trainer.web.questions.houses_view import house_titles
from trainer.web.roles import console_required
from trainer.web.supervisor import console
from trainer.web.supervisor.forms import AssignForm, ExamForm, GrantForm

bp = Blueprint("exams", __name__, url_prefix="/exams")


def _trainee_choices(*, active_only: bool = True) -> list[tuple[int, str]]:
    return [(a.id, a.username) for a in accounts.list_accounts(get_db(), "trainee",
                                                               active_only=active_only)]


def _exam_form(formdata: Any = None) -> ExamForm:
    """The new-exam form; a POST is checked against every trainee, so one deactivated since
    the page was shown is named by ``_assignable`` rather than refused as a bad choice."""
    form = ExamForm(formdata=formdata) if formdata is not None else ExamForm()
    return form.setup(house_titles(), drill_source.families(),
                      _trainee_choices(active_only=formdata is None))


def _assignable(chosen: list[int], already: set[int] | frozenset[int] = frozenset()
                ) -> tuple[list[int], str]:
    """The chosen trainees to assign (active, not assigned yet) and a note naming the
    others: assigned or deactivated since the form was shown (another tab, a colleague)."""
    trainees = {a.id: a for a in accounts.list_accounts(get_db(), "trainee")}
    picked = [trainees[i] for i in chosen if i in trainees]
    repeat = [a.username for a in picked if a.active and a.id in already]
    inactive = [a.username for a in picked if not a.active]
    note = "".join(f" {label}: {', '.join(names)}." for label, names in (
        ("Already assigned", repeat), ("Deactivated, so not assigned", inactive)) if names)
    return [a.id for a in picked if a.active and a.id not in already], note


@bp.get("/")
@console_required
def index() -> Any:
    db = get_db()
    exams = exams_db.list_exams(db)
    clock = exam_clock()
    stats = {}
    for exam in exams:
        done = [s for s in exams_db.sittings(db, exam.id, clock=clock) if s.finished]
        # trainees, each counted once however many times they sat it
        stats[exam.id] = (len(exams_db.assignees(db, exam.id)), len({s.user_id for s in done}),
                          len({s.user_id for s in done if s.passed}))
    return console.page("supervisor/_exams.html", exams=exams, stats=stats,
                  houses=house_titles(), titles=catalogue.family_titles())


@bp.route("/new", methods=["GET", "POST"])
@console_required
def new() -> Any:
    form = _exam_form(request.form if request.method == "POST" else None)
    if request.method == "GET":
        form.difficulty.data = "default"
    title = (form.title.data or "").strip()
    if form.validate_on_submit():
        assign_to, note = _assignable(list(form.trainees.data or ()))
        try:
            exam = _create(form, title, assign_to)
        except exams_db.TitleTakenError as taken:
            form.title.errors = [_title_taken(taken.existing)]
        else:
            flash(f"Created the exam {exam.title!r}.{note}")
            return redirect_to(url_for(".detail", exam_id=exam.id))
    elif request.method == "POST" and title and not form.title.errors and (
            existing := exams_db.live_title(get_db(), title)) is not None:
        form.title.errors = [_title_taken(existing)]  # said with the other fields' errors
    status = 422 if request.method == "POST" else 200
    if request.method == "POST":  # checked against every trainee, re-shown with the active
        form.trainees.choices = dict(_trainee_choices())
    return console.page("supervisor/_exam_form.html", status, form=form)


def _title_taken(existing: str) -> str:
    """The title field's error when ``existing`` (an exam not withdrawn) holds the title."""
    return (f"An exam called {existing!r} is already set: choose another title, or withdraw "
            "that exam first.")


def _create(form: ExamForm, title: str, assign_to: list[int]) -> exams_db.Exam:
    """The exam a valid form describes, saved (``TitleTakenError``: the title is in use)."""
    return exams_db.create_exam(
        get_db(),
        title=title,
        houses=list(form.houses.data or ()),
        families=list(form.families.data or ()),
        difficulty=form.difficulty.data or "default",
        questions=int(form.questions.data or 0),
        pass_mark=int(form.pass_mark.data if form.pass_mark.data is not None else 0),
        time_limit_s=int(form.time_limit_s.data or 0),
        attempts_allowed=int(form.attempts_allowed.data or 0),
        created_by=current_user.id,
        assign_to=assign_to,
    )


def _exam(exam_id: int) -> exams_db.Exam:
    exam = exams_db.get_exam(get_db(), exam_id)
    if exam is None:
        abort(404)
    return exam


def _detail(exam: exams_db.Exam, form: AssignForm, status: int = 200,
            refused_grant: tuple[int, GrantForm] | None = None) -> Any:
    """The exam's page; ``refused_grant``: a trainee's refused more-attempts form, shown
    with its reason and error in that trainee's row."""
    db = get_db()
    names = {a.id: a for a in accounts.list_accounts(db)}
    assigned = sorted(exams_db.assignees(db, exam.id),
                      key=lambda uid: (names[uid].username.casefold(), uid))
    clock = exam_clock()
    by_user = {uid: exams_db.sittings(db, exam.id, uid, clock) for uid in assigned}
    allowed = {uid: exams_db.attempts_allowed(db, exam, uid) for uid in assigned}
    grantable = {uid for uid in assigned if exams_db.grant_refusal(
        exam, by_user[uid], allowed[uid], names[uid].username) is None}
    results = reports.exam_results(db, exam_id=exam.id, finished_only=False, clock=clock)
    return console.page("supervisor/_exam.html", status,
                  exam=exam, form=form, names=names, assigned=assigned, by_user=by_user,
                  allowed=allowed, grantable=grantable, grants=exams_db.grants(db, exam.id),
                  refused_grant=refused_grant,
                  results=results, houses=house_titles(), titles=catalogue.family_titles())


def _offer_unassigned(form: AssignForm, exam_id: int) -> AssignForm:
    """The assign form as shown: the active trainees the exam is not assigned to yet."""
    already = set(exams_db.assignees(get_db(), exam_id))
    form.trainees.choices = {i: n for i, n in _trainee_choices() if i not in already}
    return form


@bp.get("/<int:exam_id>")
@console_required
def detail(exam_id: int) -> Any:
    exam = _exam(exam_id)
    return _detail(exam, _offer_unassigned(AssignForm(), exam.id))


@bp.post("/<int:exam_id>/assign")
@console_required
def assign(exam_id: int) -> Any:
    exam = _exam(exam_id)
    form = AssignForm(formdata=request.form)
    form.trainees.choices = dict(_trainee_choices(active_only=False))  # see _assignable
    if exam.withdrawn:  # a form shown before it was withdrawn
        flash(f"{exam.title!r} was withdrawn: it is assigned to nobody more.")
        return redirect_to(url_for(".detail", exam_id=exam.id))
    if form.validate_on_submit():
        db = get_db()
        chosen, note = _assignable(list(form.trainees.data or ()),
                                   set(exams_db.assignees(db, exam.id)))
        added = exams_db.assign(db, exam.id, chosen, current_user.id)
        flash(f"Assigned {exam.title!r} to {added} more trainee{'s' if added != 1 else ''}."
              f"{note}")
        return redirect_to(url_for(".detail", exam_id=exam.id))
    return _detail(exam, _offer_unassigned(form, exam.id), 422)


@bp.route("/<int:exam_id>/withdraw", methods=["GET", "POST"])
@console_required
def withdraw(exam_id: int) -> Any:
    """Withdraw an exam (GET: ask first, a plain page that needs no JavaScript): no sitting
    starts any more; one under way may be finished, and every result (and certificate)
    stands."""
    exam = _exam(exam_id)
    if request.method == "GET":
        if exam.withdrawn:
            return redirect_to(url_for(".detail", exam_id=exam.id))
        return console.page("supervisor/_withdraw.html", exam=exam)
    if not ActionForm().validate_on_submit():
        abort(400)
    if exams_db.withdraw(get_db(), exam.id):
        flash(f"{exam.title!r} is withdrawn: no sitting starts any more; results stand.")
    return redirect_to(url_for(".detail", exam_id=exam.id))


@bp.post("/<int:exam_id>/unassign/<int:user_id>")
@console_required
def unassign(exam_id: int, user_id: int) -> Any:
    """Take the exam back from a trainee who has not started it (a mistaken assignment)."""
    exam = _exam(exam_id)
    db = get_db()
    account = accounts.get_account(db, user_id) if user_id <= console.MAX_ID else None
    if account is None or not exams_db.is_assigned(db, exam.id, user_id):
        abort(404)
    if not ActionForm().validate_on_submit():
        abort(400)
    if exams_db.unassign(db, exam.id, user_id):
        flash(f"{exam.title!r} is no longer assigned to {account.username}.")
    else:
        flash(f"{account.username} has sat {exam.title!r}: the assignment and its results "
              "stand.")
    return redirect_to(url_for(".detail", exam_id=exam.id))


@bp.post("/<int:exam_id>/allow/<int:user_id>")
@console_required
def allow_attempt(exam_id: int, user_id: int) -> Any:
    """Allow a trainee who has used up the exam's attempts, and passed none, one more (a
    sitting ended by a mistaken deactivation, a fire drill); the reason is kept with it."""
    exam = _exam(exam_id)
    db = get_db()
    account = accounts.get_account(db, user_id) if user_id <= console.MAX_ID else None
    if account is None or not exams_db.is_assigned(db, exam.id, user_id):
        abort(404)
    allowed = exams_db.attempts_allowed(db, exam, user_id)
    clock = exam_clock()
    refusal = exams_db.grant_refusal(exam, exams_db.sittings(db, exam.id, user_id, clock),
                                     allowed, account.username)
    if refusal is None:
        form = GrantForm()
        if not form.validate_on_submit():  # the app-wide CSRFProtect has checked the token
            return _detail(exam, _offer_unassigned(AssignForm(), exam.id), 422,
                           refused_grant=(user_id, form))
        try:
            exams_db.grant_attempt(db, exam, user_id, granted_by=current_user.id,
                                   reason=form.reason.data or "", name=account.username,
                                   clock=clock)
        except exams_db.ExamError as refused:  # allowed meanwhile, by another supervisor
            refusal = str(refused)
    if refusal is not None:  # the page was out of date: say what changed
        flash(f"No attempt was added: {refusal}.")
    else:
        flash(f"{account.username} may sit {exam.title!r} once more: {allowed + 1} attempts "
              "allowed now.")
    return redirect_to(url_for(".detail", exam_id=exam.id))
