"""Every route, as a full page and as an htmx fragment, against a real SQLite file."""

from __future__ import annotations

import json
import re
from decimal import Decimal
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.dealt import ATTEMPTS, dealt_body
from tests.web.conftest import Auth, csrf_from
from tests.web.test_real_drills import right_answer
from trainer.db import connect, drilling, now_ms, questions, users
from trainer.db.questions import NewQuestion
from trainer.drills import DEAL_VERSION
from trainer.drills.answers import parse_chips
from trainer.drills.chips import chips_total
from trainer.engine.money import format_money
from trainer.web.questions import answer_input, drill_source
from trainer.web.questions.session_plan import SessionPlan
from trainer.web.trainee.drill_flow import ENDED_MESSAGE, REPEATED_NOTE, SAME_AGAIN_NOTE

HX = {"HX-Request": "true", "HX-Current-URL": "http://localhost/drills/1"}


def start(client: FlaskClient, auth: Any, family: str = "dealer-draw",
          house: str = "europoker", difficulty: str = "easy", length: int = 3) -> str:
    token = auth.csrf("/")
    response = client.post("/drills", data={"csrf_token": token, "house": house,
                                             "family": family, "difficulty": difficulty,
                                             "length": str(length)})
    assert response.status_code == 303, response.get_data(as_text=True)
    return str(response.headers["Location"])


def question_form(html: str) -> dict[str, str]:
    token = re.search(r'name="token" value="([^"]+)"', html)
    csrf = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', html)
    assert token and csrf, html
    return {"token": token.group(1), "csrf_token": csrf.group(1)}


def htmx_session(client: FlaskClient, auth: Any, length: int) -> tuple[str, int, dict[str, str]]:
    """Log in, start a dealer-draw session and GET its first question by htmx: the
    session's URL, its id and the question's form fields."""
    auth.login()
    url = start(client, auth, length=length)
    form = question_form(client.get(url, headers=HX).get_data(as_text=True))
    return url, int(url.rsplit("/", 1)[1]), form


def pending(app: Flask, session_id: int) -> questions.QuestionRow:
    db = connect(app.config["DATABASE"])
    try:
        question = questions.pending_question(db, session_id)
        assert question is not None
        return question
    finally:
        db.close()


def expected_of(question: questions.QuestionRow) -> str:
    return str(json.loads(dealt_body(question))["expected"])


def count_attempts(app: Flask) -> int:
    db = connect(app.config["DATABASE"])
    try:
        return int(db.execute("SELECT count(*) FROM answers").fetchone()[0])
    finally:
        db.close()


# ------------------------------------------------------------------ auth


def test_login_page_renders_a_form_with_csrf(client: FlaskClient) -> None:
    response = client.get("/login")
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert 'method="post" action="/login"' in html
    assert 'name="csrf_token"' in html
    assert 'hx-headers=\'{"X-CSRFToken": "' in html


def test_login_then_home(client: FlaskClient, auth: Any) -> None:
    response = auth.login()
    assert response.status_code == 303
    assert response.headers["Location"] == "/"
    home = client.get("/").get_data(as_text=True)
    assert "Hello, tina" in home
    assert "Dealer draws" in home


def test_login_wrong_password_says_so(client: FlaskClient, auth: Any) -> None:
    response = auth.login(password="nope")
    assert response.status_code == 200
    assert "Wrong username or password" in response.get_data(as_text=True)
    assert client.get("/").status_code == 302


def test_login_post_without_csrf_is_refused(client: FlaskClient) -> None:
    response = client.post("/login", data={"username": "tina", "password": "x"})
    assert response.status_code in (302, 400)
    assert client.get("/").status_code == 302


def test_login_follows_a_safe_next_only(client: FlaskClient) -> None:
    token = re.search(r'csrf_token" type="hidden" value="([^"]+)"',
                      client.get("/login").get_data(as_text=True))
    assert token
    response = client.post("/login", data={"username": "tina", "password": "correct horse",
                                           "csrf_token": token.group(1),
                                           "next": "//evil.example/"})
    assert response.headers["Location"] == "/"


@pytest.mark.parametrize(("username", "next_page", "lands"), [
    ("tina", "/supervisor/", "/"),
    ("tina", "/supervisor", "/"),  # the address the trailing-slash redirect leads from
    ("tina", "/supervisor/attempts?trainee=1", "/"),
    ("tina", "/exams/", "/exams/"),
    ("tina", "/drills/1", "/drills/1"),
    ("sue", "/supervisor/attempts?trainee=1", "/supervisor/attempts?trainee=1"),
    ("sue", "/exams/", "/"),  # exams are sat by trainees
    ("sue", "/no/such/page", "/no/such/page"),
])
def test_a_login_lands_on_its_next_page_only_if_the_role_may_see_it(
        client: FlaskClient, username: str, next_page: str, lands: str) -> None:
    """Sent to log in from a page the account may not see, it lands home, not on a 403."""
    token = re.search(r'csrf_token" type="hidden" value="([^"]+)"',
                      client.get("/login").get_data(as_text=True))
    assert token
    response = client.post("/login", data={"username": username, "password": "correct horse",
                                           "csrf_token": token.group(1), "next": next_page})
    assert response.status_code == 303 and response.headers["Location"] == lands


def test_htmx_login_to_a_next_beyond_latin1_redirects_encoded(client: FlaskClient) -> None:
    """A response header holds Latin-1 only: the next page's address is sent percent-encoded
    (it was a 500)."""
    token = re.search(r'csrf_token" type="hidden" value="([^"]+)"',
                      client.get("/login").get_data(as_text=True))
    assert token
    response = client.post("/login", headers=HX, data={
        "username": "tina", "password": "correct horse", "csrf_token": token.group(1),
        "next": "/drills?x=\u2215"})
    assert response.status_code == 200
    assert response.headers["HX-Redirect"] == "/drills?x=%E2%88%95"


def test_logging_in_and_out_renews_the_csrf_token(client: FlaskClient, auth: Any) -> None:
    """Whoever used a shared PC before cannot know the CSRF token of whoever logs in next."""
    before = auth.csrf("/login")
    auth.login()
    logged_in = auth.csrf("/")
    assert logged_in != before
    stale = client.post("/drills", data={"csrf_token": before, "house": "europoker",
                                         "family": "dealer-draw"})
    assert stale.status_code == 400 and "out of date" in stale.get_data(as_text=True)
    client.post("/logout", data={"csrf_token": logged_in})
    assert auth.csrf("/login") not in (before, logged_in)
    assert client.post("/login", data={"username": "tina", "password": "correct horse",
                                       "csrf_token": logged_in}).status_code != 303


def test_a_login_form_posted_twice_lands_where_the_first_did(client: FlaskClient) -> None:
    """The first post logged in and renewed the CSRF token; the second (a late double click,
    another tab) goes on to the page asked for, not to a "form expired" page."""
    token = re.search(r'csrf_token" type="hidden" value="([^"]+)"',
                      client.get("/login").get_data(as_text=True))
    assert token
    form = {"username": "tina", "password": "correct horse", "csrf_token": token.group(1),
            "next": "/?shown=1"}
    assert client.post("/login", data=form).headers["Location"] == "/?shown=1"
    again = client.post("/login", data=form)
    assert again.status_code == 303
    assert client.get(again.headers["Location"]).headers["Location"] == "/?shown=1"


def test_a_forgotten_login_tab_never_logs_in_as_whoever_is_logged_in(
        client: FlaskClient, auth: Any) -> None:
    """Two login tabs; sue logs in in one; tom's name typed in the other is refused (right or
    wrong password), and sue stays who she is."""
    forgotten = re.search(r'csrf_token" type="hidden" value="([^"]+)"',
                          client.get("/login").get_data(as_text=True))
    assert forgotten
    auth.login("sue")
    for password in ("wrong", "correct horse"):
        response = client.post("/login", data={"username": "tom", "password": password,
                                               "csrf_token": forgotten.group(1)})
        assert response.status_code == 409
        assert "You are logged in as sue" in response.get_data(as_text=True)
    assert "Hello, sue" in client.get("/").get_data(as_text=True)


def test_a_stale_logout_asks_again_and_a_fresh_one_logs_out(client: FlaskClient,
                                                           auth: Any) -> None:
    auth.login()
    stale = auth.csrf("/")
    client.post("/logout", data={"csrf_token": stale})  # logs out and renews the token
    auth.login()
    response = client.post("/logout", data={"csrf_token": stale})  # an old tab's button
    assert response.status_code == 303 and response.headers["Location"] == "/"
    assert "press Log out again" in client.get("/").get_data(as_text=True)
    client.post("/logout", data={"csrf_token": auth.csrf("/")})
    assert client.get("/").status_code == 302


def test_disabled_user_cannot_log_in(app: Flask, client: FlaskClient, auth: Any) -> None:
    db = connect(app.config["DATABASE"])
    db.execute("UPDATE users SET active = 0 WHERE username = 'tina'")
    db.close()
    response = auth.login()
    assert "Wrong username or password" in response.get_data(as_text=True)


def test_logout_is_a_post(client: FlaskClient, auth: Any) -> None:
    auth.login()
    asked = client.get("/logout")  # typed or bookmarked: it asks, and logs nobody out
    assert asked.status_code == 200 and "data-confirm-logout" in asked.get_data(as_text=True)
    assert client.get("/").status_code == 200
    token = csrf_from(asked.get_data(as_text=True))
    response = client.post("/logout", data={"csrf_token": token})
    assert response.status_code == 303
    assert client.get("/").status_code == 302
    assert client.get("/logout").headers["Location"] == "/login"


