"""Phones and tablets: no page scrolls sideways, no control is pushed off screen, and
nothing short is broken letter by letter (Debian chromium at real screen sizes).

The data is made to be awkward: a username with no break in it, an exam title longer
than a phone is wide, a seven-box table answer, and a heat map of every drill family.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest

from tests.dealt import Drills, kept
from trainer.db import connect, drilling, questions
from trainer.db import exams as exams_db
from trainer.db.users import create_user
from trainer.web.auth import hash_password

from .conftest import PASSWORD, TAP_AGAIN_MS, LiveServer
from .test_supervisor_flow import login, pending_expected
from .test_trainee_flow import chip_counts, one_question_session

PHONE = {"width": 375, "height": 812}
TABLET = {"width": 820, "height": 1180}
LONG_NAME = "trainee_with_a_name_as_long_as_a_shift_roster"
LONG_TITLE = "Quarterly compliance exam for the night shift: " + "Pit-boss-signed" * 4

# Elements whose right edge passes the screen's: none may, but a heat map wider than the
# screen scrolls inside its own box, and a clipped table head is there for screen readers.
OFF_SCREEN = """() => { const width = document.documentElement.clientWidth;
  return [...document.querySelectorAll('body *')]
    .filter(el => !el.closest('.chart-box, thead'))
    .filter(el => { const r = el.getBoundingClientRect();
                    return r.width > 0 && r.right > width + 1; })
    .map(el => el.tagName + '.' + el.className + ' ' + (el.textContent || '').trim()
                .slice(0, 40)); }"""

# Cells whose words are cut across lines: each word of a cell (names and answers aside,
# which may break anywhere) must sit on one line.
BROKEN_WORDS = """() => { const broken = [];
  for (const td of document.querySelectorAll('.console td:not(.name):not(.answer-cell)')) {
    const walker = document.createTreeWalker(td, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of node.data.matchAll(/[^\\s-]+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index); range.setEnd(node, match.index + match[0].length);
        if (range.getClientRects().length > 1) broken.push(match[0]);
      } } }
  return broken; }"""


@pytest.fixture(scope="module")
def world(live_server: LiveServer) -> Iterator[dict[str, int]]:
    """A supervisor, the long-named trainee with an answer of every drill family (the last
    a seven-box table, answered wrong) and an exam of a long title assigned to them."""
    db = connect(live_server.database)
    password = hash_password(PASSWORD, "pbkdf2:sha256:1000")
    boss = create_user(db, "narrow", "supervisor", password)
    trainee = create_user(db, LONG_NAME, "trainee", password)
    backend = Drills()
    families = sorted(backend.families(), key=lambda f: f.name == "table-settlement")
    for number, family in enumerate(families):
        house = "russian-casino" if family.name == "table-settlement" else family.houses[0]
        made = backend.generate(house, family.name, 5, family.difficulties[-1])
        session = drilling.start_session(db, trainee.id, house, family.name, "hard", 1, 1, [
            kept(0, family.name, "hard", 5, made, f"narrow-{number}")])
        issued = questions.question_at(db, session.id, 0)
        assert issued is not None
        questions.show_question(db, issued.id, 1_000)
        shown = questions.question_at(db, session.id, 0)
        assert shown is not None
        expected = str(json.loads(made)["expected"])
        answer = ("+1000;-2000;0;+1500;-500;+250;-125" if family.name == "table-settlement"
                  else expected)
        drilling.record_attempt(db, shown, answer=answer, correct=answer == expected,
                                answered_ms=9_000,
                                session_length=1)
    exam = exams_db.create_exam(db, title=LONG_TITLE, houses=["russian-casino"],
                                families=["dealer-draw"], difficulty="easy", questions=2,
                                pass_mark=80, time_limit_s=60, attempts_allowed=2,
                                created_by=boss.id, assign_to=[trainee.id])
    table_attempt = db.execute("SELECT max(id) FROM answers").fetchone()[0]
    db.close()
    yield {"trainee": trainee.id, "exam": exam.id, "table_attempt": table_attempt,
           "table_session": session.id}


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport=PHONE)
    yield context.new_page()
    context.close()


SUPERVISOR_PAGES = ["/supervisor/", "/supervisor/attempts", "/supervisor/trainees/{trainee}",
                    "/supervisor/accounts/", "/supervisor/exams/", "/supervisor/exams/new",
                    "/supervisor/exams/{exam}", "/attempts/{table_attempt}"]


def test_no_console_page_runs_past_a_phone_s_screen(phone: Any, live_server: LiveServer,
                                                    world: dict[str, int]) -> None:
    """Every column of a wide table is on screen (each row reads as a card), with its
    actions: a supervisor on a phone can still replay an attempt or deactivate a trainee."""
    login(phone, live_server, "narrow")
    for path in (p.format(**world) for p in SUPERVISOR_PAGES):
        phone.goto(f"{live_server.url}{path}")
        assert phone.evaluate(OFF_SCREEN) == [], path
        assert phone.evaluate("document.documentElement.scrollWidth") == PHONE["width"], path
    phone.goto(f"{live_server.url}/supervisor/attempts")
    replay = phone.locator("table.log a", has_text="Replay").first
    assert replay.is_visible() and replay.bounding_box()["x"] < PHONE["width"]
    assert phone.locator("table.log td[data-label=Expected]").first.evaluate(
        "td => getComputedStyle(td).display") == "block"
    phone.goto(f"{live_server.url}/supervisor/accounts/")
    deactivate = phone.locator(f"tr[data-account={LONG_NAME}] button", has_text="Deactivate")
    box = deactivate.bounding_box()
    assert box is not None and box["x"] + box["width"] <= PHONE["width"]


def test_the_trainee_pages_fit_a_phone(phone: Any, live_server: LiveServer,
                                       world: dict[str, int]) -> None:
    """Home (its drill table and the long drill names in its select), the exams, the
    summary of a seven-box table answered wrong (its mistake replayed), and a drill of one."""
    login(phone, live_server, LONG_NAME)
    for path in ("/", "/exams/", f"/drills/{world['table_session']}/summary"):
        phone.goto(f"{live_server.url}{path}")
        assert phone.evaluate(OFF_SCREEN) == [], path
    assert phone.locator("article.mistake .felt.wide").count() == 1  # the summary's replay
    phone.goto(f"{live_server.url}/")
    phone.click("tr[data-family='table-settlement'] button")
    phone.wait_for_selector("form.answer")
    assert phone.evaluate(OFF_SCREEN) == []


def test_the_console_tables_fit_a_tablet_held_upright(browser: Any, live_server: LiveServer,
                                                      world: dict[str, int]) -> None:
    """At 820 x 1180 the tables stay inside their panel's padding, the long username
    included; only names and answers break inside a word, and the heat map of every drill
    keeps its 12 px figures (it scrolls in its box instead of shrinking)."""
    context = browser.new_context(viewport=TABLET)
    page = context.new_page()
    login(page, live_server, "narrow")
    for path in ("/supervisor/attempts", "/supervisor/accounts/", "/supervisor/",
                 f"/supervisor/trainees/{world['trainee']}", "/supervisor/exams/"):
        page.goto(f"{live_server.url}{path}")
        overflow = page.evaluate("""() => [...document.querySelectorAll('.console table')]
            .map(t => { const panel = t.closest('.console');
                        return t.getBoundingClientRect().right - panel.getBoundingClientRect()
                          .right + parseFloat(getComputedStyle(panel).paddingRight); })""")
        assert overflow and max(overflow) <= 0, (path, overflow)
        assert page.evaluate(BROKEN_WORDS) == [], path
    page.goto(f"{live_server.url}/supervisor/")
    heat = page.locator("svg.heat-map")
    assert heat.evaluate("svg => svg.getBoundingClientRect().width") == float(
        heat.get_attribute("width") or 0)
    hint = page.locator("[data-scroll-hint]")  # a touch screen shows no scroll bar: say so
    hint.wait_for(state="visible")
    page.set_viewport_size({"width": 1280, "height": 800})  # the whole map fits: no hint
    hint.wait_for(state="hidden")
    page.set_viewport_size(TABLET)
    hint.wait_for(state="visible")
    # a screen where every square fits and only the labels' margin runs past: no hint
    cells_end, margin = page.evaluate("""() => {
        const box = document.querySelector('[data-chart=heat]');
        const left = box.querySelector('svg').getBoundingClientRect().left;
        const ends = [...box.querySelectorAll('.cell')].map(c => c.getBoundingClientRect().right);
        return [Math.max(...ends) - left, window.innerWidth - box.clientWidth]; }""")
    page.set_viewport_size({"width": int(cells_end + margin) + 6, "height": 1180})
    hint.wait_for(state="hidden")
    assert page.evaluate("""() => { const box = document.querySelector('[data-chart=heat]');
        return box.scrollWidth > box.clientWidth; }""")  # it does scroll, by a margin
    page.set_viewport_size(TABLET)
    page.locator(f"svg.heat-map a g.cell[data-row='{world['trainee']}']"
                 "[data-column='dealer-draw']").click()  # a square: those answers, in full
    page.wait_for_url(re.compile(r"family=dealer-draw#log$"))
    assert page.locator("#log").is_visible()
    assert page.locator("table.log tbody tr").count() == 1
    assert "Dealer draws" in page.locator("table.log tbody").inner_text()
    for width, height in ((820, 1180), (1280, 800)):  # Replay is never broken either
        page.set_viewport_size({"width": width, "height": height})
        page.goto(f"{live_server.url}/supervisor/attempts")
        lines = page.evaluate("""() => [...document.querySelectorAll(
            '.log a[href^="/attempts/"]')].map(e => e.getClientRects().length)""")
        assert lines and set(lines) == {1}, (width, lines)
    context.close()


def test_a_big_single_bet_fits_a_phone(phone: Any, live_server: LiveServer) -> None:
    """988 on one box is seventeen chips: on a phone they overlap, the amount beside them,
    and neither the question nor its feedback scrolls sideways."""
    session, text = one_question_session(live_server, "classic-single-deck", "even-money",
                                         "hard", 17)
    assert json.loads(text)["table"]["hands"][0]["bet"] == "988"
    login(phone, live_server, "tina")
    phone.goto(f"{live_server.url}/drills/{session.id}")
    phone.wait_for_selector("#drill[data-state=question]")
    assert phone.locator("#drill .stack .chip").count() >= 12
    assert phone.evaluate(OFF_SCREEN) == []
    assert phone.evaluate("document.documentElement.scrollWidth") == PHONE["width"]
    phone.fill("#drill input[name=amount]", "988")
    phone.click("#drill form.answer .amount-row button[type=submit]")
    phone.wait_for_selector("#drill[data-state=feedback]")
    assert phone.evaluate(OFF_SCREEN) == []


def test_a_certificate_of_a_long_name_fits_a_phone_and_the_page(phone: Any,
                                                                 live_server: LiveServer,
                                                                 world: dict[str, int]) -> None:
    """The long-named trainee passes the long-titled exam on a phone; the certificate's
    name wraps on screen and on A4 paper instead of running off both."""
    login(phone, live_server, LONG_NAME)
    phone.click(f"[data-exam='{world['exam']}'] [data-exam-start]")
    for position in range(2):
        phone.wait_for_selector(f"[data-state=exam-question][data-position='{position}']")
        assert phone.evaluate(OFF_SCREEN) == []
        # a tap at once where the last one landed would be taken for that tap again
        phone.wait_for_timeout(TAP_AGAIN_MS)
        phone.click(f"button[name=choice][value={pending_expected(live_server)}]")
    phone.wait_for_url(re.compile(r"/result$"))
    assert phone.inner_text("[data-outcome]") == "Passed"
    phone.click("[data-certificate]")
    phone.wait_for_selector(".cert-name")
    assert phone.evaluate("document.documentElement.scrollWidth") == PHONE["width"]
    phone.emulate_media(media="print")
    phone.set_viewport_size({"width": 718, "height": 1000})  # A4 less its margins, at 96 dpi
    assert phone.evaluate("document.documentElement.scrollWidth") == 718


# Where an element lies on the page and on the screen: its top on the page as laid out
# (sticky offsets left out), and its bottom on the screen now.
PLACED = """selector => { const el = document.querySelector(selector);
  let top = 0; for (let e = el; e; e = e.offsetParent) top += e.offsetTop;
  return [top + el.offsetHeight, el.getBoundingClientRect().bottom]; }"""


@pytest.mark.parametrize(("viewport", "house", "family", "send"), [
    ({"width": 820, "height": 900}, "spanish-21", "spanish-21-bonus",
     ".chip-send button[type=submit]"),
    ({"width": 1366, "height": 768}, "russian-casino", "table-settlement",
     "fieldset.nets button[type=submit]"),
])
def test_the_button_that_sends_a_long_question_stays_on_screen(
        browser: Any, live_server: LiveServer, viewport: dict[str, int], house: str,
        family: str, send: str) -> None:
    """A tray of chips on a tablet, seven boxes on a PC: the answer's button lies below
    the screen as the page opens at its first field, so it stays at the screen's bottom
    edge; after the answer, Next does."""
    session, text = one_question_session(live_server, house, family, "hard", 5)
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    login(page, live_server, "tina")
    page.goto(f"{live_server.url}/drills/{session.id}")
    page.wait_for_selector("#drill[data-state=question]")
    page.wait_for_load_state()  # the first field focused, the felt kept in view
    laid_out, on_screen = page.evaluate(PLACED, f"#drill {send}")
    assert laid_out > viewport["height"]  # the question is long enough to test it
    assert on_screen <= viewport["height"], (laid_out, on_screen)
    question = json.loads(text)
    if family == "table-settlement":
        for index, net in enumerate(str(question["expected"]).split(";")):
            page.fill(f"input[name=net-{index}]", net.strip())
    else:
        assert question["answer_kind"] == "chips"
        for chip, count in chip_counts(question, question["chips"]).items():
            page.fill(f"input[name='chip-{chip}']", str(count))
    page.click(f"#drill {send}")
    page.wait_for_selector("[data-state=feedback] .verdict.right")
    bottom = page.evaluate(
        "document.querySelector('[data-state=feedback] [data-next]').getBoundingClientRect()"
        ".bottom")
    assert bottom <= viewport["height"]
    context.close()


# Scroll the first field to the screen's bottom edge, where the stuck bar lies; then the
# bar's box, and the boxes of the fields it lies over.
BEHIND_THE_BAR = """([bar, fields]) => {
  for (const words of document.querySelectorAll("#drill details")) words.open = true;
  const first = document.querySelector(fields).getBoundingClientRect();
  window.scrollBy(0, (first.top + first.bottom) / 2 - (window.innerHeight - 20));
  const strip = document.querySelector(bar);
  const b = strip.getBoundingClientRect();
  const behind = [...document.querySelectorAll(fields)].map(e => e.getBoundingClientRect())
    .filter(r => r.bottom > b.top && r.top < b.bottom)
    .map(r => [r.left, r.right]);
  return {bar: [b.left, b.right, b.bottom], behind, background:
          getComputedStyle(strip).backgroundColor};
}"""


@pytest.mark.parametrize(("house", "family", "bar", "fields"), [
    ("blackjack-switch", "table-settlement", "fieldset.nets > .send-bar",
     "fieldset.nets input"),
    ("russian-casino", "even-money", ".chip-builder .chip-send",
     ".chip-builder input, .chip-builder .chip"),
])
def test_a_stuck_answer_bar_hides_the_fields_it_covers_whole(
        browser: Any, live_server: LiveServer, house: str, family: str, bar: str,
        fields: str) -> None:
    """On a tablet the bar that sends the answer stays at the screen's bottom edge over the
    fields still below it: it spans the form and is opaque, so no field lies half seen
    beside the button (a tap on that half pressed the button and sent the answer)."""
    session, text = one_question_session(live_server, house, family, "hard", 5)
    if family == "even-money":
        assert json.loads(text)["answer_kind"] == "chips"
    context = browser.new_context(viewport={"width": 768, "height": 1024}, has_touch=True)
    page = context.new_page()
    login(page, live_server, "tina")
    page.goto(f"{live_server.url}/drills/{session.id}")
    page.wait_for_selector("#drill[data-state=question]")
    page.wait_for_load_state()
    placed = page.evaluate(BEHIND_THE_BAR, [f"#drill {bar}", f"#drill {fields}"])
    left, right, bottom = placed["bar"]
    assert bottom == 1024  # stuck at the screen's bottom edge
    assert placed["behind"], placed  # over a row of fields
    assert all(left <= a and b <= right for a, b in placed["behind"]), placed
    assert placed["background"] == "rgb(255, 255, 255)"
    context.close()
