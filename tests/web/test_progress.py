"""A trainee's levels, the learning path and readiness, on the home page, from the record."""

from __future__ import annotations

import re
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from tests.dealt import answer_in_order, kept
from tests.web.conftest import Auth
from trainer.db import connect, drilling, mastery
from trainer.db import questions as qs
from trainer.drills.families import LEARNING_PATH, load_families

NOON = 1_796_040_000_000  # 2026-11-30 12:00 UTC


def answered(app: Flask, user: str, family: str, marks: list[tuple[bool, int]],
             house: str = "europoker", at: int | None = None) -> None:
    """A session of ``family`` at ``house`` answered (right?, ms taken), through the recorder."""
    db = connect(app.config["DATABASE"])
    try:
        uid = int(db.execute("SELECT id FROM users WHERE username = ?", [user]).fetchone()[0])
        session = drilling.start_session(db, uid, house, family, "easy", len(marks), 1)
        qs.store_questions(db, session, [kept(i, family, "easy", i, "{}", f"{session.id}-{i}")
                                         for i in range(len(marks))])
        answer_in_order(db, session.id, marks, NOON if at is None else at, gap_ms=1_000)
    finally:
        db.close()


def steps(html: str) -> dict[str, tuple[str, str]]:
    """Each step on the path: its level and whether it is open."""
    return {family: (level, state) for family, level, state in re.findall(
        r'<li data-step="([^"]+)" data-level="([^"]+)" class="(open|closed)">', html)}


def test_the_path_covers_every_drill_in_order() -> None:
    assert sorted(LEARNING_PATH) == sorted(load_families())
    assert LEARNING_PATH[0] == "hand-reading" and LEARNING_PATH[-1] == "table-settlement"


def test_a_trainee_goes_from_learning_to_floor_ready_and_the_next_drill_opens(
        app: Flask, client: FlaskClient, auth: Any) -> None:
    app.config["PATH_IN_ORDER"] = True
    auth.login("tina")
    first = steps(client.get("/").get_data(as_text=True))
    assert first["hand-reading"] == ("learning", "open")
    assert first["dealer-draw"] == ("learning", "closed")
    answered(app, "tina", "hand-reading", [(True, 1_500)] * 19)
    page = client.get("/?house=europoker").get_data(as_text=True)
    assert steps(page)["hand-reading"] == ("learning", "open")
    assert "19 of 19 right" in page and "1 more answer before a level counts" in page
    answered(app, "tina", "hand-reading", [(True, 1_500)])  # the 20th: right, within par
    page = client.get("/?house=europoker").get_data(as_text=True)
    assert steps(page)["hand-reading"] == ("floor-ready", "open")
    assert steps(page)["dealer-draw"] == ("learning", "open")  # the next drill opens
    assert steps(page)["ace-offers"] == ("learning", "closed")
    drills = len(steps(page))
    assert f'<span data-readiness>{round(100 / drills)}%</span>' in page  # 3 steps of 3 x N
    assert "Ready for the floor" not in page


def test_levels_follow_accuracy_and_speed_bars(app: Flask, client: FlaskClient,
                                               auth: Any) -> None:
    """Slow and right is practised at best; 85 % right is practised; the window is the
    latest 30 answers, so old mistakes drop out of it."""
    answered(app, "tina", "hand-reading", [(True, 7_500)] * 20)  # par 3 s: 2.5 x par
    answered(app, "tom", "hand-reading", [(False, 1_500)] * 3 + [(True, 1_500)] * 17)
    auth.login("tina")
    assert steps(client.get("/?house=europoker").get_data(as_text=True))[
        "hand-reading"] == ("learning", "open")  # right, but over twice the par
    answered(app, "tina", "hand-reading", [(True, 5_500)] * 30)  # within 2 x par
    assert steps(client.get("/?house=europoker").get_data(as_text=True))[
        "hand-reading"] == ("practised", "open")
    tom = app.test_client()
    Auth(tom).login("tom")
    assert steps(tom.get("/?house=europoker").get_data(as_text=True))[
        "hand-reading"] == ("practised", "open")  # 17 of 20: 85 %
    answered(app, "tom", "hand-reading", [(True, 1_500)] * 10)  # 27 of the latest 30
    assert steps(tom.get("/?house=europoker").get_data(as_text=True))[
        "hand-reading"] == ("fluent", "open")


def test_the_thresholds_are_settings(app: Flask, client: FlaskClient, auth: Any) -> None:
    app.config["MASTERY_MINIMUM"] = 5
    app.config["MASTERY_FLOOR_READY_PERCENT"] = 80
    answered(app, "tina", "hand-reading", [(True, 1_500)] * 4 + [(False, 1_500)])
    auth.login("tina")
    page = client.get("/?house=europoker").get_data(as_text=True)
    assert steps(page)["hand-reading"] == ("floor-ready", "open")
    assert "a level counts from 5" in page


def test_judging_the_outcomes() -> None:
    rules = mastery.Thresholds()
    assert mastery.judge("f", "h", "", 3_000, rules).needed == 20
    floor = mastery.judge("f", "h", "3" * 30, 3_000, rules)  # right, 1-2 s each
    assert (floor.level, floor.answered, floor.correct, floor.median_ms) == (
        mastery.Level.FLOOR_READY, 30, 30, 1_500)
    assert floor.next_bar is None
    late = mastery.judge("f", "h", "2" * 40 + "3" * 30, 3_000, rules)  # old mistakes
    assert late.level is mastery.Level.FLOOR_READY


