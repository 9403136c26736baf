"""Settling hands against the dealer: outcome and exact money, with the rule that decided it.

>>> from trainer.engine.houses import find_house
>>> from trainer.engine.cards import parse_cards
>>> from trainer.engine.player_hand import PlayerHand
>>> house = find_house("europoker")
>>> hand = PlayerHand(Decimal(35), parse_cards(["As", "Kd"]))
>>> settle_round(house, parse_cards(["9h", "Td"]), [hand]).net
Decimal('52.5')
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from enum import Enum
from typing import NamedTuple

from trainer.engine.bonuses import find_bonus
from trainer.engine.boxes import Box, box_of_each
from trainer.engine.cards import Card
from trainer.engine.hands import hand_total
from trainer.engine.money import ZERO, format_money, whole_cents
from trainer.engine.player_hand import PlayerHand
from trainer.engine.rules import (
    Bonus,
    DealerBlackjackTakes,
    DealerCards,
    HouseRules,
    Showdown,
    Ties,
)


class Outcome(Enum):
    """How a hand ended."""

    WIN = "win"
    LOSE = "lose"
    PUSH = "push"
    SURRENDER = "surrender"


class DealerResult(NamedTuple):
    """The dealer's finished hand, summarised once per round."""

    up: Card
    total: int
    blackjack: bool

    @classmethod
    def of(cls, cards: Sequence[Card]) -> DealerResult:
        """Summarise the dealer's cards (in dealing order, up card first)."""
        total = hand_total(cards).total
        return cls(cards[0], total, len(cards) == 2 and total == 21)


class HandResult(NamedTuple):
    """A settled hand: the player's profit (``net``) and the rule that decided it, in words
    (``rule``) and as the house profile's keys (``keys``: the rules a reader looks up)."""

    outcome: Outcome
    net: Decimal
    insurance_net: Decimal
    bonus: Bonus | None
    rule: str
    keys: tuple[str, ...] = ()


class RoundResult(NamedTuple):
    """Every hand settled, and the player's total profit including insurance."""

    hands: list[HandResult]
    net: Decimal


def is_natural(rules: HouseRules, hand: PlayerHand) -> bool:
    """A blackjack: two-card 21, not made by a split or switch unless the house says so."""
    if len(hand.cards) != 2 or hand_total(hand.cards).total != 21:
        return False
    if hand.split and not rules.blackjack_after_split:
        return False
    return not (hand.switched and not rules.blackjack_after_switch)


def is_live(rules: HouseRules, hand: PlayerHand) -> bool:
    """A hand the dealer's final total still decides: not surrendered, paid, busted, a
    blackjack, a six-card winner, or a 21 that wins whatever the dealer makes (where a
    player 21 beats a dealer 21 and a dealer blackjack was ruled out before play)."""
    if hand.surrendered or hand.even_money or is_natural(rules, hand):
        return False
    total = hand_total(hand.cards).total
    if total == 21 and rules.player_21_wins and rules.blackjack_known_before_play:
        return False
    return total <= 21 and not (rules.six_card_win and len(hand.cards) >= 6)


def second_card_decides(rules: HouseRules, up: Card, hands: Sequence[PlayerHand]) -> bool:
    """With no hole card, the dealer's second card still decides an insurance stake, and any
    blackjack or six-card winner facing an ace or a ten (a dealer blackjack pushes it or
    beats it), even when no hand is live."""
    if rules.dealer_cards is not DealerCards.NO_HOLE_CARD or up.value not in (1, 10):
        return False
    for hand in hands:
        if hand.insurance:
            return True
        if hand.surrendered or hand.even_money:
            continue
        if is_natural(rules, hand):
            if rules.blackjack_vs_dealer_blackjack is not Showdown.WIN:
                return True
        elif rules.six_card_win and len(hand.cards) >= 6 and hand_total(hand.cards).total <= 21:
            return True
    return False


def insurance_result(rules: HouseRules, hand: PlayerHand, dealer: DealerResult) -> Decimal:
    """Profit on the hand's insurance stake: 2:1 against a dealer blackjack, else lost."""
    if not hand.insurance:
        return ZERO
    if dealer.blackjack:
        return whole_cents(rules.insurance_pays.of(hand.insurance))
    return -hand.insurance


