"""A whole round at a table of boxes, dealt from a shoe and played by a strategy.

Reproducible: the same house, seed, bets and strategy give the same round.

>>> import random
>>> from decimal import Decimal
>>> from trainer.engine.houses import find_house
>>> house = find_house("europoker")
>>> shoe = Shoe.for_house(house, random.Random(1))
>>> played = play_round(house, shoe, [Decimal(10)] * 3, SimpleStrategy())
>>> len(played.result.hands) >= 3
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from decimal import Decimal
from typing import NamedTuple, Protocol

from trainer.engine.cards import Card, Rank
from trainer.engine.dealer import play_dealer
from trainer.engine.errors import RoundError
from trainer.engine.hands import hand_total
from trainer.engine.money import format_money
from trainer.engine.options import (
    Action,
    allowed_actions,
    largest_insurance,
    may_insure,
    may_take_even_money,
)
from trainer.engine.player_hand import PlayerHand
from trainer.engine.rules import DealerCards, HouseRules
from trainer.engine.settlement import (
    RoundResult,
    is_live,
    second_card_decides,
    settle_round,
)
from trainer.engine.shoe import Shoe


class Strategy(Protocol):
    """How the player decides; the round asks it at every decision."""

    def decide(self, hand: PlayerHand, dealer_up: Card, allowed: frozenset[Action]) -> Action:
        """Pick one of ``allowed`` for the hand."""

    def insure(self, cards: tuple[Card, ...], dealer_up: Card) -> bool:
        """Take insurance (half the bet) against the dealer's ace?"""

    def take_even_money(self, cards: tuple[Card, ...], dealer_up: Card) -> bool:
        """Take even money on a blackjack against the dealer's ace?"""

    def switch(self, first: tuple[Card, ...], second: tuple[Card, ...], dealer_up: Card) -> bool:
        """Switch the second cards of two Blackjack Switch hands?"""


class SimpleStrategy:
    """A plain, sensible player: the textbook hard/soft totals, no insurance, no switch.

    Good enough to produce realistic rounds for drills; the computed basic
    strategy of each house lives with the odds.
    """

    def decide(self, hand: PlayerHand, dealer_up: Card, allowed: frozenset[Action]) -> Action:
        """Split A-A and 8-8, double 10-11 against a weaker card, stand on 17, or 13-16 vs 2-6."""
        up = 11 if dealer_up.value == 1 else dealer_up.value
        total, soft = hand_total(hand.cards)
        if Action.SPLIT in allowed and hand.cards[0].value in (1, 8):
            return Action.SPLIT
        if Action.SURRENDER in allowed and total == 16 and not soft and up >= 10:
            return Action.SURRENDER
        if Action.DOUBLE in allowed and total in (10, 11) and up < total:
            return Action.DOUBLE
        if Action.HIT not in allowed:
            return Action.STAND
        if soft:
            return Action.HIT if total < 18 or (total == 18 and up >= 9) else Action.STAND
        stiff_stands = (total >= 13 and up <= 6) or (total == 12 and 4 <= up <= 6)
        return Action.STAND if total >= 17 or stiff_stands else Action.HIT

    def insure(self, cards: tuple[Card, ...], dealer_up: Card) -> bool:
        """Never insure."""
        return False

    def take_even_money(self, cards: tuple[Card, ...], dealer_up: Card) -> bool:
        """Never take even money."""
        return False

    def switch(self, first: tuple[Card, ...], second: tuple[Card, ...], dealer_up: Card) -> bool:
        """Switch when it raises the sum of the two hands' best totals (ignoring busts)."""
        def score(hand: tuple[Card, ...]) -> int:
            return hand_total(hand).total

        now = score(first) + score(second)
        swapped = score((first[0], second[1])) + score((second[0], first[1]))
        return swapped > now


class PlayedRound(NamedTuple):
    """A finished round: the dealer's cards, every hand as played, and the settlement."""

    dealer: tuple[Card, ...]
    hands: tuple[PlayerHand, ...]
    result: RoundResult


