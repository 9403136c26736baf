"""The supervisor console through the test client: every route by role, with htmx variants."""

from __future__ import annotations

import csv
import datetime
import html
import io
import json
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.dealt import dealt_body
from tests.web.conftest import FAST_HASH
from trainer.db import connect, drilling, now_ms, questions
from trainer.db import exams as exams_db
from trainer.db.questions import NewQuestion
from trainer.db.users import create_user
from trainer.drills import DEAL_VERSION, generate
from trainer.web.auth import hash_password

HX = {"HX-Request": "true", "HX-Current-URL": "http://localhost/supervisor/"}

GET_ROUTES = [
    "/supervisor/",
    "/supervisor/?date_from=2026-01-01&date_to=2026-12-31&house=europoker",
    "/supervisor/trainees/{tina}",
    "/supervisor/trainees/{tina}?family=dealer-draw&result=wrong",
    "/supervisor/attempts",
    "/supervisor/attempts?trainee={tina}&result=right",
    "/supervisor/readiness",
    "/supervisor/readiness?house=russian-casino&ready=1",
    "/supervisor/accounts/",
    "/supervisor/accounts/{tina}/password",
    "/supervisor/exams/",
    "/supervisor/exams/new",
    "/supervisor/exams/{exam}",
    "/supervisor/sittings/{sitting}",
    "/supervisor/export/attempts.csv",
    "/supervisor/export/exam-results.csv",
]
POST_ROUTES = [
    "/supervisor/accounts/",
    "/supervisor/accounts/{tom}/password",
    "/supervisor/accounts/{tom}/active",
    "/supervisor/exams/new",
    "/supervisor/exams/{exam}/assign",
]


def ids(app: Flask) -> dict[str, int]:
    db = connect(app.config["DATABASE"])
    try:
        found = {name: int(i) for i, name in db.execute("SELECT id, username FROM users")}
        exam = db.execute("SELECT max(id) FROM exams").fetchone()[0]
        sitting = db.execute("SELECT max(id) FROM exam_sittings").fetchone()[0]
        return found | {"exam": int(exam or 0), "sitting": int(sitting or 0)}
    finally:
        db.close()


def seed(app: Flask, answers: dict[str, list[bool]], house: str = "europoker",
         family: str = "dealer-draw", day: str | None = None) -> None:
    """Attempts straight into the database: each trainee's right/wrong answers in order."""

    db = connect(app.config["DATABASE"])
    shown_ms = now_ms() - 60_000  # each question shown a minute ago, answered 2 s on and more
    if day:  # at that time of ``day``
        shown_ms = shown_ms % 86_400_000 + day_ms(day)
    try:
        for name, marks in answers.items():
            uid = int(db.execute("SELECT id FROM users WHERE username = ?", [name]).fetchone()[0])
            session = drilling.start_session(db, uid, house, family, "easy", len(marks), 7)
            questions.store_questions(db, session, [
                NewQuestion(i, family, "easy", i, generate(house, family, i, "easy").expected_text,
                            f"t-{session.id}-{i}", DEAL_VERSION) for i in range(len(marks))])
            for i, right in enumerate(marks):
                stored = questions.question_at(db, session.id, i)
                assert stored is not None
                questions.show_question(db, stored.id, shown_ms)
                q = questions.question_at(db, session.id, i)
                assert q is not None
                expected = json.loads(dealt_body(q))["expected"]
                drilling.record_attempt(db, q, answer=expected if right else "=cmd()",
                                        correct=right,
                                        answered_ms=shown_ms + 2_000 + 1_000 * i,
                                        session_length=len(marks))
    finally:
        db.close()


def day_ms(day: str) -> int:
    """The first millisecond of a UTC day ``YYYY-MM-DD``."""
    return int(datetime.datetime.fromisoformat(f"{day}T00:00:00+00:00").timestamp()) * 1000


def make_exam(app: Flask, title: str = "Dealer draw check",
              trainee: str = "tina") -> tuple[int, int]:
    """An exam assigned to tina (or ``trainee``), sat and passed (3 of 3)."""
    db = connect(app.config["DATABASE"])
    try:
        uid = int(db.execute("SELECT id FROM users WHERE username = ?", [trainee]).fetchone()[0])
        sue = int(db.execute("SELECT id FROM users WHERE username = 'sue'").fetchone()[0])
        exam = exams_db.create_exam(db, title=title, houses=["europoker"],
                                    families=["dealer-draw"], difficulty="default", questions=1,
                                    pass_mark=50, time_limit_s=30, attempts_allowed=1,
                                    created_by=sue, assign_to=[uid])
        sitting = exams_db.start_sitting(db, exam, uid, 5)
        dealt = generate("europoker", "dealer-draw", 1, "easy")
        q = exams_db.issue(db, sitting, NewQuestion(0, "dealer-draw", "easy", 1,
                                                    dealt.expected_text, f"tok-{exam.id}",
                                                    DEAL_VERSION),
                           "europoker", issued_ms=1_000)
        assert q is not None
        exams_db.record_answer(db, q, answer=dealt.answer_text, correct=True,
                               answered_ms=2_500, limit_ms=32_000,
                               pass_mark=50)
        return exam.id, sitting.id
    finally:
        db.close()


