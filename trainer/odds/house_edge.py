"""The whole game's expected value for a house: every dealer situation, every first two cards.

Infinite deck, the computed basic strategy, no insurance or even money. For a
Blackjack Switch house a round is two hands and the switch is taken whenever
it raises their combined value; the edge is given per hand.

>>> from trainer.engine.houses import find_house
>>> round(float(player_edge(find_house("casino-classic"))) * 100, 3)
-0.653
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from math import lcm

from trainer.engine.rules import HouseRules, Showdown
from trainer.odds.hand_solver import HandSolver
from trainer.odds.house_cache import per_house
from trainer.odds.situations import Situation, blackjack_settled_first, situations


def _ratio(rules: HouseRules) -> Fraction:
    return Fraction(rules.blackjack_pays.numerator, rules.blackjack_pays.denominator)


def _showdown(rules: HouseRules) -> Fraction:
    """A player blackjack against a dealer blackjack."""
    return {Showdown.PUSH: Fraction(0), Showdown.WIN: _ratio(rules),
            Showdown.LOSE: Fraction(-1)}[rules.blackjack_vs_dealer_blackjack]


@per_house
def solvers(rules: HouseRules) -> dict[str, HandSolver]:
    """One memoising solver per dealer situation of the house, by situation key."""
    return {s.key: HandSolver(rules, s) for s in situations(rules)}


def hand_value(
    rules: HouseRules, situation: Situation, values: tuple[int, int],
    same_rank: bool = True, switched: bool = False,
) -> Fraction:
    """Expected value of two first cards played at their best, dealer blackjack included."""
    blackjack = situation.blackjack
    natural = sorted(values) == [1, 10] and (not switched or rules.blackjack_after_switch)
    if natural:
        return blackjack * _showdown(rules) + (1 - blackjack) * _ratio(rules)
    if blackjack == 1:
        return Fraction(-1)
    best = solvers(rules)[situation.key].best(values, same_rank, switched)[1]
    if blackjack_settled_first(rules):
        return -blackjack + (1 - blackjack) * best
    return best


def _two_cards(solver: HandSolver) -> list[tuple[Fraction, tuple[int, int], bool]]:
    """Every first two cards (by value; a ten-value pair by whether the ranks match)."""
    chance = solver.chance
    found = []
    for low in range(1, 11):
        for high in range(low, 11):
            weight = chance[low] * chance[high] * (1 if low == high else 2)
            if low == high == 10:
                same = solver.one_ten_rank / chance[10]
                found.append((weight * same, (10, 10), True))
                found.append((weight * (1 - same), (10, 10), False))
            else:
                found.append((weight, (low, high), True))
    return found


def situation_value(rules: HouseRules, situation: Situation) -> Fraction:
    """Expected value of one hand against this dealer situation."""
    solver = solvers(rules)[situation.key]
    return sum(
        (w * hand_value(rules, situation, values, same) for w, values, same in _two_cards(solver)),
        Fraction(0),
    )


def _switch_value(rules: HouseRules, situation: Situation) -> Fraction:
    """Expected value of a Switch round (two hands), switching when it pays.

    Runs over all 10^4 first-card values in whole numbers: every hand value is
    scaled to one common denominator, every card chance to the deck's size.
    """
    solver = solvers(rules)[situation.key]
    plain: dict[tuple[int, int], Fraction] = {}
    swapped: dict[tuple[int, int], Fraction] = {}
    for a, b in product(range(1, 11), repeat=2):
        pair = (min(a, b), max(a, b))
        plain[a, b] = hand_value(rules, situation, pair)
        swapped[a, b] = hand_value(rules, situation, pair, switched=True)
    scale = lcm(*(v.denominator for v in (*plain.values(), *swapped.values())))
    keep = {k: int(v * scale) for k, v in plain.items()}
    switch = {k: int(v * scale) for k, v in swapped.items()}
    deck = lcm(*(c.denominator for c in solver.chance[1:]))
    weight = [int(c * deck) for c in solver.chance]
    total = 0
    cards = range(1, 11)
    for a1, a2, b1, b2 in product(cards, repeat=4):
        best = max(keep[a1, a2] + keep[b1, b2], switch[a1, b2] + switch[b1, a2])
        total += weight[a1] * weight[a2] * weight[b1] * weight[b2] * best
    return Fraction(total, scale * deck**4)


@per_house
def player_edge(rules: HouseRules) -> Fraction:
    """The player's expected result per hand, as a share of the bet (negative: the house wins)."""
    total = Fraction(0)
    for situation in situations(rules):
        if rules.switch:
            total += situation.chance * _switch_value(rules, situation) / 2
        else:
            total += situation.chance * situation_value(rules, situation)
    return total
