"""What a scenario has put on the table: the boxes' hands and the dealer's cards.

Given steps build a new ``Table`` from the old one (it is frozen); Then steps
ask the engine about it. Each hand is the engine's ``PlayerHand``: a new bet takes
the next box, and the hands of a split share their box.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from trainer.engine.cards import Card
from trainer.engine.errors import EngineError
from trainer.engine.money import format_money
from trainer.engine.player_hand import PlayerHand
from trainer.engine.round_check import check_round
from trainer.engine.rules import HouseRules
from trainer.engine.settlement import HandResult, RoundResult, settle_round


class AuditFailure(AssertionError):
    """A rule the engine does not honour: what the feature expects and what the engine says."""

    def __init__(self, expected: str, actual: str) -> None:
        super().__init__(f"expected {expected}, but the engine says {actual}")
        self.expected = expected
        self.actual = actual


class ScenarioError(AssertionError):
    """A scenario that cannot be run as written (a step is missing its set-up)."""


@dataclass(frozen=True, slots=True)
class Table:
    """Every hand in play, in order, and the dealer's cards (up card first)."""

    hands: tuple[PlayerHand, ...] = ()
    dealer: tuple[Card, ...] = ()

    def add(self, hand: PlayerHand) -> Table:
        """A table with one more hand."""
        return replace(self, hands=(*self.hands, hand))

    def next_box(self) -> int:
        """The number of a box to the right of every box in play (1 on an empty table)."""
        return max((hand.box for hand in self.hands if hand.box is not None), default=0) + 1

    def on_box(self, box: int | None) -> int:
        """How many hands box ``box`` holds."""
        return sum(1 for hand in self.hands if hand.box == box)

    def current(self) -> PlayerHand:
        """The hand the player is acting on: the last one placed."""
        if not self.hands:
            raise ScenarioError('no bet on the table: add a step like Given a bet of 10 on 8♠ 8♦')
        return self.hands[-1]

    def hand(self, number: int) -> PlayerHand:
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
        hands = self.current_hands()
        try:
            check_round(house, self.dealer, hands)
        except EngineError as exc:
            raise AuditFailure("a round the house can deal", f"it cannot arise: {exc}") from None
        return settle_round(house, self.dealer, hands)

    def current_hands(self) -> tuple[PlayerHand, ...]:
        """Every hand, refusing an empty table."""
        self.current()
        return self.hands


def describe(result: HandResult) -> str:
    """A hand's result in words, for failure messages."""
    return f"{result.outcome.value} {format_money(result.net)} ({result.rule})"
