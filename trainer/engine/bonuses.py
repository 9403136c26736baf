"""Spanish 21 bonus hands: which bonus a 21 earns, the highest when several apply."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from trainer.engine.cards import Card, Rank
from trainer.engine.hands import hand_total
from trainer.engine.rules import Bonus, HouseRules

_SEVENS = (Rank.SEVEN, Rank.SEVEN, Rank.SEVEN)
_SIX_SEVEN_EIGHT = {Rank.SIX, Rank.SEVEN, Rank.EIGHT}


def qualifying_bonuses(cards: Sequence[Card], dealer_up: Card) -> list[Bonus]:
    """Every bonus hand these cards make (before any house rule on doubling or splitting)."""
    if hand_total(cards).total != 21:
        return []
    found = []
    count = len(cards)
    if count == 3:
        ranks = tuple(card.rank for card in cards)
        suited = len({card.suit for card in cards}) == 1
        if ranks == _SEVENS:
            if suited and dealer_up.rank is Rank.SEVEN and dealer_up.suit is cards[0].suit:
                found.append(Bonus.SUITED_777_VS_DEALER_7)
            found.append(Bonus.SUITED_777 if suited else Bonus.MIXED_777)
        elif set(ranks) == _SIX_SEVEN_EIGHT:
            found.append(Bonus.SUITED_678 if suited else Bonus.MIXED_678)
    elif count >= 7:
        found.append(Bonus.SEVEN_CARD_21)
    elif count == 6:
        found.append(Bonus.SIX_CARD_21)
    elif count == 5:
        found.append(Bonus.FIVE_CARD_21)
    return found


def find_bonus(
    rules: HouseRules, cards: Sequence[Card], doubled: int, split: bool, dealer_up: Card
) -> Bonus | None:
    """The bonus the house pays on this winning 21, or None (only the highest is paid)."""
    if len(cards) < 3 or not rules.bonuses or (doubled and not rules.bonus_on_doubled):
        return None  # every bonus hand has three cards or more
    if split and not rules.bonus_after_split:
        return None
    paid = [b for b in qualifying_bonuses(cards, dealer_up) if b in rules.bonuses]
    if not paid:
        return None
    return max(paid, key=lambda b: rules.bonuses[b].of(Decimal(1)))
