"""Refusing rounds that cannot arise under a house's rules, with the reason named."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction

from trainer.engine.boxes import Box, box_of_each
from trainer.engine.cards import Card, Rank
from trainer.engine.dealer import check_dealer_hand
from trainer.engine.errors import MoneyError, RoundError
from trainer.engine.hands import hand_total
from trainer.engine.money import format_money
from trainer.engine.options import (
    Action,
    Refusal,
    largest_insurance,
    may_insure,
    pairs_for_split,
    refusal,
)
from trainer.engine.player_hand import PlayerHand
from trainer.engine.rules import DealerCards, HouseRules
from trainer.engine.settlement import (
    DealerResult,
    is_live,
    is_natural,
    second_card_decides,
)
from trainer.engine.shoe import check_cards_fit


def check_round(rules: HouseRules, dealer: Sequence[Card], hands: Sequence[PlayerHand]) -> None:
    """Raise a ``RoundError`` (or ``CardError``/``MoneyError``) naming what cannot happen."""
    if not hands:
        raise RoundError("the round has no hands")
    if not dealer:
        raise RoundError("the dealer has no cards")
    check_cards_fit(rules, [*dealer, *(card for hand in hands for card in hand.cards)])
    for number, hand in enumerate(hands, start=1):
        _check_hand(rules, hand, dealer[0], f"hand {number}")
    _check_boxes(rules, hands)
    if rules.switch:
        _check_switches(rules, hands)
    _check_blackjack_ends_round(rules, dealer, hands)
    live = any(is_live(rules, hand) for hand in hands)
    check_dealer_hand(rules, dealer, live, second_card_decides(rules, dealer[0], hands))


def _check_blackjack_ends_round(
    rules: HouseRules, dealer: Sequence[Card], hands: Sequence[PlayerHand]
) -> None:
    """A dealer blackjack known before play (peeked, or face up) ends the round at once:
    nobody has drawn, doubled, split or surrendered against it."""
    if not rules.blackjack_known_before_play or not DealerResult.of(dealer).blackjack:
        return
    how = "face up" if rules.dealer_cards is DealerCards.BOTH_UP else "found by the peek"
    for number, hand in enumerate(hands, start=1):
        done = [
            what for what, happened in (
                (f"holds {len(hand.cards)} cards", len(hand.cards) > 2),
                ("is doubled", bool(hand.doubled)),
                ("is a split hand", hand.split),
                ("is surrendered", hand.surrendered),
            ) if happened
        ]
        if done:
            raise RoundError(
                f"hand {number}: {rules.name}: a dealer blackjack {how} ({_show(dealer)}) ends "
                f"the round before anyone acts, but the hand {' and '.join(done)}"
            )


def _check_boxes(rules: HouseRules, hands: Sequence[PlayerHand]) -> None:
    """Per box: only split hands share a box, no more of them than the split limit, their
    first cards a pair the house splits, equal bets where the house says so, and insurance
    within the cap of one bet."""
    by_box: dict[Box, list[PlayerHand]] = {}
    for number, (hand, box) in enumerate(zip(hands, box_of_each(rules, hands), strict=True), 1):
        if hand.box is not None and hand.box > rules.max_boxes:
            raise RoundError(f"hand {number}: box {hand.box}; {rules.name} has boxes 1 to "
                             f"{rules.max_boxes}")
        by_box.setdefault(box, []).append(hand)
    if len(by_box) > rules.max_boxes:
        raise RoundError(f"{len(by_box)} boxes; {rules.name} has {rules.max_boxes}")
    for number, (box, box_hands) in enumerate(by_box.items(), start=1):
        # hands read as one box for want of a "box" key: the refusal says how to part them
        hint = SAME_PAIR_HINT if len(box_hands) > 1 and not box.given else ""
        if len(box_hands) > 1:
            _check_split_box(rules, box_hands, f"box {number}", hint)
        insured = sum((hand.insurance for hand in box_hands), Decimal(0))
        most = largest_insurance(rules, box_hands[0].bet)
        if insured > most:
            raise MoneyError(
                f"box {number}: insurance {format_money(insured)} is more than "
                f"{_most_insurance(rules, box_hands[0].bet)}, once per box{hint}"
            )


SAME_PAIR_HINT = ' (two boxes that split the same pair: give each hand its "box")'
"""Said where consecutive split hands, read as one box, may be two boxes' splits."""


def _check_split_box(rules: HouseRules, box_hands: list[PlayerHand], where: str,
                     hint: str) -> None:
    """The hands of one box came from splitting one pair, for equal bets where the house
    says so; ``hint`` ends a refusal that two boxes' splits read as one could explain."""
    if not all(hand.split for hand in box_hands):
        raise RoundError(f"{where}: only the hands of a split share a box, and each is split")
    first = box_hands[0].cards[0]
    limit = rules.split_limit(first.rank is Rank.ACE)
    if limit is not None and len(box_hands) > limit:
        raise RoundError(
            f"{where}: {len(box_hands)} split hands; {rules.name} allows at most {limit}{hint}"
        )
    for hand in box_hands[1:]:
        other = hand.cards[0]
        if not pairs_for_split(rules, first, other):
            why = Refusal.NOT_A_PAIR.explain(rules, PlayerHand(box_hands[0].bet, (first, other)))
            raise RoundError(
                f"{where}: split hands starting {first} and {other} were never a pair: {why}"
            )
    bets = sorted({hand.bet for hand in box_hands})
    if rules.split_bets_equal and len(bets) > 1:
        raise MoneyError(
            f"{where}: split bets {' and '.join(str(bet) for bet in bets)} differ; "
            f"{rules.name}: the extra bet of a split equals the original bet{hint}"
        )


