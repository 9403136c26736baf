"""The auditor's page: the rules of each house, and no trainee's data."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from trainer.db import connect
from trainer.db.users import create_user
from trainer.web.auth import hash_password
from trainer.web.questions.houses_view import house_facts, house_titles

from .conftest import FAST_HASH, PASSWORD, csrf_from


def _auditor(app: Flask, auth: Any) -> Any:
    db = connect(app.config["DATABASE"])
    create_user(db, "al", "auditor", hash_password(PASSWORD, FAST_HASH))
    db.close()
    return auth.login("al")


def test_an_auditor_lands_on_the_rules_of_each_house(app: Flask, client: FlaskClient,
                                                     auth: Any) -> None:
    response = _auditor(app, auth)
    assert response.status_code == 303 and response.headers["Location"] == "/auditor/"
    page = client.get("/auditor/").get_data(as_text=True)
    assert "As an auditor you read the rules of each house" in page
    for name, title in house_titles().items():
        assert f"<h2>{title}</h2>" in page
        assert all(f"<li>{fact}</li>" in page for fact in house_facts(name)
                   if "'" not in fact and "&" not in fact)
    assert 'href="/supervisor/"' not in page and 'href="/auditor/">House rules' in page


def test_an_auditor_sees_no_trainee_s_data(app: Flask, client: FlaskClient,
                                           auth: Any) -> None:
    _auditor(app, auth)
    for path in ("/supervisor/", "/supervisor/accounts/", "/supervisor/attempts",
                 "/supervisor/trainees/1", "/exams/"):
        assert client.get(path).status_code == 403, path


def test_a_login_asked_from_the_console_lands_an_auditor_on_their_page(
        app: Flask, client: FlaskClient) -> None:
    db = connect(app.config["DATABASE"])
    create_user(db, "al", "auditor", hash_password(PASSWORD, FAST_HASH))
    db.close()
    token = csrf_from(client.get("/login?next=/supervisor/").get_data(as_text=True))
    response = client.post("/login", data={"username": "al", "password": PASSWORD,
                                           "next": "/supervisor/", "csrf_token": token})
    assert response.headers["Location"] == "/auditor/"  # not the console's 403


def test_others_do_not_open_the_auditor_s_page(client: FlaskClient, auth: Any) -> None:
    auth.login("sue")
    assert client.get("/auditor/").status_code == 403
