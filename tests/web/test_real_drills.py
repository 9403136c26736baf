"""The web app with the real drills package: every family, answered right, through the forms."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from markupsafe import escape

from tests.dealt import ATTEMPTS, Drills, dealt_body, kept
from tests.web.conftest import draw_felt
from trainer.db import connect, drilling, questions
from trainer.db import exams as exams_db
from trainer.db.users import create_user
from trainer.drills import load_families
from trainer.drills.answers import parse_chips
from trainer.engine.houses import find_house
from trainer.web import create_app
from trainer.web.auth import hash_password
from trainer.web.questions.drill_views import Answer
from trainer.web.questions.houses_view import house_facts, with_house_titles

FAMILIES = {name: family.houses for name, family in load_families().items()}


@pytest.fixture
def real_app(tmp_path: Path) -> Flask:
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE": str(tmp_path / "t.db")})
    db = connect(app.config["DATABASE"])
    create_user(db, "tina", "trainee", hash_password("correct horse", "pbkdf2:sha256:1000"))
    db.close()
    return app


def _login(client: FlaskClient) -> None:
    page = client.get("/login").get_data(as_text=True)
    token = re.search(r'csrf_token" type="hidden" value="([^"]+)"', page)
    assert token
    client.post("/login", data={"username": "tina", "password": "correct horse",
                                "csrf_token": token.group(1)})


def right_answer(html: str, stored: dict[str, Any]) -> dict[str, Any]:
    """The form fields a trainee fills in to give the stored expected answer."""
    kind, expected = stored["answer_kind"], stored["expected"]
    if kind in ("action", "yes-no"):
        return {"choice": expected}
    if kind == "actions":
        return {"pick": [c for c in expected.split(",") if c and c != "none"], "multi": "1"}
    if kind == "nets":
        return {f"net-{i}": net for i, net in enumerate(expected.split(";"))}
    if kind == "chips":
        chips = parse_chips(expected, tuple(Decimal(c) for c in stored["chips"]))
        return {f"chip-{format_chip(d)}": str(n) for d, n in chips.items()}
    return {"amount": expected}


def format_chip(denomination: Decimal) -> str:
    from trainer.engine.money import format_money

    return format_money(denomination)


def keys_named_apart(html: str) -> bool:
    """Every key hint (``<kbd>H</kbd>``) is hidden from screen readers: a button, box or
    link is named "Hit", not "Hit H" or "Answer ⏎"."""
    return all('aria-hidden="true"' in tag for tag in re.findall(r"<kbd\b[^>]*>", html))


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_every_family_can_be_drilled_and_answered(real_app: Flask, family: str) -> None:
    client = real_app.test_client()
    _login(client)
    home = client.get("/").get_data(as_text=True)
    csrf = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', home)
    assert csrf
    house = FAMILIES[family][0]
    difficulty = load_families()[family].default_difficulty
    hard = "hard" if "hard" in load_families()[family].levels else difficulty
    for level in dict.fromkeys([difficulty, hard]):
        response = client.post("/drills", data={"csrf_token": csrf.group(1), "house": house,
                                                "family": family, "difficulty": level,
                                                "length": "2"})
        url = response.headers["Location"]
        session_id = int(url.rsplit("/", 1)[1])
        for _ in range(2):
            html = client.get(url).get_data(as_text=True)
            db = connect(real_app.config["DATABASE"])
            question = questions.pending_question(db, session_id)
            db.close()
            assert question is not None
            stored = json.loads(dealt_body(question))
            assert stored["explanation"] not in html  # nothing of the answer before answering
            assert "expected" not in html.lower()
            assert "<kbd" in html and keys_named_apart(html)
            token = re.search(r'name="token" value="([^"]+)"', html)
            assert token
            data = {"csrf_token": csrf.group(1), "token": token.group(1)}
            data |= right_answer(html, stored)
            answer = client.post(f"{url}/answer", data=data, headers={"HX-Request": "true"})
            body = answer.get_data(as_text=True)
            assert answer.status_code == 200, body
            assert '<h2 id="verdict-title">Right</h2>' in body, (stored, body)
            assert keys_named_apart(body)  # Next, and the question sent ahead
        summary = client.get(f"{url}/summary").get_data(as_text=True)
        assert "100%" in summary


def test_ticks_refused_put_the_focus_on_the_first_box(real_app: Flask) -> None:
    """Ticks that are not offered: the question again, the focus (lost with the fragment
    swapped) on the first tick box, told why; nothing recorded."""
    text = Drills().generate("europoker", "split-aces", 0, "easy")
    assert json.loads(text)["answer_kind"] == "actions"  # this seed asks for ticks
    db = connect(real_app.config["DATABASE"])
    tina = int(db.execute("SELECT id FROM users WHERE username = 'tina'").fetchone()[0])
    session = drilling.start_session(db, tina, "europoker", "split-aces", "easy", 1, 0, [
        kept(0, "split-aces", "easy", 0, text, "ticks-token")])
    db.close()
    client = real_app.test_client()
    _login(client)
    home = client.get("/").get_data(as_text=True)
    csrf = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', home)
    assert csrf
    url = f"/drills/{session.id}"
    token = re.search(r'name="token" value="([^"]+)"', client.get(url).get_data(as_text=True))
    assert token
    answer = client.post(f"{url}/answer", data={"csrf_token": csrf.group(1),
                                                "token": token.group(1), "multi": "1",
                                                "pick": "fold"}, headers={"HX-Request": "true"})
    body = answer.get_data(as_text=True)
    assert answer.status_code == 422 and "Tick only the answers offered." in body
    boxes = re.findall(r'<input type="checkbox"[^>]*>', body)
    assert len(boxes) >= 2 and "autofocus" in boxes[0]
    assert 'aria-describedby="answer-error"' in boxes[0]
    assert not any("autofocus" in box for box in boxes[1:])
    db = connect(real_app.config["DATABASE"])
    assert db.execute("SELECT count(*) FROM answers").fetchone()[0] == 0
    db.close()


def test_bad_nets_are_refused_beside_the_boxes(real_app: Flask) -> None:
    """A net too long to be an amount, or a lone sign in one box: the question again with
    the message, nothing recorded (a sign is not glued to the next box's net)."""
    client = real_app.test_client()
    _login(client)
    home = client.get("/").get_data(as_text=True)
    csrf = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', home)
    assert csrf
    response = client.post("/drills", data={"csrf_token": csrf.group(1), "house": "europoker",
                                            "family": "table-settlement", "difficulty": "medium",
                                            "length": "1"})
    url = response.headers["Location"]
    html = client.get(url).get_data(as_text=True)
    token = re.search(r'name="token" value="([^"]+)"', html)
    assert token
    boxes = len(re.findall(r'name="net-\d+"', html))
    assert boxes >= 2
    nets = {f"net-{i}": "10" for i in range(boxes)}
    form = {"csrf_token": csrf.group(1), "token": token.group(1)}
    for bad, message in (("1" * 5000, "A net has at most 40 characters."),
                         ("-", "&#39;-&#39; is not an amount")):
        answer = client.post(f"{url}/answer", data=form | nets | {"net-0": bad},
                             headers={"HX-Request": "true"})
        assert answer.status_code == 422
        assert message in answer.get_data(as_text=True), answer.get_data(as_text=True)[:2000]
    # the box whose net does not read is named, marked and focused
    answer = client.post(f"{url}/answer", data=form | nets | {"net-1": "abc"},
                         headers={"HX-Request": "true"})
    body = answer.get_data(as_text=True)
    assert answer.status_code == 422 and "Box 2: &#39;abc&#39; is not an amount" in body
    second = re.search(r'<input [^>]*name="net-1"[^>]*>', body)
    first = re.search(r'<input [^>]*name="net-0"[^>]*>', body)
    assert second and 'aria-invalid="true"' in second.group(0) and "autofocus" in second.group(0)
    assert first and "autofocus" not in first.group(0) and 'value="10"' in first.group(0)
    db = connect(real_app.config["DATABASE"])
    assert db.execute("SELECT count(*) FROM answers").fetchone()[0] == 0
    db.close()


def _refused_nets(real_app: Flask, filled: str,
                  changed: Callable[[int], dict[str, str]]) -> tuple[str, int]:
    """A settlement question answered with ``filled`` in every box but the ``changed`` ones
    (given the number of boxes): the refusal's page, and the number of boxes."""
    client = real_app.test_client()
    _login(client)
    url, form, html = _first_question(client, "table-settlement", "europoker")
    boxes = len(re.findall(r'name="net-\d+"', html))
    assert boxes >= 3
    nets = {f"net-{i}": filled for i in range(boxes)} | changed(boxes)
    answer = client.post(f"{url}/answer", data=form | nets, headers={"HX-Request": "true"})
    assert answer.status_code == 422
    assert _attempts(real_app) == []
    return answer.get_data(as_text=True), boxes


def _net_field(body: str, index: int) -> str:
    found = re.search(rf'<input [^>]*name="net-{index}"[^>]*>', body)
    assert found, body[:2000]
    return found.group(0)


@pytest.mark.parametrize(("filled", "bad", "said"), [
    ("52,50", ("abc", "1..5"),  # nets that do not read
     "Box 2: &#39;abc&#39; and box {last}: &#39;1..5&#39; are not amounts (use + or -"),
    ("10", (" ", ""),  # boxes left empty: the focus fell on box 1, already filled
     "Box 2: no net and box {last}: no net (give a net for every box, 0 for a push)."),
    ("10", ("abc", ""),  # one that does not read, one empty: named at once, not in turn
     "Box 2: &#39;abc&#39; is not an amount and box {last}: no net (give a net for every box"),
])
def test_every_refused_box_is_named_marked_and_the_first_focused(
        real_app: Flask, filled: str, bad: tuple[str, str], said: str) -> None:
    """Two boxes refused (box 2 and the last): both are named in one message and both
    fields marked, the first of them focused, what was typed kept, nothing recorded."""
    body, boxes = _refused_nets(real_app, filled,
                                lambda boxes: {"net-1": bad[0], f"net-{boxes - 1}": bad[1]})
    assert said.format(last=boxes) in body, body[:2000]
    second, last, first = (_net_field(body, i) for i in (1, boxes - 1, 0))
    assert 'aria-invalid="true"' in second and "autofocus" in second
    assert 'aria-invalid="true"' in last and "autofocus" not in last  # one field focused
    assert f'value="{bad[1]}"' in last and f'value="{filled}"' in first  # as typed
    assert "aria-invalid" not in first and "autofocus" not in first


def _first_question(client: FlaskClient, family: str, house: str | None = None,
                    difficulty: str = "medium") -> tuple[str, dict[str, str], str]:
    """Start a one-question session of ``family`` (at its first house unless told): its URL,
    the form's CSRF token and question token, and the page."""
    home = client.get("/").get_data(as_text=True)
    csrf = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', home)
    assert csrf
    response = client.post("/drills", data={"csrf_token": csrf.group(1),
                                            "house": house or FAMILIES[family][0],
                                            "family": family, "difficulty": difficulty,
                                            "length": "1"})
    url = response.headers["Location"]
    html = client.get(url).get_data(as_text=True)
    token = re.search(r'name="token" value="([^"]+)"', html)
    assert token
    return url, {"csrf_token": csrf.group(1), "token": token.group(1)}, html


def _attempts(app: Flask) -> list[tuple[str, str]]:
    db = connect(app.config["DATABASE"])
    try:
        return [tuple(r) for r in db.execute(f"SELECT answer, expected FROM {ATTEMPTS}")]
    finally:
        db.close()


@pytest.mark.parametrize(("family", "typed", "message"), [
    ("blackjack-payout", "\u0661\u0662", "is not an amount"),  # Arabic-Indic 12
    ("blackjack-payout", "\uff11\uff12", "is not an amount"),  # full-width 12
    ("blackjack-payout", "$5$", "is not an amount"),
    ("hand-reading", "bustxyz", "is not a total"),
    ("hand-reading", "soft 99", "a soft total is 12 to 21"),
    ("hand-reading", "99", "is not a total"),
    ("hand-reading", "soft \u0661\u0667", "is not a total"),
])
def test_what_no_hand_or_amount_is_asks_again(real_app: Flask, family: str, typed: str,
                                               message: str) -> None:
    """Digits of other scripts, a dollar sign on both sides and totals no hand can make:
    the question again with the message beside the field, nothing recorded."""
    client = real_app.test_client()
    _login(client)
    url, form, _page = _first_question(client, family)
    answer = client.post(f"{url}/answer", data=form | {"amount": typed},
                         headers={"HX-Request": "true"})
    body = answer.get_data(as_text=True)
    assert answer.status_code == 422, body[:500]
    assert message in body and 'id="answer-error"' in body
    assert _attempts(real_app) == []


def test_ticking_nothing_is_an_answer_only_from_the_form(real_app: Flask) -> None:
    """A split-aces question's form marks itself (``multi``): without the marker a post
    with no ticks is not taken as "none of them"; with it, it is."""
    client = real_app.test_client()
    _login(client)
    backend = Drills()  # a split-aces drill also asks yes/no questions
    text = next(t for t in (backend.generate("europoker", "split-aces", seed, "medium")
                            for seed in range(100)) if backend.view(t).kind == "multi")
    db = connect(real_app.config["DATABASE"])
    try:
        tina = int(db.execute("SELECT id FROM users WHERE username = 'tina'").fetchone()[0])
        session = drilling.start_session(db, tina, "europoker", "split-aces", "medium", 1, 1, [
            kept(0, "split-aces", "medium", 1, text, "tok-multi")])
    finally:
        db.close()
    url = f"/drills/{session.id}"
    page = client.get(url).get_data(as_text=True)
    assert '<input type="hidden" name="multi" value="1">' in page
    csrf = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)
    assert csrf
    form = {"csrf_token": csrf.group(1), "token": "tok-multi"}
    for stray in ({}, {"amount": "zz"}, {"choice": "zz"}):
        answer = client.post(f"{url}/answer", data=form | stray)
        assert answer.status_code == 422
        assert "Tick every answer that applies (or none)" in answer.get_data(as_text=True)
    assert _attempts(real_app) == []
    answer = client.post(f"{url}/answer", data=form | {"multi": "1"})
    assert answer.status_code == 303
    assert [given for given, _expected in _attempts(real_app)] == ["none"]


