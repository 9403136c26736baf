"""The round JSON of the command-line contract: parsing input and shaping output."""

from __future__ import annotations

import json
import sys
from decimal import Decimal
from typing import Any

from trainer.engine.cards import Card
from trainer.engine.errors import EngineError, RoundError
from trainer.engine.money import ZERO, as_typed, format_money, to_money
from trainer.engine.player_hand import PlayerHand
from trainer.engine.settlement import RoundResult

_HAND_KEYS = {
    "bet", "cards", "doubled", "split", "surrendered", "insurance", "even_money", "switched", "box",
}


def load_round_json(text: str) -> tuple[list[Card], list[PlayerHand]]:
    """Parse a round: ``{"dealer": [...], "hands": [{"bet": "10", "cards": [...]}, ...]}``."""
    try:
        data = json.loads(text, parse_float=Decimal, object_pairs_hook=_unique_keys)
    except json.JSONDecodeError as exc:
        where = f"line {exc.lineno} column {exc.colno}"
        raise RoundError(f"malformed JSON: {exc.msg} at {where}") from None
    except RecursionError:
        raise RoundError("malformed JSON: nested too deeply") from None
    except RoundError:
        raise
    except ValueError:  # a whole number past Python's digit limit for int()
        raise RoundError("the round holds a number of more than "
                         f"{sys.get_int_max_str_digits()} digits") from None
    if not isinstance(data, dict):
        raise RoundError("the round must be a JSON object with 'dealer' and 'hands'")
    unknown = sorted(set(data) - {"dealer", "hands"})
    if unknown:
        raise RoundError(f"unknown key {unknown[0]!r} in the round")
    dealer = _cards(data.get("dealer"), "dealer")
    hands_data = data.get("hands")
    if not isinstance(hands_data, list) or not hands_data:
        raise RoundError("'hands' must be a non-empty list")
    return dealer, [_hand(item, n) for n, item in enumerate(hands_data, start=1)]


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object whose every key is given once (``json`` would keep the last silently)."""
    seen: set[str] = set()
    for key, _value in pairs:
        if key in seen:
            raise RoundError(f"key {key!r} is given twice in one object")
        seen.add(key)
    return dict(pairs)


def _cards(value: Any, where: str) -> list[Card]:
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        raise RoundError(f"{where}: 'cards' must be a list of card strings like \"As\"")
    try:
        return [Card.parse(c) for c in value]
    except EngineError as exc:
        raise type(exc)(f"{where}: {exc}") from None


def _flag(item: dict[str, Any], key: str, where: str) -> bool:
    value = item.get(key, False)
    if not isinstance(value, bool):
        raise RoundError(f"{where}: {key} {as_typed(value)} must be true or false")
    return value


def _hand(item: Any, number: int) -> PlayerHand:
    where = f"hand {number}"
    if not isinstance(item, dict):
        raise RoundError(f"{where} must be an object with 'bet' and 'cards'")
    unknown = sorted(set(item) - _HAND_KEYS)
    if unknown:
        raise RoundError(f"{where}: unknown key {unknown[0]!r}")
    if "bet" not in item:
        raise RoundError(f"{where}: missing 'bet'")
    try:
        bet = to_money(item["bet"], "bet")
        insurance = to_money(item.get("insurance", "0"), "insurance")
    except EngineError as exc:
        raise type(exc)(f"{where}: {exc}") from None
    doubled = item.get("doubled", 0)
    if isinstance(doubled, bool) or not isinstance(doubled, int) or doubled < 0:
        raise RoundError(f"{where}: doubled {as_typed(doubled)} must be a count (0, 1, 2)")
    box = item.get("box")
    if box is not None and (isinstance(box, bool) or not isinstance(box, int) or box < 1):
        raise RoundError(f"{where}: box {as_typed(box)} must be a whole number, 1 or more")
    return PlayerHand(
        bet=bet,
        cards=tuple(_cards(item.get("cards"), where)),
        doubled=doubled,
        split=_flag(item, "split", where),
        surrendered=_flag(item, "surrendered", where),
        insurance=insurance,
        even_money=_flag(item, "even_money", where),
        switched=_flag(item, "switched", where),
        box=box,
    )


def round_result_json(result: RoundResult) -> dict[str, Any]:
    """The contract's output: every hand's outcome, net, insurance, bonus and rule."""
    return {
        "hands": [
            {
                "outcome": hand.outcome.value,
                "net": format_money(hand.net + ZERO),
                "insurance_net": format_money(hand.insurance_net + ZERO),
                "bonus": hand.bonus.value if hand.bonus else None,
                "rule": hand.rule,
            }
            for hand in result.hands
        ],
        "net": format_money(result.net + ZERO),
    }
