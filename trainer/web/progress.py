"""A trainee's way to the floor: their level in each drill at a house, along the path.

The drills are taken in the learning path's order (``LEARNING_PATH``): each is open once
the one before it is *practised* at that house, so a trainee reads hands before paying
them and pays single hands before settling a table.  The home page shows the path; the
supervisor's readiness page shows every trainee's levels and readiness.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import current_app

from trainer.db import mastery
from trainer.drills.families import path_order
from trainer.web import drill_source
from trainer.web.console import par_ms
from trainer.web.database import get_db
from trainer.web.settings import mastery_thresholds


@dataclass(frozen=True, slots=True)
class Step:
    """One drill on the path: the trainee's standing in it, and whether it is open yet."""

    family: str
    title: str
    difficulty: str
    """The drill's first difficulty: where a one-click start begins it."""
    mastery: mastery.Mastery
    open: bool


def house_families() -> dict[str, list[str]]:
    """Each house and the drills it deals, in the path's order."""
    houses: dict[str, list[str]] = {}
    for family in drill_source.families():
        for house in family.houses:
            houses.setdefault(house, []).append(family.name)
    return {house: path_order(names) for house, names in houses.items()}


def readiness(user_ids: list[int], houses: list[str] | None = None
              ) -> dict[int, dict[str, mastery.Readiness]]:
    """Each trainee's readiness at each house (or at ``houses``), with the settings'
    thresholds."""
    every = house_families()
    chosen = {house: every[house] for house in (houses or every) if house in every}
    return mastery.readiness(get_db(), user_ids, chosen, par_ms(),
                             mastery_thresholds(current_app.config))


def path(standing: mastery.Readiness) -> list[Step]:
    """The house's drills in the path's order, each open when the one before is practised."""
    known = drill_source.families_by_name()
    steps = []
    open_ = True
    for family in path_order(list(standing.levels)):
        level = standing.levels[family]
        drill = known.get(family)
        steps.append(Step(family, drill.title if drill else family,
                          drill.difficulties[0] if drill else "", level, open_))
        open_ = level.level >= mastery.Level.PRACTISED
    return steps
