"""Web hardening (issue 7): CSRF everywhere, password hashes, login throttling, cookies,
security headers, templates without inline script, no tracebacks in production."""

from __future__ import annotations

import re
import time
import unicodedata
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.web.conftest import FAST_HASH, PASSWORD
from trainer.db import connect
from trainer.db.users import create_user, find_user
from trainer.web import auth as auth_views
from trainer.web import create_app, security, throttle
from trainer.web.auth import hash_password
from trainer.web.csrf_tokens import csrf

HX = {"HX-Request": "true", "HX-Current-URL": "http://localhost/"}
TEMPLATES = Path(__file__).resolve().parents[2] / "templates"


def post_rules(app: Flask) -> list[tuple[str, str]]:
    """(endpoint, URL) of every route that takes a state-changing method, ids filled in."""
    found = []
    for rule in app.url_map.iter_rules():
        if rule.methods and rule.methods & {"POST", "PUT", "PATCH", "DELETE"}:
            values = {name: 1 for name in rule.arguments}
            with app.test_request_context():
                from flask import url_for

                found.append((rule.endpoint, url_for(rule.endpoint, **values)))
    return sorted(found)


def test_there_are_post_routes_and_none_is_exempt_from_csrf(app: Flask) -> None:
    rules = post_rules(app)
    assert {"auth.login", "auth.logout", "trainee.start", "trainee.answer"} <= {
        e for e, _ in rules}
    assert not csrf._exempt_views and not csrf._exempt_blueprints
    assert app.config.get("WTF_CSRF_ENABLED", True)
    assert set(app.config.get("WTF_CSRF_METHODS", ["POST", "PUT", "PATCH", "DELETE"])) >= {
        "POST", "PUT", "PATCH", "DELETE"}


@pytest.mark.parametrize("who", ["anonymous", "tina", "sue"])
@pytest.mark.parametrize("bad_token", [None, "forged-token", "OTHER-SESSION"])
def test_every_post_route_refuses_a_missing_or_wrong_csrf_token(
    app: Flask, client: FlaskClient, auth: Any, db: Any, who: str, bad_token: str | None
) -> None:
    if who != "anonymous":
        auth.login(who)
    if bad_token == "OTHER-SESSION":  # a real token, but from somebody else's session
        other = app.test_client()
        bad_token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"',
                              other.get("/login").get_data(as_text=True)).group(1)  # type: ignore[union-attr]
    before = _snapshot(db)
    for endpoint, url in post_rules(app):
        for headers in ({}, HX):
            data = {"username": "tina", "password": PASSWORD, "token": "x", "choice": "hit",
                    "active": "0", "title": "t"}
            if bad_token is not None:
                data["csrf_token"] = bad_token
            response = client.post(url, data=data, headers=headers)
            where = f"{who} POST {url} ({endpoint}) {'htmx' if headers else ''}"
            if who != "anonymous" and endpoint == "auth.login":
                # already logged in: tina's form again goes on, anyone else's is refused
                expected = (200 if headers else 303) if who == "tina" else 409
                assert response.status_code == expected, where
                continue
            if who != "anonymous" and endpoint == "auth.logout":
                # an out-of-date Log out button: home, asked to press it again
                assert response.status_code == (200 if headers else 303), where
                continue
            if who == "anonymous":
                assert response.status_code in (302, 400, 401), where
            else:
                assert response.status_code == 400, where
            if headers and who != "anonymous":
                assert response.headers.get("HX-Refresh") == "true", where
            elif headers:
                assert "HX-Redirect" in response.headers, where
            body = response.get_data(as_text=True)
            if response.status_code == 400 and not headers:  # no token, or one too old
                assert ("came without its security token" in body if bad_token is None
                        else "out of date" in body), where
    assert _snapshot(db) == before
    if who != "anonymous":  # still logged in: the refused logout did not log out
        assert client.get("/").status_code in (200, 403)


def _snapshot(db: Any) -> dict[str, int]:
    tables = [t for t in db.table_names() if not t.startswith("_")]
    counts = {t: db.execute(f"SELECT count(*) FROM [{t}]").fetchone()[0] for t in tables}
    counts["active"] = db.execute("SELECT sum(active) FROM users").fetchone()[0]
    return counts


# ------------------------------------------------------------------ passwords


