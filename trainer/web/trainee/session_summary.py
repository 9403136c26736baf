"""A finished session's summary: its score, by drill too, and its mistakes replayed."""

from __future__ import annotations

from typing import Any

from flask import url_for
from flask_login import login_required

from trainer.db import challenges, drilling
from trainer.db.scores import score
from trainer.web.database import get_db
from trainer.web.htmx import redirect_to, render
from trainer.web.questions.drill_source import MISTAKES, family_title, session_titles
from trainer.web.questions.question_view import view_for
from trainer.web.questions.record import attempt_verdict
from trainer.web.trainee import bp
from trainer.web.trainee.drill_flow import own_session


@bp.get("/drills/<int:session_id>/summary")
@login_required
def summary(session_id: int) -> Any:
    session = own_session(session_id)
    if not session.finished:
        return redirect_to(url_for(".drill", session_id=session.id))
    db = get_db()
    attempts = drilling.session_attempts(db, session.id)
    by_drill = [(family, family_title(family), score(a for a in attempts if a.family == family))
                for family in sorted({a.family for a in attempts}, key=family_title)]  # as titled
    mistakes = [(a, view_for(a, a.snapshot), attempt_verdict(a))
                for a in attempts if not a.correct]
    return render("trainee/summary.html", "trainee/drill/_summary.html",
                  session=session,
                  attempts=attempts,
                  overall=score(attempts),
                  by_drill=by_drill,
                  titles={family: title for family, title, _line in by_drill},
                  mistakes=mistakes,
                  # "Drill again" deals a session as long as this one; after a retry (as long
                  # as its mistakes), as long as the session first retried
                  again_length=drilling.first_of_retries(db, session).length
                  if session.retry_of else session.length,
                  open_retry=drilling.open_retry(db, session.id) if mistakes else None,
                  brought_back=session.family == MISTAKES,
                  challenge=challenges.challenge_of(db, session.id),
                  **session_titles(session))
