"""What a scenario has put on the table: the boxes' hands and the dealer's cards.

Given steps build a new ``Table`` from the old one (it is frozen); Then steps
ask the engine about it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from decimal import Decimal

from trainer.engine.cards import Card, Rank
from trainer.engine.errors import EngineError
from trainer.engine.money import ZERO, format_money
from trainer.engine.options import HandState
from trainer.engine.round_check import check_round
from trainer.engine.rules import HouseRules
from trainer.engine.settlement import HandResult, PlayerHand, RoundResult, settle_round


class AuditFailure(AssertionError):
    """A rule the engine does not honour: what the feature expects and what the engine says."""

    def __init__(self, expected: str, actual: str) -> None:
        super().__init__(f"expected {expected}, but the engine says {actual}")
        self.expected = expected
        self.actual = actual


class ScenarioError(AssertionError):
    """A scenario that cannot be run as written (a step is missing its set-up)."""


@dataclass(frozen=True, slots=True)
class Hand:
    """One hand of a box and what the player has done on it."""

    bet: Decimal
    cards: tuple[Card, ...]
    doubled: int = 0
    split: bool = False
    hands_on_box: int = 1
    hit: bool = False
    surrendered: bool = False
    insurance: Decimal = ZERO
    even_money: bool = False
    switched: bool = False

    def state(self) -> HandState:
        """The hand as the options engine sees it."""
        return HandState(
            self.cards,
            doubled=self.doubled,
            split=self.split,
            split_aces=self.split and self.cards[0].rank is Rank.ACE,
            hands_on_box=self.hands_on_box,
            hit=self.hit,
            switched=self.switched,
        )

    def player_hand(self) -> PlayerHand:
        """The hand as the settlement engine sees it."""
        return PlayerHand(
            self.bet, self.cards, doubled=self.doubled, split=self.split,
            surrendered=self.surrendered, insurance=self.insurance,
            even_money=self.even_money, switched=self.switched,
        )


@dataclass(frozen=True, slots=True)
class Table:
    """Every hand in play, in order, and the dealer's cards (up card first)."""

    hands: tuple[Hand, ...] = ()
    dealer: tuple[Card, ...] = ()

    def add(self, hand: Hand) -> Table:
        """A table with one more hand."""
        return replace(self, hands=(*self.hands, hand))

    def current(self) -> Hand:
        """The hand the player is acting on: the last one placed."""
        if not self.hands:
            raise ScenarioError('no bet on the table: add a step like Given a bet of 10 on 8♠ 8♦')
        return self.hands[-1]

    def hand(self, number: int) -> Hand:
        """Hand ``number``, counted from 1."""
        if not 1 <= number <= len(self.hands):
            raise ScenarioError(f"there is no hand {number}; the table has {len(self.hands)}")
        return self.hands[number - 1]

    def update(self, **changes: object) -> Table:
        """A table whose current hand has ``changes``."""
        hand = replace(self.current(), **changes)  # type: ignore[arg-type]
        return replace(self, hands=(*self.hands[:-1], hand))

    def up_card(self) -> Card:
        """The dealer's up card."""
        if not self.dealer:
            raise ScenarioError(
                "the dealer has no cards: add a step like When the dealer holds 9♥ T♦"
            )
        return self.dealer[0]

    def settle(self, house: HouseRules) -> RoundResult:
        """Settle the round, refusing it (as a failure) when it cannot arise under the house."""
        self.up_card()
        hands = [hand.player_hand() for hand in self.current_hands()]
        try:
            check_round(house, self.dealer, hands)
        except EngineError as exc:
            raise AuditFailure("a round the house can deal", f"it cannot arise: {exc}") from None
        return settle_round(house, self.dealer, hands)

    def current_hands(self) -> tuple[Hand, ...]:
        """Every hand, refusing an empty table."""
        self.current()
        return self.hands


def describe(result: HandResult) -> str:
    """A hand's result in words, for failure messages."""
    return f"{result.outcome.value} {format_money(result.net)} ({result.rule})"
