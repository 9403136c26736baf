"""Every way a dealer's hand can finish, independent of the shoe (memoised per start and rule).

The chance of drawing a given multiset of cards in a given order depends only
on the multiset, not the order, so the dealer's finishing hands are grouped by
multiset: ``ways`` counts the drawing orders the S17/H17 rule allows to end
exactly there. Weighting each multiset by the shoe gives exact odds for any
composition (see ``dealer_odds``).

>>> paths = dealer_paths((6,), hits_soft_17=False)
>>> sum(p.ways for p in paths if p.drawn == ((1, 1),))   # 6 then an ace: soft 17
1
>>> sorted({p.outcome for p in dealer_paths((1,), False)})
['17', '18', '19', '20', '21', '22', 'blackjack', 'bust']
"""

from __future__ import annotations

import functools
from typing import NamedTuple

OUTCOMES = ("17", "18", "19", "20", "21", "blackjack", "bust")
"""The dealer's final results as the command line prints them (bust includes 22)."""

FINE_OUTCOMES = ("17", "18", "19", "20", "21", "blackjack", "22", "bust")
"""Results the odds track internally: a bust of exactly 22 is kept apart for the push-22 rule."""


class DealerPath(NamedTuple):
    """One finishing multiset of drawn cards: ``drawn`` as (value, copies) pairs."""

    drawn: tuple[tuple[int, int], ...]
    cards: int
    ways: int
    outcome: str


def best_total(hard: int, has_ace: bool) -> tuple[int, bool]:
    """The best total and whether it is soft, from the hard total and whether an ace is held."""
    if has_ace and hard <= 11:
        return hard + 10, True
    return hard, False


def dealer_must_hit(total: int, soft: bool, hits_soft_17: bool) -> bool:
    """The dealer's draw rule (the engine's ``must_hit``) on a best total."""
    return total < 17 or (total == 17 and soft and hits_soft_17)


def _outcome(total: int, cards: int) -> str:
    if total > 22:
        return "bust"
    if total == 21 and cards == 2:
        return "blackjack"
    return str(total)


@functools.cache
def dealer_paths(start: tuple[int, ...], hits_soft_17: bool) -> tuple[DealerPath, ...]:
    """Every finishing multiset of cards drawn after ``start`` (the dealer's values so far)."""
    finished: list[DealerPath] = []
    # layer: drawn counts packed 4 bits per value (ace lowest) -> [ways, hard total, ace held]
    layer: dict[int, list[int]] = {0: [1, sum(start), int(1 in start)]}
    steps = [(1 << (4 * index), index + 1) for index in range(10)]
    drawn_count = 0
    while layer:
        following: dict[int, list[int]] = {}
        cards = len(start) + drawn_count
        for packed, (ways, hard, ace) in layer.items():
            total, soft = best_total(hard, bool(ace))
            if cards >= 2 and (total > 21 or not dealer_must_hit(total, soft, hits_soft_17)):
                drawn = tuple(
                    (v, (packed >> (4 * v - 4)) & 15) for v in range(1, 11)
                    if (packed >> (4 * v - 4)) & 15
                )
                finished.append(DealerPath(drawn, drawn_count, ways, _outcome(total, cards)))
                continue
            for step, value in steps:
                entry = following.get(packed + step)
                if entry is None:
                    following[packed + step] = [ways, hard + value, ace or int(value == 1)]
                else:
                    entry[0] += ways
        layer = following
        drawn_count += 1
    return tuple(finished)
