"""A logged-in user's own account page (trainee or supervisor): their full name, which
their certificates print, and their password.

The current password is asked first, and a wrong one counts as a failed login
(``throttle``), so a session left open on a shared training-room PC cannot be
used to guess it.  The new password ends every other login of the account (the
login generation moves on); this one carries on under the new generation.  The full
name asks for nothing more: a login that may change the password may change it.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, flash, render_template, request, url_for
from flask_login import current_user, login_required
from werkzeug.security import check_password_hash

from trainer.db import users
from trainer.web import throttle
from trainer.web.auth import carry_on, new_password_hash
from trainer.web.database import get_db
from trainer.web.forms import ChangePasswordForm, FullNameForm
from trainer.web.htmx import redirect_to

bp = Blueprint("account", __name__, url_prefix="/account")

WRONG_CURRENT = "That is not your current password."
SAME_AS_CURRENT = "The new password is the current one: choose another."


@bp.route("/password", methods=["GET", "POST"])
@login_required
def password() -> Any:
    """The form; posted, the current password checked, then the new one stored."""
    form = ChangePasswordForm()
    if form.validate_on_submit():
        claimed = throttle.claim(current_user.username)  # counted failed until it is right
        if isinstance(claimed, throttle.Refusal):
            return claimed.page("account/password.html", form=form, name_form=_name_form())
        stored = current_user.row.password_hash
        if not check_password_hash(stored, form.current.data or ""):
            form.current.errors.append(WRONG_CURRENT)
        elif check_password_hash(stored, form.password.data or ""):
            throttle.succeeded(current_user.username, claimed)  # the right current password
            form.password.errors.append(SAME_AS_CURRENT)
        else:
            throttle.succeeded(current_user.username, claimed)
            users.set_password(get_db(), current_user.id,
                               new_password_hash(form.password.data or ""))
            carry_on(current_user.id)
            flash("Your password is changed. Any other login of your account has ended.")
            return redirect_to(url_for("trainee.home"))
    return _page(form, _name_form(), 422 if request.method == "POST" else 200)


@bp.post("/name")
@login_required
def name() -> Any:
    """The user's own full name, posted from the account page ("" takes it away)."""
    form = FullNameForm()
    if form.validate_on_submit():
        full_name = users.set_full_name(get_db(), current_user.id, form.full_name.data or "")
        flash(f"Your full name is now {full_name}: your certificates print it." if full_name
              else "You have no full name now: your certificates print your username.")
        return redirect_to(url_for(".password"))
    return _page(ChangePasswordForm(formdata=None), form, 422)


def _name_form() -> FullNameForm:
    """The full-name form as the account page first shows it: the name as stored."""
    return FullNameForm(formdata=None, obj=current_user.row)


def _page(form: ChangePasswordForm, name_form: FullNameForm, status: int) -> Any:
    """The account page: the full-name form and the password form (``form``)."""
    return render_template("account/password.html", form=form, name_form=name_form,
                           error=None), status