def _cents_note(exact: Decimal, paid: Decimal) -> str:
    """What the rule adds when a payout had a fraction of a cent, which the house keeps."""
    if paid == exact:
        return ""
    shown = format_money(exact) if exact == round(exact, 4) else f"about {exact:.4f}"
    return (f" ({shown}, paid as {format_money(paid)}: the table pays whole "
            "cents and the house keeps the fraction)")


def settle_hand(rules: HouseRules, hand: PlayerHand, dealer: DealerResult) -> HandResult:
    """Settle one hand; the rule text names the house and the rule applied."""
    insured = insurance_result(rules, hand, dealer)
    house = rules.name
    if hand.even_money:
        return HandResult(
            Outcome.WIN, hand.bet, insured, None,
            f"{house}: even money pays the blackjack 1:1 at once, whatever the dealer holds",
            ("even_money",),
        )
    stake = hand.stake
    if hand.surrendered and not (dealer.blackjack and rules.blackjack_known_before_play):
        half = stake / 2
        lost = -whole_cents(-half)
        odd = "" if lost == half else (f": half is {format_money(half)}, and the house keeps "
                                       "the fraction of a cent")
        return HandResult(
            Outcome.SURRENDER, -lost, insured, None,
            f"{house}: surrender gives up half the stake ({format_money(lost)} of "
            f"{format_money(stake)}{odd})", ("surrender",),
        )
    total = hand_total(hand.cards).total
    if total > 21:
        return HandResult(
            Outcome.LOSE, -stake, insured, None,
            f"{house}: the player busts with {total} and loses at once, whatever the dealer draws",
            (),
        )
    if total == 21 and len(hand.cards) == 2 and is_natural(rules, hand):
        return _settle_natural(rules, hand, dealer, insured)
    if dealer.blackjack:
        lost = stake if rules.dealer_blackjack_takes is DealerBlackjackTakes.ALL else hand.bet
        return HandResult(Outcome.LOSE, -lost, insured, None, dealer_blackjack_rule(rules),
                          ("dealer_blackjack_takes",))
    if rules.six_card_win and len(hand.cards) >= 6:
        return HandResult(
            Outcome.WIN, stake, insured, None,
            f"{house}: {len(hand.cards)} cards without busting win automatically (1:1)",
            ("six_card_win",),
        )
    if dealer.total > 21:
        if dealer.total == 22 and rules.dealer_22_pushes:
            return HandResult(
                Outcome.PUSH, ZERO, insured, None,
                f"{house}: a dealer 22 does not lose; every standing hand pushes",
                ("dealer_22_pushes",),
            )
        busts = f"the dealer busts with {dealer.total}"
        return _win(rules, hand, stake, total, dealer, insured, busts)
    if total > dealer.total:
        beats = f"{total} beats the dealer's {dealer.total}"
        return _win(rules, hand, stake, total, dealer, insured, beats)
    if total < dealer.total:
        return HandResult(
            Outcome.LOSE, -stake, insured, None,
            f"{house}: {total} loses to the dealer's {dealer.total}", (),
        )
    if total == 21 and rules.player_21_wins:
        return _win(rules, hand, stake, total, dealer, insured, "a player 21 beats a dealer 21",
                    ("player_21_wins",))
    if rules.ties is Ties.LOSE:
        return HandResult(
            Outcome.LOSE, -stake, insured, None,
            f"{house}: ties lose — {total} against the dealer's {total}", ("ties",),
        )
    return HandResult(
        Outcome.PUSH, ZERO, insured, None,
        f"{house}: {total} against the dealer's {total} is a push; the bet is returned",
        ("ties",),
    )


def dealer_blackjack_rule(rules: HouseRules) -> str:
    """What a dealer blackjack does to the hands that are not a blackjack, as the house has
    it: whether it beats a blackjack too, and whether it takes every bet or the original."""
    beats = ("every hand, a blackjack too,"
             if rules.blackjack_vs_dealer_blackjack is Showdown.LOSE
             else "every hand but a blackjack")
    takes = ("every bet on the box, doubles and splits included"
             if rules.dealer_blackjack_takes is DealerBlackjackTakes.ALL
             else "the original bet only")
    return f"{rules.name}: a dealer blackjack beats {beats} and takes {takes}"


