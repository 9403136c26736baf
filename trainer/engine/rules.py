"""The frozen rules object of one house, and the closed sets its rules draw from."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from enum import Enum
from typing import Any

from trainer.engine.cards import DeckKind
from trainer.engine.money import Ratio


class Reshuffle(Enum):
    """When the cards are shuffled again."""

    EVERY_ROUND = "every-round"
    CUT_CARD = "cut-card"
    FRESH_DECK = "fresh-deck"


class Soft17(Enum):
    """What the dealer does holding a soft 17."""

    STAND = "stand"
    HIT = "hit"


class DealerBlackjackTakes(Enum):
    """What a dealer blackjack takes from a box that doubled or split."""

    ALL = "all"
    """Every bet on the box, the doubled and split ones too."""
    ORIGINAL = "original"
    """The original bet only (OBO); the extra bets are returned."""


class Ties(Enum):
    """What equal totals (below a blackjack) do."""

    PUSH = "push"
    LOSE = "lose"


class SplitMatch(Enum):
    """Which two cards make a pair the player may split."""

    VALUE = "value"
    """Equal points: a king and a queen split."""
    RANK = "rank"
    """The same rank: a king splits only with a king."""


class DealerCards(Enum):
    """How the dealer's first cards are dealt."""

    HOLE_CARD = "hole-card"
    NO_HOLE_CARD = "no-hole-card"
    BOTH_UP = "both-up"


class DoubleOn(Enum):
    """Which first two cards the player may double on."""

    ANY = "any"
    NINE_TO_ELEVEN = "9-11"
    HARD_NINE_TO_ELEVEN = "hard-9-11"
    ELEVEN = "11"
    NOT_SOFT = "not-soft"


class Showdown(Enum):
    """What happens to a player's blackjack against a dealer blackjack."""

    PUSH = "push"
    WIN = "win"
    LOSE = "lose"


class Bonus(Enum):
    """Spanish 21 bonus hands, ordered from the rarest (paid first) down."""

    SUITED_777_VS_DEALER_7 = "suited-7-7-7-vs-dealer-7"
    SUITED_777 = "suited-7-7-7"
    SUITED_678 = "suited-6-7-8"
    MIXED_777 = "mixed-7-7-7"
    MIXED_678 = "mixed-6-7-8"
    SEVEN_CARD_21 = "seven-card-21"
    SIX_CARD_21 = "six-card-21"
    FIVE_CARD_21 = "five-card-21"


@dataclass(frozen=True, slots=True)
class RuleNote:
    """Where a rule comes from, and the reading taken where the source is loose."""

    source: str
    reading: str | None = None
    why: str | None = None
    alternative: tuple[Any, ...] = ()
    """The other reading's value where the reading stays contested, as a one-item tuple
    (a value may itself be None, "unlimited"); empty where there is none."""


@dataclass(frozen=True, slots=True)
class HouseRules:
    """Every rule of one house, validated; build it with ``trainer.engine.houses``."""

    name: str
    title: str
    summary: str
    # the shoe
    decks: int
    deck: DeckKind
    reshuffle: Reshuffle
    penetration: Decimal
    max_boxes: int
    # the dealer
    soft_17: Soft17
    dealer_cards: DealerCards
    dealer_peeks: bool
    dealer_draws_when_no_live_hands: bool
    dealer_blackjack_takes: DealerBlackjackTakes
    # blackjacks and showdown
    blackjack_pays: Ratio
    blackjack_vs_dealer_blackjack: Showdown
    blackjack_after_split: bool
    blackjack_after_switch: bool
    ties: Ties
    player_21_wins: bool
    dealer_22_pushes: bool
    six_card_win: bool
    # doubling
    double_on: DoubleOn
    double_after_split: bool
    max_doubles: int
    # splitting (None = unlimited hands)
    split_match: SplitMatch
    split_max_hands: int | None
    split_aces_max_hands: int | None
    split_aces_one_card: bool
    split_bets_equal: bool
    # surrender
    surrender: bool
    surrender_vs_ace: bool
    surrender_after_split: bool
    surrender_after_double: bool
    # insurance
    insurance: bool
    insurance_max: Decimal
    insurance_pays: Ratio
    even_money: bool
    # Blackjack Switch
    switch: bool
    # Spanish 21 bonuses
    bonuses: dict[Bonus, Ratio]
    bonus_on_doubled: bool
    bonus_after_split: bool
    notes: dict[str, RuleNote] = field(compare=False, repr=False)
    requires_house_edge: bool = field(default=False, compare=False)
    """The audit fails the house unless its computed edge favours the house."""

    @property
    def hits_soft_17(self) -> bool:
        """True for an H17 house."""
        return self.soft_17 is Soft17.HIT

    @property
    def blackjack_known_before_play(self) -> bool:
        """True when a dealer blackjack ends the round before players act (peek or both up)."""
        return self.dealer_peeks or self.dealer_cards is DealerCards.BOTH_UP

    def split_limit(self, aces: bool) -> int | None:
        """The most hands a box may split a pair into, aces or any other (None: no limit)."""
        return self.split_aces_max_hands if aces else self.split_max_hands

    @property
    def shoe_size(self) -> int:
        """Cards in the full shoe."""
        return self.decks * (48 if self.deck is DeckKind.SPANISH else 52)
