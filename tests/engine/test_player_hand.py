"""One player hand, from the deal through the decisions to settlement."""

from __future__ import annotations

import random
from dataclasses import FrozenInstanceError, replace
from decimal import Decimal

import pytest

from trainer.engine.cards import parse_cards
from trainer.engine.houses import find_house
from trainer.engine.player_hand import PlayerHand
from trainer.engine.rules import DealerBlackjackTakes
from trainer.engine.settlement import Outcome, settle_round
from trainer.engine.shoe import Shoe
from trainer.engine.table_round import SimpleStrategy, play_round


def test_a_hand_is_a_frozen_value() -> None:
    hand = PlayerHand(Decimal(10), parse_cards(["8s", "3d"]), box=3)
    with pytest.raises(FrozenInstanceError):
        hand.box = 4  # type: ignore[misc]
    assert replace(hand, box=4) == PlayerHand(Decimal(10), parse_cards(["8s", "3d"]), box=4)


def test_everything_but_the_bet_and_cards_is_given_by_name() -> None:
    with pytest.raises(TypeError):
        PlayerHand(Decimal(10), parse_cards(["8s", "3d"]), 1)  # type: ignore[misc]


def test_a_dealt_round_numbers_its_boxes_from_1_as_the_felt_does() -> None:
    house = find_house("europoker")
    shoe = Shoe.for_house(house, random.Random(3))
    for _ in range(20):
        played = play_round(house, shoe, [Decimal(10)] * 3, SimpleStrategy())
        assert sorted({hand.box for hand in played.hands}) == [1, 2, 3]


def test_split_hands_of_one_box_settle_together() -> None:
    """Original bets only: a dealer blackjack takes one bet of a split box, not both."""
    house = find_house("casino-classic")
    assert house.dealer_blackjack_takes is DealerBlackjackTakes.ORIGINAL
    dealer = parse_cards(["As", "Kd"])
    one = PlayerHand(Decimal(10), parse_cards(["8s", "Td"]), box=1, split=True, hands_on_box=2)
    two = PlayerHand(Decimal(10), parse_cards(["8d", "9c"]), box=1, split=True, hands_on_box=2)
    other = PlayerHand(Decimal(10), parse_cards(["8h", "Tc"]), box=2, split=True, hands_on_box=2)
    same_box = settle_round(house, dealer, [one, two])
    assert [h.outcome for h in same_box.hands] == [Outcome.LOSE, Outcome.PUSH]
    two_boxes = settle_round(house, dealer, [one, other])
    assert [h.outcome for h in two_boxes.hands] == [Outcome.LOSE, Outcome.LOSE]
