"""A drill question's clock in a real browser: it runs from when the question is shown,
says when it is over the par, stops when the answer is sent, starts again at 0 on the
question Next reveals, and follows the break rule of a page shown again."""

from __future__ import annotations

import re
import time
from typing import Any

from playwright.sync_api import expect

from trainer.db import connect, now_ms, questions

from .conftest import LiveServer, pending_question
from .test_trainee_flow import attempts, login, start, wait_position

CLOCK = "#drill [data-question-clock]"
SHOWN = re.compile(r"^(\d+)\.(\d) s · par 3\.0 s(?: · over par)?$")  # dealer-draw's par is 3 s
RECORD_SEND_AND_SWAP = """() => {
  window.clockAt = {};
  for (const [name, event] of [["sent", "htmx:beforeRequest"], ["swapped", "htmx:beforeSwap"]]) {
    document.addEventListener(event, () => {
      const clock = document.querySelector("#drill [data-question-clock]");
      window.clockAt[name] = [clock.querySelector("[data-clock-time]").textContent,
                              clock.hasAttribute("data-clock-stopped")];
    }, {once: true});
  }
}"""


def clock_ms(page: Any) -> int:
    """The time the clock on screen shows, in ms."""
    shown = SHOWN.match(page.inner_text(CLOCK))
    assert shown, page.inner_text(CLOCK)
    return int(shown[1]) * 1000 + int(shown[2]) * 100


def shown_at(server: LiveServer, session_id: int, ms_ago: int) -> None:
    """Make the pending question look first shown ``ms_ago`` (a break before a reload)."""
    db = connect(server.database)
    try:
        question = questions.pending_question(db, session_id)
        assert question is not None
        with db.conn:
            db.execute("UPDATE questions SET shown_ms = ? WHERE id = ?",
                       [now_ms() - ms_ago, question.id])
    finally:
        db.close()


def test_the_clock_runs_stops_at_the_answer_and_starts_again_on_next(
        browser: Any, live_server: LiveServer) -> None:
    context = browser.new_context(viewport={"width": 1024, "height": 800})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    login(page, live_server, "tina")
    session_id = start(page, live_server, "europoker", "dealer-draw", "medium", 2)
    first = clock_ms(page)
    page.wait_for_timeout(700)
    assert clock_ms(page) >= first + 500  # running
    assert page.get_attribute(f"{CLOCK} [data-clock-time]", "role") == "timer"  # not read out
    assert not page.is_visible(f"{CLOCK} [data-clock-over]")

    # the answer's reply is held back a second: the clock stopped when it was sent
    def held(route: Any) -> None:
        reply = route.fetch()
        time.sleep(1)
        route.fulfill(response=reply)

    page.route("**/drills/*/answer", held)
    page.evaluate(RECORD_SEND_AND_SWAP)
    expected = pending_question(live_server.database, session_id)["expected"]
    page.click(f"button[name=choice][value={expected}]")
    page.wait_for_selector("[data-state=feedback]")
    page.unroute("**/drills/*/answer")
    at = page.evaluate("window.clockAt")
    assert at["swapped"] == [at["sent"][0], True]  # a second later: stopped, not moved on
    stopped = int(float(at["sent"][0].removesuffix(" s")) * 1000)
    elapsed = attempts(live_server, session_id)[0].elapsed_ms
    assert stopped - 50 <= elapsed < stopped + 600  # the time the server counted

    # Next: the question sent ahead is timed from now, not from when it was sent
    page.wait_for_timeout(1_500)
    page.click("[data-next]")
    wait_position(page, 1)
    assert clock_ms(page) < 1_000
    page.wait_for_timeout(300)
    assert page.locator("[data-question-clock]").count() == 1
    assert not page.locator(f"{CLOCK}[data-clock-stopped]").count()
    assert errors == []
    context.close()


def test_over_the_par_and_after_breaks(browser: Any, live_server: LiveServer) -> None:
    """Shown again after a short break, the question's clock goes on from the time it
    had (past dealer-draw's par of 3 s: said in words); after a long one it starts again."""
    context = browser.new_context(viewport={"width": 1024, "height": 800})
    page = context.new_page()
    login(page, live_server, "tina")
    session_id = start(page, live_server, "europoker", "dealer-draw", "medium", 2)
    shown_at(live_server, session_id, 4_000)
    page.reload()
    assert 4_000 <= clock_ms(page) < 5_000
    assert page.inner_text(f"{CLOCK} [data-clock-over]") == " · over par"
    assert "over-par" in (page.get_attribute(f"{CLOCK} [data-clock-time]", "class") or "")
    shown_at(live_server, session_id, 6 * 60_000)  # over the 5 minutes of a break
    page.reload()
    assert clock_ms(page) < 1_000
    assert not page.is_visible(f"{CLOCK} [data-clock-over]")
    context.close()


def test_reduced_motion_shows_whole_seconds_and_no_script_the_par(
        browser: Any, live_server: LiveServer) -> None:
    still = browser.new_context(viewport={"width": 1024, "height": 800},
                                reduced_motion="reduce")
    page = still.new_page()
    login(page, live_server, "tina")
    start(page, live_server, "europoker", "dealer-draw", "medium", 2)
    expect(page.locator(CLOCK)).to_have_text(re.compile(r"^[1-9] s · par 3\.0 s$"),
                                             use_inner_text=True)
    still.close()
    plain = browser.new_context(viewport={"width": 1024, "height": 800},
                                java_script_enabled=False)
    page = plain.new_page()
    login(page, live_server, "tina")
    start(page, live_server, "europoker", "dealer-draw", "medium", 2)
    assert page.inner_text(CLOCK) == "par 3.0 s"
    plain.close()
