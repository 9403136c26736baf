"""The dealer's draw: S17 or H17, and which dealer hands can stand as final.

>>> from trainer.engine.houses import find_house
>>> from trainer.engine.cards import parse_cards
>>> dealer_action(find_house("europoker"), parse_cards(["As", "6d"]))
<DealerAction.STAND: 'stand'>
>>> dealer_action(find_house("spanish-21"), parse_cards(["As", "6d"]))
<DealerAction.HIT: 'hit'>
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import Enum

from trainer.engine.cards import Card
from trainer.engine.errors import RoundError
from trainer.engine.hands import HandTotal, hand_total, is_two_card_21
from trainer.engine.rules import DealerCards, HouseRules


class DealerAction(Enum):
    """The dealer's only two moves."""

    HIT = "hit"
    STAND = "stand"


def must_hit(rules: HouseRules, total: HandTotal) -> bool:
    """True when the dealer must draw on this total under the house's soft-17 rule."""
    if total.total < 17:
        return True
    return total.total == 17 and total.soft and rules.hits_soft_17


def dealer_action(rules: HouseRules, cards: Sequence[Card]) -> DealerAction:
    """The dealer's next move holding ``cards`` (a lone up card always takes another)."""
    if len(cards) < 2 or must_hit(rules, hand_total(cards)):
        return DealerAction.HIT
    return DealerAction.STAND


def why_dealer(rules: HouseRules, cards: Sequence[Card]) -> str:
    """One sentence naming the rule behind the dealer's move."""
    total = hand_total(cards)
    if len(cards) < 2:
        return f"{rules.name}: the dealer takes a second card"
    if total.bust:
        if total.total == 22 and rules.dealer_22_pushes:  # said here: the dealer drill reads it
            return (f"{rules.name}: the dealer has busted with 22, which pushes every hand "
                    "still standing (a blackjack is still paid)")
        return f"{rules.name}: the dealer has busted with {total.total}"
    if is_two_card_21(cards):
        return f"{rules.name}: the dealer has blackjack and stands"
    if total.total == 17 and total.soft:
        verb = "hits" if rules.hits_soft_17 else "stands on"
        return f"{rules.name}: the dealer {verb} soft 17 ({'H17' if verb == 'hits' else 'S17'})"
    if total.total < 17:
        return f"{rules.name}: the dealer draws to 16 and must hit {total}"
    return f"{rules.name}: the dealer stands on {total}"


def check_dealer_draws(rules: HouseRules, cards: Sequence[Card]) -> None:
    """Refuse a dealer hand that drew a card after a total the house stands on."""
    for drawn in range(2, len(cards)):
        if not must_hit(rules, hand_total(cards[:drawn])):
            shown = " ".join(str(c) for c in cards[:drawn])
            raise RoundError(
                f"{rules.name}: the dealer stands on {hand_total(cards[:drawn])} ({shown}) "
                f"and cannot draw {cards[drawn]}"
            )


def check_dealer_hand(
    rules: HouseRules, cards: Sequence[Card], live_hands: bool, second_card: bool = False
) -> None:
    """Refuse a dealer hand that drew past a stand, or stopped early while live hands remain.

    ``second_card`` says a no-hole-card dealer must take a second card even with no live
    hands (it decides a blackjack or an insurance stake), and may stop there.
    """
    check_dealer_draws(rules, cards)
    fewest = 1 if rules.dealer_cards is DealerCards.NO_HOLE_CARD else 2
    if len(cards) < fewest:
        raise RoundError(f"{rules.name}: the dealer holds {len(cards)} card(s); needs {fewest}")
    shown = " ".join(str(c) for c in cards)
    if second_card and len(cards) < 2:
        raise RoundError(
            f"{rules.name}: the dealer must still draw on {hand_total(cards)} ({shown}): "
            "the second card decides a blackjack or an insurance stake"
        )
    stops_early = dealer_action(rules, cards) is DealerAction.HIT
    if stops_early and (live_hands or rules.dealer_draws_when_no_live_hands):
        raise RoundError(
            f"{rules.name}: the dealer must still draw on {hand_total(cards)} ({shown})"
        )


def play_dealer(
    rules: HouseRules, cards: list[Card], draw: Callable[[], Card], live_hands: bool
) -> list[Card]:
    """Draw for the dealer until the house's rule says stand (or nobody is left to play)."""
    if not live_hands and not rules.dealer_draws_when_no_live_hands:
        return cards
    while len(cards) < 2 or must_hit(rules, hand_total(cards)):
        cards.append(draw())
    return cards