def play_round(
    rules: HouseRules, shoe: Shoe, bets: Sequence[Decimal], strategy: Strategy
) -> PlayedRound:
    """Deal and play one round for ``bets`` (one per box, left to right, boxes numbered
    from 1).

    At a Switch house every player plays two hands of one bet on boxes side by side, so
    ``bets`` comes in equal pairs; other bets raise a ``RoundError``.
    """
    if rules.switch:
        _check_switch_pairs(rules, bets)
    shoe.start_round()
    draw = shoe.draw
    first_cards = [draw() for _ in bets]
    dealer = [draw()]
    boxes = [
        PlayerHand(bet, (first, draw()), box=number)
        for number, (bet, first) in enumerate(zip(bets, first_cards, strict=True), start=1)
    ]
    if rules.dealer_cards is not DealerCards.NO_HOLE_CARD:
        dealer.append(draw())
    up = dealer[0]
    if rules.switch:
        boxes = _offer_switch(boxes, up, strategy)
    if up.rank is Rank.ACE:
        boxes = [_offer_insurance(rules, box, up, strategy) for box in boxes]
    dealer_blackjack_now = rules.blackjack_known_before_play and hand_total(dealer).total == 21
    hands = boxes
    if not dealer_blackjack_now:
        hands = [hand for box in boxes for hand in _play_box(rules, box, up, draw, strategy)]
        live = any(is_live(rules, hand) for hand in hands)
        if not live and len(dealer) < 2 and second_card_decides(rules, up, hands):
            dealer.append(draw())  # no hole card: the second card settles a blackjack or insurance
        play_dealer(rules, dealer, draw, live)
    return PlayedRound(tuple(dealer), tuple(hands), settle_round(rules, dealer, hands))


def _check_switch_pairs(rules: HouseRules, bets: Sequence[Decimal]) -> None:
    """Refuse bets that are not a whole number of players, each with two equal bets."""
    pairs = zip(bets[::2], bets[1::2], strict=False)
    if len(bets) % 2 or any(first != second for first, second in pairs):
        raise RoundError(
            f"bets {', '.join(map(format_money, bets))}: {rules.name}: every player plays "
            "two hands of one bet, on boxes side by side"
        )


def _offer_switch(boxes: list[PlayerHand], up: Card, strategy: Strategy) -> list[PlayerHand]:
    """Each pair of boxes, left to right (one player's two hands), may switch their second
    cards."""
    offered: list[PlayerHand] = []
    for first, second in zip(boxes[::2], boxes[1::2], strict=True):
        if strategy.switch(first.cards, second.cards, up):
            first, second = (
                replace(first, cards=(first.cards[0], second.cards[1]), switched=True),
                replace(second, cards=(second.cards[0], first.cards[1]), switched=True),
            )
        offered += (first, second)
    return offered


def _offer_insurance(
    rules: HouseRules, box: PlayerHand, up: Card, strategy: Strategy
) -> PlayerHand:
    """The box after the dealer's ace: even money taken or not on a blackjack (not a
    switched one), else insured or not where the house insures."""
    cards = box.cards
    if not box.switched and may_take_even_money(rules, cards, up):
        return replace(box, even_money=strategy.take_even_money(cards, up))
    if may_insure(rules, up) and strategy.insure(cards, up):
        return replace(box, insurance=largest_insurance(rules, box.bet))
    return box


def _play_box(
    rules: HouseRules, box: PlayerHand, up: Card, deal: Callable[[], Card], strategy: Strategy
) -> list[PlayerHand]:
    """The box's hand played out, and every hand its splits make, each in turn."""
    hands = [box]
    index = 0
    while index < len(hands):  # a split appends a hand, which this loop plays in its turn
        hand = replace(hands[index], hands_on_box=len(hands))
        if len(hand.cards) == 1:  # the second hand of a split takes its card on its turn
            hand = replace(hand, cards=(*hand.cards, deal()))
        while len(allowed := allowed_actions(rules, hand, up)) > 1:  # more than standing
            action = strategy.decide(hand, up, allowed)
            if action is Action.STAND or action not in allowed:
                break
            if action is Action.SURRENDER:
                hand = replace(hand, surrendered=True)
                break
            if action is Action.SPLIT:
                hand, other = _split(hand, hands_on_box=len(hands) + 1)
                hands.append(other)
            elif action is Action.DOUBLE:
                hand = replace(hand, doubled=hand.doubled + 1)
            else:
                hand = replace(hand, hit=True)
            hand = replace(hand, cards=(*hand.cards, deal()))
        hands[index] = hand
        index += 1
    return hands


def _split(hand: PlayerHand, hands_on_box: int) -> tuple[PlayerHand, PlayerHand]:
    """The two hands of splitting ``hand``: it keeps its first card, the new hand takes its
    second; the box then has ``hands_on_box`` hands."""
    first, second = hand.cards
    aces = second.rank is Rank.ACE
    return (
        replace(hand, cards=(first,), split=True, split_aces=aces, hands_on_box=hands_on_box),
        PlayerHand(hand.bet, (second,), box=hand.box, split=True, split_aces=aces,
                   hands_on_box=hands_on_box),
    )
