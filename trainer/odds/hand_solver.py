"""The player's best play and its expected value for every hand against one dealer situation.

Infinite deck: the player's draws do not change the dealer's odds, so a hand's
future depends only on its hard total, whether it holds an ace, its number of
cards (for six-card wins and card-count bonuses) and, for two cards that could
become 6-7-8 or 7-7-7, which two. Which actions a hand may take is asked of the
engine's ``allowed_actions`` on representative cards, so every house rule on
doubling, re-doubling and surrender is the engine's own.

Values are per original bet. Where a dealer blackjack is settled first (peek,
both up, original bets only) they are given no dealer blackjack; otherwise a
dealer blackjack is one of the results every stake faces (see ``situations``).

>>> from trainer.engine.houses import find_house
>>> solver = HandSolver(find_house("europoker"), situations(find_house("europoker"))[4])
>>> solver.situation.key, solver.best((10, 10))[0].value
('6', 'stand')
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from trainer.engine.cards import Card, Suit
from trainer.engine.options import Action, allowed_actions
from trainer.engine.player_hand import PlayerHand
from trainer.engine.rules import DealerBlackjackTakes, HouseRules, Showdown
from trainer.odds.composition import Composition
from trainer.odds.dealer_paths import best_total
from trainer.odds.payouts import COMBOS, StandValues, bonus_multiplier
from trainer.odds.situations import Situation, card_of, situations
from trainer.odds.splits import split_value

__all__ = ["HandSolver", "situations"]

_TAGS = {(6, 7), (6, 8), (7, 8), (7, 7)}
_QUEEN = Card.parse("Qh")
ANY_CARD = tuple(range(1, 11))
Choice = tuple[Action, Fraction]

UNIT_BET = Decimal(1)
"""The bet on the hands the solver asks the engine about: values are per unit bet."""


def hand_cards(values: tuple[int, ...], same_rank: bool = True) -> tuple[Card, ...]:
    """Representative cards; a ten-value pair is K+K, or K+Q when ``same_rank`` is false."""
    cards = tuple(card_of(v, (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)[i % 4])
                  for i, v in enumerate(values))
    if not same_rank and len(values) == 2 and values == (10, 10):
        cards = (cards[0], _QUEEN)
    return cards


def best_of(options: dict[Action, Fraction]) -> Choice:
    action = max(options, key=lambda a: options[a])
    return action, options[action]


class HandSolver:
    """Expected values and best choices against one dealer situation (memoised)."""

    def __init__(self, rules: HouseRules, situation: Situation) -> None:
        self.rules = rules
        self.situation = situation
        self.up = situation.up
        self.stand_values = StandValues(rules, situation)
        shoe = Composition.infinite_deck(rules)
        self.chance = [Fraction(0)] + [shoe.probability(v) for v in ANY_CARD]
        self.one_ten_rank = Fraction(4, shoe.total)
        self.card_cap = 7 if rules.bonuses else 6 if rules.six_card_win else 3
        self._after_hit: dict[tuple[int, bool, int, bool], Choice] = {}
        self._doubled: dict[tuple[tuple[int, ...], int, bool], Choice] = {}
        self._bonus: dict[tuple[tuple[int, ...], bool, bool], Fraction] = {}
        self._plain_double: dict[tuple[int, bool, bool], Fraction] = {}
        self._first: dict[tuple[int, int, bool, bool], dict[Action, Fraction]] = {}
        self._surrender_value = Fraction(-1, 2)
        blackjack = situation.blackjack
        if (
            not rules.blackjack_known_before_play
            and rules.dealer_blackjack_takes is DealerBlackjackTakes.ORIGINAL
            and 0 < blackjack < 1
        ):
            # Surrender is settled before the dealer's blackjack: -1/2 overall. Expressed
            # given no blackjack, like every other value here: b(-1) + (1-b)v = -1/2.
            self._surrender_value = (blackjack - Fraction(1, 2)) / (1 - blackjack)

    # standing ------------------------------------------------------------
    def stand(
        self, hard: int, ace: bool, cards: int, split: bool, doubled: bool = False,
        combo: tuple[int, ...] | None = None,
    ) -> Fraction:
        """Standing on the hand, per unit staked."""
        total, _ = best_total(hard, ace)
        if total > 21:
            return Fraction(-1)
        win = Fraction(1)
        if total == 21 and self.rules.bonuses:
            key = (combo or (cards,), doubled, split)
            win = self._bonus.get(key) or self._bonus.setdefault(
                key, bonus_multiplier(self.rules, key[0], doubled, split, self.up)
            )
        return self.stand_values.stand(total, cards, win)

    # hitting -------------------------------------------------------------
    def after_hit(self, hard: int, ace: bool, cards: int, split: bool) -> Choice:
        """Best of hit and stand once the hand has drawn by hitting."""
        key = (hard, ace, cards, split)
        known = self._after_hit.get(key)
        if known is not None:
            return known
        total, _ = best_total(hard, ace)
        stand = self.stand(hard, ace, cards, split)
        if total >= 21:
            choice = (Action.STAND, stand)
        else:
            hit = self.hit(hard, ace, cards, split, None)
            choice = (Action.HIT, hit) if hit > stand else (Action.STAND, stand)
        self._after_hit[key] = choice
        return choice

    def hit(self, hard: int, ace: bool, cards: int, split: bool,
            tag: tuple[int, ...] | None) -> Fraction:
        """Taking one card and playing on (hit or stand) from there."""
        more = min(cards + 1, self.card_cap)
        value = Fraction(0)
        for card in ANY_CARD:
            if tag is not None and hard + card == 21 and tuple(sorted((*tag, card))) in COMBOS:
                after = self.stand(21, False, 3, split, combo=tuple(sorted((*tag, card))))
            else:
                after = self.after_hit(hard + card, ace or card == 1, more, split)[1]
            value += self.chance[card] * after
        return value

    def split_natural(self) -> Fraction:
        """Ace + ten after a split at a house that pays it as a blackjack."""
        ratio = self.rules.blackjack_pays
        pays = Fraction(ratio.numerator, ratio.denominator)
        blackjack = self.situation.odds.get("blackjack", Fraction(0))
        if not blackjack:
            return pays
        showdown = self.rules.blackjack_vs_dealer_blackjack
        against = {Showdown.PUSH: Fraction(0), Showdown.WIN: pays,
                   Showdown.LOSE: Fraction(-1)}[showdown]
        return blackjack * against + (1 - blackjack) * pays

    # doubling ------------------------------------------------------------
    def doubled(self, values: tuple[int, ...], doubles: int, split: bool) -> Choice:
        """Best play of a hand just doubled ``doubles`` times and dealt its card."""
        values = tuple(sorted(values))
        key = (values, doubles, split)
        known = self._doubled.get(key)
        if known is not None:
            return known
        stake = 1 << doubles
        hard = sum(values)
        ace = 1 in values
        if best_total(hard, ace)[0] > 21:
            choice: Choice = (Action.STAND, Fraction(-stake))
        else:
            hand = PlayerHand(UNIT_BET, hand_cards(values), doubled=doubles, split=split,
                              hands_on_box=2 if split else 1)
            allowed = allowed_actions(self.rules, hand, self.up)
            combo = values if len(values) == 3 and values in COMBOS else None
            options = {Action.STAND: stake * self.stand(hard, ace, len(values), split, True,
                                                        combo)}
            if Action.SURRENDER in allowed:
                options[Action.SURRENDER] = stake * self._surrender_value
            if Action.DOUBLE in allowed:
                options[Action.DOUBLE] = sum(
                    (self.chance[c] * self.doubled((*values, c), doubles + 1, split)[1]
                     for c in ANY_CARD), Fraction(0))
            choice = best_of(options)
        self._doubled[key] = choice
        return choice

    def double(self, values: tuple[int, int], split: bool) -> Fraction:
        """Doubling two cards: one card, then the best play of the doubled hand."""
        rules = self.rules
        if rules.bonuses or rules.max_doubles > 1 or rules.surrender_after_double:
            return sum((self.chance[c] * self.doubled((*values, c), 1, split)[1]
                        for c in ANY_CARD), Fraction(0))
        # Only standing follows the card: the value depends on the hard total and an ace.
        hard, ace = sum(values), 1 in values
        key = (hard, ace, split)
        known = self._plain_double.get(key)
        if known is None:
            known = 2 * sum((self.chance[c] * self.stand(hard + c, ace or c == 1, 3, split, True)
                             for c in ANY_CARD), Fraction(0))
            self._plain_double[key] = known
        return known

    # two cards -----------------------------------------------------------
    def options(self, values: tuple[int, int], split: bool = False, same_rank: bool = True,
                split_aces: bool = False, switched: bool = False) -> dict[Action, Fraction]:
        """Every allowed action on two cards but splitting, with its value (per original bet)."""
        values = (min(values), max(values))
        hand = PlayerHand(UNIT_BET, hand_cards(values, same_rank), split=split,
                          split_aces=split_aces, hands_on_box=2 if split else 1,
                          switched=switched)
        allowed = allowed_actions(self.rules, hand, self.up)
        hard = sum(values)
        ace = 1 in values
        options: dict[Action, Fraction] = {}
        if Action.STAND in allowed:
            if split and values == (1, 10) and self.rules.blackjack_after_split:
                options[Action.STAND] = self.split_natural()
            else:
                options[Action.STAND] = self.stand(hard, ace, 2, split)
        if Action.HIT in allowed:
            tag = values if self.rules.bonuses and values in _TAGS else None
            options[Action.HIT] = self.hit(hard, ace, 2, split, tag)
        if Action.DOUBLE in allowed:
            options[Action.DOUBLE] = self.double(values, split)
        if Action.SURRENDER in allowed:
            options[Action.SURRENDER] = self._surrender_value
        return options

    def may_split(self, values: tuple[int, int], same_rank: bool = True,
                  switched: bool = False) -> bool:
        """The engine lets the player split this first pair."""
        hand = PlayerHand(UNIT_BET, hand_cards(values, same_rank), switched=switched)
        return Action.SPLIT in allowed_actions(self.rules, hand, self.up)

    def first_options(self, values: tuple[int, int], same_rank: bool = True,
                      switched: bool = False) -> dict[Action, Fraction]:
        """Every allowed first decision on two cards (not a blackjack), splitting included."""
        key = (min(values), max(values), same_rank, switched)
        known = self._first.get(key)
        if known is None:
            known = self.options(values, same_rank=same_rank, switched=switched)
            if values[0] == values[1] and self.may_split(values, same_rank, switched):
                known[Action.SPLIT] = split_value(self, values[0])
            self._first[key] = known
        return known

    def best(self, values: tuple[int, int], same_rank: bool = True,
             switched: bool = False) -> Choice:
        """The best first decision on two cards (not a blackjack), splitting included."""
        return best_of(self.first_options(values, same_rank, switched))
