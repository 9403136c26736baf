"""Security headers on every response, cookie settings, and no stack traces in production.

``init_app`` (called by ``create_app``):

- every response carries a Content-Security-Policy without inline script or
  style (``script-src 'self'``: the templates load htmx and ``trainer.js`` as
  files and have no ``<script>`` body or ``on*=`` handler; htmx runs with
  ``includeIndicatorStyles: false`` so it injects no ``<style>``), frame
  denial (``frame-ancestors 'none'`` and ``X-Frame-Options: DENY``),
  ``X-Content-Type-Options: nosniff``, a same-origin Referrer-Policy, and
  ``Cache-Control: no-store`` on HTML pages (a shared training-room PC must
  not show a previous user's pages from its cache);
- the session cookie is HttpOnly and SameSite=Lax; ``SECURE_COOKIES=True`` in
  the config or ``TRAINER_SECURE_COOKIES=1`` in the environment (either, for a
  deployment behind HTTPS) adds ``Secure`` and HSTS;
- ``<int:…>`` URL parts are bounded to SQLite's 64-bit range (``/drills/1e30``
  is a 404, never an ``OverflowError``);
- a refusal (400, 403, 404, 405, 409, 413) is a page saying why in plain words
  (an htmx request gets the sentence alone, to swap in);
- outside tests the app never runs in debug mode and an exception in a view
  is logged and answered with a plain 500 page, never a traceback.
"""

from __future__ import annotations

import os
from typing import Any

from flask import Flask, Response, render_template, request
from markupsafe import escape
from werkzeug.exceptions import Forbidden, HTTPException, InternalServerError
from werkzeug.routing import IntegerConverter

CONTENT_SECURITY_POLICY = "; ".join((
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
))

HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
}

# Refusals in words a trainee understands (instead of werkzeug's generic pages).
REFUSALS = {
    400: ("Bad request", "The form could not be read. Go back, reload the page and try again."),
    403: ("Not allowed", "Your account may not open this page."),
    404: ("Not found", "There is no such page, or it is not yours to see."),
    405: ("Not allowed here", "This address does not take that kind of request."),
    409: ("Out of date", "That answer is for a question that is no longer on your screen; "
                         "nothing was recorded. Reload the page."),
    413: ("Too much", "The form sent was too large; nothing was recorded."),
}

PLAIN_500 = (
    "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Server error"
    "</title></head><body><h1>Server error</h1><p>Something went wrong on the server; "
    "nothing you did caused it. Your answers so far are saved. Go back and try again, "
    "or tell a supervisor.</p></body></html>"
)


MAX_ID = 2**63 - 1
"""The largest row id SQLite holds (a signed 64-bit integer)."""


class SQLiteInteger(IntegerConverter):
    """``<int:…>`` in a URL: a row id SQLite can hold (a bigger number is a 404, not a crash),
    in ASCII digits (Werkzeug's ``\\d`` takes any script's, so ``/drills/１`` would be a
    second address of session 1)."""

    regex = r"[0-9]+"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("max", MAX_ID)
        super().__init__(*args, **kwargs)


def _secure_cookies(app: Flask) -> bool:
    """Either the config (``secure_cookies`` in ``settings.toml``) or the environment turns
    them on: the file's ``false``, the default docs/operations.md shows, never undoes
    ``TRAINER_SECURE_COOKIES=1``."""
    return bool(app.config.get("SECURE_COOKIES")) or os.environ.get(
        "TRAINER_SECURE_COOKIES", "") in {"1", "true", "yes"}


def init_app(app: Flask) -> None:
    """Before the blueprints are registered (their ``<int:…>`` rules use the converter)."""
    app.url_map.converters["int"] = SQLiteInteger
    app.config["SESSION_COOKIE_HTTPONLY"] = True
    app.config.setdefault("SESSION_COOKIE_SAMESITE", "Lax")
    app.config["REMEMBER_COOKIE_HTTPONLY"] = True
    app.config.setdefault("REMEMBER_COOKIE_SAMESITE", "Lax")
    secure = _secure_cookies(app)
    if secure:
        app.config["SESSION_COOKIE_SECURE"] = True
        app.config["REMEMBER_COOKIE_SECURE"] = True
    if not app.testing:
        app.debug = False  # never the debugger or tracebacks, whatever FLASK_DEBUG says
        app.config["PROPAGATE_EXCEPTIONS"] = False

    fixed = HEADERS | ({"Strict-Transport-Security": "max-age=31536000; includeSubDomains"}
                       if secure else {})

    @app.after_request
    def security_headers(response: Response) -> Response:
        """Add each header the view did not set (one pass over the response's headers)."""
        headers = fixed | ({"Cache-Control": "no-store"} if response.mimetype == "text/html"
                           else {})
        present = {name.lower() for name, _value in response.headers.items()}
        response.headers.extend(
            (name, value) for name, value in headers.items() if name.lower() not in present)
        return response

    def refusal(error: HTTPException) -> Any:
        code = error.code or 400
        title, message = REFUSALS.get(code, ("Refused", "The request was refused."))
        if code == 403 and error.description != Forbidden.description:  # a view's reason
            message = str(error.description)
        headers = {k: v for k, v in error.get_headers() if k not in ("Content-Type",)}
        if request.headers.get("HX-Request") == "true":
            body = f'<p class="error" role="alert">{escape(message)}</p>'
        else:
            body = render_template("error.html", title=title, message=message, code=code)
        return body, code, headers

    for code in REFUSALS:
        app.register_error_handler(code, refusal)

    @app.errorhandler(InternalServerError)
    def server_error(_error: InternalServerError) -> Any:
        """A plain page: Flask has already logged the exception with its traceback."""
        try:
            body = render_template(
                "error.html", title="Server error",
                message="Something went wrong on the server; nothing you did caused it. "
                        "Your answers so far are saved. Go back and try again, or tell a "
                        "supervisor.", code=500)
        except Exception:  # the page itself failed (say, the database is gone)
            body = PLAIN_500
        return body, 500, {"Content-Type": "text/html; charset=utf-8"}
