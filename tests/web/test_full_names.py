"""Full names through the test client (issue 35, item 8): a supervisor gives one at
creation and changes it, a user sets their own on the account page, certificates print it
and the console shows it beside the username."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.web.conftest import Auth
from tests.web.test_supervisor_exams import answer, as_supervisor_create, start, user_id
from trainer.db import connect
from trainer.db.users import find_user, set_full_name

NAME = "Иванова Анна Сергеевна"
ERROR = '<span class="error" role="alert">{}</span>'
BAD_NAMES = [
    ("я" * 101, "A full name has at most 100 characters."),
    ("Анна\x00", "No invisible, control or unassigned characters, please (U+0000)."),
    ("Анна\u200bИванова", "No invisible, control or unassigned characters, please (U+200B)."),
    ("Анна\r\nИванова", "No invisible, control or unassigned characters, please (U+000D)."),
]


def full_name(app: Flask, username: str) -> str:
    db = connect(app.config["DATABASE"])
    try:
        found = find_user(db, username)
        assert found is not None
        return found.full_name
    finally:
        db.close()


def name_someone(app: Flask, username: str, name: str) -> None:
    db = connect(app.config["DATABASE"])
    try:
        set_full_name(db, user_id(app, username), name)
    finally:
        db.close()


def field_with_error(page: str, message: str) -> bool:
    """Whether the full-name field's label holds ``message``, right after its input."""
    return re.search(r'<label>Full name \(optional\) <input[^>]*name="full_name"[^>]*>\s*'
                     + re.escape(ERROR.format(message)), page) is not None


def post(client: FlaskClient, auth: Auth, url: str, page: str, **data: str) -> Any:
    return client.post(url, data={"csrf_token": auth.csrf(page), **data})


# ------------------------------------------------------------------ the supervisor


def test_a_supervisor_creates_an_account_with_a_full_name(app: Flask, client: FlaskClient,
                                                          auth: Auth) -> None:
    auth.login("sue")
    response = post(client, auth, "/supervisor/accounts/", "/supervisor/accounts/",
                    username="anna", full_name="  Иванова  Анна Сергеевна ", role="trainee",
                    password="a long password", confirm="a long password")
    assert response.status_code == 303
    assert full_name(app, "anna") == NAME
    page = client.get("/supervisor/accounts/").get_data(as_text=True)
    row = re.search(r'<tr data-account="anna">(.*?)</tr>', page, re.S)
    assert row and f'<td class="full-name" data-label="Full name">{NAME}</td>' in row[1]
    tom = re.search(r'<tr data-account="tom">(.*?)</tr>', page, re.S)
    assert tom and '<td class="full-name" data-label="Full name"></td>' in tom[1]


def test_an_account_is_created_without_a_full_name(app: Flask, client: FlaskClient,
                                                   auth: Auth) -> None:
    auth.login("sue")
    response = post(client, auth, "/supervisor/accounts/", "/supervisor/accounts/",
                    username="anna", role="trainee", password="a long password",
                    confirm="a long password")
    assert response.status_code == 303 and full_name(app, "anna") == ""


@pytest.mark.parametrize(("name", "message"), BAD_NAMES)
def test_a_bad_full_name_at_creation_is_refused_beside_its_field(
        app: Flask, client: FlaskClient, auth: Auth, name: str, message: str) -> None:
    auth.login("sue")
    response = post(client, auth, "/supervisor/accounts/", "/supervisor/accounts/",
                    username="anna", full_name=name, role="trainee",
                    password="a long password", confirm="a long password")
    assert response.status_code == 422
    assert field_with_error(response.get_data(as_text=True), message)
    db = connect(app.config["DATABASE"])
    assert find_user(db, "anna") is None
    db.close()


