"""An attempt replayed (cards, house, answer given, expected answer, rule).

A supervisor may open any attempt; a trainee only their own (404 otherwise).
"""

from __future__ import annotations

from typing import Any

from flask import abort, render_template
from flask_login import current_user, login_required

from trainer.db import accounts, drilling
from trainer.web.database import get_db
from trainer.web.questions import catalogue
from trainer.web.questions.houses_view import house_facts, house_titles
from trainer.web.questions.question_view import view_for
from trainer.web.questions.record import attempt_verdict
from trainer.web.roles import sees_trainees
from trainer.web.trainee import bp


@bp.get("/attempts/<int:attempt_id>")
@login_required
def replay(attempt_id: int) -> Any:
    """An attempt replayed, for its trainee and for supervisors (another trainee's is a 404,
    as if it did not exist: ids are sequential, and a 403 would say which do)."""
    attempt = drilling.get_attempt(get_db(), attempt_id)
    if attempt is None or (attempt.user_id != current_user.id and not sees_trainees()):
        abort(404)
    verdict = attempt_verdict(attempt)
    view = view_for(attempt, attempt.snapshot)
    par_ms = int(view.par_seconds * 1000)
    return render_template(
        "trainee/replay.html", attempt=attempt, verdict=verdict, view=view, par_ms=par_ms,
        account=accounts.get_account(get_db(), attempt.user_id),
        house_title=house_titles().get(attempt.house, attempt.house),
        facts=house_facts(attempt.house) if attempt.house in house_titles() else (),
        family_title=catalogue.family_titles().get(attempt.family, attempt.family),
    )
