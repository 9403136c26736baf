"""Hand totals (hard and soft), bust, blackjack and pairs.

>>> from trainer.engine.cards import parse_cards
>>> hand_total(parse_cards(["As", "6d"]))
HandTotal(total=17, soft=True)
>>> hand_total(parse_cards(["As", "6d", "Kc"]))
HandTotal(total=17, soft=False)
>>> str(hand_total(parse_cards(["2s", "3d", "Ac", "Ah"])))
'soft 17'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from trainer.engine.cards import Card


class HandTotal(NamedTuple):
    """The best total of a hand and whether an ace counts 11 in it."""

    total: int
    soft: bool

    @property
    def bust(self) -> bool:
        """True over 21."""
        return self.total > 21

    def __str__(self) -> str:
        if self.bust:
            return f"bust {self.total}"
        return f"{'soft' if self.soft else 'hard'} {self.total}"


def hand_total(cards: Sequence[Card]) -> HandTotal:
    """The best total: one ace counts 11 when that does not bust the hand."""
    total = sum(card.value for card in cards)
    if total <= 11 and any(card.value == 1 for card in cards):
        return HandTotal(total + 10, soft=True)
    return HandTotal(total, soft=False)


def is_two_card_21(cards: Sequence[Card]) -> bool:
    """An ace and a ten-value card as exactly two cards (a natural, if not split)."""
    return len(cards) == 2 and hand_total(cards).total == 21


def is_pair_by_rank(cards: Sequence[Card]) -> bool:
    """Two cards of the same rank (K+K, not K+Q)."""
    return len(cards) == 2 and cards[0].rank is cards[1].rank


def is_pair_by_value(cards: Sequence[Card]) -> bool:
    """Two cards of the same points (K+Q counts)."""
    return len(cards) == 2 and cards[0].value == cards[1].value
