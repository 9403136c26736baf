"""A trainee's learning path in the console (a nested blueprint: ``supervisor.path``).

With ``path_in_order`` set, the trainee page lists the path at a house and a supervisor
opens a drill for a trainee ahead of it (one who dealt elsewhere before, say).
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, flash, request, url_for
from flask_login import current_user

from trainer.db import accounts, path_unlocks
from trainer.web.database import get_db
from trainer.web.htmx import redirect_to
from trainer.web.roles import console_required
from trainer.web.trainee import learning_path

bp = Blueprint("path", __name__, url_prefix="/trainees")


def steps_at(user_id: int, house: str | None) -> tuple[str, list[learning_path.Step]]:
    """The house whose path the trainee page shows (the filtered one, else the first) and
    its steps; no steps when drills need not be taken in order."""
    houses = learning_path.house_families()
    shown = house if house in houses else next(iter(houses), "")
    if not learning_path.in_order() or not shown:
        return shown, []
    standing = learning_path.readiness([user_id], [shown])[user_id][shown]
    return shown, learning_path.path(standing, user_id)


@bp.post("/<int:user_id>/open-drill")
@console_required
def open_drill(user_id: int) -> Any:
    """Open a drill at a house for the trainee, ahead of the path."""
    account = accounts.get_account(get_db(), user_id)
    if account is None or account.role != "trainee":
        abort(404)
    house, family = request.form.get("house", ""), request.form.get("family", "")
    if family not in learning_path.house_families().get(house, []):
        abort(400)
    if path_unlocks.open_drill(get_db(), user_id, house, family, current_user.id):
        flash(f"{family} is open for {account.username} at {house}.")
    return redirect_to(url_for("supervisor.trainee", user_id=user_id, house=house) + "#path")
