"""Splitting a pair in an infinite deck: how many hands a box ends with, and what they are worth.

Every hand of a split box starts with the pair card and draws; a card that
matches (same rank, or same value where the house splits by value) is split
again while the house's hand limit allows, otherwise the hand is played on.
With an infinite deck the hands are independent given the dealer, so the
split is worth (expected hands of each kind) x (their value). The player
re-splits whenever allowed once splitting was the better first decision
(the usual approximation; each split hand is then played at its best).

>>> expected_hands(Fraction(1, 13), 2)
(Fraction(24, 13), Fraction(2, 13))
"""

from __future__ import annotations

import functools
from fractions import Fraction
from typing import TYPE_CHECKING

from trainer.engine.options import Action
from trainer.engine.rules import SplitMatch

if TYPE_CHECKING:
    from trainer.odds.hand_solver import HandSolver


@functools.cache
def expected_hands(match: Fraction, limit: int) -> tuple[Fraction, Fraction]:
    """Expected (hands played on with a non-matching card, pair hands that could not re-split)."""

    @functools.cache
    def follow(pending: int, hands: int) -> tuple[Fraction, Fraction]:
        if pending == 0:
            return Fraction(0), Fraction(0)
        played, stuck = follow(pending - 1, hands)
        if hands < limit:
            again_played, again_stuck = follow(pending + 1, hands + 1)
        else:
            again_played, again_stuck = played, stuck + 1
        return (
            (1 - match) * (played + 1) + match * again_played,
            (1 - match) * stuck + match * again_stuck,
        )

    return follow(2, 2)


def split_value(solver: HandSolver, pair: int) -> Fraction:
    """Value of splitting a first pair of ``pair`` (per original bet, all hands together)."""
    rules = solver.rules
    by_rank = rules.split_match is SplitMatch.RANK and pair == 10
    match = solver.one_ten_rank if by_rank else solver.chance[pair]
    aces = pair == 1

    def played(card: int, same_rank: bool = True) -> Fraction:
        options = solver.options((pair, card), split=True, same_rank=same_rank, split_aces=aces)
        options.pop(Action.SPLIT, None)
        return max(options.values())

    others = sum((solver.chance[c] * played(c) for c in range(1, 11) if c != pair), Fraction(0))
    if by_rank:
        others += (solver.chance[10] - match) * played(10, same_rank=False)
    limit = rules.split_limit(aces)
    if limit is None:
        # Unlimited: each hand is played on with probability 1 - match, and a match makes two.
        return 2 * others / (1 - 2 * match)
    played_on, stuck = expected_hands(match, limit)
    return played_on * others / (1 - match) + stuck * played(pair)
