"""Exams through the test client: create (with validation), assign, sit, result, certificate."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.dealt import dealt_body, issue_kept
from trainer.db import connect, now_ms
from trainer.db import exams as exams_db
from trainer.db.accounts import list_accounts
from trainer.db.connection import iso_at
from trainer.db.users import create_user, set_active
from trainer.web.templating import answer_words

HX = {"HX-Request": "true"}


def user_id(app: Flask, name: str) -> int:
    db = connect(app.config["DATABASE"])
    try:
        return int(db.execute("SELECT id FROM users WHERE username = ?", [name]).fetchone()[0])
    finally:
        db.close()


def exam_form(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "title": "Europoker dealer check", "houses": ["europoker"], "families": ["dealer-draw"],
        "difficulty": "default", "questions": "3", "pass_mark": "60", "time_limit_s": "30",
        "attempts_allowed": "2",
    }
    data.update(changes)
    return {k: v for k, v in data.items() if v is not None}


def create_exam(client: FlaskClient, auth: Any, **changes: Any) -> Any:
    token = auth.csrf("/supervisor/exams/new")
    return client.post("/supervisor/exams/new", data={"csrf_token": token, **exam_form(**changes)})


def as_supervisor_create(app: Flask, client: FlaskClient, auth: Any, **changes: Any) -> int:
    auth.login("sue")
    changes.setdefault("trainees", [str(user_id(app, "tina"))])
    response = create_exam(client, auth, **changes)
    assert response.status_code == 303, response.get_data(as_text=True)
    match = re.search(r"/supervisor/exams/(\d+)$", response.headers["Location"])
    assert match
    client.post("/logout", data={"csrf_token": auth.csrf("/")})
    return int(match.group(1))


def pending(app: Flask, sitting_id: int) -> exams_db.ExamAnswer:
    db = connect(app.config["DATABASE"])
    try:
        question = exams_db.pending_answer(db, sitting_id)
        assert question is not None
        return question
    finally:
        db.close()


def start(client: FlaskClient, auth: Any, exam_id: int) -> int:
    token = auth.csrf("/")
    response = client.post(f"/exams/{exam_id}/start", data={"csrf_token": token})
    assert response.status_code == 303, response.get_data(as_text=True)
    match = re.search(r"/exams/sittings/(\d+)$", response.headers["Location"])
    assert match
    return int(match.group(1))


def answer(client: FlaskClient, app: Flask, sitting_id: int, right: bool,
           headers: dict[str, str] | None = None) -> Any:
    page = client.get(f"/exams/sittings/{sitting_id}").get_data(as_text=True)
    question = pending(app, sitting_id)
    expected = json.loads(dealt_body(question))["expected"]
    choice = expected if right else ("stand" if expected == "hit" else "hit")
    csrf = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)
    assert csrf, page
    return client.post(f"/exams/sittings/{sitting_id}/answer", headers=headers or {},
                       data={"csrf_token": csrf.group(1), "token": question.token,
                             "choice": choice})


def sitting(app: Flask, sitting_id: int) -> exams_db.Sitting:
    db = connect(app.config["DATABASE"])
    try:
        found = exams_db.get_sitting(db, sitting_id)
        assert found is not None
        return found
    finally:
        db.close()


# ------------------------------------------------------------------ creating


def test_create_exam_with_assignment(app: Flask, client: FlaskClient, auth: Any) -> None:
    exam_id = as_supervisor_create(app, client, auth)
    db = connect(app.config["DATABASE"])
    exam = exams_db.get_exam(db, exam_id)
    assert exam is not None
    assert (exam.houses, exam.families, exam.questions, exam.pass_mark, exam.time_limit_s,
            exam.attempts_allowed) == (("europoker",), ("dealer-draw",), 3, 60, 30, 2)
    assert exams_db.assignees(db, exam_id) == [user_id(app, "tina")]
    db.close()
    auth.login("sue")
    html = client.get(f"/supervisor/exams/{exam_id}").get_data(as_text=True)
    assert 'data-trainee="tina"' in html and "0 of 2" in html


def test_the_exam_page_lists_assigned_trainees_by_name(app: Flask, client: FlaskClient,
                                                       auth: Any, db: Any) -> None:
    """Abe's account is the newest (highest id): he is listed first all the same."""
    create_user(db, "Abe", "trainee", "h")
    exam_id = as_supervisor_create(app, client, auth, trainees=[
        str(user_id(app, name)) for name in ("tom", "tina", "Abe")])
    auth.login("sue")
    page = client.get(f"/supervisor/exams/{exam_id}").get_data(as_text=True)
    assert re.findall(r'<tr data-trainee="([^"]+)">', page) == ["Abe", "tina", "tom"]


@pytest.mark.parametrize(("changes", "field", "message"), [
    ({"pass_mark": "101"}, "pass_mark", "between 1 and 100"),
    ({"pass_mark": "0"}, "pass_mark", "between 1 and 100"),
    ({"pass_mark": "-1"}, "pass_mark", "between 1 and 100"),
    ({"questions": "0"}, "questions", "Between 1 and 200 questions"),
    ({"time_limit_s": "0"}, "time_limit_s", "Between 1 and 3600 seconds"),
    ({"attempts_allowed": "0"}, "attempts_allowed", "Between 1 and 100 attempts"),
    ({"questions": "abc"}, "questions", "Not a valid integer value"),
    ({"questions": "9" * 400}, "questions", "Between 1 and 200 questions"),  # was a 500
    ({"questions": "0" * 5000 + "700"}, "questions", "Between 1 and 200 questions"),
    ({"pass_mark": "-" + "9" * 400}, "pass_mark", "between 1 and 100"),
    ({"time_limit_s": "1" + "0" * 309}, "time_limit_s", "Between 1 and 3600 seconds"),
    ({"attempts_allowed": "9" * 5000}, "attempts_allowed", "Between 1 and 100 attempts"),
    ({"questions": "\uff15"}, "questions", "Not a valid integer value"),  # a full-width 5
    ({"questions": "1_0"}, "questions", "Not a valid integer value"),
    ({"houses": None}, "houses", "Choose at least one house"),
    ({"families": None}, "families", "Choose at least one drill family"),
    ({"houses": ["spanish-21"], "families": ["even-money"]}, "families",
     "None of these families is drilled at the chosen houses"),
    ({"houses": ["spanish-21"], "families": ["dealer-draw", "even-money"]}, "families",
     "Not drilled at any chosen house: Even money on a blackjack against an ace"),
    ({"houses": ["europoker", "spanish-21"], "families": ["even-money"]}, "houses",
     "None of the chosen families is drilled at: Spanish 21."),
    ({"title": ""}, "title", "Give the exam a title."),
    ({"title": "Shift\x00check"}, "title", "unassigned characters, please (U+0000)"),
    ({"title": "\u202eCheck"}, "title", "unassigned characters, please (U+202E)"),
])
def test_exam_form_errors_beside_fields(app: Flask, client: FlaskClient, auth: Any,
                                        changes: dict[str, Any], field: str,
                                        message: str) -> None:
    auth.login("sue")
    response = create_exam(client, auth, **changes)
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert message in html
    db = connect(app.config["DATABASE"])
    assert db.execute("SELECT count(*) FROM exams").fetchone()[0] == 0  # nothing half-saved
    assert db.execute("SELECT count(*) FROM exam_assignments").fetchone()[0] == 0
    db.close()


def test_an_unknown_house_is_the_houses_error_alone(client: FlaskClient, auth: Any) -> None:
    auth.login("sue")
    response = create_exam(client, auth, houses=["nope"])
    html = response.get_data(as_text=True)
    assert response.status_code == 422 and "Not one of the choices under “Houses”: nope." in html
    assert "drilled at" not in html  # not a families' error besides


def test_a_house_or_family_sent_twice_counts_once(app: Flask, client: FlaskClient,
                                                  auth: Any) -> None:
    exam_id = as_supervisor_create(app, client, auth, houses=["europoker", "europoker"],
                                   families=["dealer-draw", "dealer-draw"], questions="1",
                                   trainees=[str(user_id(app, "tina"))] * 2)
    db = connect(app.config["DATABASE"])
    try:
        exam = exams_db.get_exam(db, exam_id)
        assert exam is not None
        assert (list(exam.houses), list(exam.families)) == (["europoker"], ["dealer-draw"])
        assert db.execute("SELECT count(*) FROM exam_assignments").fetchone()[0] == 1
    finally:
        db.close()


