"""What the player may do right now: hit, stand, double, split, surrender, insure, switch.

>>> from trainer.engine.houses import find_house
>>> from trainer.engine.cards import Card, parse_cards
>>> hand = PlayerHand(Decimal(10), parse_cards(["8s", "8d"]))
>>> sorted(a.value for a in allowed_actions(find_house("europoker"), hand, Card.parse("Th")))
['double', 'hit', 'split', 'stand']
"""

from __future__ import annotations

from decimal import Decimal
from enum import Enum

from trainer.engine.cards import Card, Rank
from trainer.engine.hands import HandTotal, hand_total
from trainer.engine.money import whole_cents
from trainer.engine.player_hand import PlayerHand
from trainer.engine.rules import DoubleOn, HouseRules, SplitMatch


class Action(Enum):
    """A player's decision on a hand, with its keyboard key in the trainer."""

    HIT = "hit"
    STAND = "stand"
    DOUBLE = "double"
    SPLIT = "split"
    SURRENDER = "surrender"


PLAY_ORDER = tuple(Action)
"""Every action, in the order the trainer lists them."""
_NOTHING: frozenset[Action] = frozenset()
_STAND_ONLY = frozenset({Action.STAND})
_HIT_OR_STAND = frozenset({Action.HIT, Action.STAND})


def _double_total_allowed(rules: HouseRules, total: HandTotal) -> bool:
    match rules.double_on:
        case DoubleOn.ANY:
            return True
        case DoubleOn.NINE_TO_ELEVEN:
            return 9 <= total.total <= 11
        case DoubleOn.HARD_NINE_TO_ELEVEN:
            return not total.soft and 9 <= total.total <= 11
        case DoubleOn.ELEVEN:
            return total.total == 11
        case DoubleOn.NOT_SOFT:
            return not total.soft
    return False  # pragma: no cover - every DoubleOn is matched above


_DOUBLE_WORDING = {
    DoubleOn.ANY: "on any first two cards",
    DoubleOn.NINE_TO_ELEVEN: "only on a first-two-card total of 9, 10 or 11",
    DoubleOn.HARD_NINE_TO_ELEVEN: "only on a hard 9, 10 or 11",
    DoubleOn.ELEVEN: "only on a two-card 11",
    DoubleOn.NOT_SOFT: "on any two cards except a soft hand",
}


class Refusal(Enum):
    """Why an action is not allowed; ``explain`` words it for a house."""

    BUST = "the hand has busted"
    NATURAL = "a blackjack is a finished hand; there is nothing to play"
    HAS_21 = "the hand has 21; play passes on"
    DOUBLED_ONE_CARD = "a doubled hand takes exactly one card"
    SPLIT_ACES_ONE_CARD = "split aces take one card each"
    DOUBLE_LIMIT = "a hand may be doubled {times}"
    DOUBLE_FIRST_TWO = "doubling is only on the first two cards"
    NO_DOUBLE_AFTER_SPLIT = "no doubling after a split"
    DOUBLE_TOTAL = "doubling is allowed {double_on}"
    NOT_A_PAIR = "only a first pair of {pair} may be split"
    NO_SPLIT = "no splitting"
    NO_RESPLIT_ACES = "split aces may not be split again"
    SPLIT_LIMIT = "a box may split into at most {limit} hands"
    NO_SURRENDER = "surrender is not allowed"
    NO_SURRENDER_VS_ACE = "no surrender against a dealer ace"
    NO_SURRENDER_AFTER_SPLIT = "no surrender on a split hand"
    NO_SURRENDER_AFTER_DOUBLE = "no surrender after doubling"
    SURRENDER_FIRST = "surrender is on the first two cards{or_after_double}, not after a hit"

    def explain(self, rules: HouseRules, hand: PlayerHand) -> str:
        """The refusal as a sentence naming the house."""
        pair = "two cards of the same rank" if rules.split_match is SplitMatch.RANK else (
            "two cards of the same value"
        )
        text = self.value.format(
            double_on=_DOUBLE_WORDING[rules.double_on],
            pair=pair,
            limit=rules.split_limit(hand.cards[0].rank is Rank.ACE) if hand.cards else None,
            or_after_double=" or after a double" if rules.surrender_after_double else "",
            times={1: "only once", 2: "twice at most"}.get(
                rules.max_doubles, f"{rules.max_doubles} times at most"),
        )
        return f"{rules.name}: {text}"


def _refusal_code(
    rules: HouseRules, hand: PlayerHand, dealer_up: Card, action: Action, total: HandTotal
) -> Refusal | None:
    if total.total > 21:
        return Refusal.BUST
    if len(hand.cards) == 2 and total.total == 21 and not hand.split and not hand.switched:
        return Refusal.NATURAL
    if action is Action.STAND:
        return None
    # On a 21 (after a split or a switch, a hit or a double) play passes on: no card is
    # drawn (a hit or a double) and nothing is given up (a surrender), whatever else the
    # house allows.
    if total.total == 21:
        return Refusal.HAS_21
    one_card = hand.split_aces and rules.split_aces_one_card and len(hand.cards) >= 2
    if action is Action.HIT:
        if hand.doubled:
            return Refusal.DOUBLED_ONE_CARD
        return Refusal.SPLIT_ACES_ONE_CARD if one_card else None
    if action is Action.DOUBLE:
        return _double_refusal(rules, hand, one_card, total)
    if action is Action.SPLIT:
        return _split_refusal(rules, hand)
    # A split ace that has taken its one card is a finished hand: nothing is given up.
    return Refusal.SPLIT_ACES_ONE_CARD if one_card else _surrender_refusal(rules, hand, dealer_up)


