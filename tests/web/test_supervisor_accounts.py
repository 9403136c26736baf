"""Accounts in the supervisor console: create, duplicate names, reset a password, deactivate;
an admin manages every account, a supervisor trainees' only."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from trainer.db import connect
from trainer.db.users import ROLES, create_user, find_user
from trainer.web.auth import DEACTIVATED, hash_password

from .conftest import FAST_HASH, PASSWORD, Auth


@pytest.fixture
def sue(client: FlaskClient, auth: Any, app: Flask) -> Any:
    app.config["PASSWORD_HASH_METHOD"] = "pbkdf2:sha256:1000"
    auth.login("sue")
    return auth


@pytest.fixture
def ada(client: FlaskClient, auth: Any, app: Flask) -> Any:
    """Logged in as ada, an admin."""
    app.config["PASSWORD_HASH_METHOD"] = "pbkdf2:sha256:1000"
    db = connect(app.config["DATABASE"])
    create_user(db, "ada", "admin", hash_password(PASSWORD, FAST_HASH))
    db.close()
    auth.login("ada")
    return auth


def user(app: Flask, name: str) -> Any:
    db = connect(app.config["DATABASE"])
    try:
        return find_user(db, name)
    finally:
        db.close()


def post(client: FlaskClient, auth: Any, url: str, **data: str) -> Any:
    return client.post(url, data={"csrf_token": auth.csrf("/supervisor/accounts/"), **data})


def test_create_a_trainee_who_can_log_in(app: Flask, client: FlaskClient, sue: Any) -> None:
    response = post(client, sue, "/supervisor/accounts/", username="nina", role="trainee",
                    password="a long password", confirm="a long password")
    assert response.status_code == 303
    page = client.get("/supervisor/accounts/").get_data(as_text=True)
    assert "Created the trainee account &#39;nina&#39;." in page
    assert 'data-account="nina"' in page
    client.post("/logout", data={"csrf_token": sue.csrf("/")})
    assert sue.login("nina", "a long password").status_code == 303
    assert "Hello, nina" in client.get("/").get_data(as_text=True)


def test_a_pasted_name_s_end_spaces_are_dropped_at_creation_and_login(
        app: Flask, client: FlaskClient, sue: Any) -> None:
    response = post(client, sue, "/supervisor/accounts/", username=" nina\t", role="trainee",
                    password="a long password", confirm="a long password")
    assert response.status_code == 303 and user(app, "nina") is not None
    client.post("/logout", data={"csrf_token": sue.csrf("/")})
    assert sue.login(" nina ", "a long password").status_code == 303


@pytest.mark.parametrize("role", ["admin", "supervisor", "auditor", "trainee"])
def test_an_admin_creates_an_account_of_each_role(app: Flask, client: FlaskClient, ada: Any,
                                                  role: str) -> None:
    response = post(client, ada, "/supervisor/accounts/", username="pat", role=role,
                    password="a long password", confirm="a long password")
    assert response.status_code == 303
    assert user(app, "pat").role == role


def test_a_supervisor_creates_a_trainee_but_not_an_auditor(app: Flask, client: FlaskClient,
                                                           sue: Any) -> None:
    response = post(client, sue, "/supervisor/accounts/", username="al", role="auditor",
                    password="a long password", confirm="a long password")
    assert response.status_code == 403
    page = response.get_data(as_text=True)
    field = page[page.index('name="role"'):page.index('name="password"')]
    assert "Only an admin manages auditor accounts" in field  # beside the role
    assert user(app, "al") is None
    response = post(client, sue, "/supervisor/accounts/", username="al", role="trainee",
                    password="a long password", confirm="a long password")
    assert response.status_code == 303 and user(app, "al").role == "trainee"


def test_the_accounts_page_offers_each_role_what_it_may_do(client: FlaskClient, app: Flask,
                                                           sue: Any) -> None:
    page = client.get("/supervisor/accounts/").get_data(as_text=True)
    assert "As a supervisor you create" in page
    assert '<option value="trainee">' in page and 'value="auditor"' not in page
    sue_row = page[page.index('data-account="sue"'):].split("</tr>")[0]
    assert "Reset password" not in sue_row and "an admin manages it" in sue_row
    tina_row = page[page.index('data-account="tina"'):].split("</tr>")[0]
    assert "Reset password" in tina_row and "Deactivate" in tina_row
    client.post("/logout", data={"csrf_token": sue.csrf("/")})
    db = connect(app.config["DATABASE"])
    create_user(db, "ada", "admin", hash_password(PASSWORD, FAST_HASH))
    db.close()
    sue.login("ada")
    page = client.get("/supervisor/accounts/").get_data(as_text=True)
    assert "As an admin you create" in page
    assert all(f'value="{role}"' in page for role in ROLES)
    sue_row = page[page.index('data-account="sue"'):].split("</tr>")[0]
    assert "Reset password" in sue_row and "Deactivate" in sue_row


def test_a_supervisor_cannot_reset_a_supervisor_s_password_and_an_admin_can(
        app: Flask, client: FlaskClient, sue: Any) -> None:
    db = connect(app.config["DATABASE"])
    pat = create_user(db, "pat", "supervisor", hash_password(PASSWORD, FAST_HASH))
    create_user(db, "ada", "admin", hash_password(PASSWORD, FAST_HASH))
    db.close()
    url = f"/supervisor/accounts/{pat.id}/password"
    assert client.get(url).status_code == 403
    response = post(client, sue, url, password="new password!", confirm="new password!")
    assert response.status_code == 403
    assert "Only an admin manages supervisor accounts" in response.get_data(as_text=True)
    assert user(app, "pat") == pat  # the same hash, the same logins
    client.post("/logout", data={"csrf_token": sue.csrf("/")})
    sue.login("ada")
    response = post(client, sue, url, password="new password!", confirm="new password!")
    assert response.status_code == 303
    assert user(app, "pat").password_hash != pat.password_hash


ACTIONS = [("GET", "name", {}), ("POST", "name", {"full_name": "Pat Smith"}),
           ("GET", "password", {}),
           ("POST", "password", {"password": "new password!", "confirm": "new password!"}),
           ("POST", "active", {"active": "0"})]


@pytest.mark.parametrize("manager", ["supervisor", "admin"])
@pytest.mark.parametrize("role", ["admin", "supervisor", "auditor", "trainee"])
def test_who_manages_whose_account(app: Flask, client: FlaskClient, auth: Any,
                                   manager: str, role: str) -> None:
    """Every account route, for a supervisor and an admin, on an account of each role: an
    admin manages all, a supervisor trainees' only (403, and nothing changes)."""
    app.config["PASSWORD_HASH_METHOD"] = FAST_HASH
    db = connect(app.config["DATABASE"])
    create_user(db, "boss", manager, hash_password(PASSWORD, FAST_HASH))
    pat = create_user(db, "pat", role, hash_password(PASSWORD, FAST_HASH))
    db.close()
    auth.login("boss")
    allowed = manager == "admin" or role == "trainee"
    for method, action, data in ACTIONS:
        url = f"/supervisor/accounts/{pat.id}/{action}"
        response = (client.get(url) if method == "GET"
                    else post(client, auth, url, **data))
        assert response.status_code == ((200 if method == "GET" else 303) if allowed
                                        else 403), (method, url)
    assert (user(app, "pat") == pat) is not allowed


