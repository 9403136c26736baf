"""The trainee's mistakes brought back (``trainer.db.mistakes``): a session of those due.

A session deals at one house, so it brings back the due mistakes of the house with the
most of them, the longest overdue first, up to a session's length; the others wait.
Its answers count like any drill's: a mistake answered right when due comes back later.
"""

from __future__ import annotations

from typing import Any

from flask import current_app, flash, url_for
from flask_login import current_user, login_required

from trainer.db import drilling, mistakes, rollups
from trainer.db.questions import NewQuestion
from trainer.drills import DEAL_VERSION
from trainer.web import clock
from trainer.web.database import get_db
from trainer.web.htmx import redirect_to
from trainer.web.questions.drill_source import MISTAKES
from trainer.web.questions.session_plan import new_token
from trainer.web.trainee import bp

DIFFICULTY = "spaced"
"""What a session of mistakes lists as its difficulty: each question keeps its own."""


def today() -> int:
    """Today as the queue counts days (UTC days since 1970-01-01)."""
    return rollups.day_number(clock.today())


def waiting() -> tuple[int, int]:
    """The trainee's mistakes due now, and those coming back later."""
    return mistakes.waiting(get_db(), current_user.id, today(), DEAL_VERSION)


@bp.post("/drills/mistakes", endpoint="mistakes")
@login_required
def start() -> Any:
    """Open a session of the trainee's due mistakes (or say there are none)."""
    db = get_db()
    due = mistakes.due(db, current_user.id, today(), DEAL_VERSION)
    if not due:
        flash("No mistakes are due: they come back a day after you miss them.")
        return redirect_to(url_for(".home"))
    by_house: dict[str, list[mistakes.Due]] = {}
    for item in due:
        by_house.setdefault(item.house, []).append(item)
    house, items = max(by_house.items(), key=lambda pair: len(pair[1]))
    chosen = items[:current_app.config["DRILL_LENGTH"]]
    session = drilling.start_session(
        db, current_user.id, house, MISTAKES, DIFFICULTY, len(chosen), 0,
        [NewQuestion(position, item.family, item.difficulty, item.seed, item.expected,
                     new_token(), item.dealt_by) for position, item in enumerate(chosen)])
    return redirect_to(url_for(".drill", session_id=session.id))