def test_the_supervisor_sees_every_trainee_s_readiness_and_filters_the_ready(
        app: Flask, client: FlaskClient, auth: Any) -> None:
    app.config["MASTERY_MINIMUM"] = 2
    houses = {f.name: f.houses for f in load_families().values()}
    at_russian = [name for name, where in houses.items() if "russian-casino" in where]
    for family in at_russian:  # tina: every drill russian-casino deals, right and fast
        answered(app, "tina", family, [(True, 1_000)] * 2, house="russian-casino")
    answered(app, "tom", "hand-reading", [(True, 1_000), (False, 1_000)],
             house="russian-casino")
    auth.login("sue")
    page = client.get("/supervisor/readiness?house=russian-casino").get_data(as_text=True)
    assert "(1 of 2 trainees ready)" in page
    tina = re.search(r'<tr data-trainee="tina" data-ready>(.*?)</tr>', page, re.S)
    tom = re.search(r'<tr data-trainee="tom">(.*?)</tr>', page, re.S)
    assert tina and "<span data-readiness>100%</span>" in tina[1]
    assert tom and "<span data-readiness>0%</span>" in tom[1]  # 1 of 2: learning
    assert tina[1].count("level-floor-ready") == len(at_russian)
    ready = client.get("/supervisor/readiness?house=russian-casino&ready=1").get_data(
        as_text=True)
    assert 'data-trainee="tina"' in ready and 'data-trainee="tom"' not in ready
    assert 'data-trainee="tina" data-ready' not in client.get(
        "/supervisor/readiness?house=europoker").get_data(as_text=True)
    unknown = client.get("/supervisor/readiness?house=nowhere").get_data(as_text=True)
    assert "Readiness for the floor at" in unknown  # the first house instead
    trainee = app.test_client()
    Auth(trainee).login("tina")
    assert trainee.get("/supervisor/readiness").status_code == 403


def start(client: FlaskClient, auth: Any, family: str, house: str = "europoker") -> Any:
    """Post the home page's start form for ``family`` at ``house``."""
    return client.post("/drills", data={
        "csrf_token": auth.csrf(), "house": house, "family": family,
        "difficulty": load_families()[family].difficulties[0] if family != "mixed" else "easy",
        "length": 3, "start_token": ""})


def test_in_order_a_closed_drill_is_refused_until_practised_or_opened(
        app: Flask, client: FlaskClient, auth: Any) -> None:
    app.config["PATH_IN_ORDER"] = True
    auth.login("tina")
    refused = start(client, auth, "dealer-draw")
    assert refused.status_code == 422
    assert ("Dealer draws: hit or stand? opens when Read the hand: total, soft or hard is "
            "practised here") in refused.get_data(as_text=True)
    assert "Mixed drills open when every drill here is open" in start(
        client, auth, "mixed").get_data(as_text=True)
    assert start(client, auth, "hand-reading").status_code in (302, 303)
    answered(app, "tina", "hand-reading", [(True, 1_500)] * 20)
    assert start(client, auth, "dealer-draw").status_code in (302, 303)
    assert start(client, auth, "ace-offers").status_code == 422
    # a supervisor opens ace-offers for tina, ahead of the path
    sue = app.test_client()
    Auth(sue).login("sue")
    tina_id = int(re.findall(r'/supervisor/trainees/(\d+)', sue.get(
        "/supervisor/").get_data(as_text=True))[0])
    page = sue.get(f"/supervisor/trainees/{tina_id}?house=europoker").get_data(as_text=True)
    assert steps(page)["ace-offers"] == ("learning", "closed")
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)
    assert token
    opened = sue.post(f"/supervisor/trainees/{tina_id}/open-drill", data={
        "csrf_token": token[1], "house": "europoker", "family": "ace-offers"})
    assert opened.status_code in (302, 303)
    assert sue.post(f"/supervisor/trainees/{tina_id}/open-drill", data={
        "csrf_token": token[1], "house": "europoker", "family": "no-such"}).status_code == 400
    assert steps(client.get("/?house=europoker").get_data(as_text=True))["ace-offers"] == (
        "learning", "open")
    assert start(client, auth, "ace-offers").status_code in (302, 303)


def test_without_the_setting_every_drill_is_open(app: Flask, client: FlaskClient,
                                                 auth: Any) -> None:
    auth.login("tina")
    assert set(state for _level, state in steps(client.get("/").get_data(
        as_text=True)).values()) == {"open"}
    assert start(client, auth, "table-settlement").status_code in (302, 303)


def test_a_level_s_rise_is_listed_on_the_day_it_came(app: Flask, client: FlaskClient,
                                                     auth: Any) -> None:
    app.config["TODAY"] = "2026-12-05"
    day = 86_400_000
    answered(app, "tina", "hand-reading", [(True, 1_500)] * 19)  # 30 Nov: learning still
    answered(app, "tina", "hand-reading", [(True, 1_500)], at=NOON + 2 * day)  # 2 Dec
    answered(app, "tina", "dealer-draw", [(False, 1_500)] * 20, at=NOON + 3 * day)
    auth.login("tina")
    page = client.get("/").get_data(as_text=True)
    rises = re.findall(r'<li data-level-up="([^"]+)">([^<]*)<', page)
    assert rises == [("floor-ready", "02 Dec: Read the hand: total, soft or hard at EuroPoker "
                                     "online, ")]
