"""Accounts (a nested blueprint: ``supervisor.accounts``): create, name, reset a password,
deactivate.  An admin manages every account, a supervisor trainees' only
(``trainer.web.roles.manages``): any other is a 403 saying so.

Deactivating keeps every attempt and exam result; the account can no longer
log in, and a session it still holds ends at its next request.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, flash, request, url_for
from flask_login import current_user

from trainer.db import accounts, users
from trainer.db import exams as exams_db
from trainer.db.users import ROLES
from trainer.web.auth import carry_on, new_password_hash
from trainer.web.database import get_db
from trainer.web.exams.walkouts import exam_clock
from trainer.web.forms import ActionForm, FullNameForm, NewPasswordForm
from trainer.web.htmx import redirect_to
from trainer.web.roles import console_required, manages, refusal_to_manage, roles_managed_by
from trainer.web.supervisor import console
from trainer.web.supervisor.forms import AccountForm

bp = Blueprint("accounts", __name__, url_prefix="/accounts")


def _form(**kwargs: Any) -> AccountForm:
    """The form to create an account, offering the roles this user manages (the least
    powerful first, so the one chosen unless changed is a trainee)."""
    form = AccountForm(**kwargs)
    form.role.choices = {role: role.capitalize()
                         for role in reversed(roles_managed_by(current_user.role))}
    return form


def _page(form: AccountForm, status: int = 200) -> Any:
    return console.page("supervisor/_accounts.html", status,
                  form=form, accounts=accounts.list_accounts(get_db()),
                  action_form=ActionForm(), managed=roles_managed_by(current_user.role))


@bp.get("/")
@console_required
def index() -> Any:
    return _page(_form(formdata=None))


@bp.post("/")
@console_required
def create() -> Any:
    form = _form()
    valid = form.validate_on_submit()
    if form.role.data in ROLES and not manages(current_user.role, form.role.data):
        form.role.errors = [refusal_to_manage(form.role.data)]
        return _page(form, 403)
    if valid:
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
    """The account ``user_id`` names (else 404), if this user manages it (else 403)."""
    account = accounts.get_account(get_db(), user_id)
    if account is None:
        abort(404)
    if not manages(current_user.role, account.role):
        abort(403, refusal_to_manage(account.role))
    return account


@bp.app_template_global()
def full_names() -> dict[int, str]:
    """Every account's full name by id, for console pages whose rows name a trainee by
    username alone (the dashboard's table)."""
    return accounts.full_names(get_db())


@bp.route("/<int:user_id>/name", methods=["GET", "POST"])
@console_required
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
@console_required
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
@console_required
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
