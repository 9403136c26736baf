"""The computed basic strategy of a house: a printable table, and a player for the engine.

``ComputedStrategy`` answers the engine's ``Strategy`` questions from the same
solvers that price the house (infinite deck), so simulated rounds follow the
strategy whose value ``house_edge`` computes.

>>> from trainer.engine.houses import find_house
>>> table = strategy_table(find_house("europoker"))
>>> table["columns"][:3], table["hard"]["16"][-2:], table["pairs"]["8,8"][0]
(['2', '3', '4'], ['H', 'H'], 'P')
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from trainer.engine.cards import Card, Rank
from trainer.engine.options import Action
from trainer.engine.player_hand import PlayerHand
from trainer.engine.rules import DealerCards, HouseRules
from trainer.odds.dealer_paths import best_total
from trainer.odds.hand_solver import HandSolver, best_of
from trainer.odds.house_edge import hand_value, solvers
from trainer.odds.situations import situations, up_label

CODES = {Action.HIT: "H", Action.STAND: "S", Action.DOUBLE: "D", Action.SPLIT: "P",
         Action.SURRENDER: "R"}
"""One letter per action in printed tables."""


def _hard_hand(total: int) -> tuple[int, int]:
    return (2, total - 2) if total <= 11 else (total - 10, 10)


def strategy_table(rules: HouseRules) -> dict[str, Any]:
    """First decisions by situation: hard 5-19, soft 13-20 and every pair."""
    found = solvers(rules)
    columns = [s.key for s in situations(rules) if s.blackjack < 1]

    def row(values: tuple[int, int]) -> list[str]:
        return [CODES[found[key].best(values)[0]] for key in columns]

    return {
        "columns": columns,
        "hard": {str(t): row(_hard_hand(t)) for t in range(5, 20)},
        "soft": {f"A,{v}": row((1, v)) for v in range(2, 10)},
        "pairs": {f"{up_label(v)},{up_label(v)}": row((v, v)) for v in (*range(2, 11), 1)},
        "legend": "H hit, S stand, D double, P split, R surrender",
    }


def situation_key(rules: HouseRules, up: Card, hole: Card | None) -> str:
    """The solver key for what the player sees: the up card, or both dealer cards."""
    if rules.dealer_cards is DealerCards.BOTH_UP and hole is not None:
        total, soft = best_total(up.value + hole.value, Rank.ACE in (up.rank, hole.rank))
        return f"{'soft' if soft else 'hard'} {total}"
    return up_label(up.value)


class ComputedStrategy:
    """The engine's ``Strategy``, playing the house's computed basic strategy.

    For a both-up house ``hole`` returns the dealer's second (face-up) card.
    """

    def __init__(self, rules: HouseRules, hole: Callable[[], Card | None] | None = None) -> None:
        self.rules = rules
        self.hole = hole
        self.solvers = solvers(rules)
        self._decisions: dict[tuple[Any, ...], Action] = {}
        self._values: dict[tuple[str, int, int, bool, bool], Fraction] = {}

    def _solver(self, up: Card) -> HandSolver:
        return self.solvers[situation_key(self.rules, up, self.hole() if self.hole else None)]

    def decide(self, hand: PlayerHand, dealer_up: Card, allowed: frozenset[Action]) -> Action:
        """The best allowed action for the hand as it stands (remembered per situation)."""
        solver = self._solver(dealer_up)
        cards = hand.cards
        key = (solver.situation.key, tuple(sorted(card.value for card in cards)),
               len(cards) == 2 and cards[0].rank is cards[1].rank, hand.doubled, hand.split,
               hand.split_aces, hand.hit, hand.switched, allowed)
        action = self._decisions.get(key)
        if action is None:
            action = self._decide(solver, hand, allowed)
            self._decisions[key] = action
        return action

    def _decide(self, solver: HandSolver, hand: PlayerHand, allowed: frozenset[Action]) -> Action:
        cards = hand.cards
        values = tuple(card.value for card in cards)
        if hand.doubled:
            action = solver.doubled(values, hand.doubled, hand.split)[0]
        elif len(cards) == 2 and not hand.hit:
            same = cards[0].rank is cards[1].rank
            pair = (values[0], values[1])
            if hand.split:
                if Action.SPLIT in allowed:
                    return Action.SPLIT
                options = solver.options(pair, True, same, hand.split_aces, hand.switched)
            else:
                options = dict(solver.first_options(pair, same, hand.switched))
            options = {a: v for a, v in options.items() if a in allowed}
            action = best_of(options)[0] if options else Action.STAND
        else:
            cap = solver.card_cap
            action = solver.after_hit(sum(values), 1 in values, min(len(values), cap),
                                      hand.split)[0]
        if action in allowed:
            return action
        return Action.HIT if action is Action.DOUBLE and Action.HIT in allowed else Action.STAND

    def insure(self, cards: tuple[Card, ...], dealer_up: Card) -> bool:
        """Never: insurance loses in an infinite deck (it pays 2:1 on a 4/13 chance)."""
        return False

    def take_even_money(self, cards: tuple[Card, ...], dealer_up: Card) -> bool:
        """Never: even money is insurance on a blackjack."""
        return False

    def switch(self, first: tuple[Card, ...], second: tuple[Card, ...], dealer_up: Card) -> bool:
        """Switch when the two switched hands are worth more than the two dealt."""
        rules = self.rules
        situation = self._solver(dealer_up).situation

        def value(hand: tuple[Card, ...], switched: bool) -> Fraction:
            low, high = sorted(card.value for card in hand)
            same = hand[0].rank is hand[1].rank
            key = (situation.key, low, high, same, switched)
            known = self._values.get(key)
            if known is None:
                known = hand_value(rules, situation, (low, high), same, switched)
                self._values[key] = known
            return known

        keep = value(first, False) + value(second, False)
        swapped = value((first[0], second[1]), True) + value((second[0], first[1]), True)
        return bool(swapped > keep)