def test_a_form_without_its_csrf_token_says_so(client: FlaskClient, auth: Any) -> None:
    auth.login()
    response = client.post("/drills", data={"house": "europoker"})
    assert response.status_code == 400
    assert "This form came without its security token." in response.get_data(as_text=True)


@pytest.mark.parametrize(("token", "said"), [(None, "had lost its security token"),
                                            ("forged", "was out of date")])
def test_an_htmx_answer_refused_for_its_token_reloads_and_says_why(
        app: Flask, client: FlaskClient, auth: Any, token: str | None, said: str) -> None:
    url, _session_id, form = htmx_session(client, auth, length=2)
    posted = {"token": form["token"], "choice": "hit"} | (
        {"csrf_token": token} if token else {})
    response = client.post(f"{url}/answer", data=posted, headers=HX)
    assert response.status_code == 400 and response.headers["HX-Refresh"] == "true"
    page = client.get(url).get_data(as_text=True)  # the reload htmx makes
    assert f"That was not sent: the page {said}. It has been reloaded; send it again." in page
    assert count_attempts(app) == 0


def test_logout_with_htmx_redirects_by_header(client: FlaskClient, auth: Any) -> None:
    auth.login()
    token = auth.csrf("/")
    response = client.post("/logout", data={"csrf_token": token}, headers=HX)
    assert response.headers["HX-Redirect"] == "/login"


def _copy_of_login(app: Flask, client: FlaskClient) -> FlaskClient:
    """Another browser holding a copy of ``client``'s session cookie."""
    other = app.test_client()
    cookie = client.get_cookie("session")
    assert cookie is not None
    other.set_cookie("session", cookie.value)
    return other


def test_logging_out_ends_the_login_everywhere(app: Flask, client: FlaskClient,
                                              auth: Any) -> None:
    """A copy of the session cookie (a shared PC, another machine) stops working when the
    trainee logs out; a new login works."""
    auth.login()
    copied = _copy_of_login(app, client)
    assert copied.get("/").status_code == 200
    client.post("/logout", data={"csrf_token": auth.csrf("/")})
    assert copied.get("/").status_code == 302
    assert copied.post("/drills/1/answer", data={"token": "x"}, headers=HX).status_code == 401
    auth.login()
    assert client.get("/").status_code == 200


def test_a_new_password_ends_every_login(app: Flask, client: FlaskClient, auth: Any) -> None:
    auth.login()
    db = connect(app.config["DATABASE"])
    user = users.find_user(db, "tina")
    assert user is not None
    users.set_password(db, user.id, user.password_hash)
    db.close()
    assert client.get("/").status_code == 302
    auth.login()
    assert client.get("/").status_code == 200


@pytest.mark.parametrize("login_id", ["1", "1:x", "1:", ":0", "1:0:0", "1" * 30 + ":0"])
def test_a_session_naming_no_current_login_is_anonymous(client: FlaskClient, auth: Any,
                                                         login_id: str) -> None:
    """A cookie from before login generations (``1``) or naming none is not a login."""
    auth.login()
    assert client.get("/").status_code == 200
    with client.session_transaction() as session:
        session["_user_id"] = login_id
    assert client.get("/").status_code == 302


def test_anonymous_page_redirects_to_login(client: FlaskClient) -> None:
    response = client.get("/drills/1")
    assert response.status_code == 302
    assert response.headers["Location"].startswith("/login?next=")


@pytest.mark.parametrize("method, path", [("get", "/"), ("get", "/drills/1"),
                                          ("post", "/drills/1/answer"), ("post", "/drills")])
def test_anonymous_htmx_request_gets_hx_redirect(client: FlaskClient, method: str,
                                                 path: str) -> None:
    response = getattr(client, method)(path, headers=HX)
    assert response.status_code == 401
    assert response.headers["HX-Redirect"] == "/login?next=/drills/1"
    assert "<html" not in response.get_data(as_text=True)


def test_expired_login_mid_drill_sends_htmx_to_login_and_keeps_answers(
    app: Flask, client: FlaskClient, auth: Any
) -> None:
    auth.login()
    url = start(client, auth)
    form = question_form(client.get(url).get_data(as_text=True))
    session_id = int(url.rsplit("/", 1)[1])
    expected = expected_of(pending(app, session_id))
    client.post(f"{url}/answer", data=form | {"choice": expected}, headers=HX)
    assert count_attempts(app) == 1
    with client.session_transaction() as session:
        session.pop("_user_id", None)
    response = client.get(url, headers=HX)
    assert response.status_code == 401
    assert response.headers["HX-Redirect"].startswith("/login?next=")
    assert count_attempts(app) == 1


@pytest.mark.parametrize(("referrer", "location"), [
    ("http://localhost/drills/1", "/login?next=/drills/1"),
    ("http://evil.example/drills/1", "/login"),
    (None, "/login"),
])
def test_logged_out_form_post_comes_back_to_its_page(client: FlaskClient, referrer: str | None,
                                                     location: str) -> None:
    """An answer posted without JavaScript after the login ended: log in, then back to the
    drill page it came from (a page of this site only)."""
    headers = {"Referer": referrer} if referrer else {}
    response = client.post("/drills/1/answer", data={"token": "x"}, headers=headers)
    assert response.status_code == 302
    assert response.headers["Location"] == location


def test_htmx_post_with_stale_csrf_when_logged_out_goes_to_login(client: FlaskClient) -> None:
    response = client.post("/drills/1/answer", data={"token": "x"},
                           headers=HX | {"X-CSRFToken": "stale"})
    assert response.status_code == 401
    assert "HX-Redirect" in response.headers


def test_htmx_js_is_served_from_node_modules(client: FlaskClient) -> None:
    response = client.get("/vendor/htmx.min.js")
    assert response.status_code == 200
    assert response.mimetype == "text/javascript"
    assert b"2.0.11" in response.data
    response.close()


def test_static_keyboard_script_is_served(client: FlaskClient) -> None:
    response = client.get("/static/trainer.js")
    assert response.status_code == 200
    assert b"data-key" in response.data
    response.close()


# ------------------------------------------------------------------ home and start


def test_home_lists_houses_families_and_suggests(client: FlaskClient, auth: Any) -> None:
    auth.login()
    html = client.get("/").get_data(as_text=True)
    assert "europoker" in html and "spanish-21" in html
    assert "Suggested next drill" in html
    assert "not tried" in html
    assert 'action="/drills"' in html and "autofocus" not in html
    dealer = re.search(r'<tr data-family="dealer-draw">(.*?)</tr>', html, re.S)
    assert dealer and "Baden-Baden, Blackjack Switch" in dealer.group(1)  # titles, not keys
    assert ">Drill at Baden-Baden</button>" in dealer.group(1)


def test_start_refuses_a_family_the_house_does_not_drill(client: FlaskClient,
                                                         auth: Any) -> None:
    auth.login()
    token = auth.csrf("/")
    response = client.post("/drills", data={"csrf_token": token, "house": "spanish-21",
                                            "family": "even-money", "difficulty": "easy",
                                            "length": "3"})
    assert response.status_code == 422
    assert ("Even money on a blackjack against an ace is not drilled at Spanish 21."
            in response.get_data(as_text=True))


def test_start_with_a_length_that_is_not_a_number_says_so_once(client: FlaskClient,
                                                                auth: Any) -> None:
    auth.login()
    response = client.post("/drills", data={"csrf_token": auth.csrf("/"), "house": "europoker",
                                            "family": "dealer-draw", "difficulty": "easy",
                                            "length": "1e3"})
    html = response.get_data(as_text=True)
    assert response.status_code == 422 and html.count("Not a valid integer value.") == 1
    assert "Number must be between" not in html


@pytest.mark.parametrize(("length", "message"), [
    ("9" * 400, "Number must be between 1 and 200."),  # too long to compare: it was a 500
    ("-" + "9" * 5000, "Number must be between 1 and 200."),
    ("0" * 5000 + "500", "Number must be between 1 and 200."),  # int() refused its zeros too
    ("+" + "0" * 5000, "Number must be between 1 and 200."),
    ("\uff15", "Not a valid integer value."),  # a full-width 5 is not a length typed here
    ("1_0", "Not a valid integer value."),
])
def test_start_with_a_length_out_of_reach_says_so(app: Flask, client: FlaskClient, auth: Any,
                                                  length: str, message: str) -> None:
    auth.login()
    response = client.post("/drills", data={"csrf_token": auth.csrf("/"), "house": "europoker",
                                            "family": "dealer-draw", "difficulty": "easy",
                                            "length": length})
    assert response.status_code == 422
    assert response.get_data(as_text=True).count(message) == 1
    db = connect(app.config["DATABASE"])
    assert db.execute("SELECT count(*) FROM drill_sessions").fetchone()[0] == 0
    db.close()


def _start_tokens(html: str) -> list[str]:
    return re.findall(r'name="start_token"(?: type="hidden")? value="([^"]+)"', html)


def test_a_start_pressed_twice_opens_one_session(app: Flask, client: FlaskClient,
                                                 auth: Any) -> None:
    """A double click, or the form resent, goes to the session the first press opened;
    every Start button on a page has a token of its own, so another one opens another."""
    auth.login()
    home = client.get("/").get_data(as_text=True)
    tokens = _start_tokens(home)
    assert len(tokens) >= 2 and len(set(tokens)) == len(tokens)  # the suggestion's too
    form = {"csrf_token": csrf_from(home), "house": "europoker", "family": "dealer-draw",
            "difficulty": "easy", "length": "3", "start_token": tokens[-1]}
    first = client.post("/drills", data=form)
    again = client.post("/drills", data=form, headers={"HX-Request": "true"})
    assert first.status_code == 303
    assert again.headers["HX-Redirect"] == first.headers["Location"]
    other = client.post("/drills", data=form | {"start_token": tokens[0]})
    assert other.headers["Location"] != first.headers["Location"]
    # a stale page's form (restored by the browser): the used token, other settings
    stale = client.post("/drills", data=form | {"length": "4"})
    assert stale.headers["Location"] not in (first.headers["Location"],
                                             other.headers["Location"])
    db = connect(app.config["DATABASE"])
    assert db.execute("SELECT count(*) FROM drill_sessions").fetchone()[0] == 3
    assert db.execute("SELECT count(*) FROM questions").fetchone()[0] == 10
    db.close()


