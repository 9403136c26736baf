"""The daily challenge: ten questions, what is right within the minute, one a day."""

from __future__ import annotations

import re
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from trainer.db import challenges, connect, drilling
from trainer.db import questions as qs
from trainer.drills import load_families


def take(client: FlaskClient, house: str = "europoker") -> Any:
    home = client.get("/").get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', home)
    assert token
    return client.post("/drills/challenge", data={"csrf_token": token[1], "house": house})


def test_a_day_s_challenge_counts_what_is_right_within_the_minute(
        app: Flask, client: FlaskClient, auth: Any) -> None:
    auth.login("tina")
    assert "Not taken today." in client.get("/").get_data(as_text=True)
    started = take(client)
    session_id = int(started.headers["Location"].rsplit("/", 1)[1])
    assert take(client).headers["Location"] == started.headers["Location"]  # the same one
    db = connect(app.config["DATABASE"])
    try:
        session = drilling.get_session(db, session_id)
        assert session is not None and session.family == challenges.FAMILY
        assert session.length == challenges.QUESTIONS
        families = {row[0] for row in db.execute(
            "SELECT family FROM questions WHERE session_id = ?", [session_id])}
        at_europoker = {name for name, f in load_families().items() if "europoker" in f.houses}
        assert families <= at_europoker and len(families) > 1
        start = 1_000_000
        for position in range(challenges.QUESTIONS):  # 8 s each: the 8th ends at 64 s
            question = qs.question_at(db, session_id, position)
            assert question is not None
            qs.show_question(db, question.id, start + 8_000 * position)
            shown = qs.question_at(db, session_id, position)
            assert shown is not None
            drilling.record_attempt(db, shown, answer="a", correct=position != 2,
                                    answered_ms=start + 8_000 * (position + 1),
                                    session_length=challenges.QUESTIONS)
    finally:
        db.close()
    # right: positions 0, 1, 3..6 end within 60 s (56 s); 7 ends at 64 s, too late
    summary = client.get(f"/drills/{session_id}/summary").get_data(as_text=True)
    assert 'data-challenge-right="6"' in summary and "Drill again" not in summary
    home = client.get("/").get_data(as_text=True)
    assert "Today: <strong>6 right</strong>" in home
    assert 'data-challenge-best="6" data-challenge-days="1"' in home
    assert "today&#39;s challenge</button>" not in home  # done: no button until tomorrow
    again = take(client)
    assert again.headers["Location"].endswith(f"/drills/{session_id}/summary")