@pytest.fixture
def world(app: Flask) -> dict[str, int]:
    seed(app, {"tina": [True, True, False, True], "tom": [False, True]})
    seed(app, {"tina": [False]}, family="blackjack-payout")
    make_exam(app)
    return ids(app)


# ------------------------------------------------------------------ roles


@pytest.mark.parametrize("route", GET_ROUTES)
def test_anonymous_get_goes_to_login(client: FlaskClient, world: dict[str, int],
                                     route: str) -> None:
    url = route.format(**world)
    response = client.get(url)
    assert response.status_code == 302
    assert response.headers["Location"].startswith("/login?next=")
    htmx = client.get(url, headers=HX)
    assert htmx.status_code == 401
    assert htmx.headers["HX-Redirect"].startswith("/login?next=")


@pytest.mark.parametrize("route", GET_ROUTES)
def test_trainee_is_refused(client: FlaskClient, auth: Any, world: dict[str, int],
                            route: str) -> None:
    auth.login("tina")
    assert client.get(route.format(**world)).status_code == 403
    assert client.get(route.format(**world), headers=HX).status_code == 403


@pytest.mark.parametrize("route", GET_ROUTES)
def test_supervisor_gets_every_page(client: FlaskClient, auth: Any, world: dict[str, int],
                                    route: str) -> None:
    auth.login("sue")
    response = client.get(route.format(**world))
    assert response.status_code == 200


@pytest.mark.parametrize("route", POST_ROUTES)
def test_posts_need_a_supervisor_and_csrf(app: Flask, client: FlaskClient, auth: Any,
                                          world: dict[str, int], route: str) -> None:
    url = route.format(**world)
    assert client.post(url).status_code in (302, 401)  # anonymous: log in
    auth.login("tina")
    token = auth.csrf("/")
    assert client.post(url, data={"csrf_token": token}).status_code == 403
    client.post("/logout", data={"csrf_token": token})
    auth.login("sue")
    refused = client.post(url, data={"password": "long enough", "active": "0"})
    assert refused.status_code == 400  # no CSRF token
    db = connect(app.config["DATABASE"])
    assert db.execute("SELECT active FROM users WHERE username = 'tom'").fetchone()[0] == 1
    db.close()


@pytest.mark.parametrize("fragment,marker", [
    ("/supervisor/", "Supervisor dashboard"),
    ("/supervisor/attempts", "Attempt log"),
    ("/supervisor/trainees/{tina}", "Accuracy over time"),
    ("/supervisor/exams/", "New exam"),
    ("/supervisor/accounts/", "Create an account"),
])
def test_htmx_gets_the_fragment_only(client: FlaskClient, auth: Any, world: dict[str, int],
                                     fragment: str, marker: str) -> None:
    auth.login("sue")
    response = client.get(fragment.format(**world), headers=HX)
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert html.lstrip().startswith('<section id="console"')
    assert marker in html and "<html" not in html
    full = client.get(fragment.format(**world)).get_data(as_text=True)
    assert "<html" in full and 'class="console-nav' in full


def test_replay_is_for_its_trainee_and_supervisors(client: FlaskClient, auth: Any,
                                                   world: dict[str, int]) -> None:
    assert client.get("/attempts/1").status_code == 302
    auth.login("tom")
    assert client.get("/attempts/1").status_code == 404  # tina's: as if there were none
    tom_attempt = 5
    assert client.get(f"/attempts/{tom_attempt}").status_code == 200
    client.post("/logout", data={"csrf_token": auth.csrf("/")})
    auth.login("tina")
    html = client.get("/attempts/3").get_data(as_text=True)
    assert "Wrong" in html and "=cmd()" in html  # escaped, shown as text
    client.post("/logout", data={"csrf_token": auth.csrf("/")})
    auth.login("sue")
    response = client.get("/attempts/3")
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert 'class="felt"' in html and 'data-card="' in html  # the trainee pages' cards
    assert "EuroPoker online" in html  # the house, by its title
    assert 'class="given">=cmd()' in html and 'class="expected">' in html
    right = client.get("/attempts/1").get_data(as_text=True)
    assert "EuroPoker online: the dealer " in right  # the rule, checked again
    assert re.search(r'class="(under|over)-par">[\d.]+ s</span>, (within|over) the par of', html)
    assert client.get("/attempts/999").status_code == 404


# ------------------------------------------------------------------ dashboard


