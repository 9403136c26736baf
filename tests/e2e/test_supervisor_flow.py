"""The supervisor console in a real browser (Debian chromium, JavaScript on).

A supervisor creates a trainee and an exam; the trainee drills a little and
passes the exam; the supervisor sees the result, the charts and the
certificate, and exports both CSV files.
"""

from __future__ import annotations

import csv
import json
import re
from pathlib import Path
from typing import Any

from tests.dealt import dealt_body, issue_kept
from trainer.db import connect, questions
from trainer.db import exams as exams_db
from trainer.db.users import create_user
from trainer.web.auth import hash_password

from .conftest import PASSWORD, TAP_AGAIN_MS, LiveServer

NEW_PASSWORD = "new trainee pw"


def login(page: Any, server: LiveServer, username: str, password: str = PASSWORD) -> None:
    page.goto(f"{server.url}/login")
    page.fill("#username", username)
    page.fill("#password", password)
    page.click("form.login button[type=submit]")
    page.wait_for_selector("text=Hello, " + username)


def logout(page: Any) -> None:
    page.click(".topbar form button[type=submit]")
    page.wait_for_selector("form.login")


def pending_expected(server: LiveServer) -> str:
    """The expected answer of the exam question on screen, as the server stored it."""
    db = connect(server.database)
    try:
        sitting = db.execute("SELECT max(id) FROM exam_sittings").fetchone()[0]
        question = exams_db.pending_answer(db, int(sitting))
        assert question is not None
        return str(json.loads(dealt_body(question))["expected"])
    finally:
        db.close()


def pending_drill_expected(server: LiveServer) -> str:
    db = connect(server.database)
    try:
        row = db.execute("SELECT session_id FROM questions q WHERE shown_ms IS NOT NULL"
                         " AND session_id IS NOT NULL AND NOT EXISTS"
                         " (SELECT 1 FROM answers a WHERE a.question_id = q.id)"
                         " ORDER BY id DESC LIMIT 1").fetchone()
        question = questions.pending_question(db, int(row[0]))
        assert question is not None
        return str(json.loads(dealt_body(question))["expected"])
    finally:
        db.close()


def read_csv(download: Any) -> list[dict[str, str]]:
    path = Path(download.path())
    with path.open(newline="", encoding="utf-8") as file:
        return list(csv.DictReader(file))