def test_start_with_htmx_redirects_by_header(client: FlaskClient, auth: Any) -> None:
    auth.login()
    token = auth.csrf("/")
    response = client.post("/drills", data={"csrf_token": token, "house": "europoker",
                                            "family": "dealer-draw", "difficulty": "easy",
                                            "length": "3"}, headers=HX)
    assert response.headers["HX-Redirect"].startswith("/drills/")


def test_start_without_csrf_is_refused(client: FlaskClient, auth: Any) -> None:
    auth.login()
    response = client.post("/drills", data={"house": "europoker", "family": "dealer-draw",
                                            "difficulty": "easy", "length": "3"})
    assert response.status_code == 400


# ------------------------------------------------------------------ the drill


def test_question_page_and_fragment(app: Flask, client: FlaskClient, auth: Any) -> None:
    auth.login()
    url = start(client, auth)
    page = client.get(url).get_data(as_text=True)
    assert "<html" in page and 'id="drill"' in page
    assert 'data-key="h"' in page and 'data-key="s"' in page
    assert "Dealer stands on soft 17" in page  # the house's key rules
    fragment = client.get(url, headers=HX).get_data(as_text=True)
    assert "<html" not in fragment and fragment.strip().startswith("<section id=\"drill\"")
    assert question_form(page)["token"] == question_form(fragment)["token"]


def test_the_answer_never_appears_before_answering(app: Flask, client: FlaskClient,
                                                   auth: Any) -> None:
    auth.login()
    url = start(client, auth, family="blackjack-payout")
    page = client.get(url).get_data(as_text=True)
    session_id = int(url.rsplit("/", 1)[1])
    expected = expected_of(pending(app, session_id))
    assert f">{expected}<" not in page and f"value=\"{expected}\"" not in page
    assert "3:2 on" not in page  # the explanation
    assert client.get(f"{url}/feedback/0").status_code == 404


def test_right_answer_by_button_full_page_flow(app: Flask, client: FlaskClient,
                                               auth: Any) -> None:
    auth.login()
    url = start(client, auth)
    session_id = int(url.rsplit("/", 1)[1])
    drill_page = client.get(url).get_data(as_text=True)
    form = question_form(drill_page)
    expected = expected_of(pending(app, session_id))
    response = client.post(f"{url}/answer", data=form | {"choice": expected})
    assert response.status_code == 303
    assert response.headers["Location"] == f"{url}/feedback/0"
    feedback = client.get(response.headers["Location"]).get_data(as_text=True)
    # titled like the drill page: htmx swaps the next question in under the same title
    title = re.compile(r"<title>(.*?)</title>")
    assert title.findall(feedback) == title.findall(drill_page) != []
    assert "Right" in feedback and "streak <strong class=\"streak\">1</strong>" in feedback
    # within par or over it, said in words, not by its colour alone
    assert re.search(r'<span class="under-par">[\d.]+ s</span>,\s+within the par of 3.0 s',
                     feedback), feedback
    assert f'href="{url}"' in feedback  # next question, on its own page
    # with htmx, Next fetches it in place, and the address bar names it (a reload shows it,
    # not this feedback again)
    link = re.search(r"<a [^>]*data-next[^>]*>", feedback)
    assert link and f'hx-get="{url}"' in link.group(0)
    assert 'hx-replace-url="true"' in link.group(0)


def test_wrong_answer_by_htmx_returns_the_feedback_fragment(app: Flask, client: FlaskClient,
                                                            auth: Any) -> None:
    auth.login()
    url = start(client, auth)
    session_id = int(url.rsplit("/", 1)[1])
    form = question_form(client.get(url, headers=HX).get_data(as_text=True))
    expected = expected_of(pending(app, session_id))
    wrong = "stand" if expected == "hit" else "hit"
    response = client.post(f"{url}/answer", data=form | {"choice": wrong}, headers=HX)
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "<html" not in html and 'data-state="feedback"' in html
    assert "Wrong" in html and f'class="expected">{expected.capitalize()}<' in html
    assert f'class="given">{wrong.capitalize()}<' in html  # by its label, as on the button
    assert "streak <strong class=\"streak\">0</strong>" in html
    assert "dealer" in html.lower()
    # the page keeps the question's felt (hx-preserve): the fragment sends an empty one
    question = pending(app, session_id)  # the next one, sent ahead
    db = connect(app.config["DATABASE"])
    try:
        answered = questions.question_at(db, session_id, 0)
    finally:
        db.close()
    assert answered is not None
    def drawn(question_id: int, html: str) -> bool:
        return re.search(rf'<div id="felt-q{question_id}" hx-preserve>\s*<div class="felt">',
                         html) is not None

    assert f'<div id="felt-q{answered.id}" hx-preserve></div>' in html
    assert drawn(question.id, html)  # the question sent ahead is drawn in full
    assert drawn(question.id, client.get(url).get_data(as_text=True))
    assert drawn(answered.id, client.get(f"{url}/feedback/0").get_data(as_text=True))


@pytest.mark.parametrize("htmx", [False, True], ids=["page", "fragment"])
def test_next_which_takes_the_focus_is_described_by_the_verdict(
        app: Flask, client: FlaskClient, auth: Any, htmx: bool) -> None:
    """Focus goes to Next after an answer: a screen reader hears the verdict there."""
    auth.login()
    url = start(client, auth)
    form = question_form(client.get(url).get_data(as_text=True))
    expected = expected_of(pending(app, int(url.rsplit("/", 1)[1])))
    wrong = "stand" if expected == "hit" else "hit"
    response = client.post(f"{url}/answer", data=form | {"choice": wrong},
                           headers=HX if htmx else {})
    html = (response if htmx else client.get(response.headers["Location"])).get_data(
        as_text=True)
    link = re.search(r"<a [^>]*data-next[^>]*>", html)
    described = link and re.search(r'aria-describedby="([^"]+)"', link.group(0))
    assert link and "autofocus" in link.group(0) and described
    said = []
    for name in described.group(1).split():
        element = re.search(rf'<(\w+) id="{name}">(.*?)</\1>', html, re.S)
        assert element, name
        said.append(re.sub(r"<[^>]+>", "", element.group(2)))
    assert said[0] == "Wrong" and f"Expected: {expected.capitalize()}" in " ".join(said[1].split())


def test_typed_amount_and_malformed_amount(app: Flask, client: FlaskClient, auth: Any) -> None:
    auth.login()
    url = start(client, auth, family="blackjack-payout")
    session_id = int(url.rsplit("/", 1)[1])
    form = question_form(client.get(url).get_data(as_text=True))
    for bad in ("abc", "1.234", "-5"):
        response = client.post(f"{url}/answer", data=form | {"amount": bad})
        html = response.get_data(as_text=True)
        assert response.status_code == 422
        assert "is not an amount" in html and 'id="answer-error"' in html
        assert f'value="{bad}"' in html  # the typed text is kept in the field
    too_large = client.post(f"{url}/answer", data=form | {"amount": "1" * 13}, headers=HX)
    assert too_large.status_code == 422
    assert "is too large for an amount (at most 12 digits" in too_large.get_data(as_text=True)
    fragment = client.post(f"{url}/answer", data=form | {"amount": "zz"}, headers=HX)
    assert fragment.status_code == 422 and "<html" not in fragment.get_data(as_text=True)
    for field, value, message in (
        ("amount", "5" * 41, "An amount has at most 40 characters."),
        ("choice", "h" * 81, "An answer button&#39;s value has at most 80 characters."),
    ):
        too_long = client.post(f"{url}/answer", data=form | {field: value}, headers=HX)
        assert too_long.status_code == 422 and message in too_long.get_data(as_text=True)
    assert count_attempts(app) == 0
    expected = expected_of(pending(app, session_id))
    response = client.post(f"{url}/answer", data=form | {"amount": f"${expected}"},
                           headers=HX)
    assert "Right" in response.get_data(as_text=True)
    assert count_attempts(app) == 1