def test_a_number_that_is_not_whole_gets_one_message(client: FlaskClient, auth: Any) -> None:
    """``1e3`` in a number field: "Not a valid integer value." alone, no range message."""
    auth.login("sue")
    html = create_exam(client, auth, questions="1e3").get_data(as_text=True)
    assert html.count("Not a valid integer value.") == 1
    assert "Between 1 and 200 questions" not in html


def test_the_number_inputs_state_the_servers_ranges(client: FlaskClient, auth: Any) -> None:
    """The browser's bounds are the server's: a pass mark of 0 is not offered (it was min=0)."""
    auth.login("sue")
    html = client.get("/supervisor/exams/new").get_data(as_text=True)
    inputs = [dict(re.findall(r'(\w+)="([^"]*)"', tag))
              for tag in re.findall(r'<input [^>]*type="number"[^>]*>', html)]
    bounds = {i["name"]: (i["min"], i["max"]) for i in inputs}
    assert bounds == {"questions": ("1", "200"), "pass_mark": ("1", "100"),
                      "time_limit_s": ("1", "3600"), "attempts_allowed": ("1", "100")}


def test_exam_form_keeps_the_typed_values(client: FlaskClient, auth: Any) -> None:
    auth.login("sue")
    html = create_exam(client, auth, pass_mark="150", title="Keep me").get_data(as_text=True)
    assert 'value="Keep me"' in html and 'value="150"' in html