def _check_switches(rules: HouseRules, hands: Sequence[PlayerHand]) -> None:
    """A switch swaps the second cards of a player's two hands, on two boxes side by side:
    switched boxes come in neighbouring pairs, betting the same (the profile's reading of
    ``switch``: "the player's two hands carry equal bets")."""
    switched: dict[Box, bool] = {}
    bets: dict[Box, Decimal] = {}
    for hand, box in zip(hands, box_of_each(rules, hands), strict=True):
        switched[box] = switched.get(box, False) or hand.switched
        bets.setdefault(box, hand.bet)  # the box's first hand holds its original bet
    flags = list(switched.values())
    stakes = list(bets.values())
    index = 0
    while index < len(flags):
        if not flags[index]:
            index += 1
            continue
        if index + 1 == len(flags) or not flags[index + 1]:
            raise RoundError(
                f"box {index + 1}: a switch swaps the second cards of a player's two hands, "
                "but no switched hand sits beside this one"
            )
        if stakes[index] != stakes[index + 1]:
            raise MoneyError(
                f"boxes {index + 1} and {index + 2}: switched hands bet {stakes[index]} and "
                f"{stakes[index + 1]}; {rules.name}: a switch plays two equal bets"
            )
        index += 2


def _check_hand(rules: HouseRules, hand: PlayerHand, up: Card, where: str) -> None:
    house = rules.name
    if hand.bet <= 0:
        raise MoneyError(f"{where}: bet {hand.bet} must be more than 0")
    if len(hand.cards) < 2:
        raise RoundError(f"{where}: a hand needs at least two cards")
    for drawn in range(2, len(hand.cards)):
        if hand_total(hand.cards[:drawn]).total >= 21:
            raise RoundError(
                f"{where}: no card is drawn after {hand_total(hand.cards[:drawn])} "
                f"({' '.join(map(str, hand.cards[:drawn]))})"
            )
    if hand.switched and not rules.switch:
        raise RoundError(f"{where}: {house} has no switch")
    first_two = PlayerHand(
        hand.bet, hand.cards[:2], split=hand.split,
        split_aces=hand.split and hand.cards[0].rank is Rank.ACE,
        hands_on_box=2 if hand.split else 1, switched=hand.switched,
    )
    if hand.split:
        _check_split(rules, hand, first_two, where)
    if hand.doubled:
        _check_doubles(rules, hand, up, first_two, where)
    if hand.surrendered:
        _check_surrender(rules, hand, up, where)
    _check_side_bets(rules, hand, up, where)


def _check_split(rules: HouseRules, hand: PlayerHand, first_two: PlayerHand, where: str) -> None:
    limit = rules.split_limit(hand.cards[0].rank is Rank.ACE)
    if limit is not None and limit < 2:
        raise RoundError(f"{where}: {rules.name} does not allow splitting")
    one_card = first_two.split_aces and rules.split_aces_one_card
    if one_card and len(hand.cards) > 2:
        raise RoundError(f"{where}: {rules.name}: split aces take one card each")


def _check_doubles(
    rules: HouseRules, hand: PlayerHand, up: Card, first_two: PlayerHand, where: str
) -> None:
    if hand.doubled < 0 or hand.doubled > rules.max_doubles:
        raise RoundError(
            f"{where}: doubled {hand.doubled} times; {rules.name} allows at most "
            f"{rules.max_doubles}"
        )
    why = refusal(rules, first_two, up, Action.DOUBLE)
    if why is not None:
        raise RoundError(f"{where}: cannot double {_show(hand.cards[:2])}: {why}")
    if len(hand.cards) != 2 + hand.doubled:
        raise RoundError(
            f"{where}: a hand doubled {hand.doubled} time(s) holds exactly "
            f"{2 + hand.doubled} cards, not {len(hand.cards)}"
        )


def _check_surrender(rules: HouseRules, hand: PlayerHand, up: Card, where: str) -> None:
    as_played = PlayerHand(
        hand.bet, hand.cards, doubled=hand.doubled, split=hand.split,
        hands_on_box=2 if hand.split else 1, switched=hand.switched,
    )
    why = refusal(rules, as_played, up, Action.SURRENDER)
    if why is not None:
        raise RoundError(f"{where}: cannot surrender: {why}")


def _check_side_bets(rules: HouseRules, hand: PlayerHand, up: Card, where: str) -> None:
    if hand.insurance:
        if not may_insure(rules, up):
            offered = "no insurance" if not rules.insurance else "insurance only against an ace"
            raise RoundError(f"{where}: {rules.name} offers {offered}")
        most = largest_insurance(rules, hand.bet)
        if hand.insurance > most:
            raise MoneyError(
                f"{where}: insurance {format_money(hand.insurance)} is more than "
                f"{_most_insurance(rules, hand.bet)}"
            )
    if hand.even_money:
        if not rules.even_money:
            raise RoundError(f"{where}: {rules.name} does not offer even money")
        if up.rank is not Rank.ACE or not is_natural(rules, hand):
            raise RoundError(f"{where}: even money is only for a blackjack against a dealer ace")
        if hand.insurance:
            raise RoundError(f"{where}: a hand takes even money or insurance, not both")


def _most_insurance(rules: HouseRules, bet: Decimal) -> str:
    """The largest insurance, as money and share of the bet: ``5 (1/2 of the bet)``, and
    ``5 (1/2 of the bet, to the cent below)`` on a bet of 10.01."""
    most = largest_insurance(rules, bet)
    below = "" if most == bet * rules.insurance_max else ", to the cent below"
    return f"{format_money(most)} ({Fraction(rules.insurance_max)} of the bet{below})"


def _show(cards: Sequence[Card]) -> str:
    return " ".join(str(card) for card in cards)
