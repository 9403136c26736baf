"""House profiles: TOML files validated into frozen ``HouseRules``.

Every rule in a profile is a table with ``value`` and ``source``; a rule the
source leaves open also carries ``reading`` and ``why``.

>>> find_house("europoker").soft_17
<Soft17.STAND: 'stand'>
>>> "spanish-21" in house_names()
True
"""

from __future__ import annotations

import datetime
import functools
import json
import re
import sys
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from importlib import resources
from pathlib import Path
from typing import Any

from trainer.engine.cards import DeckKind
from trainer.engine.errors import EngineError
from trainer.engine.money import Ratio
from trainer.engine.rules import (
    Bonus,
    DealerBlackjackTakes,
    DealerCards,
    DoubleOn,
    HouseRules,
    Reshuffle,
    RuleNote,
    Showdown,
    Soft17,
    SplitMatch,
    Ties,
)


class ProfileError(EngineError):
    """A house profile file that is missing a key, has an unknown one or an impossible value."""


Parser = Callable[[Any], Any]


@dataclass(frozen=True, slots=True)
class RuleSpec:
    """One rule a profile must state: its key, what it means, and how its value is read."""

    key: str
    meaning: str
    parse: Parser
    allowed: str


def _enum(kind: type[Any]) -> Parser:
    values = [member.value for member in kind]

    def parse(value: Any) -> Any:
        if value not in values:
            raise ValueError(f"must be one of {', '.join(values)}")
        return kind(value)

    return parse


def true_or_false(value: Any) -> bool:
    """A TOML boolean as it is (a profile's rule, an operator setting), else ``ValueError``."""
    if not isinstance(value, bool):
        raise ValueError("must be true or false")
    return value


