"""The shoe: decks of the house's kind, a seeded shuffle, a cut card and the reshuffle policy.

>>> import random
>>> from trainer.engine.houses import find_house
>>> shoe = Shoe.for_house(find_house("spanish-21"), random.Random(7))
>>> shoe.size, any(c.rank.value == "T" for c in shoe.remaining_cards())
(288, False)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence

from trainer.engine.cards import Card, DeckKind, Rank, deck_of
from trainer.engine.errors import CardError
from trainer.engine.rules import HouseRules, Reshuffle


class Shoe:
    """Cards left to deal. Each draw picks uniformly among the remaining cards
    (a Fisher-Yates shuffle done one card at a time), so a reshuffle is free.
    """

    __slots__ = ("_cards", "_full", "_random", "_uniform", "cut_at", "reshuffle")

    def __init__(
        self,
        cards: Sequence[Card],
        rng: random.Random | None,
        cut_at: int | None = None,
        reshuffle: Reshuffle = Reshuffle.CUT_CARD,
    ) -> None:
        self._full = list(cards)
        self._random = rng
        self._uniform = None if rng is None else rng.random
        self.cut_at = len(self._full) if cut_at is None else cut_at
        self.reshuffle = reshuffle
        self._cards: list[Card] = []
        self.shuffle()

    @classmethod
    def for_house(cls, rules: HouseRules, rng: random.Random) -> Shoe:
        """A full shoe of the house's decks, cut where the house cuts."""
        cards = deck_of(rules.deck) * rules.decks
        cut_at = int(len(cards) * rules.penetration)
        return cls(cards, rng, cut_at, rules.reshuffle)

    @classmethod
    def stacked(cls, cards: Iterable[Card]) -> Shoe:
        """A shoe that deals ``cards`` in the order given (for tests and replays)."""
        return cls(list(reversed(list(cards))), None, reshuffle=Reshuffle.FRESH_DECK)

    @property
    def size(self) -> int:
        """Cards in the full shoe."""
        return len(self._full)

    def remaining_cards(self) -> list[Card]:
        """The undealt cards (in no particular order)."""
        return list(self._cards)

    def shuffle(self) -> None:
        """Gather every card back into the shoe."""
        self._cards = list(self._full)

    def start_round(self) -> None:
        """Reshuffle before a round when the house's policy says so."""
        dealt = len(self._full) - len(self._cards)
        due = self.reshuffle is not Reshuffle.CUT_CARD or dealt >= self.cut_at
        if due and self._random is not None:
            self.shuffle()

    def draw(self) -> Card:
        """Deal the next card; an empty shoe is reshuffled mid-round."""
        cards = self._cards
        if not cards:
            if self._random is None:
                raise CardError("the stacked shoe has run out of cards")
            self.shuffle()
            cards = self._cards
        uniform = self._uniform
        if uniform is not None:
            # swap a uniformly chosen card to the end, then deal it
            index = int(uniform() * len(cards))
            cards[index], cards[-1] = cards[-1], cards[index]
        return cards.pop()


def check_cards_fit(rules: HouseRules, cards: Iterable[Card]) -> None:
    """Refuse cards the house's shoe cannot hold: a pip ten in Spanish decks, too many copies."""
    counts = Counter(cards)
    for card, count in counts.items():
        if rules.deck is DeckKind.SPANISH and card.rank is Rank.TEN:
            raise CardError(
                f"{rules.name} deals Spanish decks with no pip tens: {card} cannot occur"
            )
        if count > rules.decks:
            raise CardError(
                f"{rules.name} deals {rules.decks} deck(s): {card} appears {count} times, "
                f"the shoe holds {rules.decks}"
            )
