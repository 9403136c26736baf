"""The authorisation matrix (issue 7): every route × every kind of visitor × every method.

Visitors: ``anonymous``; ``trainee`` (tina, who owns the objects in the URLs);
``other`` (tom, another trainee, asking for tina's objects); ``deactivated``
(dee, logged in before a supervisor deactivated her: her session is dead);
``supervisor`` (sue); ``admin`` (ada); ``auditor`` (al).  The account pages act on
a trainee's account here; who manages which role is ``test_supervisor_accounts.py``'s.
``LOGIN`` means the login page: a 302 to ``/login?next=…``, or for an htmx request a 401
with ``HX-Redirect``.

Every POST carries a valid CSRF token (CSRF refusals are tested in
``test_hardening.py``), so these are the answers of the authorisation layer.

A route added to the app without a row here fails
``test_every_route_and_method_has_a_row``: add the row with the designed answers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import pytest
from flask import Flask, url_for
from flask.testing import FlaskClient

from tests.dealt import dealt_body, expected_of
from tests.web.conftest import FAST_HASH, PASSWORD
from trainer.db import connect, drilling, questions
from trainer.db import exams as exams_db
from trainer.db.users import create_user, find_user
from trainer.web.auth import hash_password

LOGIN = "login"
VISITORS = ("anonymous", "deactivated", "other", "supervisor", "admin", "auditor",
            "trainee")  # owner last
HX = {"HX-Request": "true", "HX-Current-URL": "http://localhost/"}


@dataclass(frozen=True)
class Row:
    anonymous: int | str
    trainee: int | str
    other: int | str
    deactivated: int | str
    supervisor: int | str
    admin: int | str
    auditor: int | str


def public(status: int) -> Row:
    return Row(status, status, status, status, status, status, status)


def console_only(status: int = 200) -> Row:
    """The supervisor console: supervisors and admins."""
    return Row(LOGIN, 403, 403, LOGIN, status, status, 403)


# (endpoint, method) → the designed answer for each visitor, in the order
# anonymous, trainee, other, deactivated, supervisor, admin, auditor.
MATRIX: dict[tuple[str, str], Row] = {
    ("static", "GET"): public(200),
    ("htmx_js", "GET"): public(200),
    ("auth.login", "GET"): Row(200, 302, 302, 200, 302, 302, 302),
    ("auth.login", "POST"): public(200),  # a wrong password: the form again, with the message
    ("auth.logout", "POST"): public(303),
    # asks, by the POST button
    ("auth.confirm_logout", "GET"): Row(302, 200, 200, 302, 200, 200, 200),
    # every logged-in user changes their own password (a wrong current one: the form again)
    ("account.password", "GET"): Row(LOGIN, 200, 200, LOGIN, 200, 200, 200),
    ("account.password", "POST"): Row(LOGIN, 422, 422, LOGIN, 422, 422, 422),
    # each their own full name
    ("account.name", "POST"): Row(LOGIN, 303, 303, LOGIN, 303, 303, 303),
    # the trainee's drills: any logged-in user drills; a session is its owner's alone
    ("trainee.home", "GET"): Row(LOGIN, 200, 200, LOGIN, 200, 200, 200),
    ("trainee.unfinished", "GET"): Row(LOGIN, 200, 200, LOGIN, 200, 200, 200),  # each their own
    ("trainee.start", "POST"): Row(LOGIN, 303, 303, LOGIN, 303, 303, 303),
    ("trainee.drill", "GET"): Row(LOGIN, 200, 404, LOGIN, 404, 404, 404),
    ("trainee.answer", "POST"): Row(LOGIN, 303, 404, LOGIN, 404, 404, 404),
    ("trainee.feedback", "GET"): Row(LOGIN, 200, 404, LOGIN, 404, 404, 404),
    ("trainee.summary", "GET"): Row(LOGIN, 303, 404, LOGIN, 404, 404, 404),  # 303: not finished yet
    ("trainee.end", "GET"): Row(LOGIN, 200, 404, LOGIN, 404, 404, 404),  # asks to confirm
    ("trainee.end", "POST"): Row(LOGIN, 303, 404, LOGIN, 404, 404, 404),  # ended: its summary
    # not finished: its drill
    ("trainee.retry", "POST"): Row(LOGIN, 303, 404, LOGIN, 404, 404, 404),
    # each their own (none)
    ("trainee.mistakes", "POST"): Row(LOGIN, 303, 303, LOGIN, 303, 303, 303),
    ("trainee.challenge", "POST"): Row(LOGIN, 303, 303, LOGIN, 303, 303, 303),  # each their own
    ("trainee.replay", "GET"): Row(LOGIN, 200, 404, LOGIN, 200, 200, 404),
    # exams, the trainee's side: trainees only; a sitting is its owner's alone
    ("exams.index", "GET"): Row(LOGIN, 200, 200, LOGIN, 403, 403, 403),
    ("exams.start", "POST"): Row(LOGIN, 303, 404, LOGIN, 403, 403, 403),  # tom is not assigned
    ("exams.sitting", "GET"): Row(LOGIN, 303, 404, LOGIN, 403, 403, 403),  # 303: finished → result
    ("exams.answer", "POST"): Row(LOGIN, 303, 404, LOGIN, 403, 403, 403),
    ("exams.result", "GET"): Row(LOGIN, 200, 404, LOGIN, 403, 403, 403),
    ("exams.certificate", "GET"): Row(LOGIN, 200, 404, LOGIN, 200, 200, 404),
    # the supervisor console
    ("supervisor.index", "GET"): console_only(),
    ("supervisor.trainee", "GET"): console_only(),
    ("supervisor.attempts", "GET"): console_only(),
    ("supervisor.readiness", "GET"): console_only(),
    ("supervisor.path.open_drill", "POST"): console_only(303),
    ("supervisor.sitting", "GET"): console_only(),
    ("supervisor.export_attempts", "GET"): console_only(),
    ("supervisor.export_exam_results", "GET"): console_only(),
    ("supervisor.accounts.index", "GET"): console_only(),
    ("supervisor.accounts.create", "POST"): console_only(303),
    ("supervisor.accounts.name", "GET"): console_only(),
    ("supervisor.accounts.name", "POST"): console_only(303),
    ("supervisor.accounts.password", "GET"): console_only(),
    ("supervisor.accounts.password", "POST"): console_only(303),
    ("supervisor.accounts.set_active", "POST"): console_only(303),
    ("supervisor.exams.index", "GET"): console_only(),
    ("supervisor.exams.new", "GET"): console_only(),
    ("supervisor.exams.new", "POST"): console_only(422),  # an empty form: refused
    ("supervisor.exams.detail", "GET"): console_only(),
    ("supervisor.exams.assign", "POST"): console_only(422),  # nobody chosen: refused
    ("supervisor.exams.unassign", "POST"): console_only(303),  # tina sat it: it stands
    # tina passed it: no attempt is added, the page says why
    ("supervisor.exams.allow_attempt", "POST"): console_only(303),
    ("supervisor.exams.withdraw", "GET"): console_only(),  # asks to confirm
    ("supervisor.exams.withdraw", "POST"): console_only(303),  # withdrawn: its page
    # the auditor's page: the rules of each house
    ("auditor.index", "GET"): Row(LOGIN, 403, 403, LOGIN, 403, 403, 200),
}

# The form each POST sends (besides the CSRF token); ``{token}`` is filled from the world.
BODIES: dict[str, dict[str, Any]] = {
    "supervisor.path.open_drill": {"house": "europoker", "family": "dealer-draw"},
    # one name per visitor: seven wrong passwords for one name would be throttled (429)
    "auth.login": {"username": "tina-{visitor}", "password": "not her password"},
    "account.password": {"current": "not the password", "password": "another long pw",
                         "confirm": "another long pw"},
    "account.name": {"full_name": "Иванова Анна Сергеевна"},
    "trainee.start": {"house": "europoker", "family": "dealer-draw", "difficulty": "easy",
                      "length": "3"},
    "trainee.answer": {"token": "{question_token}", "choice": "hit"},
    "exams.answer": {"token": "{exam_token}", "choice": "hit"},
    "supervisor.accounts.create": {"username": "newbie-{visitor}", "role": "trainee",
                                   "password": "long enough pw", "confirm": "long enough pw"},
    "supervisor.accounts.name": {"full_name": "Pat Smith"},
    "supervisor.accounts.password": {"password": "another long pw",
                                     "confirm": "another long pw"},
    "supervisor.accounts.set_active": {"active": "1"},
    "supervisor.exams.allow_attempt": {"reason": "a fire drill"},
}


def route_methods(app: Flask) -> set[tuple[str, str]]:
    return {(rule.endpoint, method) for rule in app.url_map.iter_rules()
            for method in (rule.methods or set()) - {"HEAD", "OPTIONS"}}


def test_every_route_and_method_has_a_row(app: Flask) -> None:
    routes = route_methods(app)
    missing = sorted(routes - set(MATRIX))
    stale = sorted(set(MATRIX) - routes)
    assert not missing, f"routes without a row in the authorisation matrix: {missing}"
    assert not stale, f"rows for routes the app no longer has: {stale}"


# ------------------------------------------------------------------ the world


CSRF = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"')


def _csrf(client: FlaskClient) -> str:
    for path in ("/login", "/"):
        response = client.get(path)
        match = CSRF.search(response.get_data(as_text=True))
        if match:
            return match.group(1)
    raise AssertionError("no CSRF token on /login or /")


def _login(client: FlaskClient, name: str) -> None:
    response = client.post("/login", data={"username": name, "password": PASSWORD,
                                           "csrf_token": _csrf(client)})
    assert response.status_code == 303, response.get_data(as_text=True)


@dataclass
class World:
    clients: dict[str, FlaskClient]
    args: dict[str, Any]
    fresh_exam: int
    tokens: dict[str, str]
    account: int
    """The account the supervisor's account pages act on (a new password ends its logins, so
    not one of the visitors)."""


def _build(app: Flask) -> World:
    db = connect(app.config["DATABASE"])
    create_user(db, "dee", "trainee", hash_password(PASSWORD, FAST_HASH))
    create_user(db, "ada", "admin", hash_password(PASSWORD, FAST_HASH))
    create_user(db, "al", "auditor", hash_password(PASSWORD, FAST_HASH))
    account = create_user(db, "pat", "trainee", hash_password(PASSWORD, FAST_HASH)).id
    ids = {name: find_user(db, name).id for name in ("tina", "tom", "dee", "sue")}  # type: ignore[union-attr]
    clients = {v: app.test_client() for v in VISITORS}
    for visitor, name in (("trainee", "tina"), ("other", "tom"), ("deactivated", "dee"),
                          ("supervisor", "sue"), ("admin", "ada"), ("auditor", "al")):
        _login(clients[visitor], name)
    tina = clients["trainee"]
    # a drill session with one question answered and the next one issued
    response = tina.post("/drills", data={"csrf_token": _csrf(tina), **BODIES["trainee.start"]})
    session_id = int(response.headers["Location"].rsplit("/", 1)[1])
    tina.get(f"/drills/{session_id}")
    question = questions.pending_question(db, session_id)
    assert question is not None
    tina.post(f"/drills/{session_id}/answer",
              data={"csrf_token": _csrf(tina), "token": question.token, "choice": "hit"})
    tina.get(f"/drills/{session_id}")
    pending = questions.pending_question(db, session_id)
    assert pending is not None
    attempt = drilling.attempt_for_question(db, question.id)
    assert attempt is not None
    # an exam tina passed (one question, answered right), and one she has not started
    exam_args = {"houses": ["europoker"], "families": ["dealer-draw"], "difficulty": "default",
                 "questions": 1, "pass_mark": 100, "time_limit_s": 600, "attempts_allowed": 3,
                 "created_by": ids["sue"], "assign_to": [ids["tina"]]}
    passed = exams_db.create_exam(db, title="Passed", **exam_args)
    fresh = exams_db.create_exam(db, title="Fresh", **exam_args)
    response = tina.post(f"/exams/{passed.id}/start", data={"csrf_token": _csrf(tina)})
    sitting_id = int(response.headers["Location"].rsplit("/", 1)[1])
    tina.get(f"/exams/sittings/{sitting_id}")
    exam_question = exams_db.pending_answer(db, sitting_id)
    assert exam_question is not None
    tina.post(f"/exams/sittings/{sitting_id}/answer",
              data={"csrf_token": _csrf(tina), "token": exam_question.token,
                    "choice": expected_of(dealt_body(exam_question))})
    sitting = exams_db.get_sitting(db, sitting_id)
    assert sitting is not None and sitting.finished and sitting.passed
    # dee's session outlives her account
    db.execute("UPDATE users SET active = 0 WHERE id = ?", [ids["dee"]])
    db.close()
    return World(
        clients=clients,
        args={"session_id": session_id, "position": 0, "attempt_id": attempt.id,
              "exam_id": passed.id, "sitting_id": sitting_id, "user_id": ids["tina"],
              "filename": "trainer.js"},
        fresh_exam=fresh.id,
        tokens={"question_token": pending.token, "exam_token": exam_question.token},
        account=account,
    )


def _url(app: Flask, world: World, endpoint: str) -> str:
    rule = next(r for r in app.url_map.iter_rules() if r.endpoint == endpoint)
    values = {name: world.args[name] for name in rule.arguments}
    if endpoint == "exams.start":
        values["exam_id"] = world.fresh_exam
    if endpoint.startswith("supervisor.accounts."):
        values["user_id"] = world.account
    with app.test_request_context():
        return url_for(endpoint, **values)


def _check(response: Any, expected: int | str, htmx: bool, where: str) -> None:
    body = response.get_data(as_text=True)
    if expected == LOGIN:
        if htmx:
            assert response.status_code == 401, where
            assert response.headers["HX-Redirect"].startswith("/login"), where
        else:
            assert response.status_code == 302, where
            assert response.headers["Location"].startswith("/login"), where
        return
    assert response.status_code == expected, f"{where}: {response.status_code}\n{body[:500]}"
    if expected in (302, 303):
        assert not response.headers["Location"].startswith("/login") or where.startswith(
            ("auth.logout", "auth.confirm_logout")), where


@pytest.mark.parametrize("endpoint, method", sorted(MATRIX))
def test_route(app: Flask, endpoint: str, method: str) -> None:
    world = _build(app)
    url = _url(app, world, endpoint)
    row = MATRIX[(endpoint, method)]
    for visitor in VISITORS:
        expected = getattr(row, visitor)
        client = world.clients[visitor]
        # 403 and 404 must not depend on htmx either, and LOGIN becomes HX-Redirect
        variants = (False, True) if expected in (LOGIN, 403, 404) else (False,)
        for htmx in variants:
            headers = HX if htmx else {}
            where = f"{endpoint} {method} {url} as {visitor}{' (htmx)' if htmx else ''}"
            if method == "GET":
                response = client.get(url, headers=headers)
            else:
                body = {k: (v.format(visitor=visitor, **world.tokens) if isinstance(v, str)
                            else v)
                        for k, v in BODIES.get(endpoint, {}).items()}
                response = client.post(url, headers=headers,
                                       data={"csrf_token": _csrf(client), **body})
            _check(response, expected, htmx, where)
            response.close()


def test_a_deactivated_user_cannot_log_in(app: Flask) -> None:
    db = connect(app.config["DATABASE"])
    db.execute("UPDATE users SET active = 0 WHERE username = 'tina'")
    db.close()
    client = app.test_client()
    response = client.post("/login", data={"username": "tina", "password": PASSWORD,
                                           "csrf_token": _csrf(client)})
    assert response.status_code == 200
    assert "the account is disabled" in response.get_data(as_text=True)
    assert client.get("/").status_code == 302


def test_deactivating_ends_a_live_session(app: Flask) -> None:
    """Through the console: sue deactivates tom; tom's open session is logged out."""
    tom, sue = app.test_client(), app.test_client()
    _login(tom, "tom")
    _login(sue, "sue")
    assert tom.get("/").status_code == 200
    db = connect(app.config["DATABASE"])
    tom_id = find_user(db, "tom").id  # type: ignore[union-attr]
    db.close()
    response = sue.post(f"/supervisor/accounts/{tom_id}/active",
                        data={"csrf_token": _csrf(sue), "active": "0"})
    assert response.status_code == 303
    assert tom.get("/").status_code == 302
    assert tom.get("/", headers=HX).status_code == 401
    # reactivated, tom logs in afresh: the login from before stays ended
    sue.post(f"/supervisor/accounts/{tom_id}/active", data={"csrf_token": _csrf(sue),
                                                            "active": "1"})
    assert tom.get("/").status_code == 302
