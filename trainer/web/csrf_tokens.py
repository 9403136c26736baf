"""CSRF on every POST (Flask-WTF's ``CSRFProtect``), signing a token only when needed.

A page or fragment rendered in answer to a POST carries a CSRF token for its
next form.  The POST's own token has just been checked against this session,
and tokens do not expire (``WTF_CSRF_TIME_LIMIT = None``), so it is handed back
as is instead of signing a new one (an HMAC and a zlib pass per response).
"""

from __future__ import annotations

from flask import Flask, current_app, g
from flask_wtf.csrf import CSRFProtect

csrf = CSRFProtect()


def init_app(app: Flask) -> None:
    csrf.init_app(app)  # its check runs first: the hook below sees its verdict

    @app.before_request
    def reuse_checked_token() -> None:
        if g.get("csrf_valid") and current_app.config["WTF_CSRF_TIME_LIMIT"] is None:
            field = current_app.config["WTF_CSRF_FIELD_NAME"]
            setattr(g, field, csrf._get_csrf_token())
