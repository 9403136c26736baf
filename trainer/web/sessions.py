"""Flask's signed-cookie sessions, each cookie's signature checked once per worker process."""

from __future__ import annotations

import time
from typing import Any

from flask import Flask, Request
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface
from itsdangerous import BadSignature

FLAT = (str, int, float, bool, type(None))


class RememberedCookieSessions(SecureCookieSessionInterface):
    """Flask's signed-cookie session, remembering what each cookie verified to.

    Reading a cookie (an HMAC, zlib, tagged JSON) costs a tenth of an answer,
    and a trainee sends the same cookie with every answer.  A cookie whose
    exact text verified once maps to its contents and signing time: the same
    text again gets a fresh copy of those, and is still refused once older than
    the session lifetime.  Any other text is verified as usual.  Only flat
    contents (text, numbers, booleans) are remembered, so no copy shares a list
    or a dict with another request.
    """

    capacity = 4096

    def __init__(self) -> None:
        self._verified: dict[str, tuple[float, dict[str, Any]]] = {}

    def open_session(self, app: Flask, request: Request) -> SecureCookieSession | None:
        if not app.secret_key:
            return None
        text = request.cookies.get(self.get_cookie_name(app))
        if not text:
            return self.session_class()
        max_age = app.permanent_session_lifetime.total_seconds()
        known = self._verified.get(text)
        if known is not None and time.time() - known[0] <= max_age:
            return self.session_class(known[1])
        serializer = self.get_signing_serializer(app)
        assert serializer is not None
        try:
            data, signed = serializer.loads(text, max_age=int(max_age), return_timestamp=True)
        except BadSignature:
            return self.session_class()
        if isinstance(data, dict) and all(isinstance(v, FLAT) for v in data.values()):
            if len(self._verified) >= self.capacity:
                self._verified.clear()
            self._verified[text] = (signed.timestamp(), data)
        return self.session_class(data)


def init_app(app: Flask) -> None:
    app.session_interface = RememberedCookieSessions()