def test_passwords_are_hashed_with_scrypt_by_default() -> None:
    hashed = hash_password("a long password")
    assert hashed.startswith("scrypt:")
    assert "a long password" not in hashed
    assert hash_password("a long password") != hashed  # salted


def test_demo_and_cli_accounts_store_scrypt_hashes(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from trainer.cli import cli

    path = tmp_path / "t.db"
    result = CliRunner().invoke(cli, ["create-user", "ann", "--role", "trainee",
                                      "--database", str(path)], input="long enough pw\n")
    assert result.exit_code == 0, result.output
    db = connect(path)
    user = find_user(db, "ann")
    db.close()
    assert user is not None and user.password_hash.startswith("scrypt:")


# ------------------------------------------------------------------ login throttling


def _login(client: FlaskClient, username: str, password: str) -> Any:
    page = client.get("/login").get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)
    assert token
    return client.post("/login", data={"username": username, "password": password,
                                       "csrf_token": token.group(1)})


def test_five_failures_lock_the_account_even_for_the_right_password(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = [10_000_000]
    monkeypatch.setattr(throttle, "now_ms", lambda: clock[0])
    for _ in range(5):
        response = _login(client, "tina", "wrong")
        assert response.status_code == 200
        assert "Wrong username or password" in response.get_data(as_text=True)
    refused = _login(client, "TINA", PASSWORD)  # names are case-insensitive
    assert refused.status_code == 429
    assert "Too many failed logins for this account" in refused.get_data(as_text=True)
    assert refused.headers["Retry-After"] == str(15 * 60)
    assert client.get("/").status_code == 302  # not logged in
    # another account from the same address still logs in
    assert _login(client, "tom", PASSWORD).status_code == 303
    client.post("/logout", data={"csrf_token": _token(client)})
    # after the window the account may try again, and a success clears its count
    clock[0] += 15 * 60 * 1000 + 1
    assert _login(client, "tina", PASSWORD).status_code == 303


def _token(client: FlaskClient) -> str:
    match = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"',
                      client.get("/").get_data(as_text=True))
    assert match
    return match.group(1)


def test_success_resets_the_account_count(client: FlaskClient) -> None:
    for _ in range(4):
        _login(client, "tina", "wrong")
    assert _login(client, "tina", PASSWORD).status_code == 303
    client.post("/logout", data={"csrf_token": _token(client)})
    for _ in range(4):
        assert _login(client, "tina", "wrong").status_code == 200
    assert _login(client, "tina", PASSWORD).status_code == 303


def test_every_spelling_of_a_name_counts_against_its_account(app: Flask,
                                                             client: FlaskClient) -> None:
    """``Zoë`` typed with a composed ë or as e + a combining diaeresis logs in to one account,
    so both count against it: the second spelling is no way round the lock."""
    db = connect(app.config["DATABASE"])
    create_user(db, "zoë", "trainee", hash_password(PASSWORD, FAST_HASH))
    db.close()
    decomposed = unicodedata.normalize("NFD", "Zoë")
    for name in ("zoë", "ZOË", "zoë", decomposed, "ｚｏë"):
        assert _login(client, name, "wrong").status_code == 200
    assert _login(client, decomposed, PASSWORD).status_code == 429


def test_unknown_accounts_are_throttled_alike(client: FlaskClient) -> None:
    for _ in range(5):
        _login(client, "nobody-here", "wrong")
    refused = _login(client, "nobody-here", "wrong")
    assert refused.status_code == 429
    assert "this account" in refused.get_data(as_text=True)


def test_twenty_failures_from_one_address_block_that_address(app: Flask) -> None:
    client = app.test_client()
    for i in range(20):  # spread over many names: no single account reaches its limit
        response = client.post("/login", data={
            "username": f"guess{i % 5}-{i}", "password": "wrong",
            "csrf_token": _login_token(client)}, environ_base={"REMOTE_ADDR": "10.0.0.9"})
        assert response.status_code == 200
    blocked = client.post("/login", data={"username": "tom", "password": PASSWORD,
                                          "csrf_token": _login_token(client)},
                          environ_base={"REMOTE_ADDR": "10.0.0.9"})
    assert blocked.status_code == 429
    assert "this computer" in blocked.get_data(as_text=True)
    elsewhere = app.test_client()  # the same account from another address is fine
    ok = elsewhere.post("/login", data={"username": "tom", "password": PASSWORD,
                                        "csrf_token": _login_token(elsewhere)},
                        environ_base={"REMOTE_ADDR": "10.0.0.10"})
    assert ok.status_code == 303