def test_dashboard_table_and_heat_map(client: FlaskClient, auth: Any,
                                      world: dict[str, int]) -> None:
    auth.login("sue")
    html = client.get("/supervisor/").get_data(as_text=True)
    row = re.search(r'<tr data-trainee="tina">(.*?)</tr>', html, re.S)
    assert row
    assert '<td class="attempts" data-label="Attempts">5</td>' in row.group(1)
    assert "60%" in row.group(1) and "(3/5)" in row.group(1)
    # the median against par in words, not by colour alone (answers of 2, 2, 3, 4 and 5 s:
    # the rollups' time bins put the median halfway into the 3-4 s bin)
    assert ('<td data-label="Median time against par"><span class="over-par">3.5 s</span>,'
            ' over the par of 3.0 s</td>') in row.group(1)
    assert 'data-trainee="tom"' in html
    assert '<svg' in html and 'class="chart heat-map"' in html
    assert f'data-row="{world["tina"]}" data-column="dealer-draw" data-value="75%"' in html
    assert f'data-row="{world["tina"]}" data-column="blackjack-payout" data-value="0%"' in html
    assert f'data-row="{world["tom"]}" data-column="dealer-draw" data-value="50%"' in html
    assert (f'<a href="/supervisor/trainees/{world["tina"]}?family=dealer-draw#log">'
            f'<g class="cell" data-row="{world["tina"]}" data-column="dealer-draw"') in html
    assert "Dealer draw check" in html  # latest exam results
    assert "<script" not in html.split("</head>")[1]  # no inline (or any body) script


def test_a_trainee_drilled_only_in_a_retired_family_has_no_par(
        app: Flask, client: FlaskClient, auth: Any, world: dict[str, int]) -> None:
    """Attempts of a family the app no longer lists (old data) still load the dashboard:
    their median time shows, their par (which no family gives) reads "–"."""
    db = connect(app.config["DATABASE"])
    db.execute("UPDATE questions SET family = 'retired-drill' WHERE id IN"
               " (SELECT question_id FROM answers WHERE user_id = ?)", [world["tom"]])
    for rollup in ("drill_days", "drill_totals"):
        db.execute(f"UPDATE {rollup} SET family = 'retired-drill' WHERE user_id = ?",
                   [world["tom"]])
    db.conn.commit()
    db.close()
    auth.login("sue")
    response = client.get("/supervisor/")
    assert response.status_code == 200
    row = re.search(r'<tr data-trainee="tom">(.*?)</tr>', response.get_data(as_text=True), re.S)
    assert row and ">3.0 s, no par</td>" in row.group(1)  # 2 s and 3 s: from the time bins
    # its square is drawn but links nowhere: the trainee page has no such drill to filter by
    html = response.get_data(as_text=True)
    assert 'data-column="retired-drill"' in html and "family=retired-drill" not in html


def test_dashboard_filters(app: Flask, client: FlaskClient, auth: Any,
                           world: dict[str, int]) -> None:
    seed(app, {"tom": [True, True, True]}, house="casino-classic", day="2025-01-10")
    auth.login("sue")
    html = client.get("/supervisor/?house=casino-classic").get_data(as_text=True)
    row = re.search(r'<tr data-trainee="tom">(.*?)</tr>', html, re.S)
    assert row and '<td class="attempts" data-label="Attempts">3</td>' in row.group(1)
    assert (f'href="/supervisor/trainees/{world["tom"]}?house=casino-classic&amp;'
            'family=dealer-draw#log"') in html  # the cell's answers under the same filter
    html = client.get("/supervisor/?date_from=2025-01-01&date_to=2025-01-31").get_data(
        as_text=True)
    tina = re.search(r'<tr data-trainee="tina">(.*?)</tr>', html, re.S)
    assert tina and '<td class="attempts" data-label="Attempts">0</td>' in tina.group(1)
    bad = client.get("/supervisor/?date_from=2099-02-01&date_to=2099-01-01")
    assert bad.status_code == 200
    page = bad.get_data(as_text=True)
    assert "The end date is before the start date." in page
    # the range is ignored as a whole: the start alone filtered out every answer
    backwards = re.search(r'<tr data-trainee="tina">(.*?)</tr>', page, re.S)
    assert backwards and '<td class="attempts" data-label="Attempts">5</td>' in backwards[1]
    # an end refused for another reason (out of range) leaves a good start applied
    far = client.get("/supervisor/?date_from=2099-02-01&date_to=3000-01-01").get_data(
        as_text=True)
    kept = re.search(r'<tr data-trainee="tina">(.*?)</tr>', far, re.S)
    assert kept and '<td class="attempts" data-label="Attempts">0</td>' in kept[1]
    everything = client.get("/supervisor/").get_data(as_text=True)
    period = re.compile(r'<p class="period">(.*?)\s*<a', re.S)
    assert period.findall(page) == period.findall(everything) != []
    assert "Not a valid date value" in client.get("/supervisor/?date_from=yesterday").get_data(
        as_text=True)


def test_dashboard_period_names_the_range_and_the_house(client: FlaskClient, auth: Any,
                                                       world: dict[str, int]) -> None:
    """The filters shown in words (the macro that draws the form shadowed them)."""
    auth.login("sue")
    html = client.get("/supervisor/?date_from=2026-11-22&date_to=2026-11-22&house=spanish-21"
                      ).get_data(as_text=True)
    period = re.search(r'<p class="period">(.*?)\.\s', html, re.S)
    assert period and period.group(1) == (
        "0 answers from 2026-11-22 to 2026-11-22 at Spanish 21")


