"""Retrying a session's mistakes: the wrong answers' questions asked again, as practice."""

from __future__ import annotations

import csv
import io
import re
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from tests.dealt import ATTEMPTS, dealt_body
from tests.web.conftest import Auth
from tests.web.test_routes import HX, expected_of, pending, question_form, start
from trainer.db import connect, drilling, questions


def _other(choice: str) -> str:
    return "stand" if choice == "hit" else "hit"


def finish(app: Flask, client: FlaskClient, url: str, right: list[bool]) -> list[str]:
    """Answer a dealer-draw session without JavaScript, right or wrong in turn; the
    questions' JSON in order."""
    session_id = int(url.rsplit("/", 1)[1])
    asked = []
    for is_right in right:
        form = question_form(client.get(url).get_data(as_text=True))
        question = pending(app, session_id)
        asked.append(dealt_body(question))
        expected = expected_of(question)
        response = client.post(f"{url}/answer",
                               data=form | {"choice": expected if is_right else _other(expected)})
        assert response.status_code == 303
    return asked


def stored(app: Flask, session_id: int) -> list[tuple[str, str]]:
    """A session's stored questions: (token, question JSON) by position."""
    db = connect(app.config["DATABASE"])
    try:
        dealt = [questions.question_at(db, session_id, p)
                 for p in range(questions.issued_count(db, session_id))]
        return [(q.token, dealt_body(q)) for q in dealt if q]
    finally:
        db.close()


def retry(client: FlaskClient, auth: Any, url: str, **headers: str) -> Any:
    return client.post(f"{url}/retry", data={"csrf_token": auth.csrf("/")}, headers=headers)


def retried(app: Flask, client: FlaskClient, auth: Any, right: list[bool]) -> tuple[str, str]:
    """Tina logged in, a session answered right or wrong in turn, and its retry opened: the
    session's URL and the retry's."""
    auth.login()
    url = start(client, auth, length=len(right))
    finish(app, client, url, right)
    return url, str(retry(client, auth, url).headers["Location"])


def test_a_retry_asks_the_wrong_answers_again_in_order_as_practice(
        app: Flask, client: FlaskClient, auth: Any) -> None:
    auth.login()
    url = start(client, auth, length=3)
    asked = finish(app, client, url, [False, True, False])
    summary = client.get(f"{url}/summary").get_data(as_text=True)
    assert summary.count("Retry these 2 mistakes") == 2  # above the mistakes and below
    assert f'action="{url}/retry"' in summary
    response = retry(client, auth, url)
    assert response.status_code == 303
    again = response.headers["Location"]
    again_id = int(again.rsplit("/", 1)[1])
    # the two questions answered wrong, in their order, each under a new token
    questions = stored(app, again_id)
    assert [q for _, q in questions] == [asked[0], asked[2]]
    original_tokens = {t for t, _ in stored(app, int(url.rsplit("/", 1)[1]))}
    assert not original_tokens & {t for t, _ in questions}
    db = connect(app.config["DATABASE"])
    session = drilling.get_session(db, again_id)
    db.close()
    assert session is not None
    assert (session.retry_of, session.length, session.house, session.family) == (
        int(url.rsplit("/", 1)[1]), 2, "europoker", "dealer-draw")
    page = client.get(again).get_data(as_text=True)
    assert "Retry of your mistakes: practice, left out of your scores" in page
    assert "Question 1 of 2" in page
    finish(app, client, again, [True, True])
    feedback = client.get(f"{again}/feedback/1").get_data(as_text=True)
    assert "Retry of your mistakes" in feedback
    done = client.get(f"{again}/summary").get_data(as_text=True)
    assert "2 of 2" in done and "data-retry-mistakes" not in done
    assert f'href="{url}/summary">an earlier session</a>' in done
    assert 'name="length" value="3"' in done  # "Drill again": as long as the session retried
    again_tokens = re.findall(r'name="start_token" value="([^"]+)"', done)
    assert len(again_tokens) == 1  # pressed twice, it opens one session (test_routes)
    assert again_tokens != re.findall(r'name="start_token" value="([^"]+)"',
                                      client.get(f"{again}/summary").get_data(as_text=True))
    # the scores leave the retry out: 1 of 3 right at dealer draws, not 3 of 5
    home = client.get("/").get_data(as_text=True)
    assert "33%" in home and "60%" not in home
    assert re.search(rf'data-finished="{again_id}">.*?retry of mistakes', home, re.S)