def test_a_typed_amount_and_chips_that_differ_ask_again(real_app: Flask) -> None:
    """Without JavaScript the amount and the chip counts are separate fields: when both are
    given and differ, neither silently wins; when they agree, the answer is taken."""
    client = real_app.test_client()
    _login(client)
    url, form, page = _first_question(client, "blackjack-payout")
    assert 'name="chip-25"' in page
    answer = client.post(f"{url}/answer", data=form | {"amount": "1", "chip-25": "2"})
    body = answer.get_data(as_text=True)
    assert answer.status_code == 422
    assert "The amount typed (1) and the chips (50) differ" in body and 'id="answer-error"' in body
    assert 'name="chip-25" value="2"' in body  # the counts come back as typed
    assert _attempts(real_app) == []
    answer = client.post(f"{url}/answer", data=form | {"amount": "50,00", "chip-25": "2"})
    assert answer.status_code == 303
    assert [given for given, _expected in _attempts(real_app)] == ["50"]


@pytest.mark.parametrize(("family", "difficulty", "hint"), [
    ("blackjack-payout", "hard", '<p class="hint">Give a count for each chip you pay, with the'
                                 " fewest chips.</p>"),
    ("table-settlement", "medium", None),
])
def test_the_page_hints_at_its_own_fields(real_app: Flask, family: str, difficulty: str,
                                          hint: str | None) -> None:
    """A hint written for typed answers (``2x25``, nets separated by ``;``) is not shown
    over fields of chip counts or one net per box."""
    client = real_app.test_client()
    _login(client)
    _url, _form, page = _first_question(client, family, "europoker", difficulty)
    assert "2x25" not in page and "separated by" not in page and "with ;" not in page
    if hint is None:
        assert 'class="hint"' not in page
    else:
        assert hint in page


