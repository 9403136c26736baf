"""Cards for a question, taken from the house's shoe: only cards it holds, never too many copies.

>>> import random
>>> from trainer.engine.houses import find_house
>>> pool = CardPool(find_house("spanish-21"), random.Random(1))
>>> pool.left(Rank.TEN), pool.left(Rank.ACE)
(0, 24)
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence

from trainer.engine.cards import Card, DeckKind, Rank, Suit, deck_of
from trainer.engine.rules import HouseRules

RANKS_BY_VALUE: dict[int, tuple[Rank, ...]] = {}
for _rank in Rank:
    RANKS_BY_VALUE.setdefault(_rank.value_points, ())
    RANKS_BY_VALUE[_rank.value_points] += (_rank,)
_ALL_RANKS = tuple(Rank)
_ORDINAL = {rank: i for i, rank in enumerate(_ALL_RANKS)}
_VALUE_ORDINALS = {
    value: tuple(_ORDINAL[r] for r in ranks) for value, ranks in RANKS_BY_VALUE.items()
}


class NoCard(LookupError):
    """The shoe has no card left of the kind asked for (the generator tries another hand)."""


@functools.cache
def _layout(
    kind: DeckKind,
) -> tuple[tuple[Card, ...], dict[Rank, tuple[int, ...]], dict[Card, int]]:
    """The distinct cards of one deck, their positions by rank, and each card's position."""
    cards = tuple(deck_of(kind))
    positions: dict[Rank, tuple[int, ...]] = {rank: () for rank in Rank}
    for index, card in enumerate(cards):
        positions[card.rank] += (index,)
    return cards, positions, {card: i for i, card in enumerate(cards)}


class CardPool:
    """The cards of one shoe not yet used in the question, drawn with an injected RNG."""

    __slots__ = ("_by_rank", "_cards", "_count", "_index", "_positions", "_rng")

    def __init__(self, rules: HouseRules, rng: random.Random) -> None:
        self._rng = rng
        self._cards, self._positions, self._index = _layout(rules.deck)
        self._count = [rules.decks] * len(self._cards)
        self._by_rank = [rules.decks * len(self._positions[rank]) for rank in _ALL_RANKS]

    def left(self, rank: Rank, suit: Suit | None = None) -> int:
        """Copies still in the pool of a rank (and suit)."""
        if suit is None:
            return self._by_rank[_ORDINAL[rank]]
        return sum(self._count[i] for i in self._positions[rank] if self._cards[i].suit is suit)

    def can_take(self, ranks: Sequence[Rank]) -> bool:
        """True when the pool still holds all these ranks at once."""
        need: dict[Rank, int] = {}
        for rank in ranks:
            need[rank] = need.get(rank, 0) + 1
        return all(self._by_rank[_ORDINAL[rank]] >= n for rank, n in need.items())

    def _remove(self, index: int) -> Card:
        self._count[index] -= 1
        card = self._cards[index]
        self._by_rank[_ORDINAL[card.rank]] -= 1
        return card

    def take(self, rank: Rank, suit: Suit | None = None) -> Card:
        """A card of this rank (and suit, if given), its suit picked at random."""
        options = [i for i in self._positions[rank]
                   if self._count[i] and (suit is None or self._cards[i].suit is suit)]
        if not options:
            raise NoCard(f"no {rank.value} left")
        weights = [self._count[i] for i in options]
        return self._remove(self._rng.choices(options, weights)[0])

    def put_back(self, cards: Sequence[Card]) -> None:
        """Return cards taken for a hand the generator threw away."""
        for card in cards:
            self._count[self._index[card]] += 1
            self._by_rank[_ORDINAL[card.rank]] += 1

    def draw(self) -> Card:
        """Any card, as the shoe would deal it."""
        rank = self.random_rank()
        return self.take(rank)

    def random_rank(self, value: int | None = None) -> Rank:
        """A rank weighted by what is left (optionally of a given point value, ace = 1)."""
        if value is None:
            return self._rng.choices(_ALL_RANKS, self._by_rank)[0]
        ordinals = _VALUE_ORDINALS.get(value, ())
        weights = [self._by_rank[i] for i in ordinals]
        if not any(weights):
            raise NoCard(f"no card of value {value} left")
        return _ALL_RANKS[self._rng.choices(ordinals, weights)[0]]

    def take_ranks(self, ranks: Sequence[Rank]) -> tuple[Card, ...]:
        """Cards of these ranks in this order (all or nothing)."""
        if not self.can_take(ranks):
            raise NoCard("not enough cards of those ranks")
        return tuple(self.take(rank) for rank in ranks)
