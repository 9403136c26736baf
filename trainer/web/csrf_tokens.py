"""CSRF on every POST (Flask-WTF's ``CSRFProtect``), each token's signature checked once.

A page or fragment rendered in answer to a POST carries a CSRF token for its
next form.  The POST's own token has just been checked against this session,
and tokens do not expire (``WTF_CSRF_TIME_LIMIT = None``), so it is handed back
as is instead of signing a new one (an HMAC and a zlib pass per response).

A trainee's page sends the same token with every answer, and checking its
signature (key derivation, HMAC, base64) is a twentieth of an answer.  A token
whose signature verified once is remembered with the session value it carries;
the same token again is accepted only while it still matches the session's
value (compared in constant time), exactly what Flask-WTF would decide.
Anything else -- a new token, expiring tokens, HTTPS with its referrer checks
-- goes through Flask-WTF's own check.
"""

from __future__ import annotations

import hmac

from flask import Flask, current_app, g, request, session
from flask_wtf.csrf import CSRFProtect


class RememberedCSRFProtect(CSRFProtect):
    """``CSRFProtect`` remembering the session value each verified token carries (per app)."""

    capacity = 4096

    def init_app(self, app: Flask) -> None:
        super().init_app(app)
        app.extensions["csrf_verified"] = {}

    def protect(self, apply_exemptions: bool = False) -> None:
        config = current_app.config
        if (request.method in config["WTF_CSRF_METHODS"] and not request.is_secure
                and config["WTF_CSRF_TIME_LIMIT"] is None):
            token = self._get_csrf_token()
            verified: dict[str, str] = current_app.extensions["csrf_verified"]
            carried = verified.get(token) if token else None
            expected = session.get(config["WTF_CSRF_FIELD_NAME"])
            if carried is not None and isinstance(expected, str) \
                    and hmac.compare_digest(carried, expected):
                g.csrf_valid = True
                return
            super().protect(apply_exemptions)
            if token and g.get("csrf_valid") and isinstance(expected, str):
                if len(verified) >= self.capacity:
                    verified.clear()
                verified[token] = expected
            return
        super().protect(apply_exemptions)


csrf = RememberedCSRFProtect()


def renew() -> None:
    """Drop this browser session's CSRF token: the next form gets a new one.

    Called when someone logs in or out, so whoever used a shared training-room PC
    before does not know the token of whoever logs in after them."""
    field = current_app.config["WTF_CSRF_FIELD_NAME"]
    session.pop(field, None)
    g.pop(field, None)
    g.pop("csrf_valid", None)


def init_app(app: Flask) -> None:
    csrf.init_app(app)  # its check runs first: the hook below sees its verdict

    @app.before_request
    def reuse_checked_token() -> None:
        if g.get("csrf_valid") and current_app.config["WTF_CSRF_TIME_LIMIT"] is None:
            field = current_app.config["WTF_CSRF_FIELD_NAME"]
            setattr(g, field, csrf._get_csrf_token())