def test_a_settlement_s_feedback_sets_each_box_beside_its_expected_net(
        real_app: Flask) -> None:
    """Box 1 right, every other box wrong: the feedback (and the replay) list the boxes one
    by one, the net given beside the net expected, the wrong ones marked."""
    client = real_app.test_client()
    _login(client)
    url, form, _html = _first_question(client, "table-settlement", "europoker")
    db = connect(real_app.config["DATABASE"])
    question = questions.pending_question(db, int(url.rsplit("/", 1)[1]))
    db.close()
    assert question is not None
    expected = json.loads(dealt_body(question))["expected"].split(";")
    given = [expected[0]] + ["-99999" for _ in expected[1:]]  # no box loses that much here
    nets = {f"net-{i}": net for i, net in enumerate(given)}
    body = client.post(f"{url}/answer", data=form | nets,
                       headers={"HX-Request": "true"}).get_data(as_text=True)
    rows = re.findall(r'<tr class="(right|wrong)" data-box="(\d+)"><th scope="row">\d+</th>'
                      r"<td>([^<]*)</td><td>([^<]*)", body)
    assert [(mark, int(box)) for mark, box, _g, _e in rows] == [
        ("right", 1)] + [("wrong", n) for n in range(2, len(expected) + 1)]
    assert [e.strip() for _m, _b, _g, e in rows] == [net.strip() for net in expected]
    assert [g for _m, _b, g, _e in rows][1:] == ["-99999"] * (len(expected) - 1)
    attempt = _attempt_ids(real_app)[0]
    assert 'data-box="2"' in client.get(f"/attempts/{attempt}").get_data(as_text=True)


