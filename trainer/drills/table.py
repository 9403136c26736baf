"""The situation a question shows: the dealer's cards and the player's hands, as plain data.

The hands are the engine's ``Seat``s; ``seat_to_dict``/``seat_from_dict`` store them
in a question's JSON.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from trainer.engine.cards import Card, parse_cards
from trainer.engine.money import format_money
from trainer.engine.seat import Seat

__all__ = ["Seat", "Table", "seat_from_dict", "seat_names", "seat_to_dict"]


def seat_to_dict(seat: Seat) -> dict[str, Any]:
    """A seat's JSON-able form; money as decimal strings, cards as ``"As"``."""
    return {
        "box": seat.box,
        "bet": format_money(seat.bet),
        "cards": [str(c) for c in seat.cards],
        "labels": [c.label for c in seat.cards],
        "doubled": seat.doubled,
        "split": seat.split,
        "split_aces": seat.split_aces,
        "hands_on_box": seat.hands_on_box,
        "hit": seat.hit,
        "surrendered": seat.surrendered,
        "insurance": format_money(seat.insurance),
        "even_money": seat.even_money,
        "switched": seat.switched,
    }


def seat_from_dict(data: dict[str, Any]) -> Seat:
    """Rebuild a seat from ``seat_to_dict`` output (derived keys such as ``labels`` are ignored)."""
    return Seat(
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


def seat_names(hands: tuple[Seat, ...]) -> tuple[str, ...]:
    """Each hand as a question names it: ``box 3``, or a hand of a split box ``box 3, hand 1``
    (the felt, the prompt and the rule all say so; a table's net is still one per box)."""
    names = []
    for seat in hands:
        same_box = [s for s in hands if s.box == seat.box]
        names.append(f"box {seat.box}" if len(same_box) == 1
                     else f"box {seat.box}, hand {same_box.index(seat) + 1}")
    return tuple(names)


@dataclass(frozen=True, slots=True)
class Table:
    """What the trainee sees: dealer cards (dealing order, up card first) and the hands.

    ``ask`` names the exact question within the family (e.g. ``"insurance-max"``);
    ``action`` is the player action asked about (allowed-actions), if any;
    ``focus`` is the index in ``hands`` of the hand the question is about.
    """

    dealer: tuple[Card, ...]
    hands: tuple[Seat, ...] = ()
    ask: str = ""
    action: str | None = None
    focus: int = 0
    extra: dict[str, str] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """JSON-able form."""
        return {
            "dealer": [str(c) for c in self.dealer],
            "dealer_labels": [c.label for c in self.dealer],
            "hands": [seat_to_dict(seat) for seat in self.hands],
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
            hands=tuple(seat_from_dict(h) for h in data.get("hands", [])),
            ask=str(data.get("ask", "")),
            action=data.get("action"),
            focus=int(data.get("focus", 0)),
            extra={str(k): str(v) for k, v in dict(data.get("extra", {})).items()},
        )


def doubled_to(seat: Seat) -> str:
    """How a doubled hand's stake grew, as every drill and the felt word it: ``doubled to
    30``, ``doubled and re-doubled to 60``; empty for a hand never doubled."""
    if not seat.doubled:
        return ""
    how = {1: "doubled", 2: "doubled and re-doubled"}.get(
        seat.doubled, f"doubled {seat.doubled} times")
    return f"{how} to {format_money(seat.player_hand().stake)}"
