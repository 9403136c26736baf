"""What standing is worth against one dealer situation, per unit staked, under a house's rules.

Covers ties that lose, a player 21 that beats a dealer 21, a dealer 22 that
pushes, the six-card automatic win and bonus 21s (priced with the engine's own
``find_bonus`` on representative cards, suits averaged for an infinite deck).

>>> from trainer.engine.houses import find_house
>>> house = find_house("spanish-21")
>>> seven = [s for s in situations(house) if s.key == "7"][0]
>>> bonus_multiplier(house, (7, 7, 7), doubled=False, split=False, up=seven.up)
Fraction(73, 32)
>>> bonus_multiplier(house, (5,), doubled=False, split=False, up=seven.up)
Fraction(3, 2)
"""

from __future__ import annotations

from fractions import Fraction

from trainer.engine.bonuses import find_bonus
from trainer.engine.cards import Card, Suit
from trainer.engine.rules import HouseRules, Ties
from trainer.odds.situations import Situation, card_of, situations

__all__ = ["StandValues", "bonus_multiplier", "situations"]

_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
_GENERIC_21 = {  # card values making an n-card 21 that is neither 6-7-8 nor 7-7-7
    2: (1, 10), 3: (1, 10, 10), 4: (1, 10, 5, 5), 5: (2, 2, 3, 4, 10),
    6: (2, 2, 3, 3, 1, 10), 7: (2, 2, 2, 3, 3, 1, 8),
}
COMBOS = ((6, 7, 8), (7, 7, 7))
"""Three-card 21s whose bonus depends on the cards, not just their number."""


def _ratio(rules: HouseRules, cards: tuple[Card, ...], doubled: bool, split: bool,
           up: Card) -> Fraction:
    bonus = find_bonus(rules, cards, int(doubled), split, up)
    if bonus is None:
        return Fraction(1)
    ratio = rules.bonuses[bonus]
    return Fraction(ratio.numerator, ratio.denominator)


def bonus_multiplier(
    rules: HouseRules, key: tuple[int, ...], doubled: bool, split: bool, up: Card
) -> Fraction:
    """Expected win multiplier of a winning 21: ``key`` is a combo (sorted values) or ``(n,)``."""
    if not rules.bonuses:
        return Fraction(1)
    if len(key) == 1:
        values = _GENERIC_21[min(key[0], 7)]
        cards = tuple(card_of(v, _SUITS[i % 4]) for i, v in enumerate(values))
        return _ratio(rules, cards, doubled, split, up)
    mixed = tuple(card_of(v, _SUITS[i]) for i, v in enumerate(key))
    total = Fraction(15, 16) * _ratio(rules, mixed, doubled, split, up)
    if key == (7, 7, 7) and up.value == 7:
        same = tuple(card_of(7, up.suit) for _ in key)
        other_suit = _SUITS[1] if up.suit is _SUITS[0] else _SUITS[0]
        other = tuple(card_of(7, other_suit) for _ in key)
        total += Fraction(1, 64) * _ratio(rules, same, doubled, split, up)
        total += Fraction(3, 64) * _ratio(rules, other, doubled, split, up)
    else:
        suited = tuple(card_of(v) for v in key)
        total += Fraction(1, 16) * _ratio(rules, suited, doubled, split, up)
    return total


class StandValues:
    """Expected result of standing, per unit staked, for every total against one situation."""

    def __init__(self, rules: HouseRules, situation: Situation) -> None:
        self.rules = rules
        self.situation = situation
        odds = situation.odds
        self._blackjack = odds.get("blackjack", Fraction(0))
        self._by_total = {total: self._versus(total, Fraction(1)) for total in range(4, 22)}
        self._win_21 = sum((p for d, p in odds.items() if self._result(21, d) == 1), Fraction(0))
        self._lose_21 = sum((p for d, p in odds.items() if self._result(21, d) == -1), Fraction(0))

    def _result(self, total: int, dealer: str) -> int:
        """+1 win, 0 push, -1 loss for a standing ``total`` against a dealer result."""
        rules = self.rules
        if dealer == "blackjack":
            return -1
        if dealer == "bust":
            return 1
        if dealer == "22":
            return 0 if rules.dealer_22_pushes else 1
        theirs = int(dealer)
        if total != theirs:
            return 1 if total > theirs else -1
        if total == 21 and rules.player_21_wins:
            return 1
        return -1 if rules.ties is Ties.LOSE else 0

    def _versus(self, total: int, win: Fraction) -> Fraction:
        value = Fraction(0)
        for dealer, chance in self.situation.odds.items():
            result = self._result(total, dealer)
            value += chance * (win if result == 1 else result)
        return value

    def stand(self, total: int, cards: int, win: Fraction = Fraction(1)) -> Fraction:
        """Standing with ``total`` in ``cards`` cards; ``win`` is the multiplier a win pays."""
        if total > 21:
            return Fraction(-1)
        if self.rules.six_card_win and cards >= 6:
            return 1 - 2 * self._blackjack
        if total == 21:
            return self._win_21 * win - self._lose_21
        return self._by_total[total]