def test_supervisor_console_end_to_end(browser: Any, live_server: LiveServer) -> None:
    db = connect(live_server.database)
    create_user(db, "boss", "supervisor", hash_password(PASSWORD, "pbkdf2:sha256:1000"))
    db.close()
    live_server.app.config["PASSWORD_HASH_METHOD"] = "pbkdf2:sha256:1000"
    context = browser.new_context(viewport={"width": 1280, "height": 900}, accept_downloads=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))

    # the supervisor creates a trainee (a duplicate name is a field error first)
    login(page, live_server, "boss")
    page.click("nav >> text=Supervisor")
    page.wait_for_selector("text=Supervisor dashboard")
    page.click(".console-nav >> text=Accounts")
    page.fill("#username", "tina")
    page.fill("#password", NEW_PASSWORD)
    page.fill("#confirm", NEW_PASSWORD)
    page.click(".account-form button[type=submit]")
    page.wait_for_selector("text=The username 'tina' is taken.")
    page.fill("#username", "dana")
    page.fill("#password", NEW_PASSWORD)
    page.fill("#confirm", NEW_PASSWORD)
    page.click(".account-form button[type=submit]")
    page.wait_for_selector("[data-account=dana]")

    # ... and an exam, after a bad pass mark is refused beside its field
    page.click(".console-nav >> text=Exams")
    page.click("text=New exam")
    page.fill("#title", "Europoker dealer draw")
    page.check("#houses-field input[value=europoker]")
    page.check("#families-field input[value=dealer-draw]")
    page.fill("#questions", "3")
    page.fill("#pass_mark", "120")
    page.fill("#time_limit_s", "60")
    page.fill("#attempts_allowed", "2")
    page.check("#trainees-field li:has(label:text-is('dana')) input")
    page.click(".exam-form button[type=submit]")
    page.wait_for_selector("text=A pass mark is between 1 and 100 %.")
    page.fill("#pass_mark", "80")
    page.click(".exam-form button[type=submit]")
    page.wait_for_selector("h1:text('Europoker dealer draw')")
    assert page.locator("[data-trainee=dana]").count() == 1
    # one more trainee, ticked alone among the others: the browser lets the form go
    assert page.locator(".checks input[type=checkbox]").count() > 1
    page.check(".checks li:has(label:text-is('tom')) input")
    page.click("form:has(.checks) button[type=submit]")
    page.wait_for_selector("[data-trainee=tom]")
    assert page.locator("[data-trainee]").count() == 2
    logout(page)

    # the trainee drills two questions, then sits the exam: no feedback until the end
    login(page, live_server, "dana", NEW_PASSWORD)
    page.select_option("#house", "europoker")
    page.select_option("#family", "dealer-draw")
    page.fill("#length", "2")
    page.click(".start-form button[type=submit]")
    for position in range(2):
        page.wait_for_selector(f"[data-state=question][data-position='{position}']")
        expected = pending_drill_expected(live_server)
        wrong = "stand" if expected == "hit" else "hit"
        page.click(f"button[name=choice][value={expected if position == 0 else wrong}]")
        page.wait_for_selector("[data-state=feedback]")
        page.click("[data-next]")
    page.wait_for_selector("#summary")
    page.goto(f"{live_server.url}/")
    assert "Europoker dealer draw" in page.inner_text("#assigned-exams")
    page.click("[data-exam-start]")
    for position in range(3):
        page.wait_for_selector(f"[data-state=exam-question][data-position='{position}']")
        assert page.locator(".verdict").count() == 0
        assert "s left" in page.inner_text("[data-exam-clock]")
        # a tap at once where the last one landed would be taken for that tap again
        page.wait_for_timeout(TAP_AGAIN_MS)
        page.click(f"button[name=choice][value={pending_expected(live_server)}]")
    page.wait_for_selector("[data-outcome]")
    assert page.inner_text("[data-outcome]") == "Passed"
    assert "3 of 3 right (100%)" in page.inner_text("[data-score]")
    assert page.locator(".review-item").count() == 3
    page.click("[data-certificate]")
    page.wait_for_selector(".certificate")
    assert page.inner_text("[data-trainee]") == "dana"
    logout(page)

    # the supervisor sees the result, the charts, the certificate; exports CSV
    login(page, live_server, "boss")
    page.goto(f"{live_server.url}/supervisor/")
    row = page.locator("tr[data-trainee=dana]")
    assert row.locator(".attempts").inner_text() == "2"
    assert "50%" in row.locator(".accuracy").inner_text()
    assert page.locator("svg.heat-map g.cell[data-column=dealer-draw]").count() >= 1
    results = page.locator("table.results").inner_text()
    assert "dana" in results and "3/3 (100%)" in results and "pass" in results
    # the filters swap the dashboard in place (htmx) and keep the URL
    page.select_option("#house", "spanish-21")
    page.click("form.filters button[type=submit]")
    page.wait_for_url(re.compile(r"house=spanish-21"))
    page.wait_for_selector("tr[data-trainee=dana] .attempts:text-is('0')")
    page.select_option("#house", "europoker")
    page.click("form.filters button[type=submit]")
    page.wait_for_selector("tr[data-trainee=dana] .attempts:text-is('2')")
    with page.expect_download() as download:
        page.click("[data-export=attempts]")
    attempts = read_csv(download.value)
    assert [r["trainee"] for r in attempts] == ["dana", "dana"]
    assert sorted(r["correct"] for r in attempts) == ["no", "yes"]
    with page.expect_download() as download:
        page.click("[data-export=exam-results]")
    exam_rows = read_csv(download.value)
    assert [(r["trainee"], r["score_percent"], r["passed"]) for r in exam_rows] == [
        ("dana", "100", "yes")]

    page.click("tr[data-trainee=dana] a:text-is('dana')")
    page.wait_for_selector("[data-chart=accuracy] svg.line-chart")
    assert page.locator("[data-chart=accuracy] circle.point").count() == 1
    assert page.locator("[data-chart=accuracy] circle.point").get_attribute("data-value") == "50%"
    assert page.locator("table.log tr[data-attempt]").count() == 2
    page.click("table.log tr.wrong >> text=Replay")
    page.wait_for_selector(".replay .felt .card")
    assert page.inner_text(".replay .verdict h2") == "Wrong"
    assert "EuroPoker online: " in page.inner_text(".replay .rule")
    page.go_back()
    page.click("table.results >> text=Certificate")
    page.wait_for_selector(".certificate")
    certificate = page.inner_text(".certificate")
    for text in ("dana", "Europoker dealer draw", "3 of 3 (100%)", "Date:"):
        assert text in certificate
    assert page.locator(".certificate [data-house=europoker]").count() == 1
    page.emulate_media(media="print")
    assert not page.is_visible(".topbar")
    assert page.is_visible(".certificate")
    assert errors == []
    context.close()


