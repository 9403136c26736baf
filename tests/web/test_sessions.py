"""Remembered cookie sessions: a cookie's signature is checked once, and nothing more is trusted."""

from __future__ import annotations

import time
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from trainer.web.sessions import RememberedCookieSessions


def _cookie(client: FlaskClient) -> str:
    cookie = client.get_cookie("session")
    assert cookie is not None
    return cookie.value


def test_a_remembered_cookie_is_still_the_logged_in_user(app: Flask, client: FlaskClient,
                                                         auth: Any) -> None:
    assert isinstance(app.session_interface, RememberedCookieSessions)
    auth.login()
    assert client.get("/").status_code == 200
    assert client.get("/").status_code == 200  # the second time from memory
    assert _cookie(client) in app.session_interface._verified


def test_a_tampered_cookie_is_refused_after_the_real_one_was_remembered(
        app: Flask, client: FlaskClient, auth: Any) -> None:
    auth.login()
    assert client.get("/").status_code == 200
    good = _cookie(client)
    for bad in (good[:-2] + ("AA" if not good.endswith("AA") else "BB"), good + "x", "x" + good):
        client.set_cookie("session", bad)
        assert client.get("/").status_code == 302  # to the login page
    client.set_cookie("session", good)
    assert client.get("/").status_code == 200


def test_a_remembered_cookie_still_expires(app: Flask, client: FlaskClient, auth: Any,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    auth.login()
    assert client.get("/").status_code == 200
    later = time.time() + app.permanent_session_lifetime.total_seconds() + 60
    monkeypatch.setattr("trainer.web.sessions.time.time", lambda: later)
    monkeypatch.setattr("itsdangerous.timed.time.time", lambda: later)
    assert client.get("/").status_code == 302


def test_a_request_changing_its_session_does_not_change_the_remembered_one(
        app: Flask, client: FlaskClient, auth: Any) -> None:
    auth.login()
    cookie = _cookie(client)
    client.get("/")
    remembered = dict(app.session_interface._verified[cookie][1])
    client.post("/logout", data={"csrf_token": auth.csrf("/")})  # clears the session
    assert app.session_interface._verified[cookie][1] == remembered
