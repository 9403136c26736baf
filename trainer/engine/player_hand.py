"""One player hand on the layout: its box, bet, cards and what has happened to it.

The same value all the way through: the rules judge the player's next move on it
(``options``), a dealt round plays it (``table_round``), settlement pays it, drills show
it and audits set it up.

>>> from decimal import Decimal
>>> from trainer.engine.cards import parse_cards
>>> hand = PlayerHand(Decimal(10), parse_cards(["As", "5d"]), box=2, split=True,
...                   split_aces=True, hands_on_box=2)
>>> hand.box, hand.stake
(2, Decimal('10'))
>>> PlayerHand(Decimal(10), parse_cards(["5s", "6d", "Kc"]), doubled=1).stake
Decimal('20')
"""

from __future__ import annotations

from dataclasses import KW_ONLY, dataclass
from decimal import Decimal

from trainer.engine.cards import Card
from trainer.engine.money import ZERO


@dataclass(frozen=True, slots=True)
class PlayerHand:
    """One player hand: its bet and cards, then (by keyword) its box and decisions.

    ``box`` numbers the hand's box from 1, left to right, as dealers and the felt do;
    the hands of a split box share it. None means the round does not say, and
    settlement reads consecutive split hands as one box (``boxes.box_of_each``).
    ``doubled`` counts doublings (each matches the hand's stake); ``split`` marks a
    hand made by splitting, ``split_aces`` one made by splitting aces;
    ``hands_on_box`` counts the hands its box has now (1 before any split); ``hit``
    is true once the player has drawn a card by hitting; ``insurance`` is the
    insurance stake on the hand; ``switched`` marks a Blackjack Switch hand whose
    second card was switched.
    """

    bet: Decimal
    cards: tuple[Card, ...]
    _: KW_ONLY
    box: int | None = None
    doubled: int = 0
    split: bool = False
    split_aces: bool = False
    hands_on_box: int = 1
    hit: bool = False
    surrendered: bool = False
    insurance: Decimal = ZERO
    even_money: bool = False
    switched: bool = False

    @property
    def stake(self) -> Decimal:
        """Everything riding on the hand: the bet, doubled once per doubling."""
        return self.bet * (1 << self.doubled)