@pytest.mark.parametrize(("data", "message"), [
    ({"username": "TINA"}, "The username &#39;TINA&#39; is taken (by &#39;tina&#39;)."),
    ({"username": "\uff34\uff29\uff2e\uff21"},  # full-width TINA
     "The username &#39;\uff34\uff29\uff2e\uff21&#39; is taken (by &#39;tina&#39;)."),
    ({"username": "t\u0456na"}, "A username is written in one script; this one mixes Latin and"
                                 " Cyrillic letters (a look-alike of another name)."),
    ({"username": "\u0422\u041e\u041c"},  # Cyrillic ТОМ
     "The username &#39;\u0422\u041e\u041c&#39; looks the same as &#39;tom&#39;, which is"
     " taken: letters of another script that look alike."),
    ({"username": "two words"}, "No spaces in a username."),
    ({"username": "tina\u200b"}, "invisible, control or unassigned character (U+200B)"),
    ({"username": "\u202eanit"}, "invisible, control or unassigned character (U+202E)"),
    ({"username": "a\x00b"}, "invisible, control or unassigned character (U+0000)"),
    ({"username": "\u3164"}, "invisible, control or unassigned character (U+3164)"),
    ({"username": "tina\u034f"}, "invisible, control or unassigned character (U+034F)"),
    ({"username": "tina\ufe0f"}, "invisible, control or unassigned character (U+FE0F)"),
    ({"username": "tina\u2800"}, "invisible, control or unassigned character (U+2800)"),
    ({"username": "\u0301\u0302"}, "not accents alone"),
    ({"username": "x" * 81}, "A username is 1 to 80 characters."),
    ({"username": ""}, "Give a username."),
    ({"password": "short", "confirm": "short"}, "A password has 8 to 200 characters."),
    ({"password": "", "confirm": ""}, "Give a password."),
    ({"password": "tab\there!", "confirm": "tab\there!"},
     "A password cannot hold a control character (U+0009)."),
    ({"confirm": "something else"}, "The passwords differ."),
    ({"role": "root"}, "Not a valid choice"),
])
def test_account_form_errors(app: Flask, client: FlaskClient, sue: Any, data: dict[str, str],
                             message: str) -> None:
    form = {"username": "nina", "role": "trainee", "password": "a long password",
            "confirm": "a long password"} | data
    response = post(client, sue, "/supervisor/accounts/", **form)
    assert response.status_code == 422
    assert message in response.get_data(as_text=True)
    db = connect(app.config["DATABASE"])
    assert db.execute("SELECT count(*) FROM users").fetchone()[0] == 3
    db.close()


