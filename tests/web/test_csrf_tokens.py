"""Remembered CSRF tokens: a token's signature is checked once, and it still has to match
the session it is sent with."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from tests.web.conftest import PASSWORD, csrf_from


def _verified(app: Flask) -> dict[str, str]:
    found: dict[str, str] = app.extensions["csrf_verified"]
    return found


def _start(client: FlaskClient, token: str) -> int:
    return client.post("/drills", data={"csrf_token": token, "house": "europoker",
                                        "family": "dealer-draw", "difficulty": "easy",
                                        "length": "3"}).status_code


def test_a_checked_token_is_remembered_and_accepted_again(app: Flask, client: FlaskClient,
                                                          auth: Any) -> None:
    auth.login()
    token = auth.csrf()
    assert _start(client, token) == 303
    assert token in _verified(app)
    assert _start(client, token) == 303  # from memory
    assert _start(client, token[:-2] + ("AA" if not token.endswith("AA") else "BB")) == 400


def test_a_remembered_token_is_refused_in_another_session(app: Flask, auth: Any) -> None:
    first, second = app.test_client(), app.test_client()
    first_page = first.get("/login").get_data(as_text=True)
    first.post("/login", data={"username": "tina", "password": PASSWORD,
                               "csrf_token": csrf_from(first_page)})
    token = csrf_from(first.get("/").get_data(as_text=True))
    assert _start(first, token) == 303 and token in _verified(app)
    second_page = second.get("/login").get_data(as_text=True)
    second.post("/login", data={"username": "tom", "password": PASSWORD,
                                "csrf_token": csrf_from(second_page)})
    assert _start(second, token) == 400  # signed, remembered, but not this session's