def test_a_supervisors_own_drills_are_in_no_report(app: Flask, client: FlaskClient,
                                                    auth: Any, world: dict[str, int]) -> None:
    """Sue practised even money, which no trainee drilled: no log row, CSV row, count or
    heat-map column is hers (her name linked to a 404 trainee page)."""
    seed(app, {"sue": [True, False]}, family="even-money")
    auth.login("sue")
    log = client.get("/supervisor/attempts").get_data(as_text=True)
    assert len(re.findall(r"<tr data-attempt=", log)) == 7
    assert f"/supervisor/trainees/{world['sue']}" not in log
    assert {r["trainee"] for r in rows(client.get("/supervisor/export/attempts.csv"))} == {
        "tina", "tom"}
    assert len(rows(client.get("/supervisor/export/attempts.csv"))) == 7
    dashboard = client.get("/supervisor/").get_data(as_text=True)
    assert 'data-column="even-money"' not in dashboard
    assert "7 answers." in dashboard


def test_trainee_detail(client: FlaskClient, auth: Any, world: dict[str, int]) -> None:
    auth.login("sue")
    html = client.get(f"/supervisor/trainees/{world['tina']}").get_data(as_text=True)
    assert 'class="chart line-chart"' in html
    assert "60%" in html  # 3 of 5
    weakest = re.search(r'<ol class="weakest">(.*?)</ol>', html, re.S)
    assert weakest
    assert weakest.group(1).index("blackjack-payout") < weakest.group(1).index("dealer-draw")
    assert html.count("data-attempt=") == 5
    assert "Dealer draw check" in html  # the exam sitting
    only_wrong = client.get(f"/supervisor/trainees/{world['tina']}?result=wrong").get_data(
        as_text=True)
    assert only_wrong.count("data-attempt=") == 2
    assert client.get("/supervisor/trainees/999").status_code == 404
    assert client.get(f"/supervisor/trainees/{world['sue']}").status_code == 404  # a supervisor


def test_trainee_chart_names_its_period(app: Flask, client: FlaskClient, auth: Any,
                                        world: dict[str, int]) -> None:
    """The chart is the last 30 days unless dates are chosen, while the figures beside it
    cover every answer: the page says which days it draws."""
    app.config["TODAY"] = "2026-11-30"
    auth.login("sue")
    html = client.get(f"/supervisor/trainees/{world['tina']}").get_data(as_text=True)
    assert re.search(r"<h2>Accuracy over time <small[^>]*>per day, "
                     r"\d{4}-\d\d-\d\d to 2026-11-30</small></h2>", html)


def test_attempt_log_filters_and_pages(app: Flask, client: FlaskClient, auth: Any,
                                       world: dict[str, int]) -> None:
    seed(app, {"tom": [True] * 60})
    auth.login("sue")
    for path in ("/supervisor/attempts", f"/supervisor/trainees/{world['tom']}"):
        base = f"{path}?trainee={world['tom']}"
        first = client.get(base).get_data(as_text=True)
        ids = re.findall(r'data-attempt="(\d+)"', first)
        assert len(ids) == 50 and "Newer</a>" not in first and "data-log-count>(62)" in first
        older = re.search(r'href="([^"]*older=(\d+-\d+))">Older</a>', first)
        assert older and older[2].endswith(f"-{ids[-1]}")  # after the page's last row
        second = client.get(html.unescape(older[1])).get_data(as_text=True)
        rest = re.findall(r'data-attempt="(\d+)"', second)
        assert len(rest) == 12 and not set(rest) & set(ids) and "Older</a>" not in second
        newer = re.search(r'href="([^"]*newer=\d+-\d+)">Newer</a>', second)
        assert newer
        back = client.get(html.unescape(newer[1])).get_data(as_text=True)
        assert re.findall(r'data-attempt="(\d+)"', back) == ids
        for stale in ("older=1-1", "newer=99999999999999-1", "older=" + "1" * 30 + "-1",
                      "older=abc", "newer=-5"):  # past either end, or no cursor: the newest
            page = client.get(f"{base}&{stale}").get_data(as_text=True)
            assert re.findall(r'data-attempt="(\d+)"', page) == ids, stale
    wrong = client.get("/supervisor/attempts?result=wrong&family=dealer-draw").get_data(
        as_text=True)
    assert wrong.count("data-attempt=") == 2



def test_the_trainee_page_says_what_each_filter_narrows(client: FlaskClient, auth: Any,
                                                        world: dict[str, int]) -> None:
    """Drill and result narrow the log only: the figures above it say so, and stay whole."""
    auth.login("sue")
    html = client.get(f"/supervisor/trainees/{world['tina']}?family=dealer-draw&result=wrong"
                      ).get_data(as_text=True)
    assert ("the drill and the result narrow the attempt log only. Exam sittings are all"
            " listed.") in html
    assert "accuracy (3 of 5)" in html and html.count("data-attempt=") == 1