def _login_token(client: FlaskClient) -> str:
    match = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"',
                      client.get("/login").get_data(as_text=True))
    assert match
    return match.group(1)


def test_the_failure_count_is_shared_between_app_instances(app: Flask) -> None:
    """Two app objects on one file stand for two gunicorn workers."""
    other = create_app(dict(app.config) | {"MIGRATE_ON_START": False})
    first, second = app.test_client(), other.test_client()
    for client in (first, second, first, second, first):
        _login(client, "tina", "wrong")
    assert _login(second, "tina", PASSWORD).status_code == 429


def test_logins_racing_one_another_are_counted_before_their_passwords_are_checked(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ten wrong passwords sent at once (several workers): each is counted before its
    password is checked, so five are checked and five refused, not ten checked."""
    checked = auth_views.check_password_hash

    def slow_check(password_hash: str, password: str) -> bool:
        time.sleep(0.3)  # long enough for every other login to reach the throttle meanwhile
        return checked(password_hash, password)

    monkeypatch.setattr(auth_views, "check_password_hash", slow_check)
    clients = [app.test_client() for _ in range(10)]
    tokens = [_login_token(client) for client in clients]
    with ThreadPoolExecutor(len(clients)) as pool:
        codes = list(pool.map(lambda pair: pair[0].post("/login", data={
            "username": "tina", "password": "wrong", "csrf_token": pair[1]}).status_code,
            zip(clients, tokens, strict=True)))
    assert sorted(codes) == [200] * 5 + [429] * 5


def test_a_successful_login_leaves_no_failure_behind(client: FlaskClient, db: Any) -> None:
    _login(client, "tina", "wrong")
    assert _login(client, "tina", PASSWORD).status_code == 303
    assert db.execute("SELECT count(*) FROM login_failures").fetchone()[0] == 1  # the address's


# ------------------------------------------------------------------ cookies and headers


def _session_cookie(response: Any) -> str:
    cookies = [c for c in response.headers.getlist("Set-Cookie") if c.startswith("session=")]
    assert cookies, response.headers
    return cookies[-1]


def test_session_cookie_is_httponly_and_samesite_lax(client: FlaskClient) -> None:
    cookie = _session_cookie(_login(client, "tina", PASSWORD))
    assert "HttpOnly" in cookie
    assert "SameSite=Lax" in cookie
    assert "Secure" not in cookie  # plain http on the training-room network by default


def test_secure_cookies_are_configurable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRAINER_SECURE_COOKIES", "1")
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE": str(tmp_path / "t.db")})
    db = connect(app.config["DATABASE"])
    from trainer.db.users import create_user

    create_user(db, "tina", "trainee", hash_password(PASSWORD, "pbkdf2:sha256:1000"))
    db.close()
    client = app.test_client()
    cookie = _session_cookie(_login(client, "tina", PASSWORD))
    assert "Secure" in cookie and "HttpOnly" in cookie
    assert "Strict-Transport-Security" in client.get("/login").headers


@pytest.mark.parametrize("path", ["/login", "/", "/drills/1", "/no/such/page",
                                  "/static/trainer.js", "/static/trainer.css"])
def test_security_headers_on_every_response(client: FlaskClient, path: str) -> None:
    response = client.get(path)
    _assert_headers(response)
    response.close()


def test_security_headers_on_logged_in_pages_fragments_and_refusals(
    client: FlaskClient, auth: Any
) -> None:
    auth.login()
    for response in (client.get("/"), client.get("/", headers=HX),
                     client.post("/drills", data={}), client.get("/supervisor/"),
                     client.get("/vendor/htmx.min.js")):
        _assert_headers(response)
        response.close()
    assert client.get("/").headers["Cache-Control"] == "no-store"


def _assert_headers(response: Any) -> None:
    csp = response.headers["Content-Security-Policy"]
    directives = dict(d.strip().split(" ", 1) for d in csp.split(";"))
    assert directives["script-src"] == "'self'"
    assert directives["frame-ancestors"] == "'none'"
    assert directives["object-src"] == "'none'"
    assert "unsafe-inline" not in csp and "unsafe-eval" not in csp
    assert response.headers["X-Frame-Options"] == "DENY"
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Referrer-Policy"] == "same-origin"


INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.I)
EVENT_HANDLER = re.compile(r"\son[a-z]+\s*=", re.I)
INLINE_STYLE = re.compile(r"<style\b|\sstyle\s*=", re.I)
JS_URL = re.compile(r"javascript:", re.I)


@pytest.mark.parametrize("template", sorted(str(p.relative_to(TEMPLATES))
                                            for p in TEMPLATES.rglob("*.html")))
def test_templates_have_no_inline_script_handlers_or_styles(template: str) -> None:
    text = (TEMPLATES / template).read_text(encoding="utf-8")
    assert not INLINE_SCRIPT.search(text), "inline <script> (blocked by the CSP)"
    assert not EVENT_HANDLER.search(text), "on*= handler (blocked by the CSP)"
    assert not INLINE_STYLE.search(text), "inline style (blocked by style-src 'self')"
    assert not JS_URL.search(text)
    assert "hx-on" not in text  # htmx's hx-on needs eval, which the CSP forbids


def test_htmx_injects_no_indicator_styles() -> None:
    base = (TEMPLATES / "base.html").read_text(encoding="utf-8")
    assert '"includeIndicatorStyles": false' in base
    assert '"allowEval": false' in base


# ------------------------------------------------------------------ production errors


def _production_app(tmp_path: Path) -> Flask:
    app = create_app({"SECRET_KEY": "prod", "DATABASE": str(tmp_path / "p.db")})

    @app.get("/boom")
    def boom() -> Any:
        raise RuntimeError("secret internals: /etc/passwd")

    return app


def test_an_exception_in_production_is_a_plain_500(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FLASK_DEBUG", "1")
    app = _production_app(tmp_path)
    assert not app.debug and not app.testing
    response = app.test_client().get("/boom")
    body = response.get_data(as_text=True)
    assert response.status_code == 500
    assert "Server error" in body
    assert "Traceback" not in body and "secret internals" not in body
    assert "RuntimeError" not in body and 'File "' not in body
    _assert_headers(response)


def test_a_500_page_that_cannot_render_falls_back_to_plain_html(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = _production_app(tmp_path)
    monkeypatch.setattr(security, "render_template", _raise)  # the error page itself fails
    response = app.test_client().get("/boom")
    assert response.status_code == 500
    assert response.get_data(as_text=True) == security.PLAIN_500


def _raise(*_args: Any, **_kwargs: Any) -> str:
    raise RuntimeError("template failure")


def test_gunicorn_serving_builds_a_production_app() -> None:
    """``trainer serve`` loads ``create_app`` with no TESTING and no DEBUG."""
    import inspect

    from trainer.cli import web

    source = inspect.getsource(web.run_gunicorn)
    assert "create_app(app_config)" in source
    assert "DEBUG" not in source and "TESTING" not in source and "reload" not in source


# ------------------------------------------------------------------ refusals in words


def test_refusals_say_why_in_plain_words(client: FlaskClient, auth: Any) -> None:
    missing = client.get("/no/such/page")
    assert missing.status_code == 404
    assert "There is no such page" in missing.get_data(as_text=True)
    auth.login()
    forbidden = client.get("/supervisor/")
    assert forbidden.status_code == 403
    assert "Your account may not open this page." in forbidden.get_data(as_text=True)
    fragment = client.get("/supervisor/", headers=HX)
    assert fragment.status_code == 403
    assert fragment.get_data(as_text=True) == (
        '<p class="error" role="alert">Your account may not open this page.</p>')
    wrong_method = client.get("/drills")
    assert wrong_method.status_code == 405
    assert "POST" in wrong_method.headers["Allow"]
    assert "does not take that kind of request" in wrong_method.get_data(as_text=True)


@pytest.mark.parametrize("path", ["/drills/99999999999999999999", "/attempts/9223372036854775808",
                                  "/exams/sittings/99999999999999999999/result",
                                  "/drills/9223372036854775807"])
def test_ids_beyond_sqlite_range_are_not_found(client: FlaskClient, auth: Any, path: str) -> None:
    auth.login()
    assert client.get(path).status_code == 404


def test_accounts_made_in_the_console_store_scrypt_hashes(app: Flask, client: FlaskClient,
                                                          auth: Any, db: Any) -> None:
    auth.login("sue")
    response = client.post("/supervisor/accounts/", data={
        "csrf_token": auth.csrf("/supervisor/accounts/"), "username": "newbie",
        "role": "trainee", "password": "a long password", "confirm": "a long password"})
    assert response.status_code == 303
    user = find_user(db, "newbie")
    assert user is not None and user.password_hash.startswith("scrypt:")


@pytest.mark.parametrize("target", ["/\t/evil.example", "/\n/evil.example", "/\r\n/x",
                                    "/\\evil.example", "//evil.example", "https://evil.example/",
                                    "/ /evil.example", "/\x00/x", "javascript:alert(1)",
                                    "/%0d%0aSet-Cookie:x=1"])
def test_login_never_sends_you_off_site(client: FlaskClient, target: str) -> None:
    token = _login_token(client)
    response = client.post("/login", data={"username": "tina", "password": PASSWORD,
                                           "csrf_token": token, "next": target})
    assert response.status_code == 303
    location = response.headers["Location"]
    assert location == "/" or location == target == "/%0d%0aSet-Cookie:x=1"
    assert "\n" not in location and "\r" not in location


def test_a_safe_next_is_followed(client: FlaskClient) -> None:
    response = client.post("/login", data={"username": "tina", "password": PASSWORD,
                                           "csrf_token": _login_token(client),
                                           "next": "/drills/1?x=1"})
    assert response.headers["Location"] == "/drills/1?x=1"


def test_a_hostile_username_is_escaped_everywhere(app: Flask, client: FlaskClient,
                                                  auth: Any) -> None:
    """Stored XSS: a user name with markup shows as text on every page that names it."""
    name = "<img/src=x>\"'&<script>x</script>"
    auth.login("sue")
    response = client.post("/supervisor/accounts/", data={
        "csrf_token": auth.csrf("/supervisor/accounts/"), "username": name,
        "role": "trainee", "password": "a long password", "confirm": "a long password"})
    assert response.status_code == 303
    hostile = app.test_client()
    page = hostile.get("/login").get_data(as_text=True)
    hostile.post("/login", data={"username": name, "password": "a long password",
                                 "csrf_token": _csrf_of(page)})
    home = hostile.get("/").get_data(as_text=True)
    token = _csrf_of(home)
    start = hostile.post("/drills", data={"csrf_token": token, "house": "europoker",
                                          "family": "dealer-draw", "difficulty": "easy",
                                          "length": "3"})
    drill = hostile.get(start.headers["Location"]).get_data(as_text=True)
    qtoken = re.search(r'name="token" value="([^"]+)"', drill)
    assert qtoken
    hostile.post(start.headers["Location"] + "/answer",
                 data={"csrf_token": token, "token": qtoken.group(1), "choice": "hit"})
    pages = [home, client.get("/supervisor/").get_data(as_text=True),
             client.get("/supervisor/attempts").get_data(as_text=True),
             client.get("/supervisor/accounts/").get_data(as_text=True),
             client.get("/supervisor/export/attempts.csv").get_data(as_text=True)]
    user_id = re.search(r'/supervisor/trainees/(\d+)', pages[1])
    if user_id:
        pages.append(client.get(f"/supervisor/trainees/{user_id.group(1)}").get_data(
            as_text=True))
    for html in pages:
        assert ("<img/src=x>" not in html and "<script>x</script>" not in html) or \
            html.startswith("attempt_id")  # the CSV is text/csv, not HTML
    assert any("&lt;img/src=x&gt;" in html for html in pages)


def _csrf_of(html: str) -> str:
    match = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', html)
    assert match
    return match.group(1)


def test_a_form_from_before_the_login_is_called_out_of_date(client: FlaskClient,
                                                            auth: Any) -> None:
    """Logging in drops the session's token: a form kept from before it sent a token, so it
    is out of date (not "without its security token")."""
    old_token = auth.csrf("/login")
    auth.login()
    response = client.post("/drills", data={"csrf_token": old_token, "house": "europoker",
                                            "family": "dealer-draw", "difficulty": "easy"})
    assert response.status_code == 400
    assert "This form is out of date" in response.get_data(as_text=True)