def test_a_supervisor_changes_and_clears_a_full_name(app: Flask, client: FlaskClient,
                                                     auth: Auth) -> None:
    auth.login("sue")
    url = f"/supervisor/accounts/{user_id(app, 'tina')}/name"
    accounts = client.get("/supervisor/accounts/").get_data(as_text=True)
    assert f'href="{url}"' in accounts
    form = client.get(url).get_data(as_text=True)
    assert "<h1>The full name of tina</h1>" in form and 'value=""' in form
    response = post(client, auth, url, url, full_name=NAME)
    assert response.status_code == 303 and response.headers["Location"] == "/supervisor/accounts/"
    assert full_name(app, "tina") == NAME
    assert "The full name of &#39;tina&#39; is now Иванова Анна Сергеевна." in client.get(
        "/supervisor/accounts/").get_data(as_text=True)
    assert f'value="{NAME}"' in client.get(url).get_data(as_text=True)  # as stored
    assert post(client, auth, url, url, full_name=" ").status_code == 303
    assert full_name(app, "tina") == ""
    assert "&#39;tina&#39; has no full name now." in client.get(
        "/supervisor/accounts/").get_data(as_text=True)


@pytest.mark.parametrize(("name", "message"), BAD_NAMES)
def test_a_bad_full_name_from_a_supervisor_is_refused_beside_its_field(
        app: Flask, client: FlaskClient, auth: Auth, name: str, message: str) -> None:
    name_someone(app, "tina", NAME)
    auth.login("sue")
    url = f"/supervisor/accounts/{user_id(app, 'tina')}/name"
    response = post(client, auth, url, url, full_name=name)
    assert response.status_code == 422
    assert field_with_error(response.get_data(as_text=True), message)
    assert full_name(app, "tina") == NAME


def test_the_name_of_no_account_is_a_404(client: FlaskClient, auth: Auth) -> None:
    auth.login("sue")
    assert client.get("/supervisor/accounts/999/name").status_code == 404


def test_a_full_name_is_not_changed_without_csrf(app: Flask, client: FlaskClient,
                                                 auth: Auth) -> None:
    auth.login("sue")
    url = f"/supervisor/accounts/{user_id(app, 'tina')}/name"
    assert client.post(url, data={"full_name": NAME}).status_code == 400
    assert client.post("/account/name", data={"full_name": NAME}).status_code == 400
    assert full_name(app, "tina") == full_name(app, "sue") == ""


# ------------------------------------------------------------------ the user's own


def test_a_trainee_sets_and_clears_her_own_full_name(app: Flask, client: FlaskClient,
                                                     auth: Auth) -> None:
    auth.login()
    page = client.get("/account/password").get_data(as_text=True)
    assert 'action="/account/name"' in page and 'action="/account/password"' in page
    response = post(client, auth, "/account/name", "/account/password",
                    full_name="Алеся  Łukašenka")
    assert response.status_code == 303 and response.headers["Location"] == "/account/password"
    assert full_name(app, "tina") == "Алеся Łukašenka"
    page = client.get("/account/password").get_data(as_text=True)
    assert "Your full name is now Алеся Łukašenka: your certificates print it." in page
    assert 'value="Алеся Łukašenka"' in page
    assert post(client, auth, "/account/name", "/account/password",
                full_name="").status_code == 303
    assert full_name(app, "tina") == ""
    assert ("You have no full name now: your certificates print your username."
            in client.get("/account/password").get_data(as_text=True))


@pytest.mark.parametrize(("name", "message"), BAD_NAMES)
def test_a_bad_full_name_of_ones_own_is_refused_beside_its_field(
        app: Flask, client: FlaskClient, auth: Auth, name: str, message: str) -> None:
    auth.login()
    response = post(client, auth, "/account/name", "/account/password", full_name=name)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert field_with_error(page, message)
    assert 'name="current"' in page  # the password form is still there, empty
    assert full_name(app, "tina") == ""