def whole_number(low: int, high: int) -> Parser:
    """A parser of a TOML whole number from ``low`` to ``high`` (not a boolean)."""

    def parse(value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise ValueError(f"must be a whole number from {low} to {high}")
        return value

    return parse


MAX_SPLIT_HANDS = 8
"""The most hands a profile may let one box split into (the shipped ones allow 2 or 4, or
"unlimited"); the exact edge follows every re-split, so a limit of hundreds outruns it."""


def _hand_limit(value: Any) -> int | None:
    if value == "unlimited":
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_SPLIT_HANDS:
        raise ValueError(f"must be a whole number of hands from 1 (no split) to "
                         f'{MAX_SPLIT_HANDS}, or "unlimited"')
    return value


def _ratio(value: Any) -> Ratio:
    if not isinstance(value, str):
        raise ValueError('must be a ratio string like "3:2"')
    return Ratio.parse(value)


def _fraction(value: Any) -> Decimal:
    try:
        amount = Decimal(str(value)) if isinstance(value, str) else None
    except InvalidOperation:
        amount = None
    if amount is None or not amount.is_finite() or not 0 < amount <= 1:
        raise ValueError('must be a decimal string in (0, 1], e.g. "0.5"')
    return amount


def _bonuses(value: Any) -> dict[Bonus, Ratio]:
    if not isinstance(value, dict):
        raise ValueError("must be a table of bonus hand = ratio")
    names = [b.value for b in Bonus]
    table = {}
    for name, ratio in value.items():
        if name not in names:
            raise ValueError(f"unknown bonus {name!r} (known: {', '.join(names)})")
        table[Bonus(name)] = _ratio(ratio)
    return table


SPECS: tuple[RuleSpec, ...] = (
    RuleSpec("decks", "decks in the shoe", whole_number(1, 8), "1-8"),
    RuleSpec("deck", "cards in one deck", _enum(DeckKind), "standard | spanish (no pip tens)"),
    RuleSpec("reshuffle", "when the cards are reshuffled", _enum(Reshuffle),
             "every-round | cut-card | fresh-deck"),
    RuleSpec("penetration", "share of the shoe dealt before the cut card", _fraction,
             '"0.5" .. "1"'),
    RuleSpec("max_boxes", "boxes at the table", whole_number(1, 7), "1-7"),
    RuleSpec("soft_17", "dealer on soft 17", _enum(Soft17), "stand (S17) | hit (H17)"),
    RuleSpec("dealer_cards", "how the dealer's cards are dealt", _enum(DealerCards),
             "hole-card | no-hole-card (ENHC) | both-up"),
    RuleSpec("dealer_peeks", "dealer checks the hole card for blackjack before players act",
             true_or_false, "true | false"),
    RuleSpec("dealer_draws_when_no_live_hands",
             "dealer still draws when every box has busted or been settled", true_or_false,
             "true | false"),
    RuleSpec("dealer_blackjack_takes", "what a dealer blackjack takes from a box",
             _enum(DealerBlackjackTakes), "all | original (OBO)"),
    RuleSpec("blackjack_pays", "a player blackjack pays", _ratio, '"3:2" | "1:1" | ...'),
    RuleSpec("blackjack_vs_dealer_blackjack", "a player blackjack against a dealer blackjack",
             _enum(Showdown), "push | win | lose"),
    RuleSpec("blackjack_after_split", "ace + ten after a split is a blackjack", true_or_false,
             "true | false"),
    RuleSpec("blackjack_after_switch", "ace + ten made by a switch is a blackjack", true_or_false,
             "true | false"),
    RuleSpec("ties", "equal totals", _enum(Ties), "push | lose"),
    RuleSpec("player_21_wins", "a player 21 beats a dealer 21", true_or_false, "true | false"),
    RuleSpec("dealer_22_pushes", "a dealer 22 pushes every standing hand", true_or_false,
             "true | false"),
    RuleSpec("six_card_win", "six or more cards without busting win automatically", true_or_false,
             "true | false"),
    RuleSpec("double_on", "first two cards the player may double on", _enum(DoubleOn),
             "any | 9-11 | hard-9-11 | 11 | not-soft"),
    RuleSpec("double_after_split", "double after a split (DAS)", true_or_false, "true | false"),
    RuleSpec("max_doubles", "doublings allowed on one hand (2 = re-double)",
             whole_number(1, 2), "1-2"),
    RuleSpec("split_match", "which pairs may be split", _enum(SplitMatch),
             "value (K+Q) | rank (K+K only)"),
    RuleSpec("split_max_hands", "hands one box may split into", _hand_limit,
             f'1-{MAX_SPLIT_HANDS} | "unlimited"'),
    RuleSpec("split_aces_max_hands", "hands a box of split aces may reach", _hand_limit,
             f'1-{MAX_SPLIT_HANDS} | "unlimited"'),
    RuleSpec("split_aces_one_card", "split aces take one card each", true_or_false, "true | false"),
    RuleSpec("split_bets_equal", "the extra bet of a split equals the original bet", true_or_false,
             "true | false"),
    RuleSpec("surrender", "surrender allowed", true_or_false, "true | false"),
    RuleSpec("surrender_vs_ace", "surrender allowed against a dealer ace", true_or_false,
             "true | false"),
    RuleSpec("surrender_after_split", "surrender allowed on a split hand", true_or_false,
             "true | false"),
    RuleSpec("surrender_after_double", "surrender allowed after doubling", true_or_false,
             "true | false"),
    RuleSpec("insurance", "insurance offered against a dealer ace", true_or_false, "true | false"),
    RuleSpec("insurance_max", "largest insurance stake as a share of the bet", _fraction,
             '"0.5"'),
    RuleSpec("insurance_pays", "insurance pays", _ratio, '"2:1"'),
    RuleSpec("even_money", "even money offered to a blackjack against an ace", true_or_false,
             "true | false"),
    RuleSpec("switch", "the player may switch the second cards of two hands", true_or_false,
             "true | false"),
    RuleSpec("bonuses", "bonus payouts on a 21", _bonuses, "table of bonus = ratio"),
    RuleSpec("bonus_on_doubled", "bonuses paid on a doubled hand", true_or_false, "true | false"),
    RuleSpec("bonus_after_split", "bonuses paid on a split hand", true_or_false, "true | false"),
)

SPEC_BY_KEY = {spec.key: spec for spec in SPECS}
_META_KEYS = ("name", "title", "source", "summary")
_SLUG = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
"""A house's name: it names its features folder and its drills' keys, so no path or space."""
_NOTE_KEYS = {"value", "source", "reading", "why"}


_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
"""A TOML key written without quotes; any other is quoted."""


def rule_value_text(value: Any) -> str:
    """A rule's value as ``trainer rules show`` and the pages say it: ``yes``, ``3:2``,
    ``unlimited``, ``five-card-21 3:2, ...``.

    >>> rule_value_text(None), rule_value_text(True), rule_value_text(Decimal("0.5"))
    ('unlimited', 'yes', '0.5')
    """
    if value is None:
        return "unlimited"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict):
        return ", ".join(f"{k.value} {v}" for k, v in value.items()) or "none"
    return str(getattr(value, "value", value))