def test_the_attempt_log_names_houses_by_title(client: FlaskClient, auth: Any,
                                               world: dict[str, int]) -> None:
    auth.login("sue")
    for url in ("/supervisor/attempts", f"/supervisor/trainees/{world['tina']}"):
        html = client.get(url).get_data(as_text=True)
        assert set(re.findall(r'<td class="house" data-label="House">([^<]*)</td>', html)) == {
            "EuroPoker online"}, url


# ------------------------------------------------------------------ export


def rows(response: Any) -> list[dict[str, str]]:
    assert response.status_code == 200
    assert response.mimetype == "text/csv"
    assert response.headers["Content-Disposition"].startswith("attachment; filename=")
    return list(csv.DictReader(io.StringIO(response.get_data(as_text=True))))


def test_an_attempt_no_longer_dealt_still_replays_as_recorded(
        app: Flask, client: FlaskClient, auth: Any, world: dict[str, int]) -> None:
    """A drill or a house a later release dropped: the replay says the question can no
    longer be dealt and shows the answer as recorded, never an error."""
    db = connect(app.config["DATABASE"])
    db.execute("UPDATE questions SET family = 'retired-drill' WHERE id ="
               " (SELECT question_id FROM answers WHERE id = 1)")
    db.execute("UPDATE questions SET house = 'closed-casino' WHERE id ="
               " (SELECT question_id FROM answers WHERE id = 2)")
    db.conn.commit()
    db.close()
    auth.login("sue")
    retired = client.get("/attempts/1")
    assert retired.status_code == 200
    assert "can no longer be dealt: this release has no such drill or house" in (
        retired.get_data(as_text=True))
    assert "Right" in retired.get_data(as_text=True)
    closed = client.get("/attempts/2")
    assert closed.status_code == 200 and "can no longer be dealt" in closed.get_data(
        as_text=True)


def test_a_question_dealt_by_another_deal_version_replays_as_recorded(
        app: Flask, client: FlaskClient, auth: Any, world: dict[str, int]) -> None:
    """After an upgrade that deals its seed otherwise, an answer is shown as recorded, not
    beside another question dealt from the same seed."""
    db = connect(app.config["DATABASE"])
    db.execute("UPDATE questions SET dealt_by = dealt_by - 1 WHERE id ="
               " (SELECT question_id FROM answers WHERE id = 1)")
    db.conn.commit()
    db.close()
    auth.login("sue")
    html = client.get("/attempts/1").get_data(as_text=True)
    assert (f"can no longer be dealt: it was dealt by version {DEAL_VERSION - 1} of the drills,"
            f" and this release (version {DEAL_VERSION}) deals its seed otherwise") in html
    assert 'data-card="' not in html  # no cards dealt again from its seed
    assert "Right" in html  # the verdict as recorded


def test_export_attempts_with_filters(app: Flask, client: FlaskClient, auth: Any,
                                      world: dict[str, int]) -> None:
    auth.login("sue")
    everything = rows(client.get("/supervisor/export/attempts.csv"))
    assert len(everything) == 7
    assert {r["trainee"] for r in everything} == {"tina", "tom"}
    tina = rows(client.get(f"/supervisor/export/attempts.csv?trainee={world['tina']}"
                           "&family=dealer-draw&result=wrong"))
    assert len(tina) == 1
    assert tina[0]["answer"] == "'=cmd()"  # never a formula in a spreadsheet
    assert tina[0]["correct"] == "no" and tina[0]["house"] == "europoker"
    assert re.fullmatch(r"\d+\.\d{3}", tina[0]["seconds"])
    assert tina[0]["reported_wait_seconds"] == "0.000"
    assert tina[0]["set_aside_seconds"] == "0.000"
    db = connect(app.config["DATABASE"])
    db.execute("UPDATE questions SET set_aside_ms = 361250 WHERE id ="
               " (SELECT question_id FROM answers WHERE id = ?)", [tina[0]["attempt_id"]])
    db.conn.commit()
    db.close()
    again = rows(client.get(f"/supervisor/export/attempts.csv?trainee={world['tina']}"
                            "&family=dealer-draw&result=wrong"))
    assert again[0]["set_aside_seconds"] == "361.250"  # a break's restart, on record
    assert rows(client.get("/supervisor/export/attempts.csv?house=casino-classic")) == []
    assert rows(client.get("/supervisor/export/attempts.csv?date_to=2000-01-01")) == []


def test_export_exam_results(client: FlaskClient, auth: Any, world: dict[str, int]) -> None:
    auth.login("sue")
    results = rows(client.get("/supervisor/export/exam-results.csv"))
    assert len(results) == 1
    r = results[0]
    assert (r["trainee"], r["exam"], r["houses"], r["correct"], r["questions"],
            r["score_percent"], r["pass_mark"], r["passed"], r["seconds"]) == (
        "tina", "Dealer draw check", "europoker", "1", "1", "100", "50", "yes", "1.500")
    assert rows(client.get("/supervisor/export/exam-results.csv?house=spanish-21")) == []
    assert rows(client.get(f"/supervisor/export/exam-results.csv?trainee={world['tom']}")) == []


