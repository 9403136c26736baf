"""Logging in and out; the ``User`` Flask-Login loads from the database."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from flask import (
    Blueprint,
    Flask,
    current_app,
    flash,
    g,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_login import LoginManager, UserMixin, current_user, login_user, logout_user
from werkzeug.exceptions import HTTPException
from werkzeug.routing import RequestRedirect
from werkzeug.security import check_password_hash, generate_password_hash

from trainer.db import users
from trainer.web import csrf_tokens, throttle
from trainer.web.database import get_db
from trainer.web.forms import LoginForm, LogoutForm
from trainer.web.htmx import login_redirect, redirect_to
from trainer.web.roles import CONSOLE_ROLES, roles_of_view

bp = Blueprint("auth", __name__)
login_manager = LoginManager()

# A hash to compare against when the username is unknown, so both cases take as long.
_DUMMY_HASH = generate_password_hash("not-a-real-password")


class User(UserMixin):
    """The logged-in user (a thin wrapper over the users row)."""

    def __init__(self, row: users.UserRow) -> None:
        self.row = row
        self.id = row.id
        self.username = row.username
        self.role = row.role

    @property
    def is_active(self) -> bool:
        return self.row.active

    @property
    def sees_console(self) -> bool:
        """Whether the supervisor console is open to this user (supervisors and admins)."""
        return self.role in CONSOLE_ROLES

    def get_id(self) -> str:
        """What the session cookie names: the user and the login generation (``7:3``)."""
        return f"{self.id}:{self.row.login_generation}"


@login_manager.user_loader
def load_user(login_id: str) -> User | None:
    """The user a session names, while that login has not ended (logged out, a new password)
    and the account is active."""
    user_id, _, generation = login_id.partition(":")
    if not all(part.isascii() and part.isdigit() and len(part) <= 18
               for part in (user_id, generation)):
        return None
    row = users.get_user(get_db(), int(user_id))
    if row is None or not row.active or row.login_generation != int(generation):
        g.deactivated = row is not None and not row.active
        return None
    return User(row)


DEACTIVATED = "This account is deactivated: ask a supervisor (or an admin) to reactivate it."
"""What a user logged out by a deactivation reads on the login page."""


@login_manager.unauthorized_handler
def unauthorized() -> Any:
    if g.get("deactivated"):  # else the login page alone, as if the login had expired
        logout_user()  # said once: the next request (another tab) is a plain logged-out one
        flash(DEACTIVATED)
    return login_redirect()


def init_app(app: Flask) -> None:
    login_manager.init_app(app)
    app.add_template_global(home_of)
    login_manager.session_protection = "basic"


def hash_password(password: str, method: str = "scrypt") -> str:
    """A werkzeug password hash (scrypt; tests pass a cheap method to run fast)."""
    return generate_password_hash(password, method=method)


def new_password_hash(password: str) -> str:
    """The hash a password set now is stored as (``PASSWORD_HASH_METHOD``: tests' cheap one)."""
    return hash_password(password, current_app.config.get("PASSWORD_HASH_METHOD", "scrypt"))


def carry_on(user_id: int) -> None:
    """Keep this request's login after the account's logins ended (its own new password):
    log in again under the account's new login generation."""
    renewed = users.get_user(get_db(), user_id)
    assert renewed is not None
    login_user(User(renewed))


def _safe_next(target: str | None) -> str | None:
    r"""A path on this site to go back to after logging in, else None.

    Browsers drop tabs and newlines from a URL (``/\t/evil.example`` becomes
    ``//evil.example``, another site) and read ``\`` as ``/``, so any of them,
    any space or control character, a scheme or a host refuses the target.
    """
    if not target or not target.startswith("/") or target.startswith("//"):
        return None
    if "\\" in target or any(c.isspace() or ord(c) < 32 or ord(c) == 127 for c in target):
        return None
    parts = urlsplit(target)
    if parts.scheme or parts.netloc:
        return None
    return target


def home_of(role: str | None) -> str:
    """Where a user of ``role`` starts: an auditor's page, everyone else's drills."""
    return url_for("auditor.index") if role == "auditor" else url_for("trainee.home")


def _landing(target: str | None, role: str | None) -> str:
    """Where a login lands: the page it was asked from, if it is safe and open to this
    role, else the role's home (a trainee sent to log in from a supervisor's link is not
    shown a 403)."""
    safe = _safe_next(target)
    if safe is None:
        return home_of(role)
    roles = _roles_of_page(urlsplit(safe).path)
    return safe if roles is None or role in roles else home_of(role)


def _roles_of_page(path: str) -> frozenset[str] | None:
    """The roles the page at ``path`` is for (None: any, or no such page)."""
    adapter = current_app.url_map.bind("localhost")
    try:
        endpoint, _args = adapter.match(path, method="GET")
    except RequestRedirect as moved:  # "/supervisor" for "/supervisor/"
        return _roles_of_page(urlsplit(moved.new_url).path)
    except HTTPException:  # no such page, or not one to GET: nothing to check
        return None
    return roles_of_view(current_app.view_functions.get(str(endpoint)))


@bp.route("/login", methods=["GET", "POST"])
def login() -> Any:
    form = LoginForm()
    if request.method == "GET":
        form.next.data = request.args.get("next", "")
    if current_user.is_authenticated and request.method == "GET":
        return redirect(_landing(form.next.data, current_user.role))
    error = None
    if form.validate_on_submit():
        username = form.username.data or ""
        claimed = throttle.claim(username)  # issue 7: too many failures
        if isinstance(claimed, throttle.Refusal):
            return claimed.page("login.html", form=form)
        row = users.find_user(get_db(), username)
        password = form.password.data or ""
        if row is None:
            check_password_hash(_DUMMY_HASH, password)
        elif check_password_hash(row.password_hash, password) and row.active:
            throttle.succeeded(username, claimed)
            login_user(User(row))
            csrf_tokens.renew()
            return redirect_to(_landing(form.next.data, row.role))
        error = "Wrong username or password, or the account is disabled."
    return render_template("login.html", form=form, error=error)


@bp.get("/logout")
def confirm_logout() -> Any:
    """The address typed or bookmarked: logging out is a POST, so ask with its button."""
    if not current_user.is_authenticated:
        return redirect(url_for("auth.login"))
    return render_template("logout.html")


@bp.post("/logout")
def logout() -> Any:
    form = LogoutForm()
    if form.validate_on_submit():
        if current_user.is_authenticated:
            users.end_logins(get_db(), current_user.id)
        logout_user()
        csrf_tokens.renew()
        flash("You are logged out.")
    return redirect_to(url_for("auth.login"))