def test_a_settlement_s_table_in_words_is_folded_and_not_repeated_after_it(
        real_app: Flask) -> None:
    """The boxes told in words (each with its total) repeat the felt: the question folds
    them under "The boxes in words", between the dealer's line and the ask, both in the open;
    the feedback repeats the dealer's line only (its rule has the boxes), and its table of
    nets box by box takes the place, on the screen, of the line of nets given and expected."""
    client = real_app.test_client()
    _login(client)
    url, form, html = _first_question(client, "table-settlement", "europoker", "hard")
    db = connect(real_app.config["DATABASE"])
    question = questions.pending_question(db, int(url.rsplit("/", 1)[1]))
    db.close()
    assert question is not None
    stored = json.loads(dealt_body(question))
    lead, *boxes, ask = with_house_titles(stored["prompt"]).split("\n")  # as the page says
    assert lead.startswith("The dealer finishes with") and len(boxes) >= 2
    tina = re.search(r'data-in-words="(\d+)"', html)
    assert tina
    shown = re.search(r'<p class="prompt lead">([^<]*)</p>\s*<details class="in-words" '
                      rf'data-in-words="{tina.group(1)}"><summary>The boxes in words</summary>'
                      r'\s*<p class="prompt-words">([^<]*)</p></details>\s*'
                      r'<p class="prompt" id="prompt" tabindex="-1">([^<]*)</p>', html)
    assert shown and shown.groups() == (str(escape(lead)), str(escape("\n".join(boxes))),
                                        str(escape(ask)))
    body = client.post(f"{url}/answer", data=form | right_answer(html, stored),
                       headers={"HX-Request": "true"}).get_data(as_text=True)
    feedback = body.split('data-state="upcoming"')[0]  # not the question sent ahead
    assert str(escape(boxes[0])) not in feedback and "in-words" not in feedback
    assert f'<p class="prompt">{escape(lead)}</p>' in feedback
    assert '<p id="verdict-answers" class="visually-hidden">Your answer:' in feedback