@pytest.mark.parametrize("query", ["family=dealer-draw", "result=wrong"])
def test_exam_results_refuse_a_filter_they_cannot_apply(client: FlaskClient, auth: Any,
                                                        world: dict[str, int],
                                                        query: str) -> None:
    """A sitting has no one drill or verdict: every row, unfiltered, would pass as filtered."""
    auth.login("sue")
    response = client.get("/supervisor/export/exam-results.csv?" + query)
    name, value = query.split("=")
    assert response.status_code == 400
    assert (f"Bad filters: {name}=&#39;{value}&#39;: this file is not filtered by {name}."
            in response.get_data(as_text=True))
    assert rows(client.get("/supervisor/export/exam-results.csv?family=&result=")) != []


@pytest.mark.parametrize("query", [
    "trainee=1000000000000000000000000000000", "trainee=-3", "trainee=abc",
    "trainee=" + "9" * 5000, "page=99999999999999999999999", "page=-1",
    "trainee=" + "0" * 5000 + "1", "page=" + "0" * 5000 + "2", "exam=" + "0" * 5000 + "3",
    "exam=1000000000000000000000",
    "date_from=0001-01-01&date_to=9999-12-31", "date_to=9999-12-31",
])
@pytest.mark.parametrize("path", ["/supervisor/attempts", "/supervisor/trainees/{tina}",
                                  "/supervisor/export/attempts.csv",
                                  "/supervisor/export/exam-results.csv", "/supervisor/"])
def test_odd_query_values_do_not_break_pages(client: FlaskClient, auth: Any,
                                             world: dict[str, int], path: str,
                                             query: str) -> None:
    auth.login("sue")
    response = client.get(path.format(**world) + "?" + query)
    if "/export/" in path and response.status_code == 400:  # a file is not made of bad filters
        assert "<h1>Not exported</h1><p>Bad filters: " in response.get_data(as_text=True)
    else:
        assert response.status_code == 200


@pytest.mark.parametrize("trainee", ["9" * 30, "999", "{sue}"])
def test_an_export_for_a_trainee_no_one_is_refused(client: FlaskClient, auth: Any,
                                                   world: dict[str, int], trainee: str) -> None:
    """An id that names no trainee (out of range, unused, a supervisor's) is refused by
    name: an empty file would read as "this trainee never answered"."""
    auth.login("sue")
    trainee = trainee.format(**world)
    for path in ("attempts", "exam-results"):
        response = client.get(f"/supervisor/export/{path}.csv?trainee={trainee}")
        assert response.status_code == 400, path
        shown = trainee if len(trainee) <= 24 else trainee[:24] + "…"
        assert (f"Bad filters: trainee=&#39;{shown}&#39;: no trainee has this id.</p>"
                in response.get_data(as_text=True))


def test_an_exam_results_export_for_an_exam_no_one_set_is_refused(
        client: FlaskClient, auth: Any, world: dict[str, int]) -> None:
    auth.login("sue")
    response = client.get("/supervisor/export/exam-results.csv?exam=4242")
    assert response.status_code == 400
    assert ("Bad filters: exam=&#39;4242&#39;: no exam has this id.</p>"
            in response.get_data(as_text=True))


@pytest.mark.parametrize("trainee", ["999", "{sue}", "9" * 30])
def test_the_log_says_when_its_trainee_is_no_one_and_shows_everyone(
        client: FlaskClient, auth: Any, world: dict[str, int], trainee: str) -> None:
    """A bookmarked log of an id that names no trainee says so beside the select, like any
    bad filter, and shows every trainee (the select's "All trainees"), not an empty log."""
    auth.login("sue")
    trainee = trainee.format(**world)
    body = client.get(f"/supervisor/attempts?trainee={trainee}&house=europoker").get_data(
        as_text=True)
    everyone = client.get("/supervisor/attempts?house=europoker").get_data(as_text=True)
    shown = trainee if len(trainee) <= 24 else trainee[:24] + "…"
    assert (f'<span class="error" role="alert">No trainee has the id {shown}: showing every '
            "trainee.</span>") in body
    assert '<select name="trainee" aria-invalid="true">' in body
    count = re.search(r"<h1>Attempt log <small data-log-count>\((\d+)\)</small>", body)
    assert count and count.group(1) != "0"
    assert count.group(0) in everyone
    link = re.findall(r'href="([^"]*/export/[^"]*)" data-export', body)[0]
    assert link == "/supervisor/export/attempts.csv?house=europoker"


@pytest.mark.parametrize("exam", ["3", "99", "x"])
def test_the_attempts_export_refuses_an_exam_filter_it_cannot_apply(
        client: FlaskClient, auth: Any, world: dict[str, int], exam: str) -> None:
    """Drill attempts belong to no exam: ``exam=`` is refused, not ignored for every row."""
    auth.login("sue")
    response = client.get(f"/supervisor/export/attempts.csv?exam={exam}")
    assert response.status_code == 400
    assert (f"exam=&#39;{exam}&#39;: this file is not filtered by exam"
            in response.get_data(as_text=True))