def test_reset_a_password(app: Flask, client: FlaskClient, sue: Any) -> None:
    tina = user(app, "tina")
    url = f"/supervisor/accounts/{tina.id}/password"
    bad = post(client, sue, url, password="new password!", confirm="other")
    assert bad.status_code == 422 and "The passwords differ." in bad.get_data(as_text=True)
    assert post(client, sue, url, password="new password!",
                confirm="new password!").status_code == 303
    client.post("/logout", data={"csrf_token": sue.csrf("/")})
    assert "Wrong username" in sue.login("tina", PASSWORD).get_data(as_text=True)
    assert sue.login("tina", "new password!").status_code == 303


def test_an_admin_who_resets_their_own_password_stays_logged_in(
        app: Flask, client: FlaskClient, ada: Any) -> None:
    """A new password ends every login of the account; the one that set it carries on."""
    other = app.test_client()
    Auth(other).login("ada")
    url = f"/supervisor/accounts/{user(app, 'ada').id}/password"
    response = post(client, ada, url, password="another pass!", confirm="another pass!")
    assert response.status_code == 303
    assert client.get("/supervisor/accounts/").status_code == 200
    assert other.get("/supervisor/accounts/").status_code == 302  # ada's other login ended


def test_deactivate_keeps_history_and_refuses_login(app: Flask, client: FlaskClient,
                                                    sue: Any) -> None:
    tina = user(app, "tina")
    db = connect(app.config["DATABASE"])
    db.execute("INSERT INTO drill_sessions (user_id, house, family, difficulty, length, seed,"
               " started_at) VALUES (?, 'europoker', 'dealer-draw', 'easy', 1, 1, 'x')",
               [tina.id])
    db.close()
    other, third = app.test_client(), app.test_client()  # tina, logged in elsewhere
    Auth(other).login("tina")
    Auth(third).login("tina")
    assert other.get("/").status_code == 200
    response = post(client, sue, f"/supervisor/accounts/{tina.id}/active", active="0")
    assert response.status_code == 303
    assert user(app, "tina").active is False
    page = client.get("/supervisor/accounts/").get_data(as_text=True)
    assert "history is kept" in page
    assert client.get(f"/supervisor/trainees/{tina.id}").status_code == 200  # history kept
    assert other.get("/").status_code == 302  # the session ends at its next request
    # ... and the login page says why (it said nothing, as if the login had lapsed)
    assert DEACTIVATED in other.get("/login").get_data(as_text=True)
    assert other.get("/").status_code == 302  # said once, not on every later request
    assert DEACTIVATED not in other.get("/login").get_data(as_text=True)
    answer = third.post("/drills/1/answer", headers={"HX-Request": "true"})
    assert answer.status_code == 401 and answer.headers["HX-Redirect"].startswith("/login")
    assert DEACTIVATED in third.get("/login").get_data(as_text=True)  # htmx's answer too
    assert "Wrong username" in Auth(other).login("tina").get_data(as_text=True)
    post(client, sue, f"/supervisor/accounts/{tina.id}/active", active="1")
    assert user(app, "tina").active is True


@pytest.mark.parametrize("value", ["maybe", "", "true", "01"])
def test_an_active_value_other_than_0_or_1_changes_nothing(app: Flask, client: FlaskClient,
                                                           sue: Any, value: str) -> None:
    tina = user(app, "tina")
    response = post(client, sue, f"/supervisor/accounts/{tina.id}/active", active=value)
    assert response.status_code == 400
    assert user(app, "tina").active is True


def test_an_admin_cannot_deactivate_themselves(app: Flask, client: FlaskClient,
                                               ada: Any) -> None:
    me = user(app, "ada")
    response = post(client, ada, f"/supervisor/accounts/{me.id}/active", active="0")
    assert response.status_code == 303
    assert user(app, "ada").active is True
    assert client.get("/supervisor/accounts/999/password").status_code == 404


def test_names_differing_in_case_or_width_are_one_account(app: Flask, client: FlaskClient,
                                                          sue: Any) -> None:
    """zoë and ZOË (case beyond ASCII) are one account; all-Cyrillic алиса is a name."""
    for name, status in (("zoë", 303), ("ZOË", 422), ("алиса", 303), ("АЛИСА", 422)):
        response = post(client, sue, "/supervisor/accounts/", username=name, role="trainee",
                        password="a long password", confirm="a long password")
        assert response.status_code == status, name
    db = connect(app.config["DATABASE"])
    names = [r[0] for r in db.execute("SELECT username FROM users ORDER BY id")]
    db.close()
    assert names == ["tina", "tom", "sue", "zoë", "алиса"]