def _row_start(home: str, family: str) -> tuple[str, str]:
    """The house a family's row on home starts its drill at, and its button's words."""
    row = re.search(rf'<tr data-family="{family}">.*?</tr>', home, re.S)
    assert row
    house = re.search(r'name="house" value="([^"]+)"', row.group(0))
    button = re.search(r'<button type="submit" class="primary">([^<]+)</button>', row.group(0))
    assert house and button
    return house.group(1), button.group(1)


def test_home_starts_drills_at_the_house_of_the_latest_session(real_app: Flask) -> None:
    """After a Spanish 21 session, home's one-click drills and its start form deal at Spanish
    21 where it deals that drill (the first house alphabetically only where it does not):
    a trainee of one table is not sent to another house's rules."""
    client = real_app.test_client()
    _login(client)
    home = client.get("/").get_data(as_text=True)
    assert _row_start(home, "dealer-draw") == ("baden-baden", "Drill at Baden-Baden")
    _first_question(client, "hand-reading", "spanish-21")
    home = client.get("/").get_data(as_text=True)
    assert _row_start(home, "dealer-draw") == ("spanish-21", "Drill at Spanish 21")
    assert _row_start(home, "even-money") == ("blackjack-switch",
                                              "Drill at Blackjack Switch")
    assert re.search(r'<option selected value="spanish-21">', home)


def _attempt_ids(app: Flask) -> list[int]:
    db = connect(app.config["DATABASE"])
    try:
        return [int(r[0]) for r in db.execute("SELECT id FROM answers ORDER BY id")]
    finally:
        db.close()


