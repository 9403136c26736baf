"""Drill families as data: one TOML file per family in ``scenarios/``.

A family file names the family, describes it for trainees, says which houses
it applies to, the kind of answer it asks for, a par time and its difficulty
levels. ``load_families()`` reads them once; ``find_family(name)`` and
``families_for(house)`` are the look-ups the generator, CLI and web app use.

Where the files are found (first that exists): the directory in the
``TRAINER_SCENARIOS`` environment variable, the ``scenarios/`` directory of
the source tree this package sits in, then the copy installed with the
package (``trainer/scenarios``, a symlink in the source tree that a wheel
build turns into real files).

>>> find_family("dealer-draw").answer
'action'
>>> "europoker" in find_family("even-money").houses
True
"""

from __future__ import annotations

import functools
import math
import os
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from trainer.engine.errors import EngineError, MoneyError
from trainer.engine.houses import shipped_houses
from trainer.engine.money import to_money
from trainer.engine.rules import HouseRules, Showdown, Ties


class DrillError(EngineError):
    """An unknown family or difficulty, a family that does not apply, a bad scenario file."""


ANSWER_KINDS = ("action", "actions", "yes-no", "money", "net", "nets", "chips", "total")
"""Closed set of answer kinds a family may ask for (see ``trainer.drills.question``)."""


def _has_special(rules: HouseRules) -> bool:
    return (
        rules.ties is Ties.LOSE
        or rules.six_card_win
        or rules.dealer_22_pushes
        or rules.switch
        or rules.player_21_wins
        or rules.blackjack_vs_dealer_blackjack is not Showdown.PUSH
    )


REQUIREMENTS: dict[str, Callable[[HouseRules], bool]] = {
    "insurance": lambda rules: rules.insurance,
    "even-money": lambda rules: rules.even_money,
    "surrender": lambda rules: rules.surrender,
    "bonuses": lambda rules: bool(rules.bonuses),
    "variant-special": _has_special,
    "split-aces": lambda rules: rules.split_aces_max_hands is None
    or rules.split_aces_max_hands >= 2,
}
"""Named conditions a family can require of a house (used for profiles loaded from a file)."""

_LEVEL_KEYS = {
    "description", "tricky", "bet_min", "bet_max", "bet_step", "odd_bets", "awkward_bets",
    "awkward_share", "boxes_min", "boxes_max", "max_cards", "answer", "fewest_chips",
    "redoubles",
}
_FAMILY_KEYS = {
    "name", "title", "description", "houses", "requires", "answer", "par_seconds",
    "default_difficulty", "difficulty",
}


@dataclass(frozen=True, slots=True)
class Level:
    """One difficulty level of a family: the knobs the generator reads.

    ``tricky`` is the share of questions drawn from the family's interesting
    cases (soft 17s, resplits, odd bets...); bets are whole multiples of
    ``bet_step`` between ``bet_min`` and ``bet_max``, except a share
    ``odd_bets`` that is any whole amount in the range, and a share ``awkward_share``
    picked from ``awkward_bets``. ``answer = "chips"`` asks a money answer in
    chips; ``fewest_chips`` also asks for the fewest chips. ``redoubles`` is the share
    of questions that deal a re-doubled hand, at houses that allow doubling twice.
    """

    name: str
    description: str
    tricky: float = 0.5
    bet_min: Decimal = Decimal(5)
    bet_max: Decimal = Decimal(100)
    bet_step: Decimal = Decimal(5)
    odd_bets: float = 0.0
    awkward_bets: tuple[Decimal, ...] = ()
    awkward_share: float = 0.0
    boxes_min: int = 1
    boxes_max: int = 1
    max_cards: int = 4
    answer: str | None = None
    fewest_chips: bool = False
    redoubles: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        """The level as JSON-able data."""
        return {
            "name": self.name, "description": self.description, "tricky": self.tricky,
            "bet_min": str(self.bet_min), "bet_max": str(self.bet_max),
            "bet_step": str(self.bet_step), "odd_bets": self.odd_bets,
            "awkward_bets": [str(b) for b in self.awkward_bets],
            "awkward_share": self.awkward_share, "boxes_min": self.boxes_min,
            "boxes_max": self.boxes_max, "max_cards": self.max_cards, "answer": self.answer,
            "fewest_chips": self.fewest_chips, "redoubles": self.redoubles,
        }


