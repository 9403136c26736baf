"""One hand on the layout: its box, bet, cards and what has happened to it.

A ``Seat`` is what drills show and audits set up; it answers the engine in
two views, ``player_hand()`` for settling and ``state()`` for what may be
done next.

>>> from decimal import Decimal
>>> from trainer.engine.cards import parse_cards
>>> seat = Seat(Decimal(10), parse_cards(["As", "5d"]), box=2, split=True, split_aces=True,
...             hands_on_box=2)
>>> seat.player_hand().box
2
>>> seat.state().split_aces
True
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from trainer.engine.cards import Card
from trainer.engine.money import ZERO
from trainer.engine.options import HandState
from trainer.engine.settlement import PlayerHand


@dataclass(frozen=True, slots=True)
class Seat:
    """One player hand on the layout: its bet, cards and what has happened to it.

    ``box`` numbers the box from 1, left to right; the hands of a split box
    share it. ``hands_on_box`` counts the hands the box has now (1 before any
    split); ``split_aces`` marks a hand made by splitting aces.
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
