"""Whether a house's computed edge favours the player, and which contested readings cause it.

A games manager signs a house whose edge is the house's; where it is the player's, the
flag names each contested reading whose alternative, switched alone, gives the house
more of the edge, with how much.

>>> from trainer.engine.houses import find_house
>>> flag = edge_flag(find_house("europoker"))
>>> flag.house_edge, flag.favours_player, flag.fails
(Decimal('0.69'), False, False)
>>> [(r.key, r.alternative, r.effect) for r in flag.readings]
[('dealer_blackjack_takes', 'all', Decimal('0.11'))]
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from decimal import Decimal
from typing import Any

from trainer.engine.houses import contested_readings, rule_value_text, with_alternative
from trainer.engine.rules import HouseRules
from trainer.odds.house_edge import player_edge
from trainer.odds.summary import decimal_of


@dataclass(frozen=True, slots=True)
class ReadingEffect:
    """One contested reading: its value, its alternative, and the house edge (percent) the
    alternative alone gives, with the change from the house's own edge."""

    key: str
    value: str
    alternative: str
    house_edge: Decimal
    effect: Decimal
    """Percentage points the alternative adds to the house edge (negative: it takes away)."""

    def text(self) -> str:
        """``blackjack_pays = 3:2 (alternative 1:1): +2.24 points, house edge 0.36%``."""
        return (f"{self.key} = {self.value} (alternative {self.alternative}): "
                f"{self.effect:+} points, house edge {self.house_edge}%")


@dataclass(frozen=True, slots=True)
class EdgeFlag:
    """A house's computed edge, whether the house requires it, and its contested readings."""

    house: str
    house_edge: Decimal
    """Percent of each bet, to two places (negative: the player's edge)."""
    favours_player: bool
    """The exact edge is the player's."""
    requires_house_edge: bool
    readings: tuple[ReadingEffect, ...]

    @property
    def fails(self) -> bool:
        """The house requires a house edge and its exact edge is not positive."""
        return self.requires_house_edge and (self.favours_player or self.house_edge <= 0)

    @property
    def causes(self) -> tuple[ReadingEffect, ...]:
        """The contested readings whose alternative alone gives the house more edge, most first."""
        return tuple(sorted((r for r in self.readings if r.effect > 0),
                            key=lambda r: r.effect, reverse=True))

    def as_dict(self) -> dict[str, Any]:
        """The flag as JSON (``trainer audit --json``, ``trainer rules show --json``):
        percents as strings."""
        return {
            "house": self.house, "house_edge": str(self.house_edge),
            "favours_player": self.favours_player,
            "requires_house_edge": self.requires_house_edge, "fails": self.fails,
            "causes": [reading.key for reading in self.causes],
            "readings": [{**asdict(reading), "house_edge": str(reading.house_edge),
                          "effect": str(reading.effect)} for reading in self.readings],
        }

    def lines(self) -> list[str]:
        """The flag as a games manager reads it: nothing when the edge is the house's and
        the house does not fail."""
        if not (self.favours_player or self.fails):
            return []
        who = "the player has the edge" if self.favours_player else "the house has no edge"
        must = "; the profile requires a house edge" if self.requires_house_edge else ""
        lines = [f"FLAG {self.house}: house edge {self.house_edge}%: {who}{must}"]
        if not self.causes:
            return [*lines, "  no contested reading gives the house more edge"]
        return [*lines, "  readings that cause it (each switched alone to its alternative):",
                *(f"  - {reading.text()}" for reading in self.causes)]


def edge_flag(rules: HouseRules) -> EdgeFlag:
    """The flag of ``rules``: its edge and every contested reading's effect on it."""
    edge = player_edge(rules)
    readings = []
    for key in contested_readings(rules):
        other = player_edge(with_alternative(rules, key))
        readings.append(ReadingEffect(
            key, rule_value_text(getattr(rules, key)),
            rule_value_text(rules.notes[key].alternative[0]),
            decimal_of(-other * 100, 2), decimal_of((edge - other) * 100, 2)))
    return EdgeFlag(rules.name, decimal_of(-edge * 100, 2), edge > 0,
                    rules.requires_house_edge, tuple(readings))
