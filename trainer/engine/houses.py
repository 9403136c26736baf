"""House profiles: TOML files validated into frozen ``HouseRules``.

Every rule in a profile is a table with ``value`` and ``source``; a rule the
source leaves open also carries ``reading`` and ``why``, and a reading that stays
contested its ``alternative``: the other reading's value, one line to change.

>>> find_house("europoker").soft_17
<Soft17.STAND: 'stand'>
>>> "spanish-21" in house_names()
True
"""

from __future__ import annotations

import contextlib
import functools
import re
from dataclasses import dataclass, replace
from decimal import Decimal, InvalidOperation
from importlib import resources
from pathlib import Path
from typing import Any

from trainer.engine.cards import DeckKind
from trainer.engine.errors import EngineError
from trainer.engine.money import MAX_RATIO_SIDE, Ratio
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
from trainer.toml_schema import (
    OPTIONAL,
    Key,
    Reader,
    SchemaError,
    Table,
    boolean,
    one_of,
    parse_toml,
    read_table,
    string,
    table_of,
    text,
    whole,
)


class ProfileError(EngineError):
    """A house profile file that is missing a key, has an unknown one or an impossible value."""


@dataclass(frozen=True, slots=True)
class RuleSpec:
    """One rule a profile must state: its key, what it means, and how its value is read."""

    key: str
    meaning: str
    read: Reader


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
    if isinstance(value, str):
        with contextlib.suppress(EngineError):
            return Ratio.parse(value)
    raise ValueError(f'must be a ratio string like "3:2", both sides whole numbers from 1 to '
                     f"{MAX_RATIO_SIDE}")


def _fraction(value: Any) -> Decimal:
    try:
        amount = Decimal(str(value)) if isinstance(value, str) else None
    except InvalidOperation:
        amount = None
    if amount is None or not amount.is_finite() or not 0 < amount <= 1:
        raise ValueError('must be a decimal string in (0, 1], e.g. "0.5"')
    return amount


SPECS: tuple[RuleSpec, ...] = (
    RuleSpec("decks", "decks in the shoe", whole(1, 8)),
    RuleSpec("deck", "cards in one deck", one_of(DeckKind)),
    RuleSpec("reshuffle", "when the cards are reshuffled", one_of(Reshuffle)),
    RuleSpec("penetration", "share of the shoe dealt before the cut card", _fraction),
    RuleSpec("max_boxes", "boxes at the table", whole(1, 7)),
    RuleSpec("soft_17", "dealer on soft 17", one_of(Soft17)),
    RuleSpec("dealer_cards", "how the dealer's cards are dealt", one_of(DealerCards)),
    RuleSpec("dealer_peeks", "dealer checks the hole card for blackjack before players act",
             boolean),
    RuleSpec("dealer_draws_when_no_live_hands",
             "dealer still draws when every box has busted or been settled", boolean),
    RuleSpec("dealer_blackjack_takes", "what a dealer blackjack takes from a box",
             one_of(DealerBlackjackTakes)),
    RuleSpec("blackjack_pays", "a player blackjack pays", _ratio),
    RuleSpec("blackjack_vs_dealer_blackjack", "a player blackjack against a dealer blackjack",
             one_of(Showdown)),
    RuleSpec("blackjack_after_split", "ace + ten after a split is a blackjack", boolean),
    RuleSpec("blackjack_after_switch", "ace + ten made by a switch is a blackjack", boolean),
    RuleSpec("ties", "equal totals", one_of(Ties)),
    RuleSpec("player_21_wins", "a player 21 beats a dealer 21", boolean),
    RuleSpec("dealer_22_pushes", "a dealer 22 pushes every standing hand", boolean),
    RuleSpec("six_card_win", "six or more cards without busting win automatically", boolean),
    RuleSpec("double_on", "first two cards the player may double on", one_of(DoubleOn)),
    RuleSpec("double_after_split", "double after a split (DAS)", boolean),
    RuleSpec("max_doubles", "doublings allowed on one hand (2 = re-double)", whole(1, 2)),
    RuleSpec("split_match", "which pairs may be split", one_of(SplitMatch)),
    RuleSpec("split_max_hands", "hands one box may split into", _hand_limit),
    RuleSpec("split_aces_max_hands", "hands a box of split aces may reach", _hand_limit),
    RuleSpec("split_aces_one_card", "split aces take one card each", boolean),
    RuleSpec("split_bets_equal", "the extra bet of a split equals the original bet", boolean),
    RuleSpec("surrender", "surrender allowed", boolean),
    RuleSpec("surrender_vs_ace", "surrender allowed against a dealer ace", boolean),
    RuleSpec("surrender_after_split", "surrender allowed on a split hand", boolean),
    RuleSpec("surrender_after_double", "surrender allowed after doubling", boolean),
    RuleSpec("insurance", "insurance offered against a dealer ace", boolean),
    RuleSpec("insurance_max", "largest insurance stake as a share of the bet", _fraction),
    RuleSpec("insurance_pays", "insurance pays", _ratio),
    RuleSpec("even_money", "even money offered to a blackjack against an ace", boolean),
    RuleSpec("switch", "the player may switch the second cards of two hands", boolean),
    RuleSpec("bonuses", "bonus payouts on a 21", table_of(_ratio, keys=Bonus)),
    RuleSpec("bonus_on_doubled", "bonuses paid on a doubled hand", boolean),
    RuleSpec("bonus_after_split", "bonuses paid on a split hand", boolean),
)