def toml_text(value: Any) -> str:
    """A parsed TOML value as a profile writes it, for an error quoting it: ``true`` (not
    Python's ``True``), ``"S17"``, ``{ x = 1 }``, ``[1, 2]``.

    >>> toml_text({"five-card-21": 2, "7-7-7 suited": True})
    '{ five-card-21 = 2, "7-7-7 suited" = true }'
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, dict):
        inner = ", ".join(f"{key if _BARE_KEY.fullmatch(key) else toml_text(key)} = "
                          f"{toml_text(item)}" for key, item in value.items())
        return f"{{ {inner} }}" if inner else "{}"
    if isinstance(value, list):
        return "[" + ", ".join(toml_text(item) for item in value) + "]"
    if isinstance(value, (datetime.date, datetime.time)):
        return value.isoformat()
    return str(value)


def parse_profile(data: dict[str, Any], origin: str) -> HouseRules:
    """Validate a parsed profile; ``origin`` names the file in every error."""
    unknown = sorted(set(data) - set(SPEC_BY_KEY) - set(_META_KEYS))
    if unknown:
        raise ProfileError(f"{origin}: unknown key {unknown[0]!r}")
    for meta in _META_KEYS:
        if meta not in data:
            raise ProfileError(f"{origin}: missing key {meta!r} (a non-empty string)")
        if not isinstance(data[meta], str) or not data[meta].strip():
            raise ProfileError(f"{origin}: {meta} = {toml_text(data[meta])}: must be a non-empty"
                               " string")
    if not _SLUG.fullmatch(data["name"]):
        raise ProfileError(f"{origin}: name = {toml_text(data['name'])}: must be lowercase "
                           "words of a-z and 0-9 joined by '-', e.g. my-club")
    values: dict[str, Any] = {}
    notes: dict[str, RuleNote] = {}
    for spec in SPECS:
        values[spec.key], notes[spec.key] = _parse_rule(data, spec, origin)
    rules = HouseRules(
        name=data["name"], title=data["title"], summary=data["summary"], notes=notes, **values
    )
    _check_consistent(rules, origin)
    return rules


def _parse_rule(data: dict[str, Any], spec: RuleSpec, origin: str) -> tuple[Any, RuleNote]:
    entry = data.get(spec.key)
    where = f"{origin}: {spec.key}"
    if entry is None:
        raise ProfileError(f"{origin}: missing key {spec.key!r} ({spec.meaning})")
    if not isinstance(entry, dict):
        raise ProfileError(f"{where} must be a table with value and source")
    extra = sorted(set(entry) - _NOTE_KEYS)
    if extra:
        raise ProfileError(f"{where}: unknown key {extra[0]!r}")
    if "value" not in entry:
        raise ProfileError(f"{where}: missing key 'value'")
    if not isinstance(entry.get("source"), str) or not entry["source"].strip():
        raise ProfileError(f"{where}: missing key 'source' (where the rule comes from)")
    if ("reading" in entry) != ("why" in entry):
        raise ProfileError(f"{where}: a 'reading' needs a 'why' and a 'why' needs a 'reading'")
    try:
        value = spec.parse(entry["value"])
    except ValueError as exc:
        raise ProfileError(f"{where} = {toml_text(entry['value'])}: {exc}") from None
    return value, RuleNote(entry["source"], entry.get("reading"), entry.get("why"))


def _check_consistent(rules: HouseRules, origin: str) -> None:
    """Refuse combinations of rules that cannot be dealt."""
    problems = []
    if rules.dealer_peeks and rules.dealer_cards is not DealerCards.HOLE_CARD:
        problems.append(("dealer_peeks", "only a hole-card dealer can peek"))
    takes = rules.dealer_blackjack_takes
    if rules.blackjack_known_before_play and takes is not DealerBlackjackTakes.ORIGINAL:
        problems.append(
            ("dealer_blackjack_takes",
             "a dealer blackjack seen before play can only take the original bet")
        )
    if rules.split_aces_max_hands is not None and rules.split_max_hands is not None and (
        rules.split_aces_max_hands > max(rules.split_max_hands, 2)
    ):
        problems.append(("split_aces_max_hands", "cannot exceed split_max_hands"))
    if rules.bonuses and rules.six_card_win:
        problems.append(("six_card_win", "cannot be combined with card-count bonuses"))
    if problems:
        key, why = problems[0]
        raise ProfileError(f"{origin}: {key}: {why}")


PROFILE_MAX_BYTES = 1_000_000
"""The largest profile file read (a shipped one is about 10 kB)."""


def load_house_file(path: str | Path) -> HouseRules:
    """Load and validate a user's own profile file."""
    file = Path(path)
    try:
        if file.exists() and not file.is_file():  # a directory, /dev/zero: no profile
            raise ProfileError(f"{file}: not a file")
        if file.exists() and file.stat().st_size > PROFILE_MAX_BYTES:
            raise ProfileError(f"{file}: {file.stat().st_size} bytes; a profile is at most "
                               f"{PROFILE_MAX_BYTES}")
        text = file.read_text(encoding="utf-8")
    except OSError as exc:
        raise ProfileError(f"{file}: cannot read ({exc.strerror})") from None
    except UnicodeDecodeError as exc:
        raise ProfileError(f"{file}: not UTF-8 text (byte {exc.start})") from None
    try:
        data = toml_table(text)
    except ValueError as exc:
        raise ProfileError(f"{file}: {exc}") from None
    return parse_profile(data, str(file))