def _double_refusal(
    rules: HouseRules, hand: PlayerHand, one_card: bool, total: HandTotal
) -> Refusal | None:
    if hand.doubled:
        return Refusal.DOUBLE_LIMIT if hand.doubled >= rules.max_doubles else None
    if len(hand.cards) != 2 or hand.hit:
        return Refusal.DOUBLE_FIRST_TWO
    if one_card:
        return Refusal.SPLIT_ACES_ONE_CARD
    if hand.split and not rules.double_after_split:
        return Refusal.NO_DOUBLE_AFTER_SPLIT
    return None if _double_total_allowed(rules, total) else Refusal.DOUBLE_TOTAL


def pairs_for_split(rules: HouseRules, first: Card, other: Card) -> bool:
    """Whether two cards make a pair this house splits: equal ranks, or equal values where
    the house splits by value (K + Q)."""
    return other.rank is first.rank if rules.split_match is SplitMatch.RANK else (
        other.value == first.value)


def _split_refusal(rules: HouseRules, hand: PlayerHand) -> Refusal | None:
    cards = hand.cards
    if len(cards) != 2 or hand.doubled or hand.hit:
        return Refusal.NOT_A_PAIR
    if not pairs_for_split(rules, cards[0], cards[1]):
        return Refusal.NOT_A_PAIR
    limit = rules.split_limit(cards[0].rank is Rank.ACE)
    if limit is None or hand.hands_on_box < limit:
        return None
    if limit <= 1:
        return Refusal.NO_SPLIT
    if limit == 2 and cards[0].rank is Rank.ACE:
        return Refusal.NO_RESPLIT_ACES  # one split only: the house never resplits aces
    return Refusal.SPLIT_LIMIT  # resplits allowed (aces too, where RSA), up to the limit


def _surrender_refusal(rules: HouseRules, hand: PlayerHand, dealer_up: Card) -> Refusal | None:
    if not rules.surrender:
        return Refusal.NO_SURRENDER
    if dealer_up.rank is Rank.ACE and not rules.surrender_vs_ace:
        return Refusal.NO_SURRENDER_VS_ACE
    if hand.split and not rules.surrender_after_split:
        return Refusal.NO_SURRENDER_AFTER_SPLIT
    if hand.doubled and not rules.surrender_after_double:
        return Refusal.NO_SURRENDER_AFTER_DOUBLE
    if hand.hit or len(hand.cards) != 2 + hand.doubled:
        return Refusal.SURRENDER_FIRST
    return None


def refusal(rules: HouseRules, hand: PlayerHand, dealer_up: Card, action: Action) -> str | None:
    """Why ``action`` is not allowed now (a sentence naming the house rule), or None."""
    code = _refusal_code(rules, hand, dealer_up, action, hand_total(hand.cards))
    return None if code is None else code.explain(rules, hand)


def allowed_actions(rules: HouseRules, hand: PlayerHand, dealer_up: Card) -> frozenset[Action]:
    """Every action the player may take now.

    Past the first two cards of an undoubled hand only hitting and standing remain;
    otherwise each action is judged by the house's rules.
    """
    if len(hand.cards) > 2 and not hand.doubled:
        total = hand_total(hand.cards).total
        return _NOTHING if total > 21 else _HIT_OR_STAND if total < 21 else _STAND_ONLY
    return _judge_each_action(rules, hand, dealer_up)


def _judge_each_action(rules: HouseRules, hand: PlayerHand, dealer_up: Card) -> frozenset[Action]:
    """Every action no rule refuses, judged one by one."""
    total = hand_total(hand.cards)
    if total.total > 21:
        return _NOTHING
    return frozenset(
        a for a in PLAY_ORDER if _refusal_code(rules, hand, dealer_up, a, total) is None
    )


def may_insure(rules: HouseRules, dealer_up: Card) -> bool:
    """Insurance is offered: the house has it and the dealer shows an ace."""
    return rules.insurance and dealer_up.rank is Rank.ACE


def largest_insurance(rules: HouseRules, bet: Decimal) -> Decimal:
    """The largest insurance stake on ``bet``: the house's share of it, to the cent below
    (a table takes whole cents: 5.00 on a bet of 10.01 at half the bet)."""
    return whole_cents(bet * rules.insurance_max)


def may_take_even_money(rules: HouseRules, cards: tuple[Card, ...], dealer_up: Card) -> bool:
    """Even money is offered: a blackjack against a dealer ace at a house that offers it."""
    return (
        rules.even_money
        and dealer_up.rank is Rank.ACE
        and len(cards) == 2
        and hand_total(cards).total == 21
    )


class Offer(Enum):
    """What the dealer offers a box when the up card is dealt, before anyone plays."""

    INSURANCE = "insurance"
    EVEN_MONEY = "even-money"
    NOTHING = "nothing"


def ace_offer(rules: HouseRules, cards: tuple[Card, ...], dealer_up: Card) -> Offer:
    """What the dealer offers a box before play: even money to a blackjack where the house
    offers it (not insurance as well: even money is that blackjack's insurance, settled at
    once), else insurance where the house insures against this up card, else nothing."""
    if may_take_even_money(rules, cards, dealer_up):
        return Offer.EVEN_MONEY
    return Offer.INSURANCE if may_insure(rules, dealer_up) else Offer.NOTHING
