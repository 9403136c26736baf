"""The daily challenge: ten questions in sixty seconds across the drills open to the
trainee at a house, one a day, with a personal best and the days in a row
(``trainer.db.challenges``)."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from flask import flash, request, url_for
from flask_login import current_user, login_required

from trainer.db import challenges, drilling
from trainer.web import clock
from trainer.web.database import get_db
from trainer.web.htmx import redirect_to
from trainer.web.questions.session_plan import dealt
from trainer.web.trainee import bp, learning_path
from trainer.web.trainee.progress import days_in_a_row


@dataclass(frozen=True, slots=True)
class Standing:
    """The trainee's challenge record: today's (None: not taken yet), the best score and
    the days in a row."""

    today: challenges.Challenge | None
    best: int | None
    days_in_a_row: int


def standing(user_id: int) -> Standing:
    """The trainee's challenge record as the home page shows it."""
    taken = challenges.challenges(get_db(), user_id)
    today = clock.today()
    todays = next((c for c in taken if c.day == today), None)
    return Standing(todays, max((c.right for c in taken), default=None),
                    days_in_a_row([c.day for c in taken], today))


@bp.post("/drills/challenge", endpoint="challenge")
@login_required
def start() -> Any:
    """Today's challenge at the house asked for: its drill (started now, unless it was
    taken already today, when it is shown again)."""
    record = standing(current_user.id).today
    if record is not None:
        if record.finished:
            flash("Today's challenge is done: the next one comes tomorrow.")
            return redirect_to(url_for(".summary", session_id=record.session_id))
        return redirect_to(url_for(".drill", session_id=record.session_id))
    houses = learning_path.house_families()
    house = request.form.get("house", "")
    if house not in houses:
        house = next(iter(houses))
    opened = [step for step in learning_path.path(
        learning_path.readiness([current_user.id], [house])[current_user.id][house],
        current_user.id) if step.open]
    seed = secrets.randbelow(2**31)
    picks = [opened[(seed + n) % len(opened)] for n in range(challenges.QUESTIONS)]
    questions = [dealt(position, house, step.family, step.difficulty,
                       (seed * 1009 + position) % 2**31)
                 for position, step in enumerate(picks)]
    session = drilling.start_session(get_db(), current_user.id, house, challenges.FAMILY,
                                     "challenge", len(questions), seed, questions)
    return redirect_to(url_for(".drill", session_id=session.id))