@pytest.mark.parametrize(("query", "named"), [
    ("date_from=2026-13-01", "date_from='2026-13-01': Not a valid date value."),
    ("house=nope", "house='nope': Not a valid choice."),
    ("trainee=abc", "trainee='abc': not a whole number"),
    ("exam=x1", "exam='x1': not a whole number"),
    ("trainee=\uff11", "trainee='\uff11': not a whole number"),  # a full-width 1
    ("date_from=2026-02-01&date_to=2026-01-01",
     "date_to='2026-01-01': The end date is before the start date."),
])
def test_an_export_with_a_bad_filter_is_refused_naming_it(client: FlaskClient, auth: Any,
                                                          world: dict[str, int], query: str,
                                                          named: str) -> None:
    """The page shows a bad filter beside its field and ignores it; an export is refused
    instead of quietly holding every row."""
    auth.login("sue")
    path = ("/supervisor/export/exam-results.csv" if query.startswith("exam")
            else "/supervisor/export/attempts.csv")
    response = client.get(f"{path}?{query}")
    assert response.status_code == 400 and response.mimetype == "text/html"
    body = response.get_data(as_text=True)
    assert named.replace("'", "&#39;") in body
    assert re.search(r"Bad filters: [^<]*[^.]\.</p>", body)  # one full stop, not two
    assert "Not a valid date value" in client.get(
        "/supervisor/attempts?date_from=2026-13-01").get_data(as_text=True)


@pytest.mark.parametrize("page", ["/supervisor/", "/supervisor/attempts",
                                  "/supervisor/trainees/{tina}"])
def test_links_and_exports_carry_the_filters_the_page_applied(client: FlaskClient, auth: Any,
                                                               world: dict[str, int],
                                                               page: str) -> None:
    """A bad filter is shown beside its field and ignored; the page's export must export
    what the page shows, not be refused for the filter the page set aside."""
    auth.login("sue")
    body = client.get(page.format(**world) + "?date_from=2026-02-01&date_to=2026-01-01"
                      "&house=europoker").get_data(as_text=True)
    assert "The end date is before the start date." in body
    links = re.findall(r'href="([^"]*/export/[^"]*)" data-export', body)
    assert links
    for link in (link.replace("&amp;", "&") for link in links):
        assert "date_to" not in link, link
        if "attempts" in link:  # the trainee page lists every exam sitting, unfiltered
            assert "date_from=2026-02-01" in link and "house=europoker" in link, link
        assert client.get(link).status_code == 200, link


@pytest.mark.parametrize("trainee", ["abc", "-3", " 7x"])
def test_an_unreadable_trainee_id_is_not_carried_into_the_export_link(
        client: FlaskClient, auth: Any, world: dict[str, int], trainee: str) -> None:
    """The attempt log reads ``trainee=abc`` as no trainee and shows everyone; its export
    link must export the same rows, not carry the id the page set aside and be refused."""
    auth.login("sue")
    body = client.get("/supervisor/attempts", query_string={"trainee": trainee,
                                                            "house": "europoker"})
    link = re.findall(r'href="([^"]*/export/[^"]*)" data-export',
                      body.get_data(as_text=True))[0].replace("&amp;", "&")
    assert link == "/supervisor/export/attempts.csv?house=europoker"
    assert client.get(link).status_code == 200


def test_the_dashboard_s_export_links_leave_out_the_ids_it_does_not_read(
        client: FlaskClient, auth: Any, world: dict[str, int]) -> None:
    """The dashboard shows every trainee whatever ``trainee=`` says: so do its exports."""
    auth.login("sue")
    body = client.get(f"/supervisor/?trainee={world['tina']}&exam=1&house=europoker")
    links = re.findall(r'href="([^"]*/export/[^"]*)" data-export',
                       body.get_data(as_text=True))
    assert [link.split("?")[1] for link in links] == ["house=europoker"] * 2


@pytest.mark.parametrize("page", ["/supervisor/attempts?", "/supervisor/trainees/{tina}?"])
def test_attempt_pages_leave_an_exam_id_out_of_their_export_links(
        client: FlaskClient, auth: Any, world: dict[str, int], page: str) -> None:
    """Attempts belong to no exam: an ``exam=`` typed into the page's address does not make
    its export link one the export refuses."""
    auth.login("sue")
    body = client.get(page.format(**world) + "exam=1&house=europoker").get_data(as_text=True)
    links = re.findall(r'href="([^"]*/export/attempts[^"]*)"', body)
    assert links and not [link for link in links if "exam=" in link]
    assert client.get(links[0].replace("&amp;", "&")).status_code == 200


def test_leading_zeros_do_not_make_an_id_out_of_range(client: FlaskClient, auth: Any,
                                                      world: dict[str, int]) -> None:
    auth.login("sue")
    padded = str(world["tina"]).zfill(25)
    wanted = rows(client.get(f"/supervisor/export/attempts.csv?trainee={world['tina']}"))
    assert wanted and rows(client.get(f"/supervisor/export/attempts.csv?trainee={padded}")) == (
        wanted)


