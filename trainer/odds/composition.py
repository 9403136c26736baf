"""What a shoe holds, by blackjack value: finite card counts or an infinite deck's weights.

Index 0 is unused; index 1 is the ace, 10 every ten-value card.

>>> from trainer.engine.houses import find_house
>>> shoe = Composition.for_house(find_house("spanish-21"))
>>> shoe.counts[10], shoe.total
(72, 288)
>>> Composition.infinite_deck(find_house("europoker")).probability(10)
Fraction(4, 13)
>>> Composition.for_house(find_house("europoker"), decks=1).without(1).counts[1]
3
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from trainer.engine.cards import DeckKind
from trainer.engine.errors import EngineError
from trainer.engine.rules import HouseRules


def deck_counts(kind: DeckKind) -> tuple[int, ...]:
    """Cards of each value in one deck (index 0 unused)."""
    tens = 12 if kind is DeckKind.SPANISH else 16
    return (0, 4, 4, 4, 4, 4, 4, 4, 4, 4, tens)


@dataclass(frozen=True, slots=True)
class Composition:
    """Cards of each value left to draw; ``infinite`` means draws never change it."""

    counts: tuple[int, ...]
    infinite: bool = False

    @classmethod
    def for_house(cls, rules: HouseRules, decks: int | None = None) -> Composition:
        """The house's full shoe, or ``decks`` decks of the house's deck kind."""
        count = rules.decks if decks is None else decks
        if count < 1:
            raise EngineError(f"decks {count!r} must be at least 1")
        return cls(tuple(n * count for n in deck_counts(rules.deck)))

    @classmethod
    def infinite_deck(cls, rules: HouseRules) -> Composition:
        """An infinite shoe of the house's deck kind (each value's share of one deck)."""
        return cls(deck_counts(rules.deck), infinite=True)

    @property
    def total(self) -> int:
        """Cards in the shoe (for an infinite deck: the cards of one deck)."""
        return sum(self.counts)

    def probability(self, value: int) -> Fraction:
        """Chance that the next card has this value."""
        return Fraction(self.counts[value], self.total)

    def without(self, value: int) -> Composition:
        """The shoe with one card of this value removed (unchanged when infinite)."""
        if self.infinite:
            return self
        if self.counts[value] < 1:
            raise EngineError(f"the shoe holds no card of value {value}")
        counts = list(self.counts)
        counts[value] -= 1
        return Composition(tuple(counts))
