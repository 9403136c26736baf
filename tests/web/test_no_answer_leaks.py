"""No answer leaks (issue 7): nothing a trainee receives before answering gives the answer away.

For every drill family × every house it applies to × every difficulty
(several seeds), the question is issued into a drill session and into an
exam sitting, and every response the trainee can get before answering is
collected: the full page, the htmx fragment, the form re-asked after an
empty or unreadable answer (full and htmx), the home page listing the open
session, the feedback and summary URLs (which must refuse), and the feedback
to the question before it (htmx fragment and full page), which carries this
question ahead, waiting to be revealed.

Two checks, so a button label "Stand" is not mistaken for a leak:

1. **Sentinels.**  The same question is stored once more with its
   ``expected``, ``expected_text`` and ``explanation`` replaced by marker
   strings; the markers must appear nowhere -- body, headers or the decoded
   session cookie.  This catches any template or view that reads an answer
   field, whatever the answer looks like.
2. **The real answer in the places that would leak it**: hidden inputs,
   ``data-*``/``hx-*`` attributes, HTML comments, JSON, ``<script>`` bodies,
   a pre-ticked or pre-selected choice, the explanation text anywhere on the
   page, headers and cookies.  Choice buttons offer every choice alike (the
   expected one is one button among the question's ``choices``, not marked).
"""

from __future__ import annotations

import html
import json
import re
import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.dealt import Drills, issue_kept, kept
from trainer.db import connect, drilling, now_ms
from trainer.db import exams as exams_db
from trainer.db.users import create_user
from trainer.drills import load_families
from trainer.engine.houses import find_house
from trainer.web import create_app, security
from trainer.web.auth import hash_password

FAMILIES = load_families()
CASES = [(name, house) for name, family in sorted(FAMILIES.items()) for house in family.houses]
SEEDS = (1, 2)  # at the default difficulty; one seed at each other difficulty
# (the expected answer itself is data, an amount or an action, read as such: no marker fits
# it, and the real answer's check below looks for it)
SENTINELS = {"expected_text": "ZqxExpectedTextMarker",
             "explanation": "ZqxExplanationMarker because the rule says so"}
HX = {"HX-Request": "true", "HX-Current-URL": "http://localhost/drills/1"}
SAFE_HIDDEN = {"csrf_token", "token", "multi", "next", "waited_ms", "start_token"}
IDS = {"data-position", "data-resume", "data-seconds", "data-attempt", "data-exam",
       "data-sitting", "data-account", "data-trainee", "data-waiting-ms", "data-finished",
       "data-clock-ms", "data-mistakes-due", "data-challenge-best", "data-challenge-days",
       "data-challenge-right", "data-par-ms", "data-days-in-a-row"}
SETTINGS = {"house", "family", "difficulty", "length"}  # the home page's "drill again" forms
BACKEND = Drills()
FIXED_HEADERS = {"Set-Cookie", "Content-Type", "Content-Length", "Cache-Control", "Vary"}


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Flask, FlaskClient, int]]:
    path = tmp_path_factory.mktemp("leaks") / "t.db"
    app = create_app({"TESTING": True, "SECRET_KEY": "leaks", "DATABASE": str(path),
                      "EXAM_GRACE_MS": 10**9})
    db = connect(path)
    tina = create_user(db, "tina", "trainee", hash_password("correct horse", "pbkdf2:sha256:1"))
    sue = create_user(db, "sue", "supervisor", hash_password("correct horse", "pbkdf2:sha256:1"))
    db.close()
    client = app.test_client()
    page = client.get("/login").get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)
    assert token
    response = client.post("/login", data={"username": "tina", "password": "correct horse",
                                           "csrf_token": token.group(1)})
    assert response.status_code == 303
    yield app, client, sue.id
    assert tina.id


def _questions(family: str, house: str) -> Iterator[str]:
    fam = FAMILIES[family]
    for difficulty in dict.fromkeys([fam.default_difficulty, *fam.levels]):
        seeds = SEEDS if difficulty == fam.default_difficulty else SEEDS[:1]
        for seed in seeds:
            yield BACKEND.generate(house, family, seed, difficulty)


def _tampered(question_json: str) -> str:
    data = json.loads(question_json)
    data.update(SENTINELS)
    return json.dumps(data)


