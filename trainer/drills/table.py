"""The situation a question shows: the dealer's cards and the player's hands, as plain data."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from trainer.engine.cards import Card, parse_cards
from trainer.engine.money import ZERO, format_money
from trainer.engine.options import HandState
from trainer.engine.settlement import PlayerHand


@dataclass(frozen=True, slots=True)
class Seat:
    """One player hand on the layout: its bet, cards and what has happened to it.

    Mirrors the engine's ``PlayerHand`` (for settling) and ``HandState`` (for
    what may be done next); ``box`` numbers the box from 1, left to right.
    """

    bet: Decimal
    cards: tuple[Card, ...]
    box: int = 1
    doubled: int = 0
    split: bool = False
    split_aces: bool = False
    hands_on_box: int = 1
    hit: bool = False
    surrendered: bool = False
    insurance: Decimal = ZERO
    even_money: bool = False
    switched: bool = False

    def player_hand(self) -> PlayerHand:
        """The hand as the engine settles it."""
        return PlayerHand(
            self.bet, self.cards, self.doubled, self.split, self.surrendered, self.insurance,
            self.even_money, self.switched, self.box,
        )

    def state(self) -> HandState:
        """The hand as the engine judges the player's next move."""
        return HandState(
            self.cards, self.doubled, self.split, self.split_aces, self.hands_on_box, self.hit,
            self.switched,
        )

    def to_dict(self) -> dict[str, Any]:
        """JSON-able form; money as decimal strings, cards as ``"As"``."""
        return {
            "box": self.box,
            "bet": format_money(self.bet),
            "cards": [str(c) for c in self.cards],
            "labels": [c.label for c in self.cards],
            "doubled": self.doubled,
            "split": self.split,
            "split_aces": self.split_aces,
            "hands_on_box": self.hands_on_box,
            "hit": self.hit,
            "surrendered": self.surrendered,
            "insurance": format_money(self.insurance),
            "even_money": self.even_money,
            "switched": self.switched,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Seat:
        """Rebuild from ``to_dict`` output (derived keys such as ``labels`` are ignored)."""
        return cls(
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
            "hands": [seat.to_dict() for seat in self.hands],
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
            hands=tuple(Seat.from_dict(h) for h in data.get("hands", [])),
            ask=str(data.get("ask", "")),
            action=data.get("action"),
            focus=int(data.get("focus", 0)),
            extra={str(k): str(v) for k, v in dict(data.get("extra", {})).items()},
        )