def test_a_chips_question_puts_the_focus_on_its_first_count(real_app: Flask) -> None:
    """A question paid in chips takes the keyboard at once, as a typed amount does: its
    first count field has the focus, and no other field."""
    client = real_app.test_client()
    _login(client)
    _url, _form, page = _first_question(client, "blackjack-payout", "europoker", "hard")
    counts = re.findall(r'<input type="number"[^>]*name="chip-[^"]+"[^>]*>', page)
    assert len(counts) >= 2
    assert "autofocus" in counts[0] and not [c for c in counts[1:] if "autofocus" in c]
    assert page.count("autofocus") == 1


@pytest.mark.parametrize("family", ["blackjack-payout", "variant-specials", "table-settlement"])
def test_a_switched_box_is_marked_switched_on_the_felt(app: Flask, family: str) -> None:
    """Blackjack Switch: an ace + ten made by switching is not a blackjack there, so the felt
    must show the switch: the box carries a 'switched' note beside its cards."""
    backend = Drills()
    texts = (backend.generate("blackjack-switch", family, seed, "hard") for seed in range(200))
    text = next(t for t in texts if any(h["switched"] for h in json.loads(t)["table"]["hands"]))
    view = backend.view(text)
    hands = json.loads(text)["table"]["hands"]
    assert [("switched" in box.notes) for box in view.boxes] == [h["switched"] for h in hands]
    assert '<span class="note">switched</span>' in draw_felt(app, view)


def test_a_re_doubled_hand_is_noted_as_such_on_the_felt() -> None:
    """Spanish 21 hard surrender, seed 94: doubled twice, said in words (not "2x", which
    reads as twice the bet); the house facts speak of the stake, not the bet."""
    backend = Drills()
    view = backend.view(backend.generate("spanish-21", "surrender", 94, "hard"))
    assert view.boxes[0].notes == ("doubled and re-doubled to 2980", "surrendered")
    assert "Surrender (half the stake back), also after a split or a double" in house_facts(
        "spanish-21")


def test_a_settlement_mistake_is_shown_box_by_box_in_the_summary(real_app: Flask) -> None:
    """As in its feedback: each box's net given beside the net expected, the wrong ones
    marked, not two long lists of nets to count along."""
    client = real_app.test_client()
    _login(client)
    url, form, html = _first_question(client, "table-settlement", "europoker")
    boxes = len(re.findall(r'name="net-\d+"', html))
    nets = {f"net-{i}": "12345" for i in range(boxes)}  # no box nets that much
    assert client.post(f"{url}/answer", data=form | nets).status_code == 303
    [(_answer, expected)] = _attempts(real_app)
    summary = client.get(f"{url}/summary").get_data(as_text=True)
    table = re.search(r'<table class="box-nets">.*?</table>', summary, re.S)
    assert table, summary
    rows = re.findall(r'<tr class="wrong" data-box="(\d+)"><th scope="row">\d+</th>'
                      r"<td>([^<]*)</td><td>([^<]*) <span", table.group(0))
    assert rows == [(str(n), "+12345", want.strip())
                    for n, want in enumerate(expected.split(";"), start=1)]
    assert "You answered" not in summary


@pytest.mark.parametrize("second", ["", "2"])  # refused on the form, or by the engine
def test_a_box_named_inside_a_typed_net_is_not_marked(real_app: Flask, second: str) -> None:
    """Box 2 typed "box 1: 5": the message quotes it, and box 1 (filled well) is not marked
    refused for the words it quotes."""
    body, _ = _refused_nets(real_app, "10", lambda boxes: {
        "net-1": "box 1: 5", f"net-{boxes - 1}": second})
    assert "Box 2: &#39;box 1: 5&#39;" in body, body[:2000]
    first, refused = _net_field(body, 0), _net_field(body, 1)
    assert "aria-invalid" not in first and "autofocus" not in first
    assert 'aria-invalid="true"' in refused and "autofocus" in refused