def test_exam_and_console_without_javascript(browser: Any, live_server: LiveServer) -> None:
    db = connect(live_server.database)
    nojs = create_user(db, "eve", "trainee", hash_password(PASSWORD, "pbkdf2:sha256:1000"))
    boss = db.execute("SELECT id FROM users WHERE role = 'supervisor'").fetchone()
    if boss is None:
        boss_id = create_user(db, "boss2", "supervisor",
                              hash_password(PASSWORD, "pbkdf2:sha256:1000")).id
    else:
        boss_id = int(boss[0])
    exam = exams_db.create_exam(db, title="No script exam", houses=["casino-classic"],
                                families=["dealer-draw"], difficulty="easy", questions=2,
                                pass_mark=50, time_limit_s=120, attempts_allowed=1,
                                created_by=boss_id, assign_to=[nojs.id])
    db.close()
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    login(page, live_server, "eve")
    page.click(f"[data-exam='{exam.id}'] [data-exam-start]")
    page.wait_for_selector("[data-state=exam-question][data-position='0']")
    page.click(f"button[name=choice][value={pending_expected(live_server)}]")
    page.wait_for_selector("[data-state=exam-question][data-position='1']")  # a real redirect
    expected = pending_expected(live_server)
    page.click(f"button[name=choice][value={'stand' if expected == 'hit' else 'hit'}]")
    page.wait_for_url(re.compile(r"/result$"))
    assert page.inner_text("[data-outcome]") == "Passed"  # 1 of 2 = 50%, the pass mark
    page.go_back()  # the back button cannot answer again
    page.goto(f"{live_server.url}/")
    assert "No attempts left" not in page.inner_text("#assigned-exams")
    assert "Passed (50%)" in page.inner_text("#assigned-exams")
    context.close()


def test_a_supervisor_allows_another_attempt_in_the_browser(browser: Any,
                                                             live_server: LiveServer) -> None:
    """Her one attempt failed; the supervisor gives a reason and allows one more, and the
    trainee's home offers Try again."""
    db = connect(live_server.database)
    fay = create_user(db, "fay", "trainee", hash_password(PASSWORD, "pbkdf2:sha256:1000"))
    boss = create_user(db, "boss3", "supervisor", hash_password(PASSWORD, "pbkdf2:sha256:1000"))
    exam = exams_db.create_exam(db, title="One go", houses=["europoker"],
                                families=["dealer-draw"], difficulty="easy", questions=1,
                                pass_mark=100, time_limit_s=120, attempts_allowed=1,
                                created_by=boss.id, assign_to=[fay.id])
    sitting = exams_db.start_sitting(db, exam, fay.id, seed=1)
    asked = issue_kept(db, sitting, 0, token="fay-0", house="europoker", family="dealer-draw",
                       seed=1, difficulty="easy", question_json="{}", issued_ms=1_000)
    exams_db.record_answer(db, asked, answer="hit", correct=False,
                           answered_ms=2_000, limit_ms=120_000, pass_mark=100)
    db.close()
    context = browser.new_context()
    page = context.new_page()
    login(page, live_server, "boss3")
    page.goto(f"{live_server.url}/supervisor/exams/{exam.id}")
    row = page.locator("tr[data-trainee=fay]")
    assert "failed" in row.inner_text()
    row.locator("[data-allow-attempt]").click()  # no reason: the browser asks for one
    assert page.url.endswith(f"/supervisor/exams/{exam.id}")
    assert page.locator("[data-grants]").count() == 0
    row.locator("[data-reason]").fill("Fire drill during the sitting")
    row.locator("[data-allow-attempt]").click()
    page.wait_for_selector("[data-grants]")
    assert "fay may sit 'One go' once more: 2 attempts allowed now." in page.inner_text("body")
    assert "boss3 allowed fay one more attempt. Why: Fire drill during the sitting" in (
        page.inner_text("[data-grants]"))
    assert "1 of 2 (1 added by a supervisor)" in row.inner_text()
    logout(page)
    login(page, live_server, "fay")
    assert "attempts 1 of 2." in page.inner_text("#assigned-exams")
    assert page.locator(f"[data-exam='{exam.id}'] [data-exam-start]").inner_text() == "Try again"
    context.close()
