"""Exact probabilities of the dealer's final result for an up card and a shoe.

>>> from trainer.engine.houses import find_house
>>> house = find_house("europoker")
>>> odds = dealer_odds(Composition.infinite_deck(house), 1, hits_soft_17=False)
>>> odds["blackjack"]
Fraction(4, 13)
>>> sum(odds.values())
Fraction(1, 1)
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

from trainer.engine.errors import EngineError
from trainer.odds.composition import Composition
from trainer.odds.dealer_paths import FINE_OUTCOMES, OUTCOMES, dealer_paths

Odds = dict[str, Fraction]
"""Probability of each dealer result, keyed by ``OUTCOMES`` or ``FINE_OUTCOMES``."""


def _falling(n: int, k: int) -> int:
    """n (n-1) ... (n-k+1)."""
    result = 1
    for i in range(k):
        result *= n - i
    return result


def dealer_odds_from(
    shoe: Composition, start: tuple[int, ...], hits_soft_17: bool
) -> Odds:
    """Fine-grained odds (22 apart from other busts) for a dealer holding ``start``.

    ``shoe`` must already exclude the ``start`` cards (when finite).
    """
    paths = dealer_paths(start, hits_soft_17)
    longest = max(path.cards for path in paths)
    counts = shoe.counts
    if shoe.infinite:
        table = [[c**m for m in range(longest + 1)] for c in counts]
        denominators = [shoe.total**k for k in range(longest + 1)]
    else:
        table = [[_falling(c, m) for m in range(longest + 1)] for c in counts]
        denominators = [_falling(shoe.total, k) for k in range(longest + 1)]
    by_length: list[defaultdict[str, int]] = [defaultdict(int) for _ in range(longest + 1)]
    for drawn, cards, ways, outcome in paths:
        weight = ways
        for value, copies in drawn:
            weight *= table[value][copies]
            if not weight:
                break
        else:
            by_length[cards][outcome] += weight
    odds = {name: Fraction(0) for name in FINE_OUTCOMES}
    for cards, sums in enumerate(by_length):
        if denominators[cards]:
            for outcome, weight in sums.items():
                odds[outcome] += Fraction(weight, denominators[cards])
    return odds


def coarse(odds: Odds) -> Odds:
    """Merge a bust of 22 into ``bust``: the command line's seven results."""
    merged = {name: odds.get(name, Fraction(0)) for name in OUTCOMES}
    merged["bust"] += odds.get("22", Fraction(0))
    return merged


def dealer_odds(shoe: Composition, up: int, hits_soft_17: bool, keep_22: bool = False) -> Odds:
    """The seven results for up card value ``up`` (1 = ace) from ``shoe`` (up card still in it);
    with ``keep_22`` eight, a 22 apart from ``bust`` (a house where a dealer 22 pushes)."""
    if not 1 <= up <= 10:
        raise EngineError(f"up card value {up!r} must be 1 (ace) to 10")
    odds = dealer_odds_from(shoe.without(up), (up,), hits_soft_17)
    return odds if keep_22 else coarse(odds)


def peeked(odds: Odds) -> Odds:
    """The odds given that the dealer does not have blackjack (after a peek)."""
    rest = 1 - odds["blackjack"]
    return {name: (Fraction(0) if name == "blackjack" else p / rest) for name, p in odds.items()}
