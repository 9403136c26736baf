"""Accounts (a nested blueprint: ``supervisor.accounts``): create, name, reset a password,
deactivate.

Deactivating keeps every attempt and exam result; the account can no longer
log in, and a session it still holds ends at its next request.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, flash, request, url_for
from flask_login import current_user

from trainer.db import accounts, users
from trainer.db import exams as exams_db
from trainer.web.auth import carry_on, new_password_hash
from trainer.web.database import get_db
from trainer.web.exams.walkouts import exam_clock
from trainer.web.forms import ActionForm, FullNameForm, NewPasswordForm
from trainer.web.htmx import redirect_to
from trainer.web.roles import supervisor_required
from trainer.web.supervisor import console
from trainer.web.supervisor.forms import AccountForm

bp = Blueprint("accounts", __name__, url_prefix="/accounts")


def _page(form: AccountForm, status: int = 200) -> Any:
    return console.page("supervisor/_accounts.html", status,
                  form=form, accounts=accounts.list_accounts(get_db()),
                  action_form=ActionForm())


@bp.get("/")
@supervisor_required
def index() -> Any:
    return _page(AccountForm(formdata=None))


@bp.post("/")
@supervisor_required
def create() -> Any:
    form = AccountForm()
    if form.validate_on_submit():
        username = form.username.data or ""
        try:
            users.create_user(get_db(), username, form.role.data or "trainee",
                              new_password_hash(form.password.data or ""),
                              form.full_name.data or "")
        except users.UserExistsError as exc:
            same = "" if exc.existing == username else f" (by {exc.existing!r})"
            form.username.errors = [
                f"The username {username!r} looks the same as {exc.existing!r}, which is "
                "taken: letters of another script that look alike." if exc.look_alike
                else f"The username {username!r} is taken{same}."]
        else:
            flash(f"Created the {form.role.data} account {username!r}.")
            return redirect_to(url_for(".index"))
    return _page(form, 422)


def _account(user_id: int) -> accounts.Account:
    account = accounts.get_account(get_db(), user_id)
    if account is None:
        abort(404)
    return account


@bp.app_template_global()
def full_names() -> dict[int, str]:
    """Every account's full name by id, for console pages whose rows name a trainee by
    username alone (the dashboard's table)."""
    return accounts.full_names(get_db())


@bp.route("/<int:user_id>/name", methods=["GET", "POST"])
@supervisor_required
def name(user_id: int) -> Any:
    """Change (or clear) an account's full name."""
    account = _account(user_id)
    form = FullNameForm(obj=account)
    if form.validate_on_submit():
        full_name = users.set_full_name(get_db(), account.id, form.full_name.data or "")
        flash(f"The full name of {account.username!r} is now {full_name}." if full_name
              else f"{account.username!r} has no full name now.")
        return redirect_to(url_for(".index"))
    status = 422 if request.method == "POST" else 200
    return console.page("supervisor/_name.html", status, form=form, account=account,
                        title="A full name")


@bp.route("/<int:user_id>/password", methods=["GET", "POST"])
@supervisor_required
def password(user_id: int) -> Any:
    account = _account(user_id)
    form = NewPasswordForm()
    if form.validate_on_submit():
        users.set_password(get_db(), account.id, new_password_hash(form.password.data or ""))
        if account.id == current_user.id:  # every login of the account ended, this one too
            carry_on(account.id)
        flash(f"The password of {account.username!r} is reset.")
        return redirect_to(url_for(".index"))
    status = 422 if request.method == "POST" else 200
    return console.page("supervisor/_password.html", status, form=form, account=account)


@bp.post("/<int:user_id>/active")
@supervisor_required
def set_active(user_id: int) -> Any:
    """Deactivate (``active=0``) or reactivate (``active=1``) an account; any other value
    (a hand-made POST) is a 400, not a deactivation."""
    account = _account(user_id)
    form = ActionForm()
    if not form.validate_on_submit() or request.form.get("active") not in ("0", "1"):
        abort(400)
    active = request.form.get("active") == "1"
    if not active and account.id == current_user.id:
        flash("You cannot deactivate your own account.")
        return redirect_to(url_for(".index"))
    users.set_active(get_db(), account.id, active)
    if active:
        flash(f"{account.username!r} is active again.")
    else:
        flash(f"{account.username!r} is deactivated; their history is kept and they can no"
              f" longer log in{_open_sittings_note(account.id)}.")
    return redirect_to(url_for(".index"))


def _open_sittings_note(user_id: int) -> str:
    """What becomes of the exams a deactivated trainee was sitting: nobody answers them, so
    each closes as walked out once its question's time runs out, and counts as an attempt."""
    open_titles = [a.exam.title for a in exams_db.assigned_exams(get_db(), user_id,
                                                                 exam_clock())
                   if a.open_sitting is not None]
    if not open_titles:
        return ""
    titles = ", ".join(repr(t) for t in open_titles)
    if len(open_titles) == 1:
        return (f"; the exam they were sitting ({titles}) closes as walked out once its time"
                " has run out unanswered, and counts as an attempt")
    return (f"; the exams they were sitting ({titles}) close as walked out once their time"
            " has run out unanswered, and count as attempts")