def _settle_natural(
    rules: HouseRules, hand: PlayerHand, dealer: DealerResult, insured: Decimal
) -> HandResult:
    house = rules.name
    exact = rules.blackjack_pays.of(hand.bet)
    paid = whole_cents(exact)
    if not dealer.blackjack:
        return HandResult(
            Outcome.WIN, paid, insured, None,
            f"{house}: blackjack pays {rules.blackjack_pays}{_cents_note(exact, paid)}",
            ("blackjack_pays",),
        )
    showdown = rules.blackjack_vs_dealer_blackjack
    if showdown is Showdown.WIN:
        return HandResult(
            Outcome.WIN, paid, insured, None,
            f"{house}: a player blackjack beats a dealer blackjack and pays "
            f"{rules.blackjack_pays}{_cents_note(exact, paid)}",
            ("blackjack_vs_dealer_blackjack", "blackjack_pays"),
        )
    if showdown is Showdown.LOSE:
        return HandResult(
            Outcome.LOSE, -hand.bet, insured, None,
            f"{house}: the player always loses to a dealer blackjack, even with a blackjack",
            ("blackjack_vs_dealer_blackjack",),
        )
    return HandResult(
        Outcome.PUSH, ZERO, insured, None,
        f"{house}: blackjack against a dealer blackjack is a push",
        ("blackjack_vs_dealer_blackjack",),
    )


def _win(
    rules: HouseRules, hand: PlayerHand, stake: Decimal, total: int, dealer: DealerResult,
    insured: Decimal, why: str, keys: tuple[str, ...] = (),
) -> HandResult:
    """A winning hand: 1:1 on the stake, or the house's bonus on a bonus 21 (``keys``: the
    house rules that made it a win)."""
    bonus = find_bonus(rules, hand.cards, hand.doubled, hand.split, dealer.up) if (
        total == 21 and rules.bonuses
    ) else None
    if bonus is None:
        return HandResult(Outcome.WIN, stake, insured, None, f"{rules.name}: {why}; pays 1:1", keys)
    ratio = rules.bonuses[bonus]
    exact = ratio.of(stake)
    paid = whole_cents(exact)
    return HandResult(
        Outcome.WIN, paid, insured, bonus,
        f"{rules.name}: {why}; the {bonus.value} bonus pays {ratio}{_cents_note(exact, paid)}",
        (*keys, "bonuses"),
    )


def settle_round(
    rules: HouseRules, dealer_cards: Sequence[Card], hands: Sequence[PlayerHand]
) -> RoundResult:
    """Settle every hand of a round against the dealer's final cards."""
    dealer = DealerResult.of(dealer_cards)
    results = [settle_hand(rules, hand, dealer) for hand in hands]
    if dealer.blackjack and rules.dealer_blackjack_takes is DealerBlackjackTakes.ORIGINAL:
        _return_extra_split_bets(rules, hands, results)
    net = ZERO
    for result in results:
        net += result.net
        if result.insurance_net:  # most hands carry no insurance: skip adding a zero
            net += result.insurance_net
    return RoundResult(results, net)


def _return_extra_split_bets(
    rules: HouseRules, hands: Sequence[PlayerHand], results: list[HandResult]
) -> None:
    """Original bets only: a split box loses one bet; its other hands' bets come back."""
    seen_boxes: set[Box] = set()
    for index, (hand, box) in enumerate(zip(hands, box_of_each(rules, hands), strict=True)):
        first_of_box = box not in seen_boxes
        seen_boxes.add(box)
        lost = results[index].outcome is Outcome.LOSE
        if hand.split and lost and not first_of_box:
            results[index] = HandResult(
                Outcome.PUSH, ZERO, results[index].insurance_net, None,
                f"{rules.name}: a dealer blackjack takes only the original bet; "
                "the extra split bet is returned", ("dealer_blackjack_takes",),
            )
