"""What the player sees of the dealer when deciding, with its chance and the dealer's odds.

A hole-card or no-hole-card house shows one up card (ten situations); a
both-up house shows two cards, grouped by the dealer's total (the dealer's
draw depends on nothing else). Odds are for an infinite deck of the house's
deck kind; ``blackjack`` is the chance the dealer holds (or will make) a
two-card 21, and ``odds`` are the final results the player's choices face:
given no blackjack when the blackjack is settled first (peek, both up, or
original bets only), including it otherwise.

>>> from trainer.engine.houses import find_house
>>> ten = [s for s in situations(find_house("europoker")) if s.key == "T"][0]
>>> ten.chance, ten.blackjack
(Fraction(4, 13), Fraction(1, 13))
>>> len(situations(find_house("double-exposure")))
27
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from trainer.engine.cards import Card, Rank, Suit
from trainer.engine.rules import DealerBlackjackTakes, DealerCards, HouseRules
from trainer.odds.composition import Composition
from trainer.odds.dealer_odds import Odds, dealer_odds_from
from trainer.odds.dealer_paths import best_total
from trainer.odds.house_cache import per_house

_RANK_OF_VALUE = {1: Rank.ACE, 2: Rank.TWO, 3: Rank.THREE, 4: Rank.FOUR, 5: Rank.FIVE,
                  6: Rank.SIX, 7: Rank.SEVEN, 8: Rank.EIGHT, 9: Rank.NINE, 10: Rank.KING}


def card_of(value: int, suit: Suit = Suit.SPADES) -> Card:
    """A card of this value (10 is a king: it exists in Spanish decks too)."""
    return Card(_RANK_OF_VALUE[value], suit)


def up_label(value: int) -> str:
    """An up card value as a rank: ``2``-``9``, ``T``, ``A``."""
    return {1: "A", 10: "T"}.get(value, str(value))


def blackjack_settled_first(rules: HouseRules) -> bool:
    """A dealer blackjack costs the box one bet whatever the player did (peek, both up, OBO)."""
    return (rules.blackjack_known_before_play
            or rules.dealer_blackjack_takes is DealerBlackjackTakes.ORIGINAL)


@dataclass(frozen=True, slots=True)
class Situation:
    """One thing the player can see of the dealer: chance, blackjack chance, final odds."""

    key: str
    chance: Fraction
    blackjack: Fraction
    odds: Odds
    up: Card


def _final_odds(odds: Odds, settled_first: bool) -> tuple[Fraction, Odds]:
    blackjack = odds["blackjack"]
    if not settled_first or blackjack in (0, 1):
        return blackjack, odds
    rest = 1 - blackjack
    return blackjack, {k: (Fraction(0) if k == "blackjack" else p / rest) for k, p in odds.items()}


@per_house
def situations(rules: HouseRules) -> tuple[Situation, ...]:
    """Every dealer situation of the house, for an infinite deck."""
    shoe = Composition.infinite_deck(rules)
    first = blackjack_settled_first(rules)
    found = []
    if rules.dealer_cards is not DealerCards.BOTH_UP:
        for up in (2, 3, 4, 5, 6, 7, 8, 9, 10, 1):
            odds = dealer_odds_from(shoe, (up,), rules.hits_soft_17)
            blackjack, final = _final_odds(odds, first)
            found.append(Situation(up_label(up), shoe.probability(up), blackjack, final,
                                   card_of(up)))
        return tuple(found)
    groups: dict[tuple[int, bool], Fraction] = {}
    starts: dict[tuple[int, bool], tuple[int, int]] = {}
    for up in range(1, 11):
        for hole in range(1, 11):
            key = best_total(up + hole, 1 in (up, hole))
            groups[key] = groups.get(key, Fraction(0)) + shoe.probability(up) * shoe.probability(
                hole
            )
            starts.setdefault(key, (up, hole))
    for (total, soft), chance in sorted(groups.items()):
        start = starts[total, soft]
        odds = dealer_odds_from(shoe, start, rules.hits_soft_17)
        blackjack, final = _final_odds(odds, first)
        label = f"{'soft' if soft else 'hard'} {total}"
        found.append(Situation(label, chance, blackjack, final, card_of(start[0])))
    return tuple(found)