@pytest.mark.parametrize("family", ["blackjack-payout", "table-settlement", "allowed-actions"])
def test_a_drill_and_an_exam_record_an_answer_alike(real_app: Flask, family: str) -> None:
    """One question kind answered in a drill and in an exam: one stored shape, the same
    columns read alike, and the verdict given back the same way on both pages."""
    db = connect(real_app.config["DATABASE"])
    tina = int(db.execute("SELECT id FROM users WHERE username = 'tina'").fetchone()[0])
    boss = create_user(db, "sue", "supervisor", hash_password("correct horse",
                                                              "pbkdf2:sha256:1000")).id
    house = FAMILIES[family][0]
    exam = exams_db.create_exam(db, title="Alike", houses=[house], families=[family],
                                difficulty="medium", questions=1, pass_mark=100,
                                time_limit_s=600, attempts_allowed=1, created_by=boss,
                                assign_to=[tina])
    db.close()
    client = real_app.test_client()
    _login(client)
    url, form, html = _first_question(client, family, house)
    db = connect(real_app.config["DATABASE"])
    drill_question = questions.pending_question(db, int(url.rsplit("/", 1)[1]))
    db.close()
    assert drill_question is not None
    drilled = client.post(f"{url}/answer", data=form | right_answer(
        html, json.loads(dealt_body(drill_question))), headers={"HX-Request": "true"})
    assert '<h2 id="verdict-title">Right</h2>' in drilled.get_data(as_text=True)
    started = client.post(f"/exams/{exam.id}/start", data={"csrf_token": form["csrf_token"]})
    sitting_url = started.headers["Location"]
    page = client.get(sitting_url).get_data(as_text=True)
    sitting_id = int(sitting_url.rsplit("/", 1)[1])
    db = connect(real_app.config["DATABASE"])
    exam_question = exams_db.pending_answer(db, sitting_id)
    db.close()
    assert exam_question is not None
    token = re.search(r'name="token" value="([^"]+)"', page)
    assert token
    sat = client.post(f"{sitting_url}/answer", data={
        "csrf_token": form["csrf_token"], "token": token.group(1)}
        | right_answer(page, json.loads(dealt_body(exam_question))))
    assert sat.headers["Location"].endswith("/result")
    db = connect(real_app.config["DATABASE"])
    rows = db.execute(
        "SELECT q.session_id IS NOT NULL, q.family, a.answer, q.expected, a.correct,"
        " a.timed_out, a.user_id FROM answers a JOIN questions q ON q.id = a.question_id"
        " ORDER BY a.id").fetchall()
    assert db.execute("SELECT count(*) FROM question_snapshots").fetchone()[0] == 0
    attempt = drilling.get_attempt(db, 1)
    db.close()
    assert [row[:2] for row in rows] == [(1, family), (0, family)]
    backend = Drills()
    for row, dealt in zip(rows, (drill_question, exam_question), strict=True):
        _drill, _family, answer, expected, correct, timed_out, user = row
        assert (correct, timed_out, user) == (1, 0, tina)
        again = backend.check(dealt_body(dealt), Answer(text=answer))  # as the pages do
        assert again.correct and again.expected == expected and again.given == answer
    assert attempt is not None
    review = client.get(f"{sitting_url}/result").get_data(as_text=True)
    replay = client.get(f"/attempts/{attempt.id}").get_data(as_text=True)
    for shown in (review, replay):  # the verdict told alike on both pages
        assert 'class="rule"' in shown and 'class="expected"' in shown
        assert ('<table class="box-nets">' in shown) is (family == "table-settlement")
        assert "The house rule" in shown or family == "table-settlement"  # (plain wins cite none)



def test_the_feedback_cites_the_house_rule_with_its_source_and_reading(
        real_app: Flask) -> None:
    """A dealer's draw rests on the house's soft-17 rule: after the answer the feedback
    gives it as the profile states it, the source's own words and the reading taken."""
    client = real_app.test_client()
    _login(client)
    url, form, html = _first_question(client, "dealer-draw", "europoker")
    note = find_house("europoker").notes["soft_17"]
    assert note.reading and str(escape(note.source)) not in html  # not before the answer
    body = client.post(f"{url}/answer", data=form | {"choice": "hit"},
                       headers={"HX-Request": "true"}).get_data(as_text=True)
    feedback = body.split('data-state="upcoming"')[0]
    assert "The house rule behind it</summary>" in feedback
    assert "Dealer on soft 17: <strong>stand</strong>" in feedback
    assert f'<dd class="source">{escape(note.source)}</dd>' in feedback
    assert f'<dd class="reading">Reading: {escape(note.reading)}</dd>' in feedback
    attempt = _attempt_ids(real_app)[-1]
    assert str(escape(note.source)) in client.get(f"/attempts/{attempt}").get_data(as_text=True)