def toml_table(text: str) -> dict[str, Any]:
    """``text`` read as TOML (a profile, an operator's settings), or ``ValueError`` saying
    in a few words why it cannot be."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(f"not valid TOML ({exc})") from None
    except RecursionError:
        raise ValueError("not valid TOML (nested too deeply)") from None
    except ValueError:  # a whole number past Python's digit limit for int()
        raise ValueError(f"a number of more than {sys.get_int_max_str_digits()} "
                         "digits") from None


@functools.cache
def shipped_houses() -> dict[str, HouseRules]:
    """Every profile shipped with the trainer, by name, alphabetically (loaded once)."""
    houses = {}
    for entry in sorted(resources.files("trainer.houses").iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".toml"):
            data = tomllib.loads(entry.read_text(encoding="utf-8"))
            rules = parse_profile(data, f"houses/{entry.name}")
            houses[rules.name] = rules
    return dict(sorted(houses.items()))  # by name: a file name's ".toml" sorts after "-"


def house_names() -> list[str]:
    """Names of the shipped profiles, alphabetically."""
    return list(shipped_houses())


def find_house(name: str) -> HouseRules:
    """A shipped profile by name; an unknown name lists the known ones."""
    houses = shipped_houses()
    if name not in houses:
        raise ProfileError(f"unknown house {name!r} (known: {', '.join(houses)})")
    return houses[name]


def shipped_profile_file(name: str) -> str:
    """Where the shipped profile ``name`` is read from (each file is named after its house)."""
    find_house(name)
    return str(resources.files("trainer.houses").joinpath(f"{name}.toml"))