def test_money_answer_built_from_chips(app: Flask, client: FlaskClient, auth: Any) -> None:
    auth.login()
    url = start(client, auth, family="blackjack-payout")
    session_id = int(url.rsplit("/", 1)[1])
    html = client.get(url).get_data(as_text=True)
    assert 'name="chip-25"' in html and 'data-chip="25"' in html
    form = question_form(html)
    expected = expected_of(pending(app, session_id))
    cents = int(Decimal(expected) * 100)
    chips = {"chip-100": cents // 10000, "chip-25": cents % 10000 // 2500,
             "chip-5": cents % 2500 // 500, "chip-1": cents % 500 // 100,
             "chip-0.50": cents % 100 // 50}
    data = form | {k: str(v) for k, v in chips.items()}
    response = client.post(f"{url}/answer", data=data, headers=HX)
    assert "Right" in response.get_data(as_text=True)


def test_chip_answer_and_bad_chip_count(app: Flask, client: FlaskClient, auth: Any) -> None:
    auth.login()
    url = start(client, auth, family="blackjack-payout", difficulty="hard")  # in chips
    session_id = int(url.rsplit("/", 1)[1])
    form = question_form(client.get(url).get_data(as_text=True))
    for bad in ("two", "²", "①", "1" * 5000, "1000"):  # digits int() refuses, or too many
        response = client.post(f"{url}/answer", data=form | {"chip-25": bad}, headers=HX)
        assert response.status_code == 422
        assert "is not a number of chips (0 to 999)" in response.get_data(as_text=True)
    # the focus, lost with the fragment swapped, goes to the first count, told why
    first = re.search(r'<input [^>]*name="chip-[^>]*>', response.get_data(as_text=True))
    assert first and "autofocus" in first.group(0)
    assert 'aria-describedby="answer-error"' in first.group(0)
    response = client.post(f"{url}/answer", data=form, headers=HX)
    assert response.status_code == 422 and "Put some chips down" in response.get_data(
        as_text=True)
    assert count_attempts(app) == 0
    expected = expected_of(pending(app, session_id))  # the fewest chips: 2x25 1x2.50
    stack = parse_chips(expected)
    response = client.post(f"{url}/answer", data=form | {
        f"chip-{format_money(chip)}": str(count) for chip, count in stack.items()}, headers=HX)
    assert "Right" in response.get_data(as_text=True)
    db = connect(app.config["DATABASE"])
    answer = db.execute("SELECT answer FROM answers").fetchone()[0]
    db.close()
    assert answer == f"{format_money(chips_total(stack))} ({expected})"  # sum, then chips


def test_double_submit_records_one_attempt(app: Flask, client: FlaskClient, auth: Any) -> None:
    auth.login()
    url = start(client, auth)
    session_id = int(url.rsplit("/", 1)[1])
    form = question_form(client.get(url).get_data(as_text=True))
    expected = expected_of(pending(app, session_id))
    wrong = "stand" if expected == "hit" else "hit"
    first = client.post(f"{url}/answer", data=form | {"choice": wrong}, headers=HX)
    second = client.post(f"{url}/answer", data=form | {"choice": expected}, headers=HX)
    third = client.post(f"{url}/answer", data=form | {"choice": expected})
    assert count_attempts(app) == 1
    assert "Wrong" in first.get_data(as_text=True)
    assert "already been answered" not in first.get_data(as_text=True)
    # the first answer stands, and the page says the one just sent was not recorded
    assert "Wrong" in second.get_data(as_text=True)
    assert REPEATED_NOTE in second.get_data(as_text=True).replace("&#39;", "'")
    assert third.status_code == 303
    page = client.get(third.headers["Location"]).get_data(as_text=True)
    assert REPEATED_NOTE in page and "Wrong" in page
    assert REPEATED_NOTE not in client.get(third.headers["Location"]).get_data(as_text=True)
    # the same answer sent again (a double click): recorded once, and no alarm
    same = client.post(f"{url}/answer", data=form | {"choice": wrong}, headers=HX)
    assert SAME_AGAIN_NOTE in same.get_data(as_text=True)
    assert REPEATED_NOTE not in same.get_data(as_text=True).replace("&#39;", "'")
    assert count_attempts(app) == 1


def test_answer_to_a_question_not_issued_to_you_is_refused(app: Flask, client: FlaskClient,
                                                          auth: Any) -> None:
    auth.login()
    url = start(client, auth)
    tina_form = question_form(client.get(url).get_data(as_text=True))
    client.post("/logout", data={"csrf_token": auth.csrf("/")})
    auth.login("tom")
    tom_url = start(client, auth)
    tom_form = question_form(client.get(tom_url).get_data(as_text=True))
    # tina's token in tom's session, and a made-up token
    for token in (tina_form["token"], "made-up"):
        response = client.post(f"{tom_url}/answer",
                               data=tom_form | {"token": token, "choice": "hit"}, headers=HX)
        assert response.status_code == 403
        assert "not issued to you" in response.get_data(as_text=True)
    # tom cannot even open tina's session
    assert client.get(url).status_code == 404
    assert client.post(f"{url}/answer", data=tom_form | {"choice": "hit"}).status_code == 404
    assert count_attempts(app) == 0


def stored_questions(app: Flask, session_id: int) -> list[tuple[int, str, int | None]]:
    """(position, token, shown_ms) of every question stored in the session."""
    db = connect(app.config["DATABASE"])
    try:
        return [(p, t, s) for p, t, s in db.execute(
            "SELECT position, token, shown_ms FROM questions WHERE session_id = ?"
            " ORDER BY position", [session_id])]
    finally:
        db.close()


def test_a_session_deals_its_questions_at_the_start_and_shows_one_at_a_time(
        app: Flask, client: FlaskClient, auth: Any) -> None:
    auth.login()
    url = start(client, auth, length=3)
    session_id = int(url.rsplit("/", 1)[1])
    dealt = stored_questions(app, session_id)
    assert [p for p, _, _ in dealt] == [0, 1, 2] and all(s is None for _, _, s in dealt)
    page = client.get(url).get_data(as_text=True)
    (_, first, shown), *unseen = stored_questions(app, session_id)
    assert question_form(page)["token"] == first and shown is not None
    assert all(s is None for _, _, s in unseen)
    for _, token, _ in unseen:  # a question not shown yet: its token never left the server
        assert token not in page
        response = client.post(f"{url}/answer", data=question_form(page) | {
            "token": token, "choice": "hit"}, headers=HX)
        assert response.status_code == 403 and "not issued to you" in response.get_data(
            as_text=True)
    assert count_attempts(app) == 0
    client.post(f"{url}/answer", data=question_form(page) | {"choice": "hit"}, headers=HX)
    assert [s is not None for _, _, s in stored_questions(app, session_id)] == [True, True, False]


def test_a_session_started_before_questions_were_dealt_at_the_start_goes_on(
        app: Flask, client: FlaskClient, auth: Any) -> None:
    """Its first question stored when shown, as before m006: the page deals the rest."""
    auth.login()
    db = connect(app.config["DATABASE"])
    try:
        tina = int(db.execute("SELECT id FROM users WHERE username = 'tina'").fetchone()[0])
        session = drilling.start_session(db, tina, "europoker", "dealer-draw", "easy", 3, 5)
        with app.app_context():
            first = SessionPlan.of(session).questions(range(1))
        questions.store_questions(db, session, first)
        stored = questions.question_at(db, session.id, 0)
        assert stored is not None
        questions.show_question(db, stored.id, now_ms())
    finally:
        db.close()
    url = f"/drills/{session.id}"
    page = client.get(url).get_data(as_text=True)
    assert question_form(page)["token"] == first[0].token
    feedback = client.post(f"{url}/answer", data=question_form(page) | {
        "choice": expected_of(pending(app, session.id))}, headers=HX).get_data(as_text=True)
    assert "Right" in feedback and "data-upcoming" not in feedback  # nothing stored to send
    assert f'hx-get="{url}"' in feedback
    form = question_form(client.get(url, headers=HX).get_data(as_text=True))  # deals the rest
    assert [p for p, _, _ in stored_questions(app, session.id)] == [0, 1, 2]
    for position in (1, 2):
        expected = expected_of(pending(app, session.id))
        feedback = client.post(f"{url}/answer", data=form | {"choice": expected}, headers=HX)
        assert "Right" in feedback.get_data(as_text=True)
        if position < 2:
            form = question_form(feedback.get_data(as_text=True).split("data-upcoming", 1)[1])
    assert count_attempts(app) == 3
    assert client.get(f"{url}/summary").status_code == 200


def test_a_whole_session_then_summary(app: Flask, client: FlaskClient, auth: Any) -> None:
    auth.login()
    url = start(client, auth, length=3)
    session_id = int(url.rsplit("/", 1)[1])
    assert client.get(f"{url}/summary").status_code == 303  # not finished yet
    for i in range(3):
        form = question_form(client.get(url, headers=HX).get_data(as_text=True))
        expected = expected_of(pending(app, session_id))
        answer = expected if i != 1 else ("stand" if expected == "hit" else "hit")
        response = client.post(f"{url}/answer", data=form | {"choice": answer}, headers=HX)
        html = response.get_data(as_text=True)
        if i == 2:
            assert f'href="{url}/summary"' in html and "See the summary" in html
    assert client.get(url).headers["Location"] == f"{url}/summary"
    assert client.get(url, headers=HX).headers["HX-Redirect"] == f"{url}/summary"
    summary = client.get(f"{url}/summary").get_data(as_text=True)
    assert "67%" in summary and "2 of 3" in summary
    assert "median time" in summary
    assert 'class="mistake" data-position="1"' in summary
    assert summary.count('class="mistake"') == 1
    assert 'data-card="' in summary  # the mistake replayed with its cards
    home = client.get("/").get_data(as_text=True)
    assert "67%" in home  # recent accuracy per family


def test_the_summary_s_median_is_exact_and_home_s_reads_the_rollups(
        app: Flask, client: FlaskClient, auth: Any) -> None:
    """Two answers of 1.0 s and 2.0 s: the session's summary says 1.5 s (the mean of the
    middle two); home, like the console, reads the rollups' time bins, whatever the number
    of answers: 1 to 2 s and 2 to 3 s, the median 2.0 s."""
    auth.login()
    url = start(client, auth, length=2)
    session_id = int(url.rsplit("/", 1)[1])
    for _ in range(2):
        form = question_form(client.get(url).get_data(as_text=True))
        client.post(f"{url}/answer", data=form | {"choice": expected_of(
            pending(app, session_id))})
    db = connect(app.config["DATABASE"])
    db.execute("UPDATE answers SET elapsed_ms = 1000 + 1000 * (SELECT position"
               " FROM questions q WHERE q.id = answers.question_id)")
    db.execute("UPDATE drill_totals SET recent = '35'")  # as the recorder keeps those two
    db.conn.commit()
    db.close()
    summary = client.get(f"{url}/summary").get_data(as_text=True)
    assert re.search(r"data-median>1\.5 s<", summary)
    assert '<td>2 / 2</td>' in summary and "<td>1.5 s</td></tr>" in summary
    home = client.get("/").get_data(as_text=True)
    row = home.split('<tr data-family="dealer-draw">', 1)[1].split("</tr>", 1)[0]
    assert '<td data-label="Median time">2.0 s</td>' in row


def test_trainee_pages_round_a_half_percent_up_as_the_supervisor_sees_it(
        app: Flask, client: FlaskClient, auth: Any) -> None:
    """1 of 8 right is 12.5 %: 13 % on the summary, home and the dashboard alike (the
    trainee's pages said 12 %)."""
    auth.login()
    url = start(client, auth, length=8)
    session_id = int(url.rsplit("/", 1)[1])
    for i in range(8):
        form = question_form(client.get(url).get_data(as_text=True))
        expected = expected_of(pending(app, session_id))
        wrong = "stand" if expected == "hit" else "hit"
        client.post(f"{url}/answer", data=form | {"choice": expected if i == 0 else wrong})
    summary = client.get(f"{url}/summary").get_data(as_text=True)
    assert "data-accuracy>13%<" in summary and "(1 of 8)" in summary
    assert "<td>1 / 8</td>\n        <td>13%</td>" in summary
    home = client.get("/").get_data(as_text=True)
    assert "1 / 8 (13%)" in home and "13% <small>(1/8)</small>" in home
    client.post("/logout", data={"csrf_token": auth.csrf("/")})
    auth.login("sue")
    dashboard = client.get("/supervisor/").get_data(as_text=True)
    assert "13% <small>(1/8)</small>" in dashboard


def test_interrupted_session_resumes_on_the_same_question(app: Flask, client: FlaskClient,
                                                          auth: Any) -> None:
    auth.login()
    url = start(client, auth, length=3)
    session_id = int(url.rsplit("/", 1)[1])
    form = question_form(client.get(url).get_data(as_text=True))
    expected = expected_of(pending(app, session_id))
    client.post(f"{url}/answer", data=form | {"choice": expected})
    second = question_form(client.get(url).get_data(as_text=True))
    client.post("/logout", data={"csrf_token": auth.csrf("/")})
    auth.login()
    home = client.get("/").get_data(as_text=True)
    assert f'data-resume="{session_id}"' in home and "1 of 3 answered" in home
    db = connect(app.config["DATABASE"])
    started = db.execute("SELECT started_at FROM drill_sessions WHERE id = ?",
                         [session_id]).fetchone()[0]
    db.close()
    # sessions alike are told apart by when they started
    assert f'started {started[:10]} {started[11:16]} UTC' in home
    again = client.get(url).get_data(as_text=True)
    assert question_form(again)["token"] == second["token"]
    assert "Question 2 of 3" in again


def finished_at(app: Flask, session_id: int) -> str | None:
    db = connect(app.config["DATABASE"])
    try:
        return db.execute("SELECT finished_at FROM drill_sessions WHERE id = ?",
                          [session_id]).fetchone()[0]
    finally:
        db.close()


def test_a_session_ended_early_keeps_its_answers_and_asks_nothing_more(
        app: Flask, client: FlaskClient, auth: Any) -> None:
    """End asks first (what is answered, what is left), then ends: the summary covers the
    answers given, home no longer offers the session, and the question left out refuses an
    answer, recording nothing."""
    auth.login()
    url = start(client, auth, length=3)
    session_id = int(url.rsplit("/", 1)[1])
    form = question_form(client.get(url).get_data(as_text=True))
    client.post(f"{url}/answer", data=form | {"choice": expected_of(pending(app, session_id))})
    page = client.get(url).get_data(as_text=True)
    left_out = question_form(page)
    assert f'href="{url}/end" data-end-session' in page
    assert f'href="{url}/end" data-end="{session_id}"' in client.get("/").get_data(as_text=True)

    asked = client.get(f"{url}/end")
    confirm = asked.get_data(as_text=True)
    assert asked.status_code == 200 and "End this session?" in confirm
    assert "1 of 3 questions answered" in confirm and "The 2 questions left" in confirm
    assert finished_at(app, session_id) is None  # asking changes nothing

    ended = client.post(f"{url}/end", data={"csrf_token": csrf_from_page(confirm)})
    assert ended.status_code == 303 and ended.headers["Location"] == f"{url}/summary"
    when = finished_at(app, session_id)
    assert when is not None
    summary = client.get(f"{url}/summary").get_data(as_text=True)
    assert "Ended early: 1 of 3 questions answered." in summary
    assert "100%" in summary and "(1 of 1)" in summary
    assert f'data-resume="{session_id}"' not in client.get("/").get_data(as_text=True)

    refused = client.post(f"{url}/answer", data=left_out | {"choice": "hit"})
    assert refused.status_code == 409
    assert ENDED_MESSAGE in refused.get_data(as_text=True)
    assert f'href="{url}/summary"' in refused.get_data(as_text=True)
    assert count_attempts(app) == 1
    # the drill, the question and End itself all lead to the summary now; ending again
    # changes nothing
    assert client.get(url).headers["Location"] == f"{url}/summary"
    assert client.get(f"{url}/end").headers["Location"] == f"{url}/summary"
    again = client.post(f"{url}/end", data={"csrf_token": auth.csrf("/")})
    assert again.status_code == 303 and finished_at(app, session_id) == when


def test_an_answer_racing_the_end_of_its_session_is_refused(
        app: Flask, client: FlaskClient, auth: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The session is ended (another tab) after the answer was read, before it is recorded:
    the write sees it ended, refuses with 409 and records nothing."""
    url, session_id, form = htmx_session(client, auth, 3)
    checked = answer_input.verdict_of

    def check_then_end(*args: Any) -> Any:
        db = connect(app.config["DATABASE"])
        try:
            assert drilling.end_session(db, session_id)
        finally:
            db.close()
        return checked(*args)

    monkeypatch.setattr(answer_input, "verdict_of", check_then_end)
    raced = client.post(f"{url}/answer", headers=HX, data=form | {"choice": "hit"})
    body = raced.get_data(as_text=True)
    assert raced.status_code == 409 and ENDED_MESSAGE in body
    assert f'href="{url}/summary"' in body
    assert '<p id="leave-session" hx-swap-oob="true" hidden></p>' in body
    assert count_attempts(app) == 0 and finished_at(app, session_id) is not None


def test_the_feedback_of_an_ended_session_leads_to_its_summary(
        app: Flask, client: FlaskClient, auth: Any) -> None:
    """Back to a feedback page after ending: no next question behind it and no End link,
    only the summary; the htmx answer to a session's last question takes End off the page."""
    url, _, form = htmx_session(client, auth, 3)
    answered = client.post(f"{url}/answer", headers=HX, data=form | {"choice": "hit"})
    assert 'data-upcoming' in answered.get_data(as_text=True)
    assert 'id="leave-session" hx-swap-oob' not in answered.get_data(as_text=True)
    client.post(f"{url}/end", data={"csrf_token": form["csrf_token"]})
    feedback = client.get(f"{url}/feedback/0").get_data(as_text=True)
    assert "data-upcoming" not in feedback and 'name="token"' not in feedback
    assert f'href="{url}/summary" data-next' in feedback and "See the summary" in feedback
    assert "data-end-session" not in feedback

    last_url = start(client, auth, length=1)
    last_form = question_form(client.get(last_url, headers=HX).get_data(as_text=True))
    last = client.post(f"{last_url}/answer", headers=HX, data=last_form | {"choice": "hit"})
    assert '<p id="leave-session" hx-swap-oob="true" hidden></p>' in last.get_data(as_text=True)


def test_home_lists_recent_sessions_with_their_scores_and_summaries(
        app: Flask, client: FlaskClient, auth: Any) -> None:
    """A finished session and one ended early, each with its right answers and a link to its
    summary; an unfinished one is offered to resume instead."""
    auth.login()
    assert "Your recent sessions" not in client.get("/").get_data(as_text=True)
    done = start(client, auth, length=1)
    form = question_form(client.get(done).get_data(as_text=True))
    client.post(f"{done}/answer", data=form | {"choice": expected_of(
        pending(app, int(done.rsplit("/", 1)[1])))})
    ended = start(client, auth, length=3)
    client.post(f"{ended}/end", data={"csrf_token": auth.csrf("/")})
    start(client, auth, length=2)
    home = client.get("/").get_data(as_text=True)
    listed = re.findall(r'data-finished="(\d+)"', home)
    assert listed == [ended.rsplit("/", 1)[1], done.rsplit("/", 1)[1]]
    assert "1 / 1 (100%)" in home and f'href="{done}/summary"' in home
    assert "none answered <small>ended early, 0 of 3</small>" in home
    assert f'href="{ended}/summary"' in home


def csrf_from_page(html: str) -> str:
    found = re.search(r'name="csrf_token" value="([^"]+)"', html)
    assert found, html
    return found.group(1)


def test_ending_a_session_with_htmx_and_with_nothing_answered(
        app: Flask, client: FlaskClient, auth: Any) -> None:
    """By htmx, the confirmation is a fragment and the end a redirect htmx follows; a session
    ended before any answer says so on its summary instead of a 0 % score."""
    auth.login()
    url = start(client, auth, length=2)
    fragment = client.get(f"{url}/end", headers=HX).get_data(as_text=True)
    assert "<html" not in fragment
    assert 'data-state="end"' in fragment and "0 of 2 questions answered" in fragment
    ended = client.post(f"{url}/end", headers=HX, data={"csrf_token": auth.csrf("/")})
    assert ended.status_code == 200 and ended.headers["HX-Redirect"] == f"{url}/summary"
    summary = client.get(f"{url}/summary").get_data(as_text=True)
    assert "Ended early: 0 of 2 questions answered." in summary
    assert "No question was answered in this session." in summary
    assert "data-accuracy" not in summary and count_attempts(app) == 0


def test_a_session_finished_normally_is_not_called_ended_early(
        app: Flask, client: FlaskClient, auth: Any) -> None:
    auth.login()
    url = start(client, auth, length=1)
    session_id = int(url.rsplit("/", 1)[1])
    form = question_form(client.get(url).get_data(as_text=True))
    client.post(f"{url}/answer", data=form | {"choice": "hit"})
    feedback = client.get(f"{url}/feedback/0").get_data(as_text=True)
    assert "data-end-session" not in feedback  # the last feedback: nothing left to end
    summary = client.get(f"{url}/summary").get_data(as_text=True)
    assert "data-ended-early" not in summary and "data-accuracy" in summary
    assert finished_at(app, session_id) is not None


def test_the_start_form_names_each_drills_houses(client: FlaskClient, auth: Any) -> None:
    """trainer.js offers only the chosen house's drills from these; without it the server
    refuses a drill the house does not have."""
    auth.login()
    home = client.get("/").get_data(as_text=True)
    houses = {value: named.split() for named, value in
              re.findall(r'<option data-houses="([^"]*)"[^>]* value="([^"]+)"', home)}
    assert "mixed" not in houses and "europoker" in houses["dealer-draw"]
    assert all(houses.values())


def test_home_offers_the_newest_unfinished_sessions_by_title(app: Flask, client: FlaskClient,
                                                             auth: Any) -> None:
    """Five unfinished sessions to resume, newest first, named by the drill's title and
    difficulty; the older ones are counted."""
    auth.login()
    ids = [int(start(client, auth).rsplit("/", 1)[1]) for _ in range(7)]
    home = client.get("/").get_data(as_text=True)
    assert re.findall(r'data-resume="(\d+)"', home) == [str(i) for i in ids[:1:-1]]
    assert "Dealer draws: hit or stand? · easy · 0 of 3 answered" in home
    assert 'and <a href="/drills/unfinished" data-older-unfinished>2 older unfinished sessions' \
        in home
    every = client.get("/drills/unfinished").get_data(as_text=True)  # all seven, newest first
    assert re.findall(r'data-resume="(\d+)"', every) == [str(i) for i in reversed(ids)]
    assert "Unfinished sessions <small>(7)</small>" in every
    client.post(f"/drills/{ids[0]}/end", data={"csrf_token": auth.csrf("/")})
    assert str(ids[0]) not in re.findall(r'data-resume="(\d+)"', client.get(
        "/drills/unfinished").get_data(as_text=True))
    tom = app.test_client()
    Auth(tom).login("tom")
    theirs = tom.get("/drills/unfinished").get_data(as_text=True)  # only one's own
    assert "data-resume" not in theirs and "Every session you started is finished." in theirs


def shown_tokens(app: Flask, session_id: int) -> list[str]:
    """The tokens of the session's questions shown so far (the rest are stored, unseen)."""
    db = connect(app.config["DATABASE"])
    try:
        rows = db.execute("SELECT token FROM questions WHERE session_id = ?"
                          " AND shown_ms IS NOT NULL ORDER BY position", [session_id]).fetchall()
        return [token for (token,) in rows]
    finally:
        db.close()


def test_one_request_per_answer_with_htmx(app: Flask, client: FlaskClient, auth: Any) -> None:
    """The answer's fragment carries the next question: it is answered without another GET."""
    url, session_id, form = htmx_session(client, auth, 3)
    for position in range(3):
        expected = expected_of(pending(app, session_id))
        response = client.post(f"{url}/answer", data=form | {"choice": expected}, headers=HX)
        html = response.get_data(as_text=True)
        assert response.status_code == 200 and "<html" not in html
        assert f'data-state="feedback" data-position="{position}"' in html
        if position == 2:  # the last: nothing ahead, the summary next
            assert "data-upcoming" not in html and 'name="token"' not in html
            assert f'href="{url}/summary"' in html
            break
        ahead = html[html.index("data-upcoming"):]
        assert ahead.startswith(f'data-upcoming data-position="{position + 1}"')
        assert 'name="waited_ms" value=""' in ahead
        assert "hx-get" not in html  # "Next" reveals the question: no round trip
        form = question_form(ahead)
        assert shown_tokens(app, session_id)[-1] == form["token"]
        assert pending(app, session_id).token == form["token"]
    assert count_attempts(app) == 3
    assert len(shown_tokens(app, session_id)) == 3
    assert "100%" in client.get(f"{url}/summary").get_data(as_text=True)


def test_an_htmx_feedback_names_itself_in_the_address_bar(client: FlaskClient,
                                                           auth: Any) -> None:
    """HX-Replace-Url: a reload shows the feedback again (the page of its own) instead of
    the next question."""
    url, _session_id, form = htmx_session(client, auth, 3)
    response = client.post(f"{url}/answer", data=form | {"choice": "hit"}, headers=HX)
    assert response.headers["HX-Replace-Url"] == f"{url}/feedback/0"
    page = client.get(response.headers["HX-Replace-Url"]).get_data(as_text=True)
    assert "<html" in page and 'data-state="feedback"' in page


def test_each_htmx_feedback_shows_the_streak_its_answer_ends(app: Flask, client: FlaskClient,
                                                              auth: Any) -> None:
    """Right, right, wrong, right, and the last one right: 1, 2, 0, 1, 2."""
    url, session_id, form = htmx_session(client, auth, 5)
    shown = []
    for position, right in enumerate([True, True, False, True, True]):
        expected = expected_of(pending(app, session_id))
        given = expected if right else ("stand" if expected == "hit" else "hit")
        html = client.post(f"{url}/answer", data=form | {"choice": given},
                           headers=HX).get_data(as_text=True)
        streak = re.search(r'streak <strong class="streak">(\d+)</strong>', html)
        assert streak, html
        shown.append(int(streak.group(1)))
        if position < 4:
            form = question_form(html[html.index("data-upcoming"):])
    assert shown == [1, 2, 0, 1, 2]
    # a feedback page of its own reads the same streak back
    assert 'streak <strong class="streak">2</strong>' in client.get(
        f"{url}/feedback/4").get_data(as_text=True)


def test_double_submit_carries_the_same_next_question(app: Flask, client: FlaskClient,
                                                      auth: Any) -> None:
    url, session_id, form = htmx_session(client, auth, 3)
    first = client.post(f"{url}/answer", data=form | {"choice": "hit"}, headers=HX)
    second = client.post(f"{url}/answer", data=form | {"choice": "stand"}, headers=HX)
    ahead = [question_form(r.get_data(as_text=True).split("data-upcoming", 1)[1])["token"]
             for r in (first, second)]
    assert ahead[0] == ahead[1] == shown_tokens(app, session_id)[1]
    assert len(shown_tokens(app, session_id)) == 2 and count_attempts(app) == 1


def test_the_answer_hands_its_checked_csrf_token_back(app: Flask, client: FlaskClient,
                                                      auth: Any,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """A POST's fragment carries the token the POST was checked with (none signed anew)."""
    import flask_wtf.csrf
    from itsdangerous import TimestampSigner, URLSafeTimedSerializer

    class LongAgo(TimestampSigner):
        def get_timestamp(self) -> int:
            return 10**9

    class SignedLongAgo(URLSafeTimedSerializer):
        default_signer = LongAgo

    auth.login()
    url = start(client, auth)
    with monkeypatch.context() as past:  # a token signed long ago: a new one would differ
        past.setattr(flask_wtf.csrf, "URLSafeTimedSerializer", SignedLongAgo)
        form = question_form(client.get(url, headers=HX).get_data(as_text=True))
    response = client.post(f"{url}/answer", data=form | {"choice": "hit"}, headers=HX)
    ahead = question_form(response.get_data(as_text=True).split("data-upcoming", 1)[1])
    assert ahead["csrf_token"] == form["csrf_token"]
    second = client.post(f"{url}/answer", data=ahead | {"choice": "hit"}, headers=HX)
    assert second.status_code == 200 and count_attempts(app) == 2


@pytest.mark.parametrize(("waited", "elapsed"), [("", 10_000), ("4000", 6_000),
                                                 ("99999", 0), ("-5", 10_000), ("x", 10_000),
                                                 ("\u00b2", 10_000)])
def test_time_waiting_behind_the_feedback_is_not_counted(
        app: Flask, client: FlaskClient, auth: Any, waited: str, elapsed: int) -> None:
    auth.login()
    url = start(client, auth)
    session_id = int(url.rsplit("/", 1)[1])
    form = question_form(client.get(url).get_data(as_text=True))
    db = connect(app.config["DATABASE"])
    try:
        db.execute("UPDATE questions SET shown_ms = shown_ms - 10000"
                   " WHERE session_id = ?", [session_id])
        # the first question had a page of its own: whatever wait is posted, none counts
        feedback = client.post(f"{url}/answer", data=form | {"choice": "hit",
                                                            "waited_ms": "4000"}, headers=HX)
        ahead = question_form(feedback.get_data(as_text=True).split("data-upcoming", 1)[1])
        db.execute("UPDATE questions SET shown_ms = shown_ms - 10000"
                   " WHERE session_id = ? AND position = 1", [session_id])
        client.post(f"{url}/answer", data=ahead | {"choice": "hit", "waited_ms": waited})
        (first, first_wait, _), (second, second_wait, second_id) = db.execute(
            "SELECT elapsed_ms, waited_ms, id FROM answers ORDER BY id").fetchall()
    finally:
        db.close()
    assert 10_000 <= first < 12_000 and first_wait == 0
    assert elapsed <= second < elapsed + 2_000  # the one sent ahead with the feedback
    # what came off is on record: the server's whole clock is the two added
    assert 10_000 <= second + second_wait < 12_000
    replay = client.get(f"/attempts/{second_id}").get_data(as_text=True)
    assert ("the question waited behind the previous feedback" in replay) == (second_wait > 0)


def test_feedback_and_summary_fragments(app: Flask, client: FlaskClient, auth: Any) -> None:
    auth.login()
    url = start(client, auth, length=1)
    session_id = int(url.rsplit("/", 1)[1])
    form = question_form(client.get(url).get_data(as_text=True))
    client.post(f"{url}/answer", data=form | {"choice": expected_of(pending(app, session_id))})
    page = client.get(f"{url}/feedback/0").get_data(as_text=True)
    fragment = client.get(f"{url}/feedback/0", headers=HX).get_data(as_text=True)
    assert "<html" in page and "<html" not in fragment and "Right" in fragment
    summary = client.get(f"{url}/summary", headers=HX).get_data(as_text=True)
    assert "<html" not in summary and "No mistakes" in summary
    assert client.get(f"{url}/feedback/5").status_code == 404


def right_answer_fields(question: questions.QuestionRow) -> dict[str, Any]:
    """The form fields answering a question right."""
    return right_answer("", json.loads(dealt_body(question)))


def test_mixed_session_spreads_families(app: Flask, client: FlaskClient, auth: Any) -> None:
    auth.login()
    url = start(client, auth, family="mixed", length=3)
    session_id = int(url.rsplit("/", 1)[1])
    families = set()
    for _ in range(3):
        html = client.get(url).get_data(as_text=True)
        form = question_form(html)
        question = pending(app, session_id)
        families.add(question.family)
        assert client.post(f"{url}/answer",
                           data=form | right_answer_fields(question)).status_code == 303
    assert len(families) == 3
    summary = client.get(f"{url}/summary").get_data(as_text=True)
    assert summary.count("<tr data-family=") == 3


def test_a_question_sent_ahead_in_a_mixed_session_names_its_own_family(
        app: Flask, client: FlaskClient, auth: Any) -> None:
    """The feedback names the answered question's drill, the question after it its own."""
    auth.login()
    url = start(client, auth, family="mixed", length=3)
    session_id = int(url.rsplit("/", 1)[1])
    with app.app_context():
        titles = {f.name: f.title for f in drill_source.families()}
    form = question_form(client.get(url, headers=HX).get_data(as_text=True))
    answered = pending(app, session_id)
    response = client.post(f"{url}/answer", data=form | right_answer_fields(answered),
                           headers=HX)
    html = response.get_data(as_text=True)
    upcoming = pending(app, session_id)
    assert upcoming.family != answered.family
    feedback, _, ahead = html.partition('data-state="upcoming"')
    assert f'<p class="family">{titles[answered.family]}</p>' in feedback
    assert f'<p class="family">{titles[upcoming.family]}</p>' in ahead
    assert titles[answered.family] not in ahead


def test_supervisor_area_is_for_supervisors(client: FlaskClient, auth: Any) -> None:
    auth.login()
    assert client.get("/supervisor/").status_code == 403
    client.post("/logout", data={"csrf_token": auth.csrf("/")})
    auth.login("sue")
    assert client.get("/supervisor/").status_code == 200
    assert 'href="/supervisor/"' in client.get("/").get_data(as_text=True)


def test_huge_ids_are_not_found(client: FlaskClient, auth: Any) -> None:
    auth.login()
    huge = "9" * 30
    assert client.get(f"/drills/{huge}").status_code == 404
    assert client.get(f"/drills/{huge}/summary").status_code == 404
    assert client.get(f"/drills/1/feedback/{huge}").status_code == 404
    session = start(client, auth, length=1)  # the trainee's own: past the URL, nothing stops it
    for beyond in (f"{2**63}", f"{2**63}/summary", f"{2**63}/feedback/0"):
        assert client.get(f"/drills/{beyond}").status_code == 404
    assert client.get(f"{session}/feedback/{2**63}").status_code == 404
    assert client.get(f"{session}/feedback/{2**63 - 1}").status_code == 404  # no such question


def test_an_id_in_another_scripts_digits_is_not_found(client: FlaskClient, auth: Any) -> None:
    """A session's address is its ASCII id: a full-width digit names no page."""
    auth.login()
    session = start(client, auth, length=1)
    number = session.rsplit("/", 1)[1]
    assert client.get(session).status_code == 200
    full_width = "".join(chr(ord(d) - ord("0") + 0xFF10) for d in number)
    assert client.get(f"/drills/{full_width}").status_code == 404
    assert client.get(f"{session}/feedback/\uff10").status_code == 404


def test_answer_without_csrf_token_is_refused(app: Flask, client: FlaskClient,
                                              auth: Any) -> None:
    auth.login()
    url = start(client, auth)
    form = question_form(client.get(url).get_data(as_text=True))
    response = client.post(f"{url}/answer", data={"token": form["token"], "choice": "hit"})
    assert response.status_code == 400
    response = client.post(f"{url}/answer", data={"token": form["token"], "choice": "hit",
                                                  "csrf_token": "forged"})
    assert response.status_code == 400
    assert count_attempts(app) == 0


def test_a_refused_answer_keeps_its_reported_wait(app: Flask, client: FlaskClient,
                                                  auth: Any) -> None:
    """Re-asked after a refused answer, a question sent ahead keeps the wait trainer.js
    reported, and the answer after takes it off."""
    auth.login()
    url = start(client, auth)
    form = question_form(client.get(url).get_data(as_text=True))
    feedback = client.post(f"{url}/answer", data=form | {"choice": "hit"}, headers=HX)
    ahead = question_form(feedback.get_data(as_text=True).split("data-upcoming", 1)[1])
    refused = client.post(f"{url}/answer", headers=HX,
                          data=ahead | {"choice": "bogus", "waited_ms": "4000"})
    assert refused.status_code == 422
    assert 'name="waited_ms" value="4000"' in refused.get_data(as_text=True)


def test_without_javascript_the_next_question_starts_its_clock_on_its_own_page(
        app: Flask, client: FlaskClient, auth: Any) -> None:
    """A plain POST's feedback page sends no question ahead: reading the feedback is not
    the next question's time; Next opens it, and its clock starts there."""
    auth.login()
    url = start(client, auth)
    session_id = int(url.rsplit("/", 1)[1])
    form = question_form(client.get(url).get_data(as_text=True))
    feedback = client.get(client.post(f"{url}/answer", data=form | {"choice": "hit"})
                          .headers["Location"]).get_data(as_text=True)
    assert pending(app, session_id).shown_ms is None
    assert "data-upcoming" not in feedback and f'href="{url}"' in feedback
    page = client.get(url).get_data(as_text=True)  # Next
    assert 'name="waited_ms"' not in page
    _shown_earlier(app, session_id, 1, 3_000)
    client.post(f"{url}/answer", data=question_form(page) | {"choice": "hit",
                                                             "waited_ms": "9000"})
    assert 3_000 <= _elapsed_at(app, 1) < 6_000


def _shown_earlier(app: Flask, session_id: int, position: int, ms: int) -> None:
    """Move a shown question's clock ``ms`` back, as if it had been on screen that long."""
    db = connect(app.config["DATABASE"])
    try:
        db.execute("UPDATE questions SET shown_ms = shown_ms - ? WHERE session_id = ?"
                   " AND position = ?", [ms, session_id, position])
    finally:
        db.close()


def _elapsed_at(app: Flask, position: int, column: str = "elapsed_ms") -> int:
    """The time recorded for the attempt at ``position`` (``column``: or what came off it)."""
    db = connect(app.config["DATABASE"])
    try:
        return int(db.execute(f"SELECT {column} FROM {ATTEMPTS} WHERE position = ?",
                              [position]).fetchone()[0])
    finally:
        db.close()


@pytest.mark.parametrize(("away_ms", "restarted"), [(6 * 60_000, True), (4 * 60_000, False)])
def test_a_question_shown_again_after_a_break_restarts_its_clock(
        app: Flask, client: FlaskClient, auth: Any, away_ms: int, restarted: bool) -> None:
    """Back after more than 5 minutes, the question's clock starts again, and the time before
    the restart is set aside on record (a reload to reset the clock leaves a trace); a
    shorter reload keeps it running."""
    auth.login()
    url = start(client, auth)
    session_id = int(url.rsplit("/", 1)[1])
    client.get(url)
    _shown_earlier(app, session_id, 0, away_ms)
    form = question_form(client.get(url).get_data(as_text=True))
    client.post(f"{url}/answer", data=form | {"choice": "hit"}, headers=HX)
    elapsed, set_aside = _elapsed_at(app, 0), _elapsed_at(app, 0, "set_aside_ms")
    assert elapsed < 60_000 if restarted else elapsed >= away_ms
    assert away_ms <= set_aside < away_ms + 60_000 if restarted else set_aside == 0
    db = connect(app.config["DATABASE"])
    attempt_id = int(db.execute(f"SELECT id FROM {ATTEMPTS} WHERE position = 0").fetchone()[0])
    db.close()
    replay = client.get(f"/attempts/{attempt_id}").get_data(as_text=True)
    said = f"the {set_aside / 1000:.1f} s since it was first shown are on record here"
    assert (said in replay) is restarted


def test_a_question_shown_again_says_its_clock_kept_running(
        app: Flask, client: FlaskClient, auth: Any) -> None:
    """Back from a short break (or a reload), the page says how long the clock has run and
    why; back at once, or after a break that restarted it, it says nothing."""
    auth.login()
    url = start(client, auth)
    session_id = int(url.rsplit("/", 1)[1])
    assert "data-clock-running" not in client.get(url).get_data(as_text=True)
    _shown_earlier(app, session_id, 0, 20_000)
    note = re.search(r'<p class="note clock-note" data-clock-running>([^<]+)</p>',
                     client.get(url).get_data(as_text=True))
    assert note and re.fullmatch(
        r"This question's clock has run 20\.\d s since it was first shown: time away "
        r"counts, unless a break lasts over 5 minutes \(then its clock starts again\)\.",
        note.group(1)), note
    _shown_earlier(app, session_id, 0, 4 * 60_000)
    assert "clock has run 4 min 20 s since" in client.get(url).get_data(as_text=True)
    _shown_earlier(app, session_id, 0, 6 * 60_000)
    assert "data-clock-running" not in client.get(url).get_data(as_text=True)  # restarted


def _sent_ahead_after_reading(app: Flask, client: FlaskClient,
                              auth: Any) -> tuple[str, str]:
    """A session whose second question came with the first answer's feedback 10 s ago:
    the session's URL and that question's token."""
    auth.login()
    url = start(client, auth)
    session_id = int(url.rsplit("/", 1)[1])
    form = question_form(client.get(url).get_data(as_text=True))
    client.post(f"{url}/answer", data=form | {"choice": "hit"}, headers=HX)
    _shown_earlier(app, session_id, 1, 10_000)
    return url, pending(app, session_id).token


def _waited_on_page(page: str) -> int:
    found = re.search(r'name="waited_ms" value="(\d+)"', page)
    assert found, page
    return int(found.group(1))


def _waited_at(app: Flask, position: int) -> int:
    return _elapsed_at(app, position, "waited_ms")


def test_a_question_waiting_behind_its_feedback_waits_until_its_own_page(
        app: Flask, client: FlaskClient, auth: Any) -> None:
    """The trainee read the feedback for 10 s, went home and resumed: the question was
    hidden all that time, so those 10 s come off, are kept with the attempt, and a reload
    of its page does not add to them."""
    url, token = _sent_ahead_after_reading(app, client, auth)
    session_id = int(url.rsplit("/", 1)[1])
    page = client.get(url).get_data(as_text=True)
    waited = _waited_on_page(page)
    assert 10_000 <= waited < 12_000
    cookie = client.get_cookie("revealed", path="/drills")
    assert cookie is not None and cookie.value == f"{token}:{waited}"
    _shown_earlier(app, session_id, 1, 3_000)  # 3 s on its page, then a reload
    again = client.get(url).get_data(as_text=True)
    assert _waited_on_page(again) == waited
    client.post(f"{url}/answer", data=question_form(again) | {"choice": "hit",
                                                              "waited_ms": str(waited)})
    assert 3_000 <= _elapsed_at(app, 1) < 6_000
    assert _waited_at(app, 1) == waited  # on record: the replay and the CSV show it


@pytest.mark.parametrize(("cookie", "waited_from", "waited_to"), [
    ("{token}:4000", 4_000, 4_001),  # revealed by Next after 4 s
    ("{token}:99999", 10_000, 12_000),  # longer than it was sent: since it was sent
    ("someone-else:4000", 10_000, 12_000),  # another question's: since it was sent
    ("{token}:4e3", 10_000, 12_000),
    ("{token}:", 10_000, 12_000),
])
def test_a_reload_after_next_takes_off_the_wait_until_next(
        app: Flask, client: FlaskClient, auth: Any, cookie: str, waited_from: int,
        waited_to: int) -> None:
    """trainer.js leaves a cookie when Next reveals a question sent ahead, saying how long it
    had waited; a reload of the question's own page posts that wait with the answer."""
    url, token = _sent_ahead_after_reading(app, client, auth)
    client.set_cookie("revealed", cookie.format(token=token), path="/drills")
    page = client.get(url).get_data(as_text=True)
    waited = _waited_on_page(page)
    assert waited_from <= waited < waited_to
    client.post(f"{url}/answer", data=question_form(page) | {"choice": "hit",
                                                             "waited_ms": str(waited)})
    assert waited_from <= _waited_at(app, 1) < waited_to
    assert 0 <= _elapsed_at(app, 1) <= 10_000 + 2_000 - waited_from


def test_a_question_revealed_and_left_for_a_break_restarts_its_clock(
        app: Flask, client: FlaskClient, auth: Any) -> None:
    """Revealed by Next after 4 s, then 6 minutes away: the break rule restarts its clock,
    and no posted wait counts any more."""
    url, token = _sent_ahead_after_reading(app, client, auth)
    session_id = int(url.rsplit("/", 1)[1])
    _shown_earlier(app, session_id, 1, 6 * 60_000)
    client.set_cookie("revealed", f"{token}:4000", path="/drills")
    page = client.get(url).get_data(as_text=True)
    assert 'name="waited_ms"' not in page
    client.post(f"{url}/answer", data=question_form(page) | {"choice": "hit",
                                                             "waited_ms": "999999"})
    assert _elapsed_at(app, 1) < 5_000 and _waited_at(app, 1) == 0
    assert 6 * 60_000 <= _elapsed_at(app, 1, "set_aside_ms") < 7 * 60_000  # on record


def test_a_reloaded_feedback_page_says_how_long_the_next_question_has_waited(
        app: Flask, client: FlaskClient, auth: Any) -> None:
    """trainer.js counts a reported wait from when the question was sent, not from the
    reload."""
    url, _token = _sent_ahead_after_reading(app, client, auth)
    for headers in ({}, HX):
        page = client.get(f"{url}/feedback/0", headers=headers).get_data(as_text=True)
        waiting = re.search(r'data-waiting-ms="(\d+)" data-upcoming', page)
        assert waiting and 10_000 <= int(waiting.group(1)) < 15_000


def test_a_feedback_page_never_carries_a_question_not_shown_yet(
        app: Flask, client: FlaskClient, auth: Any) -> None:
    """While a stored question is pending but not shown (another request has just stored an
    old session's rest), a feedback page does not send it: its clock has not started."""
    auth.login()
    url = start(client, auth)
    session_id = int(url.rsplit("/", 1)[1])
    form = question_form(client.get(url).get_data(as_text=True))
    client.post(f"{url}/answer", data=form | {"choice": "hit"}, headers=HX)
    db = connect(app.config["DATABASE"])
    try:
        db.execute("UPDATE questions SET shown_ms = NULL, sent_ahead = 0"
                   " WHERE session_id = ? AND position = 1", [session_id])
    finally:
        db.close()
    token = pending(app, session_id).token
    for headers in ({}, HX):
        page = client.get(f"{url}/feedback/0", headers=headers).get_data(as_text=True)
        assert token not in page and "data-upcoming" not in page


def test_the_summary_breaks_a_mixed_session_down_by_drill_title(app: Flask, client: FlaskClient,
                                                                 auth: Any) -> None:
    """By title ("Dealer draws" before "Pay the blackjack"), not by internal name."""
    auth.login()
    db = connect(app.config["DATABASE"])
    tina = users.find_user(db, "tina")
    assert tina is not None
    dealt = [NewQuestion(p, family, "easy", p, "", f"mix-{p}", DEAL_VERSION)
             for p, family in enumerate(["blackjack-payout", "dealer-draw"])]
    session = drilling.start_session(db, tina.id, "europoker", "mixed", "easy", 2, 1, dealt)
    for position in range(2):
        stored = questions.question_at(db, session.id, position)
        assert stored is not None
        questions.show_question(db, stored.id, 1_000)
        shown = questions.question_at(db, session.id, position)
        assert shown is not None
        drilling.record_attempt(db, shown, answer="x", correct=False,
                                answered_ms=2_000,
                                session_length=2)
    db.close()
    summary = client.get(f"/drills/{session.id}/summary").get_data(as_text=True)
    assert re.findall(r'<tr data-family="([^"]+)">', summary) == ["dealer-draw",
                                                                  "blackjack-payout"]
    # each mistake of a mixed session names its drill
    assert re.findall(r"<h3>Question (\d) <small data-drill>· ([^<]+)</small></h3>", summary) == [
        ("1", "Pay the blackjack"), ("2", "Dealer draws: hit or stand?")]


def test_a_question_the_drills_deal_otherwise_since_is_refused_not_misjudged(
        app: Flask, client: FlaskClient, auth: Any) -> None:
    """A session dealt before an upgrade that deals its seeds otherwise: its next answer is
    refused with the reason (409), nothing recorded, rather than checked against another
    question; its page says so."""
    auth.login()
    url = start(client, auth)
    session_id = int(url.rsplit("/", 1)[1])
    form = question_form(client.get(url).get_data(as_text=True))
    db = connect(app.config["DATABASE"])
    db.execute("UPDATE questions SET dealt_by = ? WHERE session_id = ?",
               [DEAL_VERSION - 1, session_id])
    db.conn.commit()
    db.close()
    response = client.post(f"{url}/answer", data=form | {"choice": "hit"}, headers=HX)
    assert response.status_code == 409
    assert "This question can no longer be checked: it was dealt by version" in (
        response.get_data(as_text=True))
    assert count_attempts(app) == 0
    assert "can no longer be dealt" in client.get(url).get_data(as_text=True)
