"""htmx helpers: fragment or full page, and clean redirects for htmx requests."""

from __future__ import annotations

from typing import Any

from flask import Flask, Response, current_app, flash, redirect, render_template, request, url_for
from flask_login import current_user
from flask_wtf.csrf import CSRFError
from werkzeug.urls import iri_to_uri
from werkzeug.wrappers import Response as BaseResponse

from trainer.text_rules import normal_username


def is_htmx() -> bool:
    """True for a request htmx made to swap a fragment (not a boosted page load)."""
    environ = request.environ  # not ``request.headers.get``: it raises and catches for a miss
    return environ.get("HTTP_HX_REQUEST") == "true" and not environ.get("HTTP_HX_BOOSTED")


def render(page: str, fragment: str, status: int = 200, **context: Any) -> tuple[str, int]:
    """The fragment for an htmx request, else the full page (which includes the fragment)."""
    return render_template(fragment if is_htmx() else page, **context), status


def redirect_to(url: str) -> BaseResponse:
    """A redirect htmx follows as a full navigation (HX-Redirect) and a browser as a 303."""
    if is_htmx():
        response = Response("", 200)
        response.headers["HX-Redirect"] = iri_to_uri(url)  # a header holds Latin-1 only
        return response
    return redirect(url, 303)


def login_redirect() -> BaseResponse:
    """Send a logged-out request to the login page, coming back where it was: the page a GET
    asked for, else the page htmx or the browser says it was on (this site's only)."""
    target = request.full_path.rstrip("?") if request.method == "GET" else ""
    if is_htmx():
        current = request.headers.get("HX-Current-URL", "")
        target = _path_of(current) or target
    elif not target:  # a form posted from a page of this site: back to that page
        target = _path_of(request.referrer or "", own_site_only=True)
        if target.startswith(url_for("auth.login")):  # the login form itself: no next
            target = ""
    url = url_for("auth.login", next=target) if target else url_for("auth.login")
    if is_htmx():
        response = Response("Please log in again.", 401)
        response.headers["HX-Redirect"] = url
        return response
    return redirect(url, 302)


def _path_of(url: str, own_site_only: bool = False) -> str:
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    if own_site_only and parts.netloc != request.host:
        return ""
    path = parts.path + (f"?{parts.query}" if parts.query else "")
    return path if path.startswith("/") and not path.startswith("//") else ""


def register_htmx_handlers(app: Flask) -> None:
    """A stale or missing CSRF token: log in again (session gone) or reload (page too old)."""

    @app.errorhandler(CSRFError)
    def csrf_error(error: CSRFError) -> Any:
        if not current_user.is_authenticated:  # as login_required does: auth's handler
            return current_app.login_manager.unauthorized()  # type: ignore[attr-defined]
        if request.endpoint == "auth.login":
            return _login_while_logged_in()
        if request.endpoint == "auth.logout":  # a page from before the last login or logout
            flash("That page was out of date: press Log out again.")
            return redirect_to(url_for("trainee.home"))
        # the form sent none (a session without one: the page is from before a log in or out)
        missing = error.description == "The CSRF token is missing."
        if is_htmx():  # the page reloads, and says why on top: nothing was sent
            flash("That was not sent: the page " + ("had lost its security token" if missing
                  else "was out of date") + ". It has been reloaded; send it again.")
            response = Response("This page is out of date; reloading.", 400)
            response.headers["HX-Refresh"] = "true"
            return response
        if missing:
            message = ("This form came without its security token. Go back, reload the page "
                       "and send it again.")
        else:
            message = ("This form is out of date (someone logged in or out since it was "
                       "shown). Go back, reload the page and send it again.")
        return render_template("error.html", title="Form expired", message=message,
                               code=400), 400


def _login_while_logged_in() -> Any:
    """A login form posted while someone is logged in (its token went with that login): the
    same account again (a double click) goes on; any other is refused, unchecked, so a
    forgotten tab never logs anyone in as whoever is logged in."""
    posted = normal_username(request.form.get("username", "")).casefold()
    if posted == current_user.username.casefold():
        return redirect_to(url_for("auth.login", next=request.form.get("next", "")))
    return render_template("error.html", title="Already logged in",
                           message=f"You are logged in as {current_user.username} (in another "
                                   "tab or window). Log out first to log in as someone else.",
                           code=409), 409