def _drill_responses(app: Flask, client: FlaskClient, question_json: str,
                     real: bool) -> list[tuple[str, Any]]:
    data = json.loads(question_json)
    db = connect(app.config["DATABASE"])
    try:
        user_id = int(db.execute("SELECT id FROM users WHERE username='tina'").fetchone()[0])
        question = kept(0, data["family"], data["difficulty"], int(data["seed"]),
                                         question_json, secrets.token_urlsafe(16))
        session = drilling.start_session(db, user_id, data["house"], data["family"],
                                         data["difficulty"], 5, 1, [question])
    finally:
        db.close()
    url = f"/drills/{session.id}"
    csrf = _csrf(client.get(url).get_data(as_text=True))
    base = {"csrf_token": csrf, "token": question.token}
    out = [("page", client.get(url)), ("fragment", client.get(url, headers=HX)),
           ("home", client.get("/")),
           ("feedback", client.get(f"{url}/feedback/0")),
           ("summary", client.get(f"{url}/summary"))]
    kind = BACKEND.view(question_json).kind
    # ticking nothing is an answer ("none of them") only with the form's own marker
    for name, headers in (("empty answer", {}), ("empty answer htmx", HX)):
        out.append((name, client.post(f"{url}/answer", data=base, headers=headers)))
    if real:  # an unreadable answer is checked against the question: only with real answers
        bad: dict[str, str] = {"pick": "not-a-choice"} if kind == "multi" else {
            "choice": "not-a-choice"} if data["choices"] else {"amount": "abc", "net-0": "x"}
        out.append(("unreadable", client.post(f"{url}/answer", data=base | bad)))
        out.append(("unreadable htmx", client.post(f"{url}/answer", data=base | bad,
                                                   headers=HX)))
    assert out[0][1].status_code == 200, out[0][1].get_data(as_text=True)[:400]
    assert out[3][1].status_code == 404  # no feedback before an answer
    assert out[4][1].status_code == 303  # no summary of an unfinished session
    for name, response in out[5:]:
        assert response.status_code == 422, (name, response.get_data(as_text=True)[:400])
    _tidy(app)
    return out + _ahead_responses(app, client, question_json)


# The question answered before the one under test: its feedback (shown with the question
# under test sent ahead) names these, never a real answer the checks could mistake (its
# expected answer is data the feedback never prints: it shows the expected text).
DECOY = {"expected_text": "QvDecoyExpectedText", "explanation": "QvDecoyExplanation"}


def _ahead_responses(app: Flask, client: FlaskClient,
                     question_json: str) -> list[tuple[str, Any]]:
    """The feedback to a decoy at position 0, carrying the question under test ahead."""
    data = json.loads(question_json)
    decoy = json.loads(BACKEND.generate("europoker", "dealer-draw", 1, "easy")) | DECOY
    db = connect(app.config["DATABASE"])
    try:
        user_id = int(db.execute("SELECT id FROM users WHERE username='tina'").fetchone()[0])
        first = kept(0, "dealer-draw", "easy", 1, json.dumps(decoy),
                                      secrets.token_urlsafe(16))
        under_test = kept(1, data["family"], data["difficulty"],
                                           int(data["seed"]), question_json,
                                           secrets.token_urlsafe(16))
        session = drilling.start_session(db, user_id, data["house"], data["family"],
                                         data["difficulty"], 5, 1, [first, under_test])
    finally:
        db.close()
    url = f"/drills/{session.id}"
    csrf = _csrf(client.get(url).get_data(as_text=True))
    form = {"csrf_token": csrf, "token": first.token, "choice": decoy["choices"][0]}
    out = [("ahead htmx", client.post(f"{url}/answer", data=form, headers=HX)),
           ("ahead answer", client.post(f"{url}/answer", data=form)),
           ("ahead feedback", client.get(f"{url}/feedback/0")),
           ("ahead feedback htmx", client.get(f"{url}/feedback/0", headers=HX))]
    for name, response in out:
        assert response.status_code in (200, 303), name
        if response.status_code == 200:
            assert 'data-upcoming data-position="1"' in response.get_data(as_text=True), name
    _tidy(app)
    return out


def _tidy(app: Flask) -> None:
    """Close the sessions and assignments made so far, so the home and exam pages stay short."""
    db = connect(app.config["DATABASE"])
    try:
        db.execute("UPDATE drill_sessions SET finished_at = '2000-01-01' WHERE finished_at IS NULL")
        db.execute("DELETE FROM exam_assignments")
    finally:
        db.close()