def test_a_trainee_names_only_herself(app: Flask, client: FlaskClient, auth: Auth) -> None:
    auth.login("tom")
    post(client, auth, "/account/name", "/account/password", full_name="Том Сидоров")
    assert (full_name(app, "tom"), full_name(app, "tina")) == ("Том Сидоров", "")


# ------------------------------------------------------------------ where it shows


def passed_sitting(app: Flask, client: FlaskClient, auth: Auth) -> int:
    """Tina's sitting of a three-question exam, every answer right."""
    exam_id = as_supervisor_create(app, client, auth)
    auth.login("tina")
    sitting_id = start(client, auth, exam_id)
    for _ in range(3):
        answer(client, app, sitting_id, right=True)
    return sitting_id


def test_the_certificate_prints_the_full_name_else_the_username(
        app: Flask, client: FlaskClient, auth: Auth) -> None:
    url = f"/exams/sittings/{passed_sitting(app, client, auth)}/certificate"
    plain = client.get(url).get_data(as_text=True)
    assert '<p class="cert-name" data-trainee>tina</p>' in plain
    assert "<title>Certificate · tina · Europoker dealer check</title>" in plain
    assert "data-username" not in plain
    name_someone(app, "tina", NAME)
    named = client.get(url).get_data(as_text=True)
    assert f'<p class="cert-name" data-trainee>{NAME}</p>' in named
    assert f"<title>Certificate · {NAME} · Europoker dealer check</title>" in named
    assert ", account <span data-username>tina</span></p>" in named


def test_a_full_name_is_printed_as_text(app: Flask, client: FlaskClient, auth: Auth) -> None:
    url = f"/exams/sittings/{passed_sitting(app, client, auth)}/certificate"
    name_someone(app, "tina", "O'Brien <b>Ann</b>")
    assert ('<p class="cert-name" data-trainee>O&#39;Brien &lt;b&gt;Ann&lt;/b&gt;</p>'
            in client.get(url).get_data(as_text=True))


def test_the_console_shows_the_full_name_beside_the_username(
        app: Flask, client: FlaskClient, auth: Auth) -> None:
    name_someone(app, "tina", NAME)
    auth.login("sue")
    shown = f'<small class="full-name" data-full-name>{NAME}</small>'
    dashboard = client.get("/supervisor/").get_data(as_text=True)
    tina = re.search(r'<tr data-trainee="tina">(.*?)</tr>', dashboard, re.S)
    tom = re.search(r'<tr data-trainee="tom">(.*?)</tr>', dashboard, re.S)
    assert tina and tom
    assert re.search(r'<td class="name"><a href="[^"]+">tina</a> ' + re.escape(shown)
                     + "</td>", tina[1])
    assert "data-full-name" not in tom[1]
    page = client.get(f"/supervisor/trainees/{user_id(app, 'tina')}").get_data(as_text=True)
    assert f"<h1>tina {shown}</h1>" in page
    other = client.get(f"/supervisor/trainees/{user_id(app, 'tom')}").get_data(as_text=True)
    assert "<h1>tom</h1>" in other


def test_the_exam_results_the_readiness_page_and_the_exports_name_the_person(
        app: Flask, client: FlaskClient, auth: Auth) -> None:
    name_someone(app, "tina", NAME)
    passed_sitting(app, client, auth)
    sue = app.test_client()
    Auth(sue).login("sue")
    shown = f'<small class="full-name" data-full-name>{NAME}</small>'
    exams = sue.get("/supervisor/").get_data(as_text=True)  # the latest exam results
    results = re.search(r'<table class="results cards">(.*?)</table>', exams, re.S)
    assert results and "tina</a>" not in results[1] and f"tina {shown}</a>" in results[1]
    readiness = sue.get("/supervisor/readiness").get_data(as_text=True)
    assert f'tina</a> {shown}' in readiness
    csv_text = sue.get("/supervisor/export/exam-results.csv").get_data(as_text=True)
    header, first = csv_text.splitlines()[:2]
    assert header.endswith(",full_name") and first.endswith(f",{NAME}")