_SLUG = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
"""A house's name: it names its features folder and its drills' keys, so no path or space."""


def _slug(value: Any) -> str:
    if not _SLUG.fullmatch(text(value)):
        raise ValueError("must be lowercase words of a-z and 0-9 joined by '-', e.g. my-club")
    return str(value)


_NOTE = (
    Key("source", text, "where the rule comes from"),
    Key("reading", string, default=None),
    Key("why", string, default=None),
)
"""A rule's notes; an empty reading or why is read as written, for the audit to refuse."""
PROFILE = (
    Key("name", _slug, "a non-empty string"),
    Key("title", text, "a non-empty string"),
    Key("source", text, "a non-empty string"),
    Key("summary", text, "a non-empty string"),
    Key("requires_house_edge", boolean, default=False),
    *(Key(spec.key, Table((Key("value", spec.read), *_NOTE,
                           Key("alternative", spec.read, default=OPTIONAL))), spec.meaning)
      for spec in SPECS),
)
"""A profile file: its name, title, source and summary, whether the audit requires a house
edge, and a table for every rule."""


def rule_value_text(value: Any) -> str:
    """A rule's value in the words a profile writes it, as ``trainer rules show`` prints it:
    ``true``, ``3:2``, ``unlimited``, ``five-card-21 3:2, ...``.

    >>> rule_value_text(None), rule_value_text(True), rule_value_text(Decimal("0.5"))
    ('unlimited', 'true', '0.5')
    """
    if value is None:
        return "unlimited"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return ", ".join(f"{k.value} {v}" for k, v in value.items()) or "none"
    return str(getattr(value, "value", value))


def parse_profile(data: dict[str, Any], origin: str) -> HouseRules:
    """Validate a parsed profile; ``origin`` names the file in every error."""
    try:
        read = read_table(data, PROFILE, origin)
    except SchemaError as exc:
        raise ProfileError(str(exc)) from exc
    values: dict[str, Any] = {}
    notes: dict[str, RuleNote] = {}
    for spec in SPECS:
        rule = read[spec.key]
        if (rule["reading"] is None) != (rule["why"] is None):
            raise ProfileError(f"{origin}: {spec.key}: a 'reading' needs a 'why' and a 'why' "
                               "needs a 'reading'")
        alternative = (rule["alternative"],) if "alternative" in rule else ()
        if alternative and (rule["reading"] is None or alternative[0] == rule["value"]):
            raise ProfileError(f"{origin}: {spec.key}: an 'alternative' is another value of a "
                               "rule that records a reading")
        values[spec.key] = rule["value"]
        notes[spec.key] = RuleNote(rule["source"], rule["reading"], rule["why"], alternative)
    rules = HouseRules(
        name=read["name"], title=read["title"], summary=read["summary"], notes=notes,
        requires_house_edge=read["requires_house_edge"], **values
    )
    _check_consistent(rules, origin)
    for key in contested_readings(rules):
        _check_consistent(with_alternative(rules, key), f"{origin} (alternative {key})")
    return rules


def contested_readings(rules: HouseRules) -> list[str]:
    """The rules whose reading stays contested (they carry an alternative), in profile order."""
    return [spec.key for spec in SPECS if rules.notes[spec.key].alternative]


def with_alternative(rules: HouseRules, key: str) -> HouseRules:
    """The house with the contested reading ``key`` alone switched to its alternative.

    >>> switched = with_alternative(find_house("blackjack-switch"), "blackjack_pays")
    >>> str(switched.blackjack_pays), str(find_house("blackjack-switch").blackjack_pays)
    ('3:2', '1:1')
    """
    (value,) = rules.notes[key].alternative
    return replace(rules, **{key: value})


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
        data = parse_toml(text)
    except ValueError as exc:
        raise ProfileError(f"{file}: {exc}") from None
    return parse_profile(data, str(file))


@functools.cache
def shipped_houses() -> dict[str, HouseRules]:
    """Every profile shipped with the trainer, by name, alphabetically (loaded once)."""
    houses = {}
    for entry in sorted(resources.files("trainer.houses").iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".toml"):
            data = parse_toml(entry.read_text(encoding="utf-8"))
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
