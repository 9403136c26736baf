"""A trainee's way to the floor: their level in each drill at a house, along the path.

The drills are taken in the learning path's order (``LEARNING_PATH``).  With
``path_in_order`` set, each is open once the one before it is *practised* at that house
(or a supervisor opened it), so a trainee reads hands before paying them and pays single
hands before settling a table; without it every drill is open and the path is the order
suggested.  The home page shows the path; the supervisor's readiness page shows every
trainee's levels and readiness.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import current_app

from trainer.db import mastery, path_unlocks
from trainer.drills.families import path_order
from trainer.web.database import get_db
from trainer.web.questions import drill_source
from trainer.web.questions.catalogue import par_ms
from trainer.web.questions.drill_source import MIXED
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


def closed_reason(user_id: int, house: str, family: str) -> str | None:
    """Why the trainee may not start ``family`` (``MIXED``: every drill) at ``house`` yet;
    None when they may."""
    if not in_order():
        return None
    standing = readiness([user_id], [house])[user_id].get(house)
    if standing is None:
        return None
    steps = path(standing, user_id)
    for before, step in zip([None, *steps], steps, strict=False):
        if (family in (step.family, MIXED)) and not step.open and before is not None:
            if family == MIXED:
                return (f"Mixed drills open when every drill here is open: {step.title} "
                        f"opens when {before.title} is practised (or a supervisor opens it).")
            return (f"{step.title} opens when {before.title} is practised here (or a "
                    "supervisor opens it): the drills are taken in order.")
    return None


def readiness(user_ids: list[int], houses: list[str] | None = None
              ) -> dict[int, dict[str, mastery.Readiness]]:
    """Each trainee's readiness at each house (or at ``houses``), with the settings'
    thresholds."""
    every = house_families()
    chosen = {house: every[house] for house in (houses or every) if house in every}
    return mastery.readiness(get_db(), user_ids, chosen, par_ms(),
                             mastery_thresholds(current_app.config))


def in_order() -> bool:
    """Whether drills open one after another (``path_in_order`` in the settings)."""
    return bool(current_app.config.get("PATH_IN_ORDER", False))


def path(standing: mastery.Readiness, user_id: int) -> list[Step]:
    """The house's drills in the path's order, each open when the one before is practised
    or a supervisor opened it (every one, when the path need not be taken in order)."""
    known = drill_source.families_by_name()
    opened = path_unlocks.opened(get_db(), user_id, standing.house) if in_order() else set()
    steps = []
    open_ = True
    for family in path_order(list(standing.levels)):
        level = standing.levels[family]
        drill = known.get(family)
        open_ = open_ or not in_order() or family in opened
        steps.append(Step(family, drill.title if drill else family,
                          drill.difficulties[0] if drill else "", level, open_))
        open_ = level.level >= mastery.Level.PRACTISED
    return steps
