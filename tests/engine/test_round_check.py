"""Rounds that cannot arise under a house are refused naming the reason; legal ones pass."""

from __future__ import annotations

from decimal import Decimal

import pytest

from tests.engine.helpers import hand
from trainer.engine.cards import parse_cards
from trainer.engine.errors import RoundError
from trainer.engine.houses import find_house
from trainer.engine.round_check import check_round
from trainer.engine.settlement import PlayerHand, settle_round
from trainer.engine.shoe import Shoe
from trainer.engine.table_round import SimpleStrategy, play_round


def _check(name: str, dealer: str, *hands: PlayerHand) -> None:
    check_round(find_house(name), parse_cards(dealer.split()), list(hands))


@pytest.mark.parametrize("house", ["russian-casino", "europoker"])
def test_the_dealer_stops_when_nothing_is_left_to_decide(house: str) -> None:
    """No live hand: the second card settles a blackjack or insurance, no draw beyond it."""
    natural = hand("20", "Ad", "Kh")
    _check(house, "Ts 6s", natural)
    _check(house, "As 5d", hand("20", "Td", "6h", "9c", insurance=Decimal(10)))
    result = settle_round(find_house(house), parse_cards(["Ts", "6s"]), [natural])
    assert result.net == Decimal(30)


def test_no_hole_card_a_blackjack_or_insurance_still_needs_the_second_card() -> None:
    with pytest.raises(RoundError, match=r"russian-casino: the dealer must still draw on hard "
                                         r"10 \(Ts\): the second card decides"):
        _check("russian-casino", "Ts", hand("20", "Ad", "Kh"))
    with pytest.raises(RoundError, match="the second card decides"):
        _check("russian-casino", "As", hand("20", "Td", "6h", "9c", insurance=Decimal(10)))
    with pytest.raises(RoundError, match=r"must still draw on hard 16 \(Ts 6s\)$"):
        _check("russian-casino", "Ts 6s", hand("20", "Ad", "Kh"), hand("10", "Ks", "8d"))
    _check("russian-casino", "9s", hand("20", "Ad", "Kh"))  # a 9 cannot make a blackjack


def test_a_no_hole_card_round_stops_after_the_deciding_second_card() -> None:
    house = find_house("russian-casino")
    # box Ad, dealer Ts, box Kh: a lone blackjack; the dealer's 6s decides it, 9c stays in
    shoe = Shoe.stacked(parse_cards(["Ad", "Ts", "Kh", "6s", "9c"]))
    played = play_round(house, shoe, [Decimal(20)], SimpleStrategy())
    assert played.dealer == parse_cards(["Ts", "6s"])
    assert played.result.net == Decimal(30)
    check_round(house, played.dealer, played.hands)
