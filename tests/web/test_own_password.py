"""A user changes their own password (``/account/password``)."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from tests.web.conftest import PASSWORD, Auth
from trainer.db.users import find_user
from trainer.web.own_password import SAME_AS_CURRENT, WRONG_CURRENT

NEW = "a brand new pw"


def _change(client: FlaskClient, auth: Auth, current: str, new: str = NEW,
            confirm: str | None = None, **headers: str) -> object:
    return client.post("/account/password", headers=headers, data={
        "csrf_token": auth.csrf("/account/password"), "current": current, "password": new,
        "confirm": new if confirm is None else confirm})


def test_a_trainee_changes_her_password_and_other_logins_end(app: Flask, client: FlaskClient,
                                                             auth: Auth) -> None:
    other = app.test_client()
    Auth(other).login()
    auth.login()
    assert 'href="/account/password"' in client.get("/").get_data(as_text=True)
    response = _change(client, auth, PASSWORD)
    assert response.status_code == 303 and response.headers["Location"] == "/"
    home = client.get("/")
    assert home.status_code == 200
    assert "Your password is changed. Any other login of your account has ended." in (
        home.get_data(as_text=True))
    assert other.get("/").status_code == 302  # the other login has ended
    client.get("/logout")
    fresh = app.test_client()
    assert Auth(fresh).login(password=PASSWORD).status_code == 200  # the old one is refused
    assert Auth(fresh).login(password=NEW).status_code == 303


def test_a_wrong_current_password_changes_nothing_and_counts_as_a_failure(
        app: Flask, client: FlaskClient, auth: Auth, db: object) -> None:
    app.config["LOGIN_MAX_FAILURES_ACCOUNT"] = 2
    auth.login()
    before = find_user(db, "tina").password_hash  # type: ignore[arg-type, union-attr]
    first = _change(client, auth, "not my password")
    assert first.status_code == 422
    page = first.get_data(as_text=True)
    assert WRONG_CURRENT in page and NEW not in page  # the typed passwords are not echoed
    assert _change(client, auth, "still not it").status_code == 422
    refused = _change(client, auth, PASSWORD)
    assert refused.status_code == 429 and "Too many failed logins" in refused.get_data(
        as_text=True)
    assert find_user(db, "tina").password_hash == before  # type: ignore[arg-type, union-attr]


def test_bad_new_passwords_are_refused_beside_the_field(client: FlaskClient, auth: Auth) -> None:
    auth.login(username="sue")
    cases = [(PASSWORD, "short", None, "A password has 8 to 200 characters."),
             (PASSWORD, "\x00" * 12, None, "cannot hold a control character (U+0000)"),
             (PASSWORD, "x" * 201, None, "A password has 8 to 200 characters."),
             (PASSWORD, NEW, "a different pw", "The passwords differ."),
             (PASSWORD, PASSWORD, None, SAME_AS_CURRENT),
             ("", NEW, None, "Give your current password.")]
    for current, new, confirm, message in cases:
        response = _change(client, auth, current, new, confirm)
        assert response.status_code == 422, message
        assert message in response.get_data(as_text=True)


def test_htmx_gets_a_full_navigation_after_the_change(client: FlaskClient, auth: Auth) -> None:
    auth.login()
    response = _change(client, auth, PASSWORD, **{"HX-Request": "true"})
    assert response.status_code == 200 and response.headers["HX-Redirect"] == "/"


def test_without_csrf_the_change_is_refused(client: FlaskClient, auth: Auth, db: object) -> None:
    auth.login()
    response = client.post("/account/password", data={
        "current": PASSWORD, "password": NEW, "confirm": NEW})
    assert response.status_code == 400
    assert find_user(db, "tina") is not None
    assert Auth(client.application.test_client()).login().status_code == 303
