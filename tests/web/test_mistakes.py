"""Mistakes come back over the days: queued with the answer, spaced, brought back in a session."""

from __future__ import annotations

import re
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from tests.dealt import answer_in_order
from trainer.db import connect, drilling, mistakes, rollups
from trainer.db.connection import now_ms
from trainer.db.questions import NewQuestion
from trainer.drills import DEAL_VERSION, generate

DAY = rollups.DAY_MS


def answer(app: Flask, user: str, marks: list[tuple[int, bool]], *, at: int,
           family: str = "dealer-draw", difficulty: str = "easy") -> int:
    """One session of the questions dealt by seeds ``marks`` (seed, right?) at ``at``."""
    db = connect(app.config["DATABASE"])
    try:
        uid = int(db.execute("SELECT id FROM users WHERE username = ?", [user]).fetchone()[0])
        dealt = [NewQuestion(p, family, difficulty, seed,
                             generate("europoker", family, seed, difficulty).expected_text,
                             f"t{at}-{p}", DEAL_VERSION) for p, (seed, _) in enumerate(marks)]
        session = drilling.start_session(db, uid, "europoker", family, difficulty,
                                         len(marks), 1, dealt)
        answer_in_order(db, session.id, [(right, 1_000) for _seed, right in marks], at)
        return uid
    finally:
        db.close()


def queue(app: Flask) -> list[tuple[int, int, int, int]]:
    """(seed, due day, interval, misses) of every queued mistake."""
    db = connect(app.config["DATABASE"])
    try:
        return [tuple(row) for row in db.execute(
            "SELECT seed, due_day, interval_days, misses FROM mistakes ORDER BY seed")]
    finally:
        db.close()


def test_a_mistake_comes_back_spaced_until_learned(app: Flask) -> None:
    start = (now_ms() // DAY - 100) * DAY + 10 * 3_600_000  # 10:00 UTC, 100 days ago
    day = start // DAY
    answer(app, "tina", [(1, False), (2, True)], at=start)
    assert queue(app) == [(1, day + 1, 1, 1)]  # the miss, due tomorrow; the right one not
    answer(app, "tina", [(1, True)], at=start + 3_600_000)  # right the same day: too early
    assert queue(app) == [(1, day + 1, 1, 1)]
    at, interval = start + DAY, 1
    while interval < mistakes.LEARNED_AFTER_DAYS:  # right each time it comes back
        answer(app, "tina", [(1, True)], at=at)
        interval *= 2
        assert queue(app) == [(1, at // DAY + interval, interval, 1)]
        at += interval * DAY
    answer(app, "tina", [(1, False)], at=at - DAY)  # missed again before the last: back
    assert queue(app) == [(1, (at - DAY) // DAY + 1, 1, 2)]
    db = connect(app.config["DATABASE"])
    db.execute("UPDATE mistakes SET interval_days = 16, due_day = ?", [at // DAY])
    db.conn.commit()
    db.close()
    answer(app, "tina", [(1, True)], at=at)  # right after 16 days: learned
    assert queue(app) == []


def test_the_home_page_brings_due_mistakes_back_in_a_session(
        app: Flask, client: FlaskClient, auth: Any) -> None:
    yesterday = now_ms() - DAY - 60_000
    answer(app, "tina", [(3, False), (4, False), (5, True)], at=yesterday - DAY)
    answer(app, "tina", [(6, False)], at=now_ms() - 120_000)  # due tomorrow
    auth.login("tina")
    home = client.get("/").get_data(as_text=True)
    assert 'data-mistakes-due="2"' in home and "1 more later" in home
    token = re.search(r'name="csrf_token" value="([^"]+)"', home)
    assert token
    started = client.post("/drills/mistakes", data={"csrf_token": token[1]})
    assert started.status_code in (302, 303)
    session_id = int(started.headers["Location"].rsplit("/", 1)[1])
    db = connect(app.config["DATABASE"])
    try:
        session = drilling.get_session(db, session_id)
        assert session is not None and session.family == "my-mistakes"
        seeds = [row[0] for row in db.execute(
            "SELECT seed FROM questions WHERE session_id = ? ORDER BY position", [session_id])]
    finally:
        db.close()
    assert seeds == [3, 4]  # the two due, the longest overdue first; not the one due later
    page = client.get(f"/drills/{session_id}")
    assert page.status_code == 200 and "Dealer draws: hit or stand?" in page.get_data(
        as_text=True)


def test_no_mistakes_due_says_so(app: Flask, client: FlaskClient, auth: Any) -> None:
    auth.login("tina")
    home = client.get("/").get_data(as_text=True)
    assert "data-mistakes-due" not in home  # nothing queued: no panel
    refused = client.post("/drills/mistakes", data={"csrf_token": auth.csrf()},
                          follow_redirects=True)
    assert "No mistakes are due" in refused.get_data(as_text=True)