@dataclass(frozen=True, slots=True)
class Family:
    """A drill family: what it drills, where it applies, how it is answered and timed."""

    name: str
    title: str
    description: str
    houses: tuple[str, ...]
    requires: tuple[str, ...]
    answer: str
    par_seconds: int
    default_difficulty: str
    levels: dict[str, Level]

    def applies_to(self, rules: HouseRules) -> bool:
        """True when the family can be drilled at this house.

        A shipped house must be listed in the file; a house loaded from a
        user's file qualifies when it meets every requirement.
        """
        meets = all(REQUIREMENTS[need](rules) for need in self.requires)
        if rules.name in shipped_houses() and shipped_houses()[rules.name] == rules:
            return rules.name in self.houses and meets
        return meets

    @property
    def difficulties(self) -> tuple[str, ...]:
        """Its difficulty levels, the default first."""
        return (self.default_difficulty,
                *(name for name in self.levels if name != self.default_difficulty))

    def level(self, name: str | None) -> Level:
        """A difficulty level by name (None = the family's default)."""
        chosen = name or self.default_difficulty
        if chosen not in self.levels:
            raise DrillError(
                f"unknown difficulty {chosen!r} for {self.name} (known: {', '.join(self.levels)})"
            )
        return self.levels[chosen]

    def to_dict(self) -> dict[str, Any]:
        """The family as JSON-able data (for listings and the web app)."""
        return {
            "name": self.name, "title": self.title, "description": self.description,
            "houses": list(self.houses), "requires": list(self.requires),
            "answer": self.answer, "par_seconds": self.par_seconds,
            "default_difficulty": self.default_difficulty,
            "difficulties": [level.to_dict() for level in self.levels.values()],
        }


def _fail(origin: str, message: str) -> DrillError:
    return DrillError(f"{origin}: {message}")