def test_create_exam_is_atomic(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    db = connect(app.config["DATABASE"])

    def broken(*_args: Any, **_kwargs: Any) -> int:
        raise RuntimeError("disk full")

    monkeypatch.setattr(exams_db, "assign", broken)
    with pytest.raises(RuntimeError):
        exams_db.create_exam(db, title="x", houses=["europoker"], families=["dealer-draw"],
                             difficulty="default", questions=1, pass_mark=50, time_limit_s=5,
                             attempts_allowed=1, created_by=1, assign_to=[1])
    assert db.execute("SELECT count(*) FROM exams").fetchone()[0] == 0
    db.close()


def test_a_supervisor_s_id_among_the_trainees_is_named_beside_the_field(
        app: Flask, client: FlaskClient, auth: Any) -> None:
    """Only trainees sit exams: another account's id (a hand-made POST) is refused beside
    the field, in the new-exam form and the assign form, and nothing is saved."""
    sue = user_id(app, "sue")
    auth.login("sue")
    response = create_exam(client, auth, trainees=[str(sue)])
    assert response.status_code == 422
    assert f"Not one of the choices under “Assign to”: {sue}." in response.get_data(as_text=True)
    response = create_exam(client, auth, trainees=["tina"])  # a name, not an id
    assert response.status_code == 422
    assert "Not one of the choices under “Assign to”: tina." in response.get_data(as_text=True)
    client.post("/logout", data={"csrf_token": auth.csrf("/")})
    exam_id = as_supervisor_create(app, client, auth)
    auth.login("sue")
    token = auth.csrf(f"/supervisor/exams/{exam_id}")
    response = client.post(f"/supervisor/exams/{exam_id}/assign",
                           data={"csrf_token": token, "trainees": [str(sue), "999"]})
    assert response.status_code == 422
    assert (f"Not one of the choices under “Assign to”: {sue}, 999."
            in response.get_data(as_text=True))
    response = client.post(f"/supervisor/exams/{exam_id}/assign",
                           data={"csrf_token": token, "trainees": ["x" * 100]})
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert f"Not one of the choices under “Assign to”: {'x' * 39}…." in html  # kept short
    assert "Choose at least one trainee" not in html  # refused once, not twice
    db = connect(app.config["DATABASE"])
    assert exams_db.assignees(db, exam_id) == [user_id(app, "tina")]
    assert db.execute("SELECT count(*) FROM exams").fetchone()[0] == 1
    db.close()


def test_assign_more_trainees(app: Flask, client: FlaskClient, auth: Any) -> None:
    exam_id = as_supervisor_create(app, client, auth)
    auth.login("sue")
    page = client.get(f"/supervisor/exams/{exam_id}").get_data(as_text=True)
    assert f'value="{user_id(app, "tom")}"' in page
    boxes = re.findall(r"<input [^>]*type=\"checkbox\"[^>]*>", page)
    assert boxes and not [box for box in boxes if " required" in box]  # one box is enough
    token = auth.csrf(f"/supervisor/exams/{exam_id}")
    empty = client.post(f"/supervisor/exams/{exam_id}/assign", data={"csrf_token": token})
    assert empty.status_code == 422
    assert "Choose at least one trainee" in empty.get_data(as_text=True)
    response = client.post(f"/supervisor/exams/{exam_id}/assign",
                           data={"csrf_token": token, "trainees": [str(user_id(app, "tom"))]})
    assert response.status_code == 303
    db = connect(app.config["DATABASE"])
    assert exams_db.assignees(db, exam_id) == sorted([user_id(app, "tina"), user_id(app, "tom")])
    set_active(db, user_id(app, "tom"), False)
    db.close()
    page = client.get(f"/supervisor/exams/{exam_id}").get_data(as_text=True)
    tom = re.search(r'<tr data-trainee="tom">.*?</tr>', page, re.S)
    assert tom and "(deactivated)" in tom.group(0)
    assert "(deactivated)" not in re.search(r'<tr data-trainee="tina">.*?</tr>', page,
                                            re.S).group(0)  # type: ignore[union-attr]


def test_a_trainee_assigned_or_deactivated_meanwhile_is_named_and_the_rest_assigned(
        app: Flask, client: FlaskClient, auth: Any) -> None:
    """A second tab, a double click or a colleague: the form's trainees are no longer all
    assignable.  Those who are get the exam; the others are named, not refused by id."""
    db = connect(app.config["DATABASE"])
    tess = create_user(db, "tess", "trainee", "unused-hash").id
    db.close()
    exam_id = as_supervisor_create(app, client, auth)  # assigned to tina
    auth.login("sue")
    token = auth.csrf(f"/supervisor/exams/{exam_id}")
    db = connect(app.config["DATABASE"])
    set_active(db, tess, False)
    db.close()
    chosen = [str(user_id(app, "tina")), str(user_id(app, "tom")), str(tess)]
    response = client.post(f"/supervisor/exams/{exam_id}/assign",
                           data={"csrf_token": token, "trainees": chosen})
    assert response.status_code == 303
    page = client.get(f"/supervisor/exams/{exam_id}").get_data(as_text=True)
    assert ("Assigned &#39;Europoker dealer check&#39; to 1 more trainee. Already assigned: "
            "tina. Deactivated, so not assigned: tess.") in page
    db = connect(app.config["DATABASE"])
    assert exams_db.assignees(db, exam_id) == sorted([user_id(app, "tina"), user_id(app, "tom")])
    db.close()


def test_a_new_exam_leaves_out_a_trainee_deactivated_meanwhile_and_says_so(
        app: Flask, client: FlaskClient, auth: Any) -> None:
    auth.login("sue")
    token = auth.csrf("/supervisor/exams/new")
    db = connect(app.config["DATABASE"])
    set_active(db, user_id(app, "tom"), False)
    db.close()
    response = client.post("/supervisor/exams/new", data={"csrf_token": token, **exam_form(
        trainees=[str(user_id(app, "tina")), str(user_id(app, "tom"))])})
    assert response.status_code == 303
    exam_id = int(response.headers["Location"].rsplit("/", 1)[1])
    assert ("Created the exam &#39;Europoker dealer check&#39;. Deactivated, so not "
            "assigned: tom.") in client.get(response.headers["Location"]).get_data(as_text=True)
    db = connect(app.config["DATABASE"])
    assert exams_db.assignees(db, exam_id) == [user_id(app, "tina")]
    db.close()
    again = client.get("/supervisor/exams/new").get_data(as_text=True)
    assert f'value="{user_id(app, "tom")}"' not in again  # not offered


# ------------------------------------------------------------------ sitting


def test_trainee_passes_an_exam_without_feedback_until_the_end(
        app: Flask, client: FlaskClient, auth: Any) -> None:
    exam_id = as_supervisor_create(app, client, auth)
    auth.login("tina")
    home = client.get("/").get_data(as_text=True)
    assert "Your exams" in home and "Europoker dealer check" in home
    assert "3 questions at EuroPoker online," in home  # the house by its name
    sitting_id = start(client, auth, exam_id)
    first = client.get(f"/exams/sittings/{sitting_id}").get_data(as_text=True)
    assert "Question 1 of 3" in first and "No feedback until the end" in first
    response = answer(client, app, sitting_id, right=True)
    assert response.status_code == 303
    assert response.headers["Location"] == f"/exams/sittings/{sitting_id}"
    second = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "Question 2 of 3" in second
    assert "Right" not in second and "Wrong" not in second and "expected" not in second.lower()
    answer(client, app, sitting_id, right=False)
    last = answer(client, app, sitting_id, right=True)
    assert last.headers["Location"] == f"/exams/sittings/{sitting_id}/result"
    result = client.get(last.headers["Location"]).get_data(as_text=True)
    assert "Passed" in result and "2 of 3 right (66%)" in result
    assert result.count('class="review-item') == 3
    stored = sitting(app, sitting_id)
    assert (stored.correct, stored.total, stored.passed) == (2, 3, True)
    assert stored.elapsed_ms is not None
    certificate = client.get(f"/exams/sittings/{sitting_id}/certificate")
    html = certificate.get_data(as_text=True)
    assert certificate.status_code == 200
    assert "tina" in html and "Europoker dealer check" in html and "66%" in html
    assert 'data-house="europoker"' in html
    db = connect(app.config["DATABASE"])
    levels = {a.difficulty for a in exams_db.sitting_answers(db, sitting_id)}
    db.close()
    assert len(levels) == 1  # the fake drills' one default level
    assert re.search(r"Date: \d{4}-\d\d-\d\d \(UTC\) · attempt 1 · 30 s per question · "
                     rf"<span data-levels>{levels.pop()}</span> difficulty", html)
    home = client.get("/").get_data(as_text=True)
    assert "Passed (66%)" in home and "data-exam-start" not in home


def test_a_certificate_names_every_level_its_questions_were_asked_at() -> None:
    from trainer.web.exams.review import levels_asked

    def at(level: str) -> exams_db.ExamAnswer:
        return exams_db.ExamAnswer(**{**{f: None for f in exams_db.ExamAnswer.__slots__},
                                      "difficulty": level})

    assert levels_asked([at("hard"), at("easy"), at("hard"), at("expert"), at("medium")]) == [
        "easy", "medium", "hard", "expert"]


def test_a_supervisor_reviews_a_sitting_in_progress(app: Flask, client: FlaskClient,
                                                    auth: Any) -> None:
    """One question answered, the next one issued and not answered: the review shows the
    first and says the second is not answered yet (it was a 500)."""
    exam_id = as_supervisor_create(app, client, auth)
    auth.login("tina")
    sitting_id = start(client, auth, exam_id)
    client.get(f"/exams/sittings/{sitting_id}")
    answer(client, app, sitting_id, right=True)
    client.get(f"/exams/sittings/{sitting_id}")
    client.post("/logout", data={"csrf_token": auth.csrf("/")})
    auth.login("sue")
    review = client.get(f"/supervisor/sittings/{sitting_id}")
    body = review.get_data(as_text=True)
    assert review.status_code == 200
    assert body.count('class="given"') == 1 and "Not answered yet" in body


def test_htmx_answer_swaps_in_the_next_question(app: Flask, client: FlaskClient,
                                                auth: Any) -> None:
    exam_id = as_supervisor_create(app, client, auth)
    auth.login("tina")
    sitting_id = start(client, auth, exam_id)
    response = answer(client, app, sitting_id, right=True, headers=HX)
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert '<section id="drill"' in html
    assert "Question 2 of 3" in html and "<html" not in html
    answer(client, app, sitting_id, right=True, headers=HX)
    last = answer(client, app, sitting_id, right=True, headers=HX)
    assert last.headers["HX-Redirect"] == f"/exams/sittings/{sitting_id}/result"


def test_failing_and_attempts_allowed(app: Flask, client: FlaskClient, auth: Any) -> None:
    exam_id = as_supervisor_create(app, client, auth, attempts_allowed="1", questions="1")
    auth.login("tina")
    sitting_id = start(client, auth, exam_id)
    answer(client, app, sitting_id, right=False)
    assert sitting(app, sitting_id).passed is False
    result = client.get(f"/exams/sittings/{sitting_id}/result").get_data(as_text=True)
    assert "Not passed" in result
    assert "data-exam-start" not in result  # its one attempt used: no Try again
    assert client.get(f"/exams/sittings/{sitting_id}/certificate").status_code == 404
    token = auth.csrf("/")
    again = client.post(f"/exams/{exam_id}/start", data={"csrf_token": token})
    assert again.status_code == 409
    assert "No attempts left at &#39;Europoker dealer check&#39; (1 allowed)." in (
        again.get_data(as_text=True))
    assert "No attempts left" in client.get("/").get_data(as_text=True)


def test_an_answer_is_recorded_once(app: Flask, client: FlaskClient, auth: Any) -> None:
    exam_id = as_supervisor_create(app, client, auth)
    auth.login("tina")
    sitting_id = start(client, auth, exam_id)
    client.get(f"/exams/sittings/{sitting_id}")
    question = pending(app, sitting_id)
    expected = json.loads(dealt_body(question))["expected"]
    wrong = "stand" if expected == "hit" else "hit"
    token = auth.csrf(f"/exams/sittings/{sitting_id}")
    for choice in (wrong, expected):
        client.post(f"/exams/sittings/{sitting_id}/answer",
                    data={"csrf_token": token, "token": question.token, "choice": choice})
    db = connect(app.config["DATABASE"])
    stored = exams_db.sitting_answers(db, sitting_id)[0]
    db.close()
    assert (stored.answer, stored.correct) == (wrong, False)


def test_time_limit_is_enforced_on_the_server(app: Flask, client: FlaskClient,
                                              auth: Any) -> None:
    exam_id = as_supervisor_create(app, client, auth, time_limit_s="5")
    auth.login("tina")
    sitting_id = start(client, auth, exam_id)
    page = client.get(f"/exams/sittings/{sitting_id}").get_data(as_text=True)
    question = pending(app, sitting_id)
    db = connect(app.config["DATABASE"])
    db.execute("UPDATE questions SET issued_ms = issued_ms - 60000 WHERE id = ?",
               [question.id])
    db.close()
    expected = json.loads(dealt_body(question))["expected"]
    csrf = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)
    assert csrf
    client.post(f"/exams/sittings/{sitting_id}/answer",
                data={"csrf_token": csrf.group(1), "token": question.token, "choice": expected})
    db = connect(app.config["DATABASE"])
    stored = exams_db.sitting_answers(db, sitting_id)[0]
    assert (stored.correct, stored.timed_out, stored.answer) == (False, True, expected)
    # a question left open past its limit expires when the sitting is opened again
    client.get(f"/exams/sittings/{sitting_id}")
    second = pending(app, sitting_id)
    db.execute("UPDATE questions SET issued_ms = issued_ms - 60000 WHERE id = ?", [second.id])
    db.close()
    html = client.get(f"/exams/sittings/{sitting_id}").get_data(as_text=True)
    assert "Question 3 of 3" in html
    # ... and the page says so (the trainee came back to question 3, not told of 2)
    assert ("Question 2&#39;s time ran out before an answer came: it counts as not "
            "answered.") in html
    db = connect(app.config["DATABASE"])
    expired = exams_db.sitting_answers(db, sitting_id)[1]
    db.close()
    assert (expired.answer, expired.correct, expired.timed_out) == ("(no answer)", False, True)
    # the old tab's answer to it, late: not "answered already" (it never was), but too late
    late = client.post(f"/exams/sittings/{sitting_id}/answer", headers=HX,
                       data={"csrf_token": csrf.group(1), "token": second.token,
                             "choice": expected})
    body = late.get_data(as_text=True)
    assert ("Question 2&#39;s time ran out before this answer came: it stands as not "
            "answered, and this answer was not recorded.") in body
    assert "answered already" not in body
    # the review: the late answer is said to be late, the missing one missing (whether a
    # late answer would have been right is not kept: it is not said)
    answer(client, app, sitting_id, right=True)
    review = re.sub(r"\s+", " ", client.get(f"/exams/sittings/{sitting_id}/result").get_data(
        as_text=True))
    shown = answer_words(stored.expected or "")
    assert (f"answered <strong class=\"given\">{shown}</strong> after the time ran out;"
            f" expected <strong class=\"expected\">{shown}</strong>") in review
    assert "no answer; expected <strong class=\"expected\">" in review


