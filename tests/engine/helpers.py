"""Small builders for engine tests."""

from __future__ import annotations

from decimal import Decimal

from trainer.engine.cards import parse_cards
from trainer.engine.houses import find_house
from trainer.engine.player_hand import PlayerHand
from trainer.engine.settlement import HandResult, settle_round


def hand(bet: str, *cards: str, **decisions: object) -> PlayerHand:
    """A finished hand: ``hand("10", "Kh", "9d", doubled=1)``."""
    return PlayerHand(Decimal(bet), parse_cards(list(cards)), **decisions)  # type: ignore[arg-type]


def settle_one(house: str, dealer: str, player: PlayerHand) -> HandResult:
    """Settle one hand against the dealer's cards written as ``"9h Td"``."""
    return settle_round(find_house(house), parse_cards(dealer.split()), [player]).hands[0]
