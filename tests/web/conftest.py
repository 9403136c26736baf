"""Fixtures for the web tests: an app on a real SQLite file, a client, an ``auth`` helper."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from trainer.db import connect
from trainer.db.users import create_user
from trainer.web import create_app
from trainer.web.auth import hash_password
from trainer.web.questions.drill_views import QuestionView

PASSWORD = "correct horse"
FAST_HASH = "pbkdf2:sha256:1000"


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    app = create_app({
        "TESTING": True,
        "SECRET_KEY": "test",
        "DATABASE": str(tmp_path / "trainer.db"),
        "DRILL_LENGTH": 3,
        "DB_BACKGROUND": False,
    })
    db = connect(app.config["DATABASE"])
    create_user(db, "tina", "trainee", hash_password(PASSWORD, FAST_HASH))
    create_user(db, "tom", "trainee", hash_password(PASSWORD, FAST_HASH))
    create_user(db, "sue", "supervisor", hash_password(PASSWORD, FAST_HASH))
    db.close()
    yield app


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def db(app: Flask) -> Iterator[Any]:
    conn = connect(app.config["DATABASE"])
    yield conn
    conn.close()


CSRF = re.compile(
    r'name="csrf_token" type="hidden" value="([^"]+)"|name="csrf_token" value="([^"]+)"'
)


def draw_felt(app: Flask, view: QuestionView) -> str:
    """The felt of ``view`` as a page draws it (the ``felt`` macro of ``_table.html``)."""
    macros = app.jinja_env.get_template("_table.html").module
    return str(macros.felt(view))  # type: ignore[attr-defined]


def csrf_from(html: str) -> str:
    match = CSRF.search(html)
    assert match, "no CSRF token in the page"
    return match.group(1) or match.group(2)


class Auth:
    """Log in and out through the real forms (CSRF included)."""

    def __init__(self, client: FlaskClient) -> None:
        self.client = client

    def login(self, username: str = "tina", password: str = PASSWORD) -> Any:
        page = self.client.get("/login")
        token = csrf_from(page.get_data(as_text=True))
        return self.client.post("/login", data={"username": username, "password": password,
                                                "csrf_token": token})

    def csrf(self, path: str = "/") -> str:
        return csrf_from(self.client.get(path).get_data(as_text=True))


@pytest.fixture
def auth(client: FlaskClient) -> Auth:
    return Auth(client)
