"""Chip sets and paying an amount in chips, with the fewest chips when asked.

>>> from decimal import Decimal as D
>>> chips = (D("0.50"), D(1), D("2.50"), D(5), D(25), D(100), D(500))
>>> fewest_chips(D("52.50"), chips)
{Decimal('25'): 2, Decimal('2.50'): 1}
>>> fewest_chips(D("0.25"), chips) is None
True
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from decimal import Decimal

from trainer.drills.families import DrillError, scenario_amount, scenarios_dir
from trainer.engine.rules import HouseRules
from trainer.toml_schema import Key, SchemaError, list_of, parse_toml, read_table, table_of

DEFAULT_CHIPS = tuple(Decimal(v) for v in ("0.50", "1", "2.50", "5", "25", "100", "500"))
"""The chip set used when the scenarios directory has no ``_chip-sets.toml`` (and the web
app's chip stacks when it is given none)."""

_CHIP_SET = list_of(scenario_amount, non_empty=True)
_CHIP_SETS = (
    Key("default", _CHIP_SET, "the chips of every house not listed"),
    Key("houses", table_of(_CHIP_SET), default={}),
)
"""``_chip-sets.toml``: the default chip set, and any house's own."""


def load_chip_sets() -> dict[str, tuple[Decimal, ...]]:
    """Chip denominations by house name (key ``default`` for every other house).

    Read from ``_chip-sets.toml`` in the scenarios directory, once per directory.
    """
    return _chip_sets(str(scenarios_dir()))


@functools.cache
def _chip_sets(cache_key: str) -> dict[str, tuple[Decimal, ...]]:
    """The chip sets of ``scenarios_dir()``, whose name ``cache_key`` is (read once each)."""
    entry = scenarios_dir() / "_chip-sets.toml"
    if not entry.is_file():
        return {"default": DEFAULT_CHIPS}
    origin = "scenarios/_chip-sets.toml"
    try:
        data = parse_toml(entry.read_text(encoding="utf-8"))
    except ValueError as exc:
        raise DrillError(f"{origin}: {exc}") from None
    try:
        read = read_table(data, _CHIP_SETS, origin)
    except SchemaError as exc:
        raise DrillError(str(exc)) from exc
    tables = {"default": read["default"]} | read["houses"]
    return {name: tuple(sorted(set(chips))) for name, chips in tables.items()}


def chip_set(rules: HouseRules) -> tuple[Decimal, ...]:
    """The house's chip denominations, smallest first (``scenarios/_chip-sets.toml``)."""
    sets = load_chip_sets()
    return sets.get(rules.name, sets["default"])


def chips_total(chips: Mapping[Decimal, int]) -> Decimal:
    """What a stack of chips is worth."""
    return sum((d * n for d, n in chips.items()), Decimal(0))


def chip_count(chips: Mapping[Decimal, int]) -> int:
    """How many chips a stack holds."""
    return sum(chips.values())


def fewest_chips(amount: Decimal, denominations: Iterable[Decimal]) -> dict[Decimal, int] | None:
    """The fewest chips that make ``amount`` exactly (None when no stack can).

    Greedy (largest chip first) when the chip set is canonical, which is
    checked once per set (Kozen & Zaks: greedy is optimal everywhere iff it
    is optimal below the sum of the two largest chips); otherwise dynamic
    programming. Ties go to larger chips.
    """
    chips = tuple(sorted(set(denominations), reverse=True))
    if amount < 0:
        return None
    if amount == 0:
        return {}
    unit, values = _units(chips)
    if amount / unit != (amount / unit).to_integral_value():
        return None
    target = int(amount / unit)
    counts = _greedy(target, values) if _canonical(values) else _optimal(target, values)
    if counts is None:
        return None
    return {chip: n for chip, n in zip(chips, counts, strict=True) if n}


def _units(chips: tuple[Decimal, ...]) -> tuple[Decimal, tuple[int, ...]]:
    unit = min(chips)
    for chip in chips:
        while (chip / unit) != (chip / unit).to_integral_value():
            unit /= 10
    return unit, tuple(int(chip / unit) for chip in chips)


def _greedy(target: int, values: tuple[int, ...]) -> list[int] | None:
    counts = []
    for value in values:
        counts.append(target // value)
        target %= value
    return counts if target == 0 else None


@functools.cache
def _canonical(values: tuple[int, ...]) -> bool:
    if len(values) < 3:
        return True
    limit = values[0] + values[1]
    best = _fewest_table(limit, values)
    for amount in range(1, limit + 1):
        greedy = _greedy(amount, values)
        if best[amount] >= 0 and (greedy is None or sum(greedy) != best[amount]):
            return False
    return True


def _fewest_table(limit: int, values: tuple[int, ...]) -> list[int]:
    best = [0] + [-1] * limit
    for amount in range(1, limit + 1):
        options = [best[amount - v] for v in values if v <= amount and best[amount - v] >= 0]
        best[amount] = min(options) + 1 if options else -1
    return best


def _optimal(target: int, values: tuple[int, ...]) -> list[int] | None:
    best = _fewest_table(target, values)
    if best[target] < 0:
        return None
    counts = [0] * len(values)
    while target:
        for index, value in enumerate(values):
            if value <= target and best[target - value] == best[target] - 1:
                counts[index] += 1
                target -= value
                break
    return counts