def _exam_responses(app: Flask, client: FlaskClient, sue_id: int,
                    question_json: str) -> list[tuple[str, Any]]:
    data = json.loads(question_json)
    db = connect(app.config["DATABASE"])
    try:
        user_id = int(db.execute("SELECT id FROM users WHERE username='tina'").fetchone()[0])
        exam = exams_db.create_exam(
            db, title=f"Leak check {secrets.token_hex(4)}", houses=[data["house"]],
            families=[data["family"]],
            difficulty=data["difficulty"], questions=1, pass_mark=80, time_limit_s=3600,
            attempts_allowed=1, created_by=sue_id, assign_to=[user_id])
        sitting = exams_db.start_sitting(db, exam, user_id, 1)
        answer = issue_kept(db, sitting, 0, token=secrets.token_urlsafe(16),
                                house=data["house"], family=data["family"],
                                seed=int(data["seed"]), difficulty=data["difficulty"],
                                question_json=question_json, issued_ms=now_ms())
    finally:
        db.close()
    url = f"/exams/sittings/{sitting.id}"
    page = client.get(url)
    csrf = _csrf(page.get_data(as_text=True))
    out = [("exam page", page), ("exam fragment", client.get(url, headers=HX)),
           ("exam result", client.get(f"{url}/result")),
           ("exam list", client.get("/exams/")),
           ("exam empty answer", client.post(f"{url}/answer", headers=HX, data={
               "csrf_token": csrf, "token": answer.token}))]
    assert out[0][1].status_code == 200, out[0][1].get_data(as_text=True)[:400]
    assert out[2][1].status_code == 303  # no result before the end
    _tidy(app)
    return out


def _csrf(page: str) -> str:
    match = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)
    assert match, page[:400]
    return match.group(1)


def _session_values(app: Flask, response: Any) -> list[str]:
    serializer = app.session_interface.get_signing_serializer(app)  # type: ignore[attr-defined]
    values = []
    for header in response.headers.getlist("Set-Cookie"):
        name, _, rest = header.partition("=")
        raw = rest.split(";", 1)[0]
        if name == app.config.get("SESSION_COOKIE_NAME", "session") and raw:
            values += [str(v) for v in serializer.loads(raw).values()]
        else:
            values.append(raw)
    return values


def _everything(app: Flask, response: Any) -> str:
    """Body, every header, and the decoded session cookie, as one text."""
    parts = [response.get_data(as_text=True)]
    parts += [f"{k}: {v}" for k, v in response.headers.items() if k != "Set-Cookie"]
    parts += _session_values(app, response)
    return "\n".join(parts)


def _normal(text: str) -> str:
    return " ".join(html.unescape(text).split())


def _word(value: str) -> re.Pattern[str]:
    return re.compile(r"(?<![\w.+-])" + re.escape(value) + r"(?![\w.])", re.I)


def _token_word(value: str) -> re.Pattern[str]:
    """The answer as a whole piece of a random token: "-" and "_" join a token's
    characters (token_urlsafe draws them), so "0-33Ss…" holds no "0"."""
    return re.compile(r"(?<![\w.+-])" + re.escape(value) + r"(?![\w.+-])", re.I)