def test_an_answer_in_the_grace_past_the_limit_is_flagged_in_the_review(
        app: Flask, client: FlaskClient, auth: Any) -> None:
    """A 5 s limit: answered after 6 s (in the 2 s grace) is accepted and flagged; one answered
    at once is not."""
    exam_id = as_supervisor_create(app, client, auth, time_limit_s="5", questions="2")
    auth.login("tina")
    sitting_id = start(client, auth, exam_id)
    client.get(f"/exams/sittings/{sitting_id}")
    db = connect(app.config["DATABASE"])
    db.execute("UPDATE questions SET issued_ms = issued_ms - 6000 WHERE id = ?",
               [pending(app, sitting_id).id])
    db.close()
    answer(client, app, sitting_id, right=True)
    answer(client, app, sitting_id, right=True)
    client.post("/logout", data={"csrf_token": auth.csrf("/")})
    auth.login("sue")
    review = client.get(f"/supervisor/sittings/{sitting_id}").get_data(as_text=True)
    items = re.findall(r'<li class="review-item.*?</li>', review, re.S)
    assert ["over the limit (in grace)" in item for item in items] == [True, False]
    assert "2 of 2 right" in review and "time ran out" not in review


def test_an_unreadable_answer_is_asked_again(app: Flask, client: FlaskClient,
                                             auth: Any) -> None:
    exam_id = as_supervisor_create(app, client, auth)
    auth.login("tina")
    sitting_id = start(client, auth, exam_id)
    page = client.get(f"/exams/sittings/{sitting_id}").get_data(as_text=True)
    question = pending(app, sitting_id)
    csrf = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)
    assert csrf
    response = client.post(f"/exams/sittings/{sitting_id}/answer",
                           data={"csrf_token": csrf.group(1), "token": question.token,
                                 "choice": "dance"})
    assert response.status_code == 422
    assert "is not one of the answers offered" in response.get_data(as_text=True)
    assert not pending(app, sitting_id).answered


def test_a_second_answer_to_an_answered_question_is_said_not_recorded(
        app: Flask, client: FlaskClient, auth: Any) -> None:
    """From a second tab or the back button, a "correction" is not silently dropped: the
    trainee is told the first answer stands, with and without htmx."""
    exam_id = as_supervisor_create(app, client, auth)
    auth.login("tina")
    sitting_id = start(client, auth, exam_id)
    page = client.get(f"/exams/sittings/{sitting_id}").get_data(as_text=True)
    first = pending(app, sitting_id)
    expected = json.loads(dealt_body(first))["expected"]
    csrf = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)
    assert csrf
    url = f"/exams/sittings/{sitting_id}/answer"
    form = {"csrf_token": csrf.group(1), "token": first.token}
    assert client.post(url, data=form | {"choice": expected}).status_code == 303
    other = "stand" if expected == "hit" else "hit"
    said = "Question 1 was answered already: the first answer stands, and this one was not"
    fragment = client.post(url, data=form | {"choice": other}, headers=HX)
    assert fragment.status_code == 200 and said in fragment.get_data(as_text=True)
    plain = client.post(url, data=form | {"choice": other})
    assert plain.status_code == 303
    assert said in client.get(plain.headers["Location"]).get_data(as_text=True)
    db = connect(app.config["DATABASE"])
    try:
        stored = exams_db.sitting_answers(db, sitting_id)[0]
    finally:
        db.close()
    assert (stored.answer, stored.correct) == (expected, True)


def test_exam_routes_refuse_others(app: Flask, client: FlaskClient, auth: Any) -> None:
    exam_id = as_supervisor_create(app, client, auth)
    assert client.get("/exams/").status_code == 302
    assert client.get("/exams/sittings/1").status_code == 302
    auth.login("tom")  # not assigned
    token = auth.csrf("/")
    assert client.post(f"/exams/{exam_id}/start", data={"csrf_token": token}).status_code == 404
    assert "Your exams" not in client.get("/").get_data(as_text=True)
    client.post("/logout", data={"csrf_token": token})
    auth.login("tina")
    sitting_id = start(client, auth, exam_id)
    for _ in range(3):
        answer(client, app, sitting_id, right=True)
    client.post("/logout", data={"csrf_token": auth.csrf("/")})
    auth.login("tom")
    assert client.get(f"/exams/sittings/{sitting_id}").status_code == 404
    assert client.get(f"/exams/sittings/{sitting_id}/result").status_code == 404
    assert client.get(f"/exams/sittings/{sitting_id}/certificate").status_code == 404
    client.post("/logout", data={"csrf_token": auth.csrf("/")})
    auth.login("sue")
    assert client.get(f"/exams/sittings/{sitting_id}/certificate").status_code == 200
    assert client.get(f"/exams/sittings/{sitting_id}").status_code == 403  # sat by trainees
    review = client.get(f"/supervisor/sittings/{sitting_id}").get_data(as_text=True)
    assert "3 of 3 right (100%)" in review and review.count('class="review-item') == 3
    exam_page = client.get(f"/supervisor/exams/{exam_id}").get_data(as_text=True)
    assert "passed" in exam_page and "data-certificate" in exam_page
    start_without_csrf = client.post(f"/exams/{exam_id}/start")
    assert start_without_csrf.status_code in (400, 403)


@pytest.mark.parametrize("route", ["/exams/", "/exams/sittings/{s}", "/exams/sittings/{s}/result",
                                   "/exams/sittings/{s}/certificate"])
def test_exam_pages_by_role(app: Flask, client: FlaskClient, auth: Any, route: str) -> None:
    exam_id = as_supervisor_create(app, client, auth, questions="1")
    auth.login("tina")
    sitting_id = start(client, auth, exam_id)
    answer(client, app, sitting_id, right=True)
    url = route.format(s=sitting_id)
    # the trainee who sat it (a finished sitting's question page redirects to the result)
    assert client.get(url).status_code == (303 if route == "/exams/sittings/{s}" else 200)
    client.post("/logout", data={"csrf_token": auth.csrf("/")})
    anonymous = client.get(url)
    assert anonymous.status_code == 302 and anonymous.headers["Location"].startswith("/login")
    htmx = client.get(url, headers=HX)
    assert htmx.status_code == 401 and htmx.headers["HX-Redirect"].startswith("/login")
    auth.login("sue")
    expected = 200 if url.endswith("/certificate") else 403  # supervisors print certificates
    assert client.get(url).status_code == expected
    client.post("/logout", data={"csrf_token": auth.csrf("/")})
    auth.login("tom")
    expected = 200 if route == "/exams/" else 404  # another's sitting: as if there were none
    assert client.get(url).status_code == expected


def test_the_exam_list_counts_trainees_not_sittings(app: Flask, client: FlaskClient,
                                                    auth: Any) -> None:
    """Tina sat it twice (failed, then passed): one trainee assigned, one sat, one passed."""
    exam_id = as_supervisor_create(app, client, auth, questions="1", pass_mark="100")
    auth.login("tina")
    answer(client, app, start(client, auth, exam_id), right=False)
    answer(client, app, start(client, auth, exam_id), right=True)
    client.post("/logout", data={"csrf_token": auth.csrf("/")})
    auth.login("sue")
    page = client.get("/supervisor/exams/").get_data(as_text=True)
    row = re.search(rf'<tr data-exam="{exam_id}">.*?</tr>', page, re.S)
    assert row and '">1 / 1 / 1</td>' in row.group(0)
    assert "Trainees assigned / sat / passed" in page


def test_an_exam_is_taken_back_only_from_a_trainee_who_has_not_sat_it(
        app: Flask, client: FlaskClient, auth: Any) -> None:
    exam_id = as_supervisor_create(app, client, auth, questions="1",
                                   trainees=[str(user_id(app, "tina")), str(user_id(app, "tom"))])
    auth.login("tina")
    answer(client, app, start(client, auth, exam_id), right=True)
    client.post("/logout", data={"csrf_token": auth.csrf("/")})
    auth.login("sue")
    page = client.get(f"/supervisor/exams/{exam_id}").get_data(as_text=True)
    assert f'data-unassign="{user_id(app, "tom")}"' in page  # not started: it may go back
    assert f'data-unassign="{user_id(app, "tina")}"' not in page  # sat: it stands
    token = auth.csrf(f"/supervisor/exams/{exam_id}")
    kept = client.post(f"/supervisor/exams/{exam_id}/unassign/{user_id(app, 'tina')}",
                       data={"csrf_token": token})
    assert kept.status_code == 303
    assert ("tina has sat &#39;Europoker dealer check&#39;: the assignment and its results"
            " stand.") in client.get(f"/supervisor/exams/{exam_id}").get_data(as_text=True)
    taken = client.post(f"/supervisor/exams/{exam_id}/unassign/{user_id(app, 'tom')}",
                        data={"csrf_token": token})
    assert taken.status_code == 303
    assert "&#39;Europoker dealer check&#39; is no longer assigned to tom." in client.get(
        f"/supervisor/exams/{exam_id}").get_data(as_text=True)
    db = connect(app.config["DATABASE"])
    assert exams_db.assignees(db, exam_id) == [user_id(app, "tina")]
    db.close()
    again = client.post(f"/supervisor/exams/{exam_id}/unassign/{user_id(app, 'tom')}",
                        data={"csrf_token": token})
    assert again.status_code == 404  # no longer assigned
    assert client.post(f"/supervisor/exams/{exam_id}/unassign/{10**30}",
                       data={"csrf_token": token}).status_code == 404
    client.post("/logout", data={"csrf_token": auth.csrf("/")})
    auth.login("tom")
    assert "Europoker dealer check" not in client.get("/").get_data(as_text=True)