def test_the_attempts_of_a_retry_are_recorded_and_marked(app: Flask, client: FlaskClient,
                                                         auth: Any) -> None:
    _url, again = retried(app, client, auth, [False, True])
    finish(app, client, again, [False])
    db = connect(app.config["DATABASE"])
    try:
        rows = db.execute(f"SELECT session_id, correct, retry FROM {ATTEMPTS}"
                          " ORDER BY id").fetchall()
    finally:
        db.close()
    again_id = int(again.rsplit("/", 1)[1])
    assert [tuple(r) for r in rows] == [(again_id - 1, 0, 0), (again_id - 1, 1, 0),
                                        (again_id, 0, 1)]
    # wrong again: the retry's own summary offers to retry that one
    assert "Retry this mistake" in client.get(f"{again}/summary").get_data(as_text=True)


def test_retrying_twice_resumes_the_open_retry(app: Flask, client: FlaskClient,
                                               auth: Any) -> None:
    """A double submit opens one retry; once it is finished, retrying opens another."""
    url, first = retried(app, client, auth, [False, False])
    assert retry(client, auth, url).headers["Location"] == first
    finish(app, client, first, [True, True])
    second = retry(client, auth, url).headers["Location"]
    assert second != first and len(stored(app, int(second.rsplit("/", 1)[1]))) == 2


def test_a_session_without_mistakes_has_nothing_to_retry(app: Flask, client: FlaskClient,
                                                         auth: Any) -> None:
    auth.login()
    url = start(client, auth, length=2)
    finish(app, client, url, [True, True])
    summary = client.get(f"{url}/summary").get_data(as_text=True)
    assert "data-retry-mistakes" not in summary
    response = retry(client, auth, url)
    assert response.headers["Location"] == f"{url}/summary"
    assert "That session has no mistakes to retry." in client.get(
        f"{url}/summary").get_data(as_text=True)
    db = connect(app.config["DATABASE"])
    try:
        assert db.execute("SELECT count(*) FROM drill_sessions").fetchone()[0] == 1
    finally:
        db.close()


def test_an_unfinished_session_is_not_retried(app: Flask, client: FlaskClient,
                                              auth: Any) -> None:
    auth.login()
    url = start(client, auth, length=3)
    finish(app, client, url, [False])
    assert retry(client, auth, url).headers["Location"] == url
    assert retry(client, auth, url, **HX).headers["HX-Redirect"] == url


def test_retry_by_htmx_and_without_csrf(app: Flask, client: FlaskClient, auth: Any) -> None:
    auth.login()
    url = start(client, auth, length=1)
    finish(app, client, url, [False])
    refused = client.post(f"{url}/retry", data={})
    assert refused.status_code == 400
    response = retry(client, auth, url, **HX)
    assert response.status_code == 200
    assert re.fullmatch(r"/drills/\d+", response.headers["HX-Redirect"])


