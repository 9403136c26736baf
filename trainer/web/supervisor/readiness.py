"""Readiness for a house's floor: every trainee's level in each drill it deals."""

from __future__ import annotations

from typing import Any

from flask import current_app, request

from trainer.db import accounts
from trainer.web.database import get_db
from trainer.web.questions import catalogue
from trainer.web.questions.houses_view import house_titles
from trainer.web.roles import console_required
from trainer.web.settings import mastery_thresholds
from trainer.web.supervisor import bp, console
from trainer.web.trainee import learning_path


@bp.get("/readiness")
@console_required
def readiness() -> Any:
    """Every trainee's level in each drill a house deals and their readiness for its floor;
    ``?ready=1`` lists only those ready for it."""
    houses = learning_path.house_families()
    house = request.args.get("house", "")
    if house not in houses:
        house = next(iter(houses), "")
    only_ready = request.args.get("ready") == "1"
    trainees = accounts.list_accounts(get_db(), "trainee")
    standing = learning_path.readiness([t.id for t in trainees], [house])
    rows = [(t, standing[t.id][house]) for t in trainees if house in standing[t.id]]
    if only_ready:
        rows = [(t, r) for t, r in rows if r.ready]
    titles = catalogue.family_titles()
    thresholds = mastery_thresholds(current_app.config)
    return console.page("supervisor/_readiness.html",
        house=house, houses=house_titles(), only_ready=only_ready, rows=rows,
        families=[(name, titles.get(name, name)) for name in houses.get(house, [])],
        ready_count=sum(r.ready for _t, r in rows), thresholds=thresholds,
        bars=sorted(thresholds.bars.items()))