def test_a_withdrawn_exam_starts_no_sitting_but_one_under_way_finishes(
        app: Flask, client: FlaskClient, auth: Any) -> None:
    exam_id = as_supervisor_create(app, client, auth, questions="2", attempts_allowed="3",
                                   trainees=[str(user_id(app, "tina")), str(user_id(app, "tom"))])
    auth.login("tina")
    sitting_id = start(client, auth, exam_id)
    answer(client, app, sitting_id, right=True)  # one of two answered: under way
    client.post("/logout", data={"csrf_token": auth.csrf("/")})
    auth.login("sue")
    page = client.get(f"/supervisor/exams/{exam_id}").get_data(as_text=True)
    assert f'href="/supervisor/exams/{exam_id}/withdraw" data-withdraw>' in page  # asks first
    ask = client.get(f"/supervisor/exams/{exam_id}/withdraw").get_data(as_text=True)
    assert "Withdraw Europoker dealer check?" in ask and "data-withdraw-confirm" in ask
    assert "data-withdrawn" not in client.get(f"/supervisor/exams/{exam_id}").get_data(
        as_text=True)  # asking withdrew nothing
    token = auth.csrf(f"/supervisor/exams/{exam_id}/withdraw")
    assert client.post(f"/supervisor/exams/{exam_id}/withdraw",
                       data={"csrf_token": token}).status_code == 303
    assert client.get(f"/supervisor/exams/{exam_id}/withdraw").status_code == 303
    page = client.get(f"/supervisor/exams/{exam_id}").get_data(as_text=True)
    assert "data-withdrawn" in page and "data-withdraw>" not in page
    assert "is withdrawn: no sitting starts any more; results stand." in page
    assert "(withdrawn)" in client.get("/supervisor/exams/").get_data(as_text=True)
    refused = client.post(f"/supervisor/exams/{exam_id}/assign",
                          data={"csrf_token": token, "trainees": [str(user_id(app, "tom"))]})
    assert refused.status_code == 303
    assert "was withdrawn: it is assigned to nobody more." in client.get(
        f"/supervisor/exams/{exam_id}").get_data(as_text=True)
    client.post("/logout", data={"csrf_token": auth.csrf("/")})
    auth.login("tina")  # the sitting under way is finished; no other starts
    assert "data-exam-resume" in client.get("/").get_data(as_text=True)
    answer(client, app, sitting_id, right=False)
    assert sitting(app, sitting_id).finished
    home = client.get("/").get_data(as_text=True)
    assert "Withdrawn by a supervisor" in home and "data-exam-start" not in home
    again = client.post(f"/exams/{exam_id}/start", data={"csrf_token": auth.csrf("/")})
    assert again.status_code == 409 and "was withdrawn by a supervisor." in again.get_data(
        as_text=True)
    client.post("/logout", data={"csrf_token": auth.csrf("/")})
    auth.login("tom")  # never sat it: it is gone from his list
    assert "Europoker dealer check" not in client.get("/").get_data(as_text=True)


# ------------------------------------------------------------------ what is examined


def answer_right(client: FlaskClient, app: Flask, sitting_id: int) -> None:
    """Show the next question and record it answered right at once (any family)."""
    client.get(f"/exams/sittings/{sitting_id}")
    db = connect(app.config["DATABASE"])
    exams_db.record_answer(db, pending(app, sitting_id), answer="x", correct=True,
                           answered_ms=now_ms(), limit_ms=10**9, pass_mark=50)
    db.close()


def test_fewer_questions_than_house_drill_pairs_is_refused_beside_the_field(
        app: Flask, client: FlaskClient, auth: Any) -> None:
    """2 houses × 2 families drilled at both: 4 pairs, so 3 questions would skip one."""
    auth.login("sue")
    response = create_exam(client, auth, houses=["europoker", "casino-classic"],
                           families=["dealer-draw", "blackjack-payout"], questions="3")
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    label = re.search(r'<label>Number of questions.*?</label>', html, re.S)
    assert label and ("The chosen houses and drill families make 4 house × drill pairs: ask at"
                      " least 4 questions") in label.group(0)
    db = connect(app.config["DATABASE"])
    assert db.execute("SELECT count(*) FROM exams").fetchone()[0] == 0
    db.close()
    accepted = create_exam(client, auth, houses=["europoker", "casino-classic"],
                           families=["dealer-draw", "blackjack-payout"], questions="4")
    assert accepted.status_code == 303


def test_every_pair_is_asked_and_the_certificate_names_what_was_asked(
        app: Flask, client: FlaskClient, auth: Any) -> None:
    exam_id = as_supervisor_create(app, client, auth, houses=["europoker", "casino-classic"],
                                   families=["dealer-draw", "blackjack-payout"], questions="4")
    auth.login("tina")
    sitting_id = start(client, auth, exam_id)
    for _ in range(4):
        answer_right(client, app, sitting_id)
    db = connect(app.config["DATABASE"])
    asked = {(a.house, a.family) for a in exams_db.sitting_answers(db, sitting_id)}
    db.close()
    assert sitting(app, sitting_id).finished
    assert asked == {("europoker", "dealer-draw"), ("europoker", "blackjack-payout"),
                     ("casino-classic", "dealer-draw"), ("casino-classic", "blackjack-payout")}


def test_a_short_exam_certifies_only_the_pair_it_asked(app: Flask, client: FlaskClient,
                                                       auth: Any, db: Any) -> None:
    """An exam made before the form refused it: 2 houses × 2 families, 1 question."""
    exam = exams_db.create_exam(
        db, title="Short", houses=["europoker", "casino-classic"],
        families=["dealer-draw", "blackjack-payout"], difficulty="default", questions=1,
        pass_mark=50, time_limit_s=30, attempts_allowed=1, created_by=user_id(app, "sue"),
        assign_to=[user_id(app, "tina")])
    auth.login("tina")
    sitting_id = start(client, auth, exam.id)
    answer_right(client, app, sitting_id)
    only = exams_db.sitting_answers(db, sitting_id)[0]
    html = client.get(f"/exams/sittings/{sitting_id}/certificate").get_data(as_text=True)
    assert re.findall(r'data-house="([^"]+)"', html) == [only.house]
    assert re.findall(r'data-family="([^"]+)"', html) == [only.family]


# ------------------------------------------------------------------ walk-outs


def csv_rows(response: Any) -> list[dict[str, str]]:
    import csv
    import io

    return list(csv.DictReader(io.StringIO(response.get_data(as_text=True))))


def advance_clock(monkeypatch: pytest.MonkeyPatch, ms: int) -> None:
    """The server's clock ``ms`` ahead (the exams modules read it through ``now_ms``)."""
    for module in ("sitting", "walkouts"):
        monkeypatch.setattr(f"trainer.web.exams.{module}.now_ms", lambda: now_ms() + ms)


def exam_state(app: Flask) -> list[Any]:
    """Every row of the exam tables and the answers, to tell whether anything was written."""
    db = connect(app.config["DATABASE"])
    try:
        return [db.execute(f"SELECT * FROM {table} ORDER BY rowid").fetchall()
                for table in ("exam_sittings", "questions", "answers", "exam_attempt_grants")]
    finally:
        db.close()


WALKED_OUT_AFTER_MS = 5000 + 2000 + 10 * 60 * 1000
"""A 5 s question's limit, its grace and the 10 abandon minutes."""


