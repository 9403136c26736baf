"""Cards, ranks, suits and the two deck types (standard and Spanish).

>>> Card.parse("As")
Card.parse('As')
>>> Card.parse("10d") == Card.parse("Td")
True
>>> Card.parse("K♠").value
10
>>> len(standard_deck()), len(spanish_deck())
(52, 48)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from trainer.engine.errors import CardError


class Suit(Enum):
    """The four suits, written ``s h d c``."""

    SPADES = "s"
    HEARTS = "h"
    DIAMONDS = "d"
    CLUBS = "c"

    @property
    def symbol(self) -> str:
        """The suit's symbol, e.g. ♠."""
        return _SUIT_SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        """True for hearts and diamonds."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)


_SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_SUIT_BY_TEXT = {s.value: s for s in Suit} | {sym: s for s, sym in _SUIT_SYMBOLS.items()}
_VARIATION_SELECTORS = str.maketrans("", "", "\ufe0e\ufe0f")
"""Text and emoji presentation selectors, which draw a suit differently, not another suit."""


class Rank(Enum):
    """The thirteen ranks, written ``2-9 T J Q K A``."""

    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "T"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"
    ACE = "A"

    @property
    def value_points(self) -> int:
        """Blackjack points: pips at face value, pictures 10, an ace 1 (or 11 in a hand)."""
        return _RANK_POINTS[self]

    @property
    def is_ten_value(self) -> bool:
        """True for T, J, Q and K."""
        return _RANK_POINTS[self] == 10

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Parse a rank: ``2-9 T J Q K A``, ``10`` accepted, any case."""
        rank = _RANK_BY_TEXT.get(text.strip().upper())
        if rank is None:
            raise CardError(f"{text!r} is not a rank (use 2-9, T or 10, J, Q, K, A)")
        return rank


_RANK_POINTS = {r: (1 if r is Rank.ACE else min(10, i + 2)) for i, r in enumerate(Rank)}
_RANK_BY_TEXT = {r.value: r for r in Rank} | {"10": Rank.TEN}


@dataclass(frozen=True, slots=True)
class Card:
    """One playing card; ``value`` is its blackjack points (ace = 1)."""

    rank: Rank
    suit: Suit

    @property
    def value(self) -> int:
        """Blackjack points, an ace counted as 1."""
        return self.rank.value_points

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse ``As``, ``Td``, ``10d`` or ``K♠`` (``A♥️`` too: a phone's emoji keyboard
        adds a variation selector after the suit)."""
        cleaned = text.strip().translate(_VARIATION_SELECTORS)
        if len(cleaned) < 2:
            raise CardError(f"{text!r} is not a card (write rank+suit, e.g. As, Td, 10h, K♠)")
        rank_text, suit_text = cleaned[:-1], cleaned[-1]
        suit = _SUIT_BY_TEXT.get(suit_text.lower())
        rank = _RANK_BY_TEXT.get(rank_text.upper())
        if suit is None or rank is None:
            raise CardError(f"{text!r} is not a card (write rank+suit, e.g. As, Td, 10h, K♠)")
        return _CARDS[rank, suit]

    def __str__(self) -> str:
        return f"{self.rank.value}{self.suit.value}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    @property
    def label(self) -> str:
        """The card with its suit symbol, e.g. ``A♠``."""
        return f"{'10' if self.rank is Rank.TEN else self.rank.value}{self.suit.symbol}"


_CARDS = {(r, s): Card(r, s) for r in Rank for s in Suit}


def parse_cards(texts: list[str] | tuple[str, ...]) -> tuple[Card, ...]:
    """Parse several cards at once."""
    return tuple(Card.parse(t) for t in texts)


class DeckKind(Enum):
    """Which cards one deck holds."""

    STANDARD = "standard"
    SPANISH = "spanish"


def standard_deck() -> list[Card]:
    """The 52-card deck."""
    return [_CARDS[r, s] for s in Suit for r in Rank]


def spanish_deck() -> list[Card]:
    """The 48-card Spanish deck: the four pip tens removed, pictures kept."""
    return [_CARDS[r, s] for s in Suit for r in Rank if r is not Rank.TEN]


def deck_of(kind: DeckKind) -> list[Card]:
    """One deck of the given kind."""
    return spanish_deck() if kind is DeckKind.SPANISH else standard_deck()