def test_the_supervisor_sees_retries_listed_and_left_out_of_the_figures(
        app: Flask, client: FlaskClient, auth: Any) -> None:
    _url, again = retried(app, client, auth, [False, True])
    finish(app, client, again, [True])
    supervisor = app.test_client()
    Auth(supervisor).login("sue")
    db = connect(app.config["DATABASE"])
    tina = int(db.execute("SELECT id FROM users WHERE username = 'tina'").fetchone()[0])
    db.close()
    page = supervisor.get(f"/supervisor/trainees/{tina}").get_data(as_text=True)
    assert page.count('data-attempt="') == 3 and page.count('class="retry-tag" data-retry') == 1
    assert "data-retry-legend" in page
    assert "50%" in page and "67%" not in page  # 1 of 2 right, the retry left out
    listed = re.findall(r'data-attempt="(\d+)"', page)  # newest first
    replays = [supervisor.get(f"/attempts/{n}").get_data(as_text=True) for n in listed]
    assert ["Answered in a retry of the trainee's mistakes" in r for r in replays] == [
        True, False, False]
    rows = list(csv.DictReader(io.StringIO(supervisor.get(
        "/supervisor/export/attempts.csv").get_data(as_text=True))))
    assert [r["retry"] for r in rows] == ["yes", "no", "no"]


def test_a_retry_of_a_retry_and_drill_again_after_it(app: Flask, client: FlaskClient,
                                                      auth: Any) -> None:
    """Wrong again in a retry: it is retried in turn, and "Drill again" after either deals a
    session as long as the first one (2 here, the default being 3)."""
    url, again = retried(app, client, auth, [False, False])
    finish(app, client, again, [False, True])
    second = retry(client, auth, again).headers["Location"]
    db = connect(app.config["DATABASE"])
    try:
        row = drilling.get_session(db, int(second.rsplit("/", 1)[1]))
    finally:
        db.close()
    assert row is not None and row.retry_of == int(again.rsplit("/", 1)[1]) and row.length == 1
    assert stored(app, row.id)[0][1] == stored(app, int(url.rsplit("/", 1)[1]))[0][1]
    finish(app, client, second, [True])
    for summary in (f"{again}/summary", f"{second}/summary"):
        assert 'name="length" value="2"' in client.get(summary).get_data(as_text=True)


def test_a_session_ended_early_retries_only_the_answers_it_got_wrong(
        app: Flask, client: FlaskClient, auth: Any) -> None:
    auth.login()
    url = start(client, auth, length=3)
    asked = finish(app, client, url, [False])
    client.post(f"{url}/end", data={"csrf_token": auth.csrf("/")})
    again = retry(client, auth, url).headers["Location"]
    assert [q for _, q in stored(app, int(again.rsplit("/", 1)[1]))] == asked


def test_the_summary_resumes_an_open_retry_instead_of_offering_a_new_one(
        app: Flask, client: FlaskClient, auth: Any) -> None:
    url, again = retried(app, client, auth, [False, False])
    finish(app, client, again, [True])
    summary = client.get(f"{url}/summary").get_data(as_text=True)
    assert "data-retry-mistakes" not in summary
    assert f'href="{again}" data-resume-retry' in summary
    assert "Resume your retry (1 of 2 answered)" in summary
    home = client.get("/").get_data(as_text=True)
    assert re.search(rf'data-resume="{again.rsplit("/", 1)[1]}">.*?data-retry', home, re.S)
    assert "retry of mistakes" in client.get(f"{again}/end").get_data(as_text=True)


def test_the_dashboard_counts_retries_apart(app: Flask, client: FlaskClient, auth: Any) -> None:
    _url, again = retried(app, client, auth, [False, True, True])
    finish(app, client, again, [True])
    supervisor = app.test_client()
    Auth(supervisor).login("sue")
    page = supervisor.get("/supervisor/").get_data(as_text=True)
    assert "3 answers" in page and '<td class="attempts" data-label="Attempts">3</td>' in page
    assert ("1 more answer, given in a retry of mistakes, is in the log and the export, left"
            " out of these figures.") in page
    # the attempt log and the trainee's page count the retry in their logs alike
    tina = re.search(r'href="/supervisor/trainees/(\d+)', page)
    assert tina
    for url in ("/supervisor/attempts", f"/supervisor/trainees/{tina[1]}",
                f"/supervisor/attempts?trainee={tina[1]}"):
        log = supervisor.get(url).get_data(as_text=True)
        assert "<small data-log-count>(4, 1 of them in retries of mistakes)</small>" in log, url
