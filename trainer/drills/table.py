"""The situation a question shows: the dealer's cards and the player's hands, as plain data.

The hands are the engine's ``PlayerHand``s; ``hand_to_dict``/``hand_from_dict`` store them
in a question's JSON.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from trainer.engine.cards import Card, parse_cards
from trainer.engine.money import format_money
from trainer.engine.player_hand import PlayerHand

__all__ = ["PlayerHand", "Table", "hand_from_dict", "hand_names", "hand_to_dict"]


def hand_to_dict(hand: PlayerHand) -> dict[str, Any]:
    """A hand's JSON-able form; money as decimal strings, cards as ``"As"``."""
    return {
        "box": hand.box,
        "bet": format_money(hand.bet),
        "cards": [str(c) for c in hand.cards],
        "labels": [c.label for c in hand.cards],
        "doubled": hand.doubled,
        "split": hand.split,
        "split_aces": hand.split_aces,
        "hands_on_box": hand.hands_on_box,
        "hit": hand.hit,
        "surrendered": hand.surrendered,
        "insurance": format_money(hand.insurance),
        "even_money": hand.even_money,
        "switched": hand.switched,
    }


def hand_from_dict(data: dict[str, Any]) -> PlayerHand:
    """Rebuild a hand from ``hand_to_dict`` output (derived keys such as ``labels`` are ignored)."""
    return PlayerHand(
        bet=Decimal(data["bet"]),
        cards=parse_cards(list(data["cards"])),
        box=int(data.get("box", 1)),
        doubled=int(data.get("doubled", 0)),
        split=bool(data.get("split", False)),
        split_aces=bool(data.get("split_aces", False)),
        hands_on_box=int(data.get("hands_on_box", 1)),
        hit=bool(data.get("hit", False)),
        surrendered=bool(data.get("surrendered", False)),
        insurance=Decimal(data.get("insurance", "0")),
        even_money=bool(data.get("even_money", False)),
        switched=bool(data.get("switched", False)),
    )


def hand_names(hands: tuple[PlayerHand, ...]) -> tuple[str, ...]:
    """Each hand as a question names it: ``box 3``, or a hand of a split box ``box 3, hand 1``
    (the felt, the prompt and the rule all say so; a table's net is still one per box)."""
    names = []
    for hand in hands:
        same_box = [s for s in hands if s.box == hand.box]
        names.append(f"box {hand.box}" if len(same_box) == 1
                     else f"box {hand.box}, hand {same_box.index(hand) + 1}")
    return tuple(names)


@dataclass(frozen=True, slots=True)
class Table:
    """What the trainee sees: dealer cards (dealing order, up card first) and the hands.

    ``ask`` names the exact question within the family (e.g. ``"insurance-max"``);
    ``action`` is the player action asked about (allowed-actions), if any;
    ``focus`` is the index in ``hands`` of the hand the question is about.
    """

    dealer: tuple[Card, ...]
    hands: tuple[PlayerHand, ...] = ()
    ask: str = ""
    action: str | None = None
    focus: int = 0
    extra: dict[str, str] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """JSON-able form."""
        return {
            "dealer": [str(c) for c in self.dealer],
            "dealer_labels": [c.label for c in self.dealer],
            "hands": [hand_to_dict(hand) for hand in self.hands],
            "ask": self.ask,
            "action": self.action,
            "focus": self.focus,
            "extra": dict(self.extra),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Table:
        """Rebuild from ``to_dict`` output."""
        return cls(
            dealer=parse_cards(list(data["dealer"])),
            hands=tuple(hand_from_dict(h) for h in data.get("hands", [])),
            ask=str(data.get("ask", "")),
            action=data.get("action"),
            focus=int(data.get("focus", 0)),
            extra={str(k): str(v) for k, v in dict(data.get("extra", {})).items()},
        )


def doubled_to(hand: PlayerHand) -> str:
    """How a doubled hand's stake grew, as every drill and the felt word it: ``doubled to
    30``, ``doubled and re-doubled to 60``; empty for a hand never doubled."""
    if not hand.doubled:
        return ""
    how = {1: "doubled", 2: "doubled and re-doubled"}.get(
        hand.doubled, f"doubled {hand.doubled} times")
    return f"{how} to {format_money(hand.stake)}"