def walk_out(app: Flask, client: FlaskClient, auth: Any, monkeypatch: pytest.MonkeyPatch,
             past_ms: int = 1000) -> tuple[int, int]:
    """tina answers one of three, is shown the second and leaves; the clock moves
    ``past_ms`` past the limit, the grace and the 10 abandon minutes (a negative one: not
    yet past them); sue is logged in.  (exam id, sitting id)"""
    exam_id = as_supervisor_create(app, client, auth, time_limit_s="5")
    auth.login("tina")
    sitting_id = start(client, auth, exam_id)
    answer(client, app, sitting_id, right=True)
    client.get(f"/exams/sittings/{sitting_id}")  # question 2 on screen
    client.post("/logout", data={"csrf_token": auth.csrf("/")})
    auth.login("sue")
    advance_clock(monkeypatch, WALKED_OUT_AFTER_MS + past_ms)
    return exam_id, sitting_id


def test_a_walked_out_sitting_is_closed_scored_and_exported(
        app: Flask, client: FlaskClient, auth: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """One of three answered, the second shown, then the trainee leaves: once the limit, the
    grace and the 10 abandon minutes pass, the supervisor's pages and export read it as a
    failed sitting, flagged abandoned, and the trainee cannot carry on: opening it closes
    it for good, counted out when its time ran out."""
    exam_id, sitting_id = walk_out(app, client, auth, monkeypatch, past_ms=-1000)
    assert csv_rows(client.get("/supervisor/export/exam-results.csv")) == []
    assert "in progress" in client.get(f"/supervisor/exams/{exam_id}").get_data(as_text=True)
    advance_clock(monkeypatch, WALKED_OUT_AFTER_MS + 1000)
    [row] = csv_rows(client.get("/supervisor/export/exam-results.csv"))
    assert (row["sitting_id"], row["correct"], row["questions"], row["score_percent"],
            row["passed"], row["questions_asked"], row["abandoned"]) == (
        str(sitting_id), "1", "3", "33", "no", "2", "yes")
    page = client.get(f"/supervisor/exams/{exam_id}").get_data(as_text=True)
    assert "abandoned after 2 of 3 questions" in page and "in progress" not in page
    review = client.get(f"/supervisor/sittings/{sitting_id}").get_data(as_text=True)
    assert "left after 2 of 3 questions" in review and "the 1 never asked count as wrong" in review
    shown = row["finished_at"]
    client.post("/logout", data={"csrf_token": auth.csrf("/")})
    auth.login("tina")
    home = client.get("/").get_data(as_text=True)
    assert "Attempt 1: 33% · fail (abandoned)" in home and "data-exam-resume" not in home
    back = client.get(f"/exams/sittings/{sitting_id}")  # her way back in closes it
    assert back.headers["Location"] == f"/exams/sittings/{sitting_id}/result"
    db = connect(app.config["DATABASE"])
    stored = exams_db.sitting_answers(db, sitting_id)
    db.close()
    assert [(a.answer, a.correct, a.timed_out) for a in stored] == [
        (stored[0].answer, True, False), ("(no answer)", False, True)]
    assert stored[1].elapsed_ms == 7000  # its limit and grace, not the 10 minutes away
    assert sitting(app, sitting_id).elapsed_ms == stored[0].elapsed_ms + 7000
    # counted out when its limit and grace ran out, not when tina came back 10 minutes later
    expired = iso_at(stored[1].issued_ms + 7000)
    assert stored[1].answered_at == expired and sitting(app, sitting_id).finished_at == expired
    assert shown == expired  # the supervisor's export showed it as it was then stored
    db = connect(app.config["DATABASE"])
    [tina] = [a for a in list_accounts(db) if a.username == "tina"]
    db.close()
    assert tina.last_active == expired


def test_the_console_shows_a_walk_out_closed_and_writes_nothing(
        app: Flask, client: FlaskClient, auth: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Reads never write: every console page and export shows the overdue sitting closed
    and abandoned, and the database is as it was, the sitting still open in it."""
    exam_id, sitting_id = walk_out(app, client, auth, monkeypatch)
    before = exam_state(app)
    tina = user_id(app, "tina")
    pages = {path: client.get(path) for path in (
        "/supervisor/", f"/supervisor/trainees/{tina}", "/supervisor/exams/",
        f"/supervisor/exams/{exam_id}", f"/supervisor/sittings/{sitting_id}",
        "/supervisor/export/exam-results.csv", "/supervisor/accounts/")}
    assert {path: r.status_code for path, r in pages.items()} == dict.fromkeys(pages, 200)
    assert exam_state(app) == before
    assert not sitting(app, sitting_id).finished  # as stored: still open
    assert "abandoned after 2 of 3 questions" in pages[
        f"/supervisor/exams/{exam_id}"].get_data(as_text=True)
    assert "left after 2 of 3 questions" in pages[
        f"/supervisor/sittings/{sitting_id}"].get_data(as_text=True)
    [row] = csv_rows(pages["/supervisor/export/exam-results.csv"])
    assert (row["abandoned"], row["passed"]) == ("yes", "no")


def test_the_trainees_exam_list_shows_a_walk_out_closed_and_writes_nothing(
        app: Flask, client: FlaskClient, auth: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    _exam_id, sitting_id = walk_out(app, client, auth, monkeypatch)
    client.post("/logout", data={"csrf_token": auth.csrf("/")})
    auth.login("tina")
    before = exam_state(app)
    for path in ("/", "/exams/", f"/exams/sittings/{sitting_id}/result"):
        html = client.get(path).get_data(as_text=True)
        assert "(abandoned)" in html or "left after 2 of 3 questions" in html, path
        assert "data-exam-resume" not in html
    assert exam_state(app) == before


def test_a_trainee_starting_again_closes_the_walk_out_first(
        app: Flask, client: FlaskClient, auth: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Her start is the answer path that meets the walk-out: it is closed as abandoned (an
    attempt used), never resumed, and the new attempt starts afresh."""
    exam_id = as_supervisor_create(app, client, auth, time_limit_s="5", attempts_allowed="2")
    auth.login("tina")
    first = start(client, auth, exam_id)
    answer(client, app, first, right=True)
    advance_clock(monkeypatch, WALKED_OUT_AFTER_MS + 1000)
    second = start(client, auth, exam_id)
    assert second != first
    closed = sitting(app, first)
    assert closed.abandoned and (closed.correct, closed.passed) == (1, False)
    assert sitting(app, second).number == 2


def test_a_sitting_started_and_never_shown_is_abandoned_too(
        app: Flask, client: FlaskClient, auth: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    exam_id = as_supervisor_create(app, client, auth, time_limit_s="5")
    auth.login("tina")
    sitting_id = start(client, auth, exam_id)  # the redirect to question 1 never followed
    client.post("/logout", data={"csrf_token": auth.csrf("/")})
    advance_clock(monkeypatch, WALKED_OUT_AFTER_MS + 1000)
    auth.login("sue")
    [row] = csv_rows(client.get("/supervisor/export/exam-results.csv"))
    assert (row["correct"], row["score_percent"], row["passed"], row["questions_asked"],
            row["abandoned"], row["seconds"]) == ("0", "0", "no", "0", "yes", "0.000")
    assert (row["sitting_id"], row["finished_at"]) == (str(sitting_id), row["started_at"])


def test_a_walk_out_fails_however_many_were_right_and_has_no_certificate(
        app: Flask, client: FlaskClient, auth: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two of four right clears a 50 % mark, but the sitting never asked the rest of what
    the exam covers: a walk-out fails, and a certificate would name less than the exam."""
    exam_id = as_supervisor_create(app, client, auth, time_limit_s="5", questions="4",
                                   pass_mark="50")
    auth.login("tina")
    sitting_id = start(client, auth, exam_id)
    answer(client, app, sitting_id, right=True)
    answer(client, app, sitting_id, right=True)
    advance_clock(monkeypatch, WALKED_OUT_AFTER_MS + 1000)
    client.get(f"/exams/sittings/{sitting_id}")  # her way back in closes it
    closed = sitting(app, sitting_id)
    assert (closed.correct, closed.total, closed.asked, closed.passed, closed.abandoned) == (
        2, 4, 2, False, True)
    assert client.get(f"/exams/sittings/{sitting_id}/certificate").status_code == 404


def test_a_trainee_back_just_in_time_keeps_the_question_just_issued(app: Flask) -> None:
    """A walk-out is closed only if nothing happened since the quiet point, checked in the
    closing transaction: a question issued meanwhile (its trainee came back as another
    request found the sitting lapsed) is neither expired nor closed over."""
    db = connect(app.config["DATABASE"])
    try:
        trainee = create_user(db, "back", "trainee", "h").id
        exam = exams_db.create_exam(
            db, title="Back", houses=["europoker"], families=["dealer-draw"],
            difficulty="default", questions=3, pass_mark=50, time_limit_s=5,
            attempts_allowed=1, created_by=trainee, assign_to=[trainee])
        opened = exams_db.start_sitting(db, exam, trainee, seed=1)
        now = now_ms()
        issue_kept(db, opened, 0, token="fresh", house="europoker", family="dealer-draw",
                   seed=1, difficulty="easy", question_json='{"expected_text": "expected"}',
                   issued_ms=now)
        assert not exams_db.abandon(db, opened.id, pass_mark=50, quiet_since_ms=now - 1,
                                    limit_ms=7000)
        question = exams_db.pending_answer(db, opened.id)
        assert question is not None and question.token == "fresh"
        assert not exams_db.get_sitting(db, opened.id).finished  # type: ignore[union-attr]
        assert exams_db.abandon(db, opened.id, pass_mark=50, quiet_since_ms=now,
                                limit_ms=7000)
        [expired] = exams_db.sitting_answers(db, opened.id)
        assert (expired.answer, expired.expected, expired.timed_out, expired.elapsed_ms) == (
            "(no answer)", "expected", True, 7000)
    finally:
        db.close()


def test_an_exam_with_a_pass_mark_of_0_is_refused_by_the_database_layer(app: Flask) -> None:
    """0 % would pass a sitting with nothing right, an abandoned one included."""
    db = connect(app.config["DATABASE"])
    try:
        with pytest.raises(ValueError, match="pass mark 0 is not between 1 and 100"):
            exams_db.create_exam(
                db, title="Zero", houses=["europoker"], families=["dealer-draw"],
                difficulty="default", questions=1, pass_mark=0, time_limit_s=5,
                attempts_allowed=1, created_by=1)
    finally:
        db.close()


# ------------------------------------------------------------------ titles


def test_a_title_in_use_is_refused_beside_the_field_until_withdrawn(
        app: Flask, client: FlaskClient, auth: Any) -> None:
    first = as_supervisor_create(app, client, auth)
    auth.login("sue")
    again = create_exam(client, auth, title="  EUROPOKER   dealer CHECK ")
    assert again.status_code == 422
    label = re.search(r"<label>Title.*?</label>", again.get_data(as_text=True), re.S)
    assert label and ("An exam called &#39;Europoker dealer check&#39; is already set: choose"
                      " another title, or withdraw that exam first.") in label.group(0)
    token = auth.csrf(f"/supervisor/exams/{first}")
    client.post(f"/supervisor/exams/{first}/withdraw", data={"csrf_token": token})
    assert create_exam(client, auth).status_code == 303  # a withdrawn exam's title is free
    db = connect(app.config["DATABASE"])
    assert db.execute("SELECT count(*) FROM exams").fetchone()[0] == 2
    db.close()


def test_a_title_in_use_is_said_with_the_other_fields_errors(
        app: Flask, client: FlaskClient, auth: Any) -> None:
    """Not only once every other field is right: the supervisor mends all at once."""
    as_supervisor_create(app, client, auth)
    auth.login("sue")
    again = create_exam(client, auth, title="europoker dealer check", questions="0")
    assert again.status_code == 422
    page = again.get_data(as_text=True)
    assert "An exam called &#39;Europoker dealer check&#39; is already set" in page
    assert "Between 1 and 200 questions." in page


def test_the_results_export_names_each_exam_by_id(app: Flask, client: FlaskClient,
                                                  auth: Any) -> None:
    exam_id = as_supervisor_create(app, client, auth, questions="1")
    auth.login("tina")
    answer(client, app, start(client, auth, exam_id), right=True)
    client.post("/logout", data={"csrf_token": auth.csrf("/")})
    auth.login("sue")
    [row] = csv_rows(client.get("/supervisor/export/exam-results.csv"))
    assert (row["exam_id"], row["exam"]) == (str(exam_id), "Europoker dealer check")


@pytest.mark.parametrize("page", ["trainee", "exam"])
def test_an_export_link_says_a_sitting_in_progress_is_not_in_it_yet(
        app: Flask, client: FlaskClient, auth: Any, page: str) -> None:
    """The trainee's page and the exam's list sittings in progress; the export holds
    finished ones only, and its link says so (no link while nothing has finished)."""
    exam_id = as_supervisor_create(app, client, auth, questions="1", attempts_allowed="2")
    tina = user_id(app, "tina")
    url = f"/supervisor/trainees/{tina}" if page == "trainee" else f"/supervisor/exams/{exam_id}"

    def supervisor_page() -> str:
        client.post("/logout", data={"csrf_token": auth.csrf("/")})
        auth.login("sue")
        html = client.get(url).get_data(as_text=True)
        client.post("/logout", data={"csrf_token": auth.csrf("/")})
        auth.login("tina")
        return html

    auth.login("tina")
    first = start(client, auth, exam_id)
    assert 'data-export="exam-results"' not in supervisor_page()
    answer(client, app, first, right=False)
    assert "Export these exam results (CSV)</a></p>" in supervisor_page()
    start(client, auth, exam_id)
    html = supervisor_page()
    assert ("Export the finished sittings (CSV)</a> <small>(the one in progress joins the"
            " export when it ends)</small>") in html
    assert "in progress" in html


def test_the_dashboard_says_whether_no_results_is_its_filters(
        app: Flask, client: FlaskClient, auth: Any) -> None:
    auth.login("sue")
    assert "No exam results yet." in client.get("/supervisor/").get_data(as_text=True)
    client.post("/logout", data={"csrf_token": auth.csrf("/")})
    exam_id = as_supervisor_create(app, client, auth, questions="1")
    auth.login("tina")
    answer(client, app, start(client, auth, exam_id), right=True)
    client.post("/logout", data={"csrf_token": auth.csrf("/")})
    auth.login("sue")
    shown = client.get("/supervisor/").get_data(as_text=True)
    assert "No exam results" not in shown and 'data-trainee="tina"' in shown
    elsewhere = client.get("/supervisor/?house=spanish-21").get_data(as_text=True)
    assert "No exam results in this house or date range." in elsewhere
    assert "No exam results yet." not in elsewhere


def test_deactivating_a_trainee_mid_exam_says_what_becomes_of_the_sitting(
        app: Flask, client: FlaskClient, auth: Any) -> None:
    """Nobody answers it any more, so it closes as walked out and uses an attempt: the
    supervisor is told so when deactivating (it happened unannounced)."""
    exam_id = as_supervisor_create(app, client, auth)
    auth.login("tina")
    start(client, auth, exam_id)
    client.post("/logout", data={"csrf_token": auth.csrf("/")})
    auth.login("sue")
    tina = user_id(app, "tina")
    client.post(f"/supervisor/accounts/{tina}/active",
                data={"csrf_token": auth.csrf("/supervisor/accounts/"), "active": "0"})
    page = client.get("/supervisor/accounts/").get_data(as_text=True)
    assert ("'tina' is deactivated; their history is kept and they can no longer log in; the"
            " exam they were sitting ('Europoker dealer check') closes as walked out once its"
            " time has run out unanswered, and counts as an attempt.") in page.replace("&#39;", "'")


def test_starting_an_exam_taken_back_since_says_so(app: Flask, client: FlaskClient,
                                                   auth: Any) -> None:
    """Home was open when a supervisor unassigned the exam: Start says it is no longer the
    trainee's (it said "Not found"), without naming an exam that is not theirs."""
    exam_id = as_supervisor_create(app, client, auth)
    auth.login("tina")
    token = auth.csrf("/")
    db = connect(app.config["DATABASE"])
    try:
        assert exams_db.unassign(db, exam_id, user_id(app, "tina"))
    finally:
        db.close()
    refused = client.post(f"/exams/{exam_id}/start", data={"csrf_token": token})
    assert refused.status_code == 404
    page = refused.get_data(as_text=True)
    assert ("This exam is not (or no longer) assigned to you." in page
            and "Europoker dealer check" not in page)
    # an id that names no exam is refused in the very same words
    missing = client.post(f"/exams/{exam_id + 1000}/start", data={"csrf_token": token})
    assert missing.status_code == 404
    assert missing.get_data(as_text=True) == page


def test_a_failed_result_with_attempts_left_offers_to_try_again(
        app: Flask, client: FlaskClient, auth: Any) -> None:
    """Attempt 1 of 2 failed: its result page starts the next (it offered only Home)."""
    exam_id = as_supervisor_create(app, client, auth, attempts_allowed="2", questions="1")
    auth.login("tina")
    sitting_id = start(client, auth, exam_id)
    answer(client, app, sitting_id, right=False)
    result = client.get(f"/exams/sittings/{sitting_id}/result").get_data(as_text=True)
    form = re.search(r'<form method="post" action="(/exams/\d+/start)" class="inline">\s*'
                     r'<input type="hidden" name="csrf_token" value="([^"]+)">\s*'
                     r'<button type="submit" class="primary" data-exam-start>Try again', result)
    assert form and form[1] == f"/exams/{exam_id}/start"
    again = client.post(form[1], data={"csrf_token": form[2]})
    assert again.status_code == 303 and again.headers["Location"] != (
        f"/exams/sittings/{sitting_id}")


def test_a_withdrawn_exam_s_results_say_so_beside_a_new_one_of_its_title(
        app: Flask, client: FlaskClient, auth: Any) -> None:
    """A withdrawn exam's title is free again: its results are marked withdrawn, so two
    exams of one title are not told apart by their ids alone."""
    first = as_supervisor_create(app, client, auth, questions="1")
    auth.login("tina")
    answer(client, app, start(client, auth, first), right=True)
    client.post("/logout", data={"csrf_token": auth.csrf("/")})
    auth.login("sue")
    client.post(f"/supervisor/exams/{first}/withdraw",
                data={"csrf_token": auth.csrf(f"/supervisor/exams/{first}")})
    second = create_exam(client, auth, questions="1", trainees=[str(user_id(app, "tina"))])
    assert second.status_code == 303
    client.post("/logout", data={"csrf_token": auth.csrf("/")})
    auth.login("tina")
    later = int(second.headers["Location"].rsplit("/", 1)[1])
    answer(client, app, start(client, auth, later), right=True)
    client.post("/logout", data={"csrf_token": auth.csrf("/")})
    auth.login("sue")
    page = client.get("/supervisor/").get_data(as_text=True)
    titled = re.findall(r'<a href="/supervisor/exams/(\d+)">Europoker dealer check</a>'
                        r'( <small data-withdrawn>\(withdrawn\)</small>)?</td>', page)
    assert sorted(titled) == sorted([(str(first), " <small data-withdrawn>(withdrawn)</small>"),
                                     (str(later), "")])


def test_the_exams_list_keeps_a_time_limit_on_one_line(app: Flask, client: FlaskClient,
                                                       auth: Any) -> None:
    """A tablet's narrow column broke "120 s" into "120" over "s"."""
    as_supervisor_create(app, client, auth, time_limit_s="120")
    auth.login("sue")
    page = client.get("/supervisor/exams/").get_data(as_text=True)
    assert '<td data-label="Time limit">120&nbsp;s</td>' in page


def allow_form(page: str, trainee: int) -> tuple[str, str]:
    """The action and CSRF token of the exam page's more-attempts form for ``trainee``."""
    form = re.search(r'<form method="post" action="(/supervisor/exams/\d+/allow/'
                     rf'{trainee})" class="inline allow-attempt">\s*'
                     r'<input type="hidden" name="csrf_token" value="([^"]+)">', page)
    assert form, page
    return form[1], form[2]


def test_a_supervisor_allows_a_failed_trainee_one_more_attempt(
        app: Flask, client: FlaskClient, auth: Any) -> None:
    """Her one attempt failed (a sitting closed by a mistaken deactivation, say): with a
    reason, the supervisor allows one more; the page, her home and her result count it."""
    exam_id = as_supervisor_create(app, client, auth, attempts_allowed="1", questions="1",
                                   trainees=[str(user_id(app, "tina")), str(user_id(app, "tom"))])
    tina, tom = user_id(app, "tina"), user_id(app, "tom")
    auth.login("tina")
    answer(client, app, start(client, auth, exam_id), right=False)
    client.post("/logout", data={"csrf_token": auth.csrf("/")})
    auth.login("sue")
    page = client.get(f"/supervisor/exams/{exam_id}").get_data(as_text=True)
    row = re.search(r'<tr data-trainee="tina">.*?</tr>', page, re.S)
    assert row and '<td data-label="Sittings">1 of 1</td>' in row[0] and "failed" in row[0]
    assert f'data-allow-attempt="{tom}"' not in page  # not sat: nothing to allow
    action, token = allow_form(page, tina)
    refused = client.post(action, data={"csrf_token": token, "reason": "   "})
    assert refused.status_code == 422
    row = re.search(r'<tr data-trainee="tina">.*?</tr>', refused.get_data(as_text=True), re.S)
    assert row and (f'aria-invalid="true" data-reason="{tina}"></label> <span class="error" '
                    'role="alert">Say why this trainee may sit the exam once more.</span>'
                    ) in row[0]
    too_long = client.post(action, data={"csrf_token": token, "reason": "x" * 201})
    assert too_long.status_code == 422 and f'value="{"x" * 201}"' in (
        too_long.get_data(as_text=True))
    assert "At most 200 characters." in too_long.get_data(as_text=True)
    db = connect(app.config["DATABASE"])
    assert exams_db.grants(db, exam_id) == []  # refused: nothing recorded
    db.close()
    allowed = client.post(action, data={"csrf_token": token,
                                        "reason": " Deactivated by mistake mid-exam "})
    assert allowed.status_code == 303
    page = client.get(f"/supervisor/exams/{exam_id}").get_data(as_text=True)
    assert ("tina may sit &#39;Europoker dealer check&#39; once more: 2 attempts allowed now."
            in page)
    row = re.search(r'<tr data-trainee="tina">.*?</tr>', page, re.S)
    assert row and ('<td data-label="Sittings">1 of 2 <small data-extra="1">(1 added by a '
                    'supervisor)</small></td>') in row[0]
    assert "not passed yet" in row[0] and "data-allow-attempt" not in row[0]
    assert re.search(r"\d{4}-\d\d-\d\d \d\d:\d\d UTC: sue allowed tina one more attempt\. "
                     r"Why: Deactivated by mistake mid-exam</li>", page)
    again = client.post(action, data={"csrf_token": token, "reason": "twice"})
    assert again.status_code == 303  # a second click, or a colleague: one attempt, not two
    said = "No attempt was added: tina has 1 attempt left at &#39;Europoker dealer check&#39;."
    assert said in client.get(f"/supervisor/exams/{exam_id}").get_data(as_text=True)
    # a page from before, sent with no reason: what changed is said, not a reason asked for
    stale = client.post(action, data={"csrf_token": token, "reason": ""})
    assert stale.status_code == 303
    assert said in client.get(f"/supervisor/exams/{exam_id}").get_data(as_text=True)
    client.post("/logout", data={"csrf_token": auth.csrf("/")})
    auth.login("tina")
    home = client.get("/").get_data(as_text=True)
    assert "attempts 1 of 2." in home and "data-exam-start>Try again" in home
    second = start(client, auth, exam_id)
    answer(client, app, second, right=False)  # one attempt more, and it is used up
    result = client.get(f"/exams/sittings/{second}/result").get_data(as_text=True)
    assert "Attempt 2 of 2 (1 added by a supervisor) ·" in result and "Not passed" in result
    refused = client.post(f"/exams/{exam_id}/start", data={"csrf_token": auth.csrf("/")})
    assert refused.status_code == 409 and "(2 allowed)" in refused.get_data(as_text=True)
    client.post("/logout", data={"csrf_token": auth.csrf("/")})
    auth.login("sue")
    page = client.get(f"/supervisor/exams/{exam_id}").get_data(as_text=True)
    row = re.search(r'<tr data-trainee="tina">.*?</tr>', page, re.S)
    assert row and "2 of 2" in row[0] and "failed" in row[0]
    assert allow_form(page, tina)[0] == action  # failed again: it may be allowed again
    exported = csv_rows(client.get(f"/supervisor/export/exam-results.csv?exam={exam_id}"))
    assert [(r["attempt"], r["attempts_allowed"]) for r in exported] == [("2", "2"), ("1", "2")]


def test_allowing_an_attempt_is_refused_for_an_unknown_trainee_or_one_not_assigned(
        app: Flask, client: FlaskClient, auth: Any) -> None:
    exam_id = as_supervisor_create(app, client, auth, attempts_allowed="1", questions="1")
    auth.login("sue")
    token = auth.csrf(f"/supervisor/exams/{exam_id}")
    for trainee in (user_id(app, "tom"), 10**30, 999):
        response = client.post(f"/supervisor/exams/{exam_id}/allow/{trainee}",
                               data={"csrf_token": token, "reason": "r"})
        assert response.status_code == 404
    assert client.post(f"/supervisor/exams/{exam_id + 1}/allow/{user_id(app, 'tina')}",
                       data={"csrf_token": token, "reason": "r"}).status_code == 404

