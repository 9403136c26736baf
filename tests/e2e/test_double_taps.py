"""A double tap or a double Enter is one choice: the second never answers the question
the first revealed, nor passes the feedback the first brought (a phone's Next sits where
the next question's first button comes, a tablet's chips where Next was)."""

from __future__ import annotations

from typing import Any

from tests.dealt import Drills
from trainer.db import connect
from trainer.db import exams as exams_db
from trainer.web.exams.plan import plan

from .conftest import LiveServer
from .test_trainee_flow import (
    attempts,
    dealt_session,
    login,
    ticks_session,
    tina_exam,
    tina_on,
    tina_sitting,
    wait_position,
)

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
CONTROL_AT = ("([x, y]) => !!document.elementFromPoint(x, y)"
              ".closest('#drill button, #drill a[href], #drill input, #drill label')")


def centre(page: Any, selector: str) -> tuple[float, float]:
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_a_double_tap_on_next_stops_at_the_question_it_revealed(
        browser: Any, live_server: LiveServer) -> None:
    """On a phone, the offers against an ace: the next question's "Nothing" comes where
    Next was (the same question twice, so the layout is known)."""
    text = Drills().generate("europoker", "ace-offers", 0, "medium")
    session_id = dealt_session(live_server, "europoker", "ace-offers", "medium",
                               [(0, text), (0, text), (0, text)]).id
    context = browser.new_context(**PHONE)
    page = context.new_page()
    login(page, live_server, "tina")
    page.goto(f"{live_server.url}/drills/{session_id}")
    wait_position(page, 0)
    # a phone has no keys: its buttons hint at none
    assert page.locator("#drill button[data-key='i'] kbd").is_hidden()
    page.tap("#drill button[data-key='i']")
    page.wait_for_selector("[data-state=feedback]")
    page.wait_for_timeout(600)  # the feedback read
    x, y = centre(page, "[data-next]")
    page.touchscreen.tap(x, y)
    page.wait_for_timeout(150)
    page.touchscreen.tap(x, y)  # the same tap again, on what now sits there
    wait_position(page, 1)
    page.wait_for_timeout(300)
    assert page.evaluate(CONTROL_AT, [x, y])  # a button sits where Next was
    assert len(attempts(live_server, session_id)) == 1
    assert page.locator("#drill[data-state=question][data-position='1']").count() == 1
    # revealed in place, it lies where its feedback lay (no gap kept from below it)
    assert page.locator("#drill.ahead").count() == 0
    page.wait_for_timeout(300)  # a moment later a tap there is a choice
    page.touchscreen.tap(x, y)
    page.wait_for_selector("[data-state=feedback]")
    assert len(attempts(live_server, session_id)) == 2
    context.close()


def test_enter_twice_on_a_page_with_nothing_focused_stops_at_the_feedback(
        browser: Any, live_server: LiveServer) -> None:
    """The first question of a session, or one reloaded: Enter sends its ticks from the page
    itself, and the same Enter again does not pass the feedback it brought."""
    session_id = ticks_session(live_server, 2).id
    context, page = tina_on(browser, live_server, session_id)
    wait_position(page, 0)
    page.wait_for_load_state()
    page.evaluate("document.activeElement && document.activeElement.blur()")
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-state=feedback]")
    page.keyboard.press("Enter")  # the same Enter, twice
    page.wait_for_timeout(150)
    assert page.locator("[data-state=feedback]").count() == 1
    assert len(attempts(live_server, session_id)) == 1
    context.close()


def test_enter_twice_in_an_exam_does_not_answer_the_next_question(
        browser: Any, live_server: LiveServer) -> None:
    """An exam goes from question to question with no feedback between: the Enter that sent
    one question's ticks, pressed again at once, must not send the next one's, unticked,
    as a graded answer."""
    backend = Drills()
    exam = tina_exam(live_server, "casino-classic", "split-aces", "medium", 3)

    def ticks(seed: int, position: int) -> bool:
        house, family, level, question_seed = plan(exam, backend.families(), seed, position)
        return backend.view(backend.generate(house, family, question_seed, level)).kind \
            == "multi"

    sitting = tina_sitting(live_server, exam,
                           next(s for s in range(500) if ticks(s, 0) and ticks(s, 1)))
    context, page = tina_on(browser, live_server, 0)
    page.goto(f"{live_server.url}/exams/sittings/{sitting.id}")
    page.wait_for_selector("[data-state=exam-question][data-position='0']")
    page.wait_for_load_state()
    page.evaluate("document.activeElement && document.activeElement.blur()")
    page.keyboard.press("Enter")  # nothing ticked: the hand stands
    page.wait_for_selector("[data-state=exam-question][data-position='1']")
    page.keyboard.press("Enter")  # the same Enter, twice
    page.wait_for_timeout(300)
    db = connect(live_server.database)
    try:
        answered = [a.position for a in exams_db.sitting_answers(db, sitting.id) if a.answered]
    finally:
        db.close()
    assert answered == [0]
    assert page.locator("[data-state=exam-question][data-position='1']").count() == 1
    context.close()