def _share(value: Any, origin: str, key: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 1:
        raise _fail(origin, f"{key} = {value!r} must be a share from 0 to 1")
    return float(value)


def scenario_amount(value: Any, origin: str, key: str) -> Decimal:
    """An amount of a scenario file (a bet, a step, a chip): more than 0, at most two
    decimals; ``origin`` and ``key`` name it in the error."""
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise _fail(origin, f"{key} = {value!r} must be a whole number or a decimal string")
    try:
        amount = to_money(value, f"{key} =")
    except MoneyError as exc:
        raise _fail(origin, str(exc)) from None
    if amount <= 0:
        raise _fail(origin, f"{key} = {value!r} must be more than 0")
    return amount


def _count(value: Any, origin: str, key: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise _fail(origin, f"{key} = {value!r} must be a whole number from {low} to {high}")
    return value


def _parse_level(name: str, data: Any, origin: str) -> Level:
    where = f"{origin}: difficulty.{name}"
    if not isinstance(data, dict):
        raise DrillError(f"{where} must be a table")
    unknown = sorted(set(data) - _LEVEL_KEYS)
    if unknown:
        raise DrillError(f"{where}: unknown key {unknown[0]!r}")
    if not isinstance(data.get("description"), str):
        raise DrillError(f"{where}: missing key 'description'")
    answer = data.get("answer")
    if answer is not None and answer != "chips":
        raise DrillError(f"{where}: answer = {answer!r} (only \"chips\" may override)")
    fewest = data.get("fewest_chips", False)
    if not isinstance(fewest, bool):
        raise DrillError(f"{where}: fewest_chips must be true or false")
    awkward = data.get("awkward_bets", [])
    if not isinstance(awkward, list):
        raise DrillError(f"{where}: awkward_bets must be a list")
    level = Level(
        name=name,
        description=data["description"],
        tricky=_share(data.get("tricky", 0.5), where, "tricky"),
        bet_min=scenario_amount(data.get("bet_min", 5), where, "bet_min"),
        bet_max=scenario_amount(data.get("bet_max", 100), where, "bet_max"),
        bet_step=scenario_amount(data.get("bet_step", 5), where, "bet_step"),
        odd_bets=_share(data.get("odd_bets", 0), where, "odd_bets"),
        awkward_bets=tuple(scenario_amount(b, where, "awkward_bets") for b in awkward),
        awkward_share=_share(data.get("awkward_share", 0), where, "awkward_share"),
        boxes_min=_count(data.get("boxes_min", 1), where, "boxes_min", 1, 7),
        boxes_max=_count(data.get("boxes_max", 1), where, "boxes_max", 1, 7),
        max_cards=_count(data.get("max_cards", 4), where, "max_cards", 2, 8),
        answer=answer,
        fewest_chips=fewest,
        redoubles=_share(data.get("redoubles", 0), where, "redoubles"),
    )
    if level.bet_min > level.bet_max or level.boxes_min > level.boxes_max:
        raise DrillError(f"{where}: a minimum is above its maximum")
    if level.odd_bets and math.ceil(level.bet_min) > math.floor(level.bet_max):
        raise DrillError(f"{where}: odd_bets are whole bets, and none lies between bet_min "
                         f"{level.bet_min} and bet_max {level.bet_max}")
    return level


def parse_family(data: dict[str, Any], origin: str) -> Family:
    """Validate one parsed family file; ``origin`` names the file in every error."""
    unknown = sorted(set(data) - _FAMILY_KEYS)
    if unknown:
        raise _fail(origin, f"unknown key {unknown[0]!r}")
    for key in ("name", "title", "description", "answer"):
        if not isinstance(data.get(key), str) or not data[key].strip():
            raise _fail(origin, f"missing key {key!r} (a non-empty string)")
    if data["answer"] not in ANSWER_KINDS:
        raise _fail(origin, f"answer = {data['answer']!r} (known: {', '.join(ANSWER_KINDS)})")
    houses = data.get("houses")
    known = list(shipped_houses())
    if houses == "all":
        houses = known
    if not isinstance(houses, list) or not houses:
        raise _fail(origin, 'houses must be "all" or a list of house names')
    for house in houses:
        if house not in known:
            raise _fail(origin, f"unknown house {house!r} (known: {', '.join(known)})")
    requires = data.get("requires", [])
    if not isinstance(requires, list) or any(r not in REQUIREMENTS for r in requires):
        raise _fail(origin, f"requires must list some of {', '.join(REQUIREMENTS)}")
    levels_data = data.get("difficulty")
    if not isinstance(levels_data, dict) or not levels_data:
        raise _fail(origin, "needs at least one [difficulty.NAME] table")
    levels = {name: _parse_level(name, level, origin) for name, level in levels_data.items()}
    default = data.get("default_difficulty", next(iter(levels)))
    if default not in levels:
        raise _fail(origin, f"default_difficulty {default!r} is not a level")
    return Family(
        name=data["name"],
        title=data["title"].strip(),
        description=" ".join(data["description"].split()),
        houses=tuple(h for h in known if h in houses),
        requires=tuple(requires),
        answer=data["answer"],
        par_seconds=_count(data.get("par_seconds"), origin, "par_seconds", 1, 600),
        default_difficulty=default,
        levels=levels,
    )


def scenarios_dir() -> Traversable:
    """The directory holding the family files (see the module docstring for the order)."""
    override = os.environ.get("TRAINER_SCENARIOS")
    if override:
        return Path(override)
    return _shipped_scenarios_dir()


@functools.cache
def _shipped_scenarios_dir() -> Traversable:
    """The checkout's ``scenarios/``, else the installed copy (looked up once a process:
    every generated question asks, and the answer cannot change while it runs)."""
    source_tree = Path(__file__).resolve().parents[2] / "scenarios"
    if source_tree.is_dir():
        return source_tree
    return resources.files("trainer") / "scenarios"


@functools.cache
def _load(cache_key: str) -> dict[str, Family]:
    """The families of ``scenarios_dir()``, whose name ``cache_key`` is (read once each)."""
    root = scenarios_dir()
    families: dict[str, Family] = {}
    entries = sorted(root.iterdir(), key=lambda e: e.name)
    for entry in entries:
        if not entry.name.endswith(".toml") or entry.name.startswith("_"):
            continue
        origin = f"scenarios/{entry.name}"
        try:
            data = tomllib.loads(entry.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as exc:
            raise _fail(origin, f"not valid TOML ({exc})") from None
        family = parse_family(data, origin)
        if entry.name != f"{family.name}.toml":
            raise _fail(origin, f"the file of family {family.name!r} must be {family.name}.toml")
        families[family.name] = family
    if not families:
        raise DrillError(f"no drill families found in {cache_key}")
    return families


def load_families() -> dict[str, Family]:
    """Every drill family by name, alphabetically (read once per scenarios directory)."""
    return _load(str(scenarios_dir()))


def family_names() -> list[str]:
    """Names of every drill family, alphabetically."""
    return list(load_families())


def find_family(name: str) -> Family:
    """A family by name; an unknown name lists the known ones."""
    families = load_families()
    if name not in families:
        raise DrillError(f"unknown drill family {name!r} (known: {', '.join(families)})")
    return families[name]


LEARNING_PATH = ("hand-reading", "dealer-draw", "ace-offers", "insurance", "even-money",
                 "blackjack-payout", "surrender", "allowed-actions", "split-aces",
                 "variant-specials", "spanish-21-bonus", "table-settlement")
"""The families in the order a school teaches them: reading a hand, the dealer's own
play, the offers against an ace and their payouts, the payouts of a hand, what a player
may do, the house's specials, and last settling a whole table.  A family not listed
(a casino's own) comes after them, by name."""


def path_order(names: list[str]) -> list[str]:
    """``names`` in the learning path's order."""
    known = {name: step for step, name in enumerate(LEARNING_PATH)}
    return sorted(names, key=lambda name: (known.get(name, len(known)), name))


def families_for(rules: HouseRules) -> list[Family]:
    """The families that can be drilled at this house."""
    return [family for family in load_families().values() if family.applies_to(rules)]
