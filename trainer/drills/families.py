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
<AnswerKind.ACTION: 'action'>
>>> "europoker" in find_family("even-money").houses
True
"""

from __future__ import annotations

import functools
import math
import os
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from trainer.drills.answers import AnswerKind
from trainer.engine.errors import EngineError, MoneyError
from trainer.engine.houses import shipped_houses
from trainer.engine.money import to_money
from trainer.engine.rules import HouseRules, Showdown, Ties
from trainer.toml_schema import (
    OPTIONAL,
    Key,
    SchemaError,
    Table,
    boolean,
    choice,
    key_text,
    list_of,
    one_of,
    parse_toml,
    read_table,
    share,
    table_of,
    text,
    toml_text,
    whole,
)


class DrillError(EngineError):
    """An unknown family or difficulty, a family that does not apply, a bad scenario file."""


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
    answer: AnswerKind | None = None
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
            "boxes_max": self.boxes_max, "max_cards": self.max_cards,
            "answer": self.answer.value if self.answer else None,
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
    answer: AnswerKind
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
            "answer": self.answer.value, "par_seconds": self.par_seconds,
            "default_difficulty": self.default_difficulty,
            "difficulties": [level.to_dict() for level in self.levels.values()],
        }


def scenario_amount(value: Any) -> Decimal:
    """An amount of a scenario file (a bet, a step, a chip): more than 0, at most two
    decimals, written as a whole number or a decimal string."""
    try:
        amount = (None if isinstance(value, bool) or not isinstance(value, int | str)
                  else to_money(value))
    except MoneyError:
        amount = None
    if amount is None or amount <= 0:
        raise ValueError("must be an amount more than 0 with at most two decimals and no "
                         'thousands separator, e.g. 5 or "2.50"')
    return amount


def _chips_override(value: Any) -> AnswerKind:
    if value != AnswerKind.CHIPS.value:
        raise ValueError('must be "chips", the one answer a level may ask instead')
    return AnswerKind.CHIPS


_LEVEL = Table((
    Key("description", text, "a non-empty string"),
    Key("tricky", share, default=OPTIONAL),
    Key("bet_min", scenario_amount, default=OPTIONAL),
    Key("bet_max", scenario_amount, default=OPTIONAL),
    Key("bet_step", scenario_amount, default=OPTIONAL),
    Key("odd_bets", share, default=OPTIONAL),
    Key("awkward_bets", list_of(scenario_amount), default=OPTIONAL),
    Key("awkward_share", share, default=OPTIONAL),
    Key("boxes_min", whole(1, 7), default=OPTIONAL),
    Key("boxes_max", whole(1, 7), default=OPTIONAL),
    Key("max_cards", whole(2, 8), default=OPTIONAL),
    Key("answer", _chips_override, default=OPTIONAL),
    Key("fewest_chips", boolean, default=OPTIONAL),
    Key("redoubles", share, default=OPTIONAL),
))
"""A ``[difficulty.NAME]`` table: the fields of ``Level``, each left out at its default."""


def _houses(value: Any) -> tuple[str, ...]:
    known = tuple(shipped_houses())
    if value == "all":
        return known
    if not isinstance(value, list) or not value:
        raise ValueError('must be "all" or a list of house names')
    named = list_of(choice(known))(value)
    return tuple(house for house in known if house in named)


FAMILY = (
    Key("name", text, "a non-empty string"),
    Key("title", text, "a non-empty string"),
    Key("description", text, "a non-empty string"),
    Key("houses", _houses, 'the houses it is drilled at, or "all"'),
    Key("requires", list_of(choice(tuple(REQUIREMENTS))), default=()),
    Key("answer", one_of(AnswerKind), "the kind of answer it asks for"),
    Key("par_seconds", whole(1, 600), "seconds a practised dealer takes"),
    Key("default_difficulty", text, default=OPTIONAL),
    Key("difficulty", table_of(_LEVEL, non_empty=True), "[difficulty.NAME] tables"),
)
"""A family file: what it drills, where, how it is answered and timed, and its levels."""


def _level(name: str, fields: dict[str, Any], origin: str) -> Level:
    level = Level(name=name, **fields)
    where = f"{origin}: {key_text(('difficulty', name))}"
    if level.bet_min > level.bet_max or level.boxes_min > level.boxes_max:
        raise DrillError(f"{where}: a minimum is above its maximum")
    if level.odd_bets and math.ceil(level.bet_min) > math.floor(level.bet_max):
        raise DrillError(f"{where}: odd_bets are whole bets, and none lies between bet_min "
                         f"{level.bet_min} and bet_max {level.bet_max}")
    return level


def parse_family(data: dict[str, Any], origin: str) -> Family:
    """Validate one parsed family file; ``origin`` names the file in every error."""
    try:
        read = read_table(data, FAMILY, origin)
    except SchemaError as exc:
        raise DrillError(str(exc)) from exc
    levels = {name: _level(name, fields, origin) for name, fields in read["difficulty"].items()}
    default = read.get("default_difficulty", next(iter(levels)))
    if default not in levels:
        raise DrillError(f"{origin}: default_difficulty = {toml_text(default)}: must name one "
                         f"of its levels ({', '.join(levels)})")
    return Family(
        name=read["name"],
        title=read["title"].strip(),
        description=" ".join(read["description"].split()),
        houses=read["houses"],
        requires=read["requires"],
        answer=read["answer"],
        par_seconds=read["par_seconds"],
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
            data = parse_toml(entry.read_text(encoding="utf-8"))
        except ValueError as exc:
            raise DrillError(f"{origin}: {exc}") from None
        family = parse_family(data, origin)
        if entry.name != f"{family.name}.toml":
            raise DrillError(f"{origin}: the file of family {family.name!r} must be "
                             f"{family.name}.toml")
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
