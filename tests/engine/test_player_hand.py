"""A hand on the layout and its two views: settling and what may be done next."""

from __future__ import annotations

from decimal import Decimal

from trainer.engine.cards import parse_cards
from trainer.engine.houses import find_house
from trainer.engine.options import HandState
from trainer.engine.seat import Seat
from trainer.engine.settlement import Outcome, PlayerHand, settle_round


def test_every_field_of_each_view_comes_from_the_seat_of_the_same_name() -> None:
    seat = Seat(
        Decimal(10), parse_cards(["8s", "3d", "Tc"]), box=3, doubled=1, split=True,
        split_aces=False, hands_on_box=3, hit=True, surrendered=True, insurance=Decimal(5),
        even_money=True, switched=True,
    )
    for view in (seat.player_hand(), seat.state()):
        assert isinstance(view, PlayerHand | HandState)
        for name in view._fields:
            assert getattr(view, name) == getattr(seat, name), name


def test_split_hands_of_one_box_settle_together() -> None:
    """Original bets only: a dealer blackjack takes one bet of a split box, not both."""
    house = find_house("casino-classic")
    assert house.dealer_blackjack_takes == "original"
    dealer = parse_cards(["As", "Kd"])
    one = Seat(Decimal(10), parse_cards(["8s", "Td"]), box=1, split=True, hands_on_box=2)
    two = Seat(Decimal(10), parse_cards(["8d", "9c"]), box=1, split=True, hands_on_box=2)
    other = Seat(Decimal(10), parse_cards(["8h", "Tc"]), box=2, split=True, hands_on_box=2)
    same_box = settle_round(house, dealer, [one.player_hand(), two.player_hand()])
    assert [h.outcome for h in same_box.hands] == [Outcome.LOSE, Outcome.PUSH]
    two_boxes = settle_round(house, dealer, [one.player_hand(), other.player_hand()])
    assert [h.outcome for h in two_boxes.hands] == [Outcome.LOSE, Outcome.LOSE]
