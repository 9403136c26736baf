"""A trainee with a recorded history goes from *learning* to a level on one drill, in the
browser, and the path on the home page shows it."""

from __future__ import annotations

import re
from typing import Any

from tests.dealt import answer_in_order, kept
from trainer.db import connect, drilling
from trainer.db.users import create_user
from trainer.web.auth import hash_password

from .conftest import PASSWORD, LiveServer, pending_question
from .test_trainee_flow import login

NOON = 1_796_040_000_000  # 2026-11-30 12:00 UTC: the history lies before today


def recorded_history(server: LiveServer, username: str, answers: int) -> None:
    """``answers`` right answers to reading hands at europoker, 5 s each (par 3 s: within
    twice the par, as practised asks, not within 1.5 times, as fluent does), in an
    earlier session, through the recorder."""
    db = connect(server.database)
    try:
        user = create_user(db, username, "trainee",
                           hash_password(PASSWORD, "pbkdf2:sha256:1000")).id
        session = drilling.start_session(db, user, "europoker", "hand-reading", "easy",
                                         answers, 1, [kept(i, "hand-reading", "easy", i, "{}",
                                                           f"{username}-{i}")
                                                      for i in range(answers)])
        answer_in_order(db, session.id, [(True, 5_000)] * answers, NOON, gap_ms=1_000)
    finally:
        db.close()


def step(page: Any, family: str) -> tuple[str, str]:
    """A step of the path on the home page: its level, and the note beside it."""
    item = page.locator(f'#way li[data-step="{family}"]')
    return str(item.get_attribute("data-level")), item.inner_text()


def test_the_twentieth_answer_makes_the_trainee_practised_on_the_path(
        browser: Any, live_server: LiveServer) -> None:
    recorded_history(live_server, "lena", 19)
    context = browser.new_context(viewport={"width": 1024, "height": 900})
    page = context.new_page()
    login(page, live_server, "lena")
    page.goto(f"{live_server.url}/?house=europoker")
    level, note = step(page, "hand-reading")
    assert level == "learning" and "19 of 19 right" in note
    assert "1 more answer before a level counts" in note
    page.locator('#way li[data-step="hand-reading"] button[type=submit]').click()
    page.wait_for_selector("[data-state=question]")
    session_id = int(re.search(r"/drills/(\d+)", page.url)[1])  # type: ignore[index]
    page.fill("#amount", pending_question(live_server.database, session_id)["expected"])
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-state=feedback]")
    assert page.locator(".verdict").inner_text().startswith("Right")
    page.goto(f"{live_server.url}/?house=europoker")
    level, note = step(page, "hand-reading")  # 20 of 20 right, the median within 2 x par
    assert level == "practised" and "20 of 20 right" in note
    assert "Fluent asks 90% right, the median within 150% of the par." in note
    assert page.locator("#readiness").get_attribute("value") != "0"
    context.close()