def test_chart_range() -> None:
    import datetime as dt

    from trainer.db.reports import Filters
    from trainer.web.supervisor.trainees import chart_range

    today = dt.date(2026, 11, 30)
    assert chart_range(Filters(), today, None) == (dt.date(2026, 11, 1), today, 1)
    assert chart_range(Filters(date_from=dt.date(2026, 1, 1)), today, dt.date(2026, 6, 1)) == (
        dt.date(2026, 6, 1), today, 7)
    start, end, step = chart_range(Filters(date_from=dt.date.min, date_to=dt.date.max), today,
                                   dt.date(2020, 1, 1))
    assert (start, end) == (dt.date(2020, 1, 1), today) and step == -(-2526 // 60)
    assert chart_range(Filters(date_from=dt.date(2027, 1, 1)), today, None) == (today, today, 1)


def test_the_dashboard_says_when_it_lists_only_the_latest_exam_results(
        app: Flask, client: FlaskClient, auth: Any, world: dict[str, int],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """It lists the latest ten: past them it says how many there are (it stopped silently)."""
    from trainer.web.supervisor import dashboard

    make_exam(app, title="Second check", trainee="tom")
    auth.login("sue")
    shown = re.compile(r"<p class=\"period\" data-results-shown>(.*?)</p>")
    assert shown.findall(client.get("/supervisor/").get_data(as_text=True)) == []
    monkeypatch.setattr(dashboard, "LATEST_RESULTS", 1)
    page = client.get("/supervisor/").get_data(as_text=True)
    assert shown.findall(page) == ["The 1 latest of 2 exam results; every exam's page lists"
                                   " all of its own."]
    assert page.count('<tr data-sitting="') == 1


def test_a_sitting_s_review_has_the_console_s_pages_on_top(
        client: FlaskClient, auth: Any, world: dict[str, int]) -> None:
    """It is a console page like the others (it alone had no way to them but the back link),
    and the accounts list names its column for what it counts: answers, not logins."""
    auth.login("sue")
    page = client.get(f"/supervisor/sittings/{world['sitting']}").get_data(as_text=True)
    assert page.count('<nav class="console-nav no-print" aria-label="Supervisor console">') == 1
    accounts = client.get("/supervisor/accounts/").get_data(as_text=True)
    assert "<th>Last answer (UTC)</th>" in accounts and "Last active" not in accounts


def test_the_trainee_page_says_each_median_against_its_par_in_words(
        client: FlaskClient, auth: Any, world: dict[str, int]) -> None:
    """As the dashboard does: within or over, not a bare pair of times."""
    auth.login("sue")
    html = client.get(f"/supervisor/trainees/{world['tina']}").get_data(as_text=True)
    assert ('<div class="stat"><span class="value over-par" data-median>3.5 s</span><span '
            'class="label">median time, over the par of 3.0 s</span></div>') in html
    weakest = re.search(r'<li data-family="blackjack-payout">(.*?)</li>', html, re.S)
    assert weakest and weakest[1].endswith(
        'median <span class="under-par">2.5 s</span>, within the par of 4.0 s')


def test_an_export_that_matches_nothing_is_its_header(client: FlaskClient, auth: Any,
                                                      world: dict[str, int]) -> None:
    auth.login("sue")
    empty = client.get("/supervisor/export/attempts.csv?date_to=2000-01-01")
    assert empty.get_data(as_text=True) == (
        "attempt_id,answered_at,trainee,house,family,difficulty,answer,expected,correct,"
        "seconds,session_id,question,reported_wait_seconds,retry,set_aside_seconds,"
        "full_name\r\n")
    every = client.get("/supervisor/export/attempts.csv").get_data(as_text=True)
    assert every.count("\r\n") == 1 + 7  # the header and every attempt, written in chunks


def test_the_dashboard_shows_fifty_trainees_at_a_time(app: Flask, client: FlaskClient,
                                                      auth: Any, world: dict[str, int]) -> None:
    db = connect(app.config["DATABASE"])
    for n in range(55):
        create_user(db, f"trainee{n:02d}", "trainee", hash_password("x", FAST_HASH))
    db.close()
    auth.login("sue")
    first = client.get("/supervisor/").get_data(as_text=True)
    names = re.findall(r'<tr data-trainee="([^"]+)">', first)
    assert names == ["tina", "tom", *(f"trainee{n:02d}" for n in range(48))]
    assert "Trainees 1–50 of 57, by name" in first and "Previous 50" not in first
    assert '<p class="period">7 answers' in first  # the total counts every trainee
    rest = client.get("/supervisor/?from=50").get_data(as_text=True)
    more = re.findall(r'<tr data-trainee="([^"]+)">', rest)
    assert more == [f"trainee{n:02d}" for n in range(48, 55)] and "Previous 50" in rest
    past = client.get("/supervisor/?from=9999").get_data(as_text=True)  # the last page
    assert re.findall(r'<tr data-trainee="([^"]+)">', past) == more