def _assert_no_real_leak(app: Flask, name: str, response: Any, question: dict[str, Any]) -> None:
    body = response.get_data(as_text=True)
    where = f"{question['key']} {name}"
    # the explanation nowhere (it would give the answer and the rule away)
    assert _normal(question["explanation"]) not in _normal(_everything(app, response)), where
    answers = {a for a in (question["expected"], question["expected_text"]) if a}
    # hidden inputs: only the CSRF token, the question token and the multi marker
    for tag in re.findall(r"<input\b[^>]*>", body):
        if re.search(r'type="hidden"', tag):
            field = re.search(r'name="([^"]*)"', tag)
            assert field and field.group(1) in SAFE_HIDDEN | SETTINGS, (where, tag)
            value = re.search(r'value="([^"]*)"', tag)
            if field.group(1) in SAFE_HIDDEN - {"multi"} and value:
                assert not any(_token_word(a).search(html.unescape(value.group(1)))
                               for a in answers), (where, tag)
    # nothing pre-ticked or pre-selected in the answer form
    form = body[body.find("<form class=\"answer\""):] if "class=\"answer\"" in body else ""
    tags = " ".join(re.findall(r"<[^>]+>", form))  # (the prompt may say "has checked")
    for marker in (" checked", " selected", 'aria-pressed="true"', 'aria-checked="true"',
                   'aria-selected="true"'):
        assert marker not in tags, (where, marker)
    # data-* and hx-* attributes (aria-labels repeat the visible cards and bets), comments,
    # JSON and script bodies
    attributes = re.findall(r'\s((?:data|hx)-[\w-]+)="([^"]*)"', body)
    for attribute, value in attributes:
        if attribute in ("data-chip",):  # every chip of the set is offered alike
            continue
        if attribute in ("data-family", "data-step") and name == "home":  # every family
            assert value in FAMILIES, (where, value)  # listed alike (one may be named like
            continue  # an answer: insurance, even-money)
        if attribute == "data-value" and name == "home":  # the trainee's own accuracy, charted
            assert re.fullmatch(r"\d+%|–|", value), (where, value)
            continue
        if attribute in IDS:  # row ids and clocks: numbers that only look like amounts
            assert value.isdigit(), (where, attribute, value)
            continue
        if attribute == "data-title":  # the tab's title: the house and drill, as on the page
            assert html.unescape(value) == (f"{find_house(question['house']).title} · "
                                            f"{FAMILIES[question['family']].title}"), where
            continue
        if attribute == "hx-headers":
            assert set(json.loads(html.unescape(value))) == {"X-CSRFToken"}, where
            continue
        for answer in answers:
            assert not _word(answer).search(html.unescape(value)), (where, attribute, value)
    for comment in re.findall(r"<!--(.*?)-->", body, re.S):
        assert not any(_word(a).search(comment) for a in answers), (where, comment)
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", body), where
    # choices: the expected one is offered exactly like every other
    offered = re.findall(r'<button type="submit" name="choice" value="([^"]*)"', body) + \
        re.findall(r'<input type="checkbox" name="pick" value="([^"]*)"', body)
    if offered:
        assert sorted(offered) == sorted(question["choices"]), where
    # headers and cookies never carry the answer: the fixed headers are the constants,
    # a redirect is a bare path, and the rest (cookies included) do not hold it
    meta = []
    for header, value in response.headers.items():
        if header in security.HEADERS:
            assert value == security.HEADERS[header], (where, header)
        elif header == "Location":
            assert re.fullmatch(r"/[a-z0-9/]*", value), (where, value)
        elif header not in FIXED_HEADERS:
            meta.append(f"{header}: {value}")
    meta += _session_values(app, response)
    for answer in answers:
        for text in meta:
            if len(answer) > 1 or answer.isalpha():
                assert not _word(answer).search(text), (where, text)


@pytest.mark.parametrize("family, house", CASES)
def test_no_answer_before_answering(world: tuple[Flask, FlaskClient, int], family: str,
                                    house: str) -> None:
    app, client, sue_id = world
    for question_json in _questions(family, house):
        question = json.loads(question_json)
        # 1. sentinels: the answer fields are never rendered, sent or stored in a cookie
        tampered = _tampered(question_json)
        for name, response in _drill_responses(app, client, tampered, real=False) + \
                _exam_responses(app, client, sue_id, tampered):
            text = _everything(app, response)
            for field, marker in SENTINELS.items():
                assert marker.split()[0] not in text, (question["key"], name, field)
            response.close()
        # 2. the real answer, in every place that would leak it
        for name, response in _drill_responses(app, client, question_json, real=True) + \
                _exam_responses(app, client, sue_id, question_json):
            _assert_no_real_leak(app, name, response, question)
            response.close()


def test_every_family_and_house_is_covered() -> None:
    assert len(FAMILIES) >= 11
    assert {name for name, _house in CASES} == set(FAMILIES)
    assert len(CASES) == sum(len(f.houses) for f in FAMILIES.values())


def test_the_checks_catch_a_leak(world: tuple[Flask, FlaskClient, int],
                                 tmp_path: Path) -> None:
    """The detector is not blind: a page that prints the answer in a data attribute fails."""
    app, _client, _sue = world
    question = json.loads(BACKEND.generate("europoker", "blackjack-payout", 7, "easy"))

    class Headers(dict[str, str]):
        def getlist(self, _name: str) -> list[str]:
            return []

    class Fake:
        def __init__(self, body: str) -> None:
            self.body = body
            self.headers = Headers({"Content-Type": "text/html"})

        def get_data(self, as_text: bool = True) -> str:
            return self.body

    for body in (f'<div data-answer="{question["expected"]}"></div>',
                 f'<input type="hidden" name="answer" value="{question["expected"]}">',
                 f"<!-- {question['expected']} -->",
                 f"<p>{question['explanation']}</p>"):
        fake = Fake(body)
        with pytest.raises(AssertionError):
            _assert_no_real_leak(app, "fake", fake, question)
