"""The drill backend the app runs with, and its families by name and by title."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from flask import current_app

from trainer.db.drilling import SessionRow
from trainer.web.drillkit import DrillBackend, FamilyInfo
from trainer.web.houses_view import house_titles
from trainer.web.session_plan import MIXED, families_at


def backend() -> DrillBackend:
    """The drill backend: ``DRILL_BACKEND`` from the config, else the real drills package."""
    found = current_app.extensions.get("drill_backend")
    if found is None:
        found = current_app.config.get("DRILL_BACKEND")
        if found is None:
            from trainer.web.drills_backend import DrillsPackageBackend

            found = DrillsPackageBackend()
        current_app.extensions["drill_backend"] = found
    return found


def families_by_name() -> Mapping[str, FamilyInfo]:
    """The backend's families by name (fixed for the app's life: worked out once, read on
    every answer)."""
    found: Mapping[str, FamilyInfo] | None = current_app.extensions.get("families_by_name")
    if found is None:
        found = MappingProxyType({f.name: f for f in backend().families()})
        current_app.extensions["families_by_name"] = found
    return found


def families_for(house: str) -> list[FamilyInfo]:
    return families_at(backend(), house)


def family_title(name: str) -> str:
    """What a question or a session drills, by title ("Mixed" for a mixed session)."""
    if name == MIXED:
        return "Mixed"
    family = families_by_name().get(name)
    return family.title if family else name


def session_family_titles() -> dict[str, str]:
    """What a session drills, by title: each family's, and "Mixed"."""
    return {name: family_title(name) for name in [*families_by_name(), MIXED]}


def session_titles(session: SessionRow) -> dict[str, Any]:
    """The house's and the session's drill titles, as its pages name them."""
    return {"house_title": house_titles().get(session.house, session.house),
            "family_title": family_title(session.family)}
