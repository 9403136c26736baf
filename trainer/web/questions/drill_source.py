"""The drills as the web deals them: the families, by name and by title, and questions
dealt from their seeds (or from a stored snapshot) as the drills' own ``Question``."""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, Protocol

from trainer.db import challenges
from trainer.db.drilling import SessionRow
from trainer.drills import DEAL_VERSION, Family, Question, generate, load_families
from trainer.engine.errors import EngineError
from trainer.web.questions.houses_view import house_titles

MIXED = "mixed"
MISTAKES = "my-mistakes"
"""A session of the trainee's own mistakes brought back (``trainer.db.mistakes``)."""
CHALLENGE = challenges.FAMILY
"""The daily challenge's session (``trainer.db.challenges``)."""
"""The family name of a session that drills every family the house has."""


class NotDealtAgain(EngineError):
    """A stored question this release cannot deal again as it was dealt (the message says
    why): its drill or house is gone, or the drills deal its seed otherwise since."""


class Dealt(Protocol):
    """What regenerates a question: a stored question's house, family, seed and level, and
    the drills' deal version that dealt it."""

    @property
    def house(self) -> str: ...

    @property
    def family(self) -> str: ...

    @property
    def seed(self) -> int: ...

    @property
    def difficulty(self) -> str: ...

    @property
    def dealt_by(self) -> int: ...


@functools.cache
def families_by_name() -> Mapping[str, Family]:
    """Every drill family by name (fixed data: read once, used on every answer)."""
    return MappingProxyType(load_families())


def families() -> list[Family]:
    """Every drill family, in the order the scenarios list them."""
    return list(families_by_name().values())


def families_for(house: str) -> list[Family]:
    """The drill families a house is drilled in."""
    return [f for f in families() if house in f.houses]


def deal(house: str, family: str, seed: int, difficulty: str) -> Question:
    """The question of ``family`` at ``house`` that ``seed`` deals at ``difficulty``."""
    return generate(house, families_by_name().get(family) or family, seed, difficulty)


def question_of(dealt: Dealt, snapshot: str | None) -> Question:
    """A stored question: its ``snapshot`` (a question dealt before m016), else dealt again
    from its seed.  Raises ``NotDealtAgain`` when this release cannot deal it as it was."""
    if snapshot is not None:
        return Question.from_dict(json.loads(snapshot))
    if dealt.dealt_by != DEAL_VERSION:
        raise NotDealtAgain(f"it was dealt by version {dealt.dealt_by} of the drills, and this "
                            f"release (version {DEAL_VERSION}) deals its seed otherwise")
    try:
        return deal(dealt.house, dealt.family, dealt.seed, dealt.difficulty)
    except EngineError:  # a drill family or a house profile a later release dropped
        raise NotDealtAgain("this release has no such drill or house") from None


def family_title(name: str) -> str:
    """What a question or a session drills, by title ("Mixed" for a mixed session)."""
    if name == MIXED:
        return "Mixed"
    if name == MISTAKES:
        return "My mistakes, brought back"
    if name == CHALLENGE:
        return "Daily challenge"
    family = families_by_name().get(name)
    return family.title if family else name


def session_family_titles() -> dict[str, str]:
    """What a session drills, by title: each family's, and "Mixed"."""
    return {name: family_title(name)
            for name in [*families_by_name(), MIXED, MISTAKES, CHALLENGE]}


def session_titles(session: SessionRow) -> dict[str, Any]:
    """The house's and the session's drill titles, as its pages name them."""
    return {"house_title": house_titles().get(session.house, session.house),
            "family_title": family_title(session.family)}
