"""The dealer's draw under every house, and dealer hands that cannot arise."""

from __future__ import annotations

import random

import pytest

from trainer.engine.cards import Card, parse_cards
from trainer.engine.dealer import (
    DealerAction,
    check_dealer_hand,
    dealer_action,
    play_dealer,
    why_dealer,
)
from trainer.engine.errors import RoundError
from trainer.engine.houses import find_house, house_names
from trainer.engine.shoe import Shoe

S17 = ["casino-classic", "baden-baden", "blackjack-switch", "classic-single-deck",
       "russian-casino", "europoker"]
H17 = ["spanish-21", "double-exposure", "double-exposure-online"]


@pytest.mark.parametrize("name", S17 + H17)
@pytest.mark.parametrize(
    ("cards", "s17", "h17"),
    [
        ("As 6d", "stand", "hit"),
        ("As 2d 4c", "stand", "hit"),
        ("As Ad 5c", "stand", "hit"),
        ("2s 3d As Ah", "stand", "hit"),
        ("Ts 7d", "stand", "stand"),
        ("As 7d", "stand", "stand"),
        ("Ts 6d", "hit", "hit"),
        ("As 5d", "hit", "hit"),
        ("9s 7d As", "stand", "stand"),  # hard 17
        ("6s Kd", "hit", "hit"),
        ("As Kd", "stand", "stand"),
        ("5s", "hit", "hit"),
        ("2s 3d", "hit", "hit"),
    ],
)
def test_dealer_draws(name: str, cards: str, s17: str, h17: str) -> None:
    expected = s17 if name in S17 else h17
    house = find_house(name)
    if house.deck.value == "spanish" and "T" in cards:
        cards = cards.replace("Ts", "Ks")
    assert dealer_action(house, parse_cards(cards.split())).value == expected


def test_why_dealer_names_the_rule() -> None:
    assert why_dealer(find_house("europoker"), parse_cards(["As", "6d"])) == (
        "europoker: the dealer stands on soft 17 (S17)"
    )
    assert "hits soft 17 (H17)" in why_dealer(find_house("spanish-21"), parse_cards(["As", "6d"]))
    assert "must hit hard 16" in why_dealer(find_house("europoker"), parse_cards(["Ts", "6d"]))
    assert "busted with 26" in why_dealer(find_house("europoker"), parse_cards(["Ts", "6d", "Kh"]))


def test_a_dealer_22_that_pushes_says_so() -> None:
    """At Blackjack Switch a dealer 22 is a bust that pays nobody: the reason says so, or
    a trainee reading "busted" would pay the table."""
    switch, euro = find_house("blackjack-switch"), find_house("europoker")
    assert why_dealer(switch, parse_cards(["Ts", "6d", "6c"])) == (
        "blackjack-switch: the dealer has busted with 22, which pushes every hand still "
        "standing (a blackjack is still paid)")
    assert why_dealer(switch, parse_cards(["Ts", "6d", "7c"])) == (
        "blackjack-switch: the dealer has busted with 23")
    assert why_dealer(euro, parse_cards(["Ts", "6d", "6c"])) == (
        "europoker: the dealer has busted with 22")


def test_check_dealer_hand_refusals() -> None:
    euro = find_house("europoker")
    with pytest.raises(RoundError, match="must still draw on hard 16"):
        check_dealer_hand(euro, parse_cards(["Ts", "6d"]), live_hands=True)
    check_dealer_hand(euro, parse_cards(["Ts", "6d"]), live_hands=False)
    with pytest.raises(RoundError, match=r"stands on soft 17 .* cannot draw 2c"):
        check_dealer_hand(euro, parse_cards(["As", "6d", "2c"]), live_hands=True)
    check_dealer_hand(find_house("spanish-21"), parse_cards(["As", "6d", "2c"]), live_hands=True)
    with pytest.raises(RoundError, match="needs 2"):
        check_dealer_hand(euro, parse_cards(["As"]), live_hands=False)
    check_dealer_hand(find_house("russian-casino"), parse_cards(["As"]), live_hands=False)


@pytest.mark.parametrize("name", house_names())
def test_play_dealer_ends_on_a_stand(name: str) -> None:
    house = find_house(name)
    shoe = Shoe.for_house(house, random.Random(5))
    for _ in range(200):
        shoe.shuffle()
        cards = play_dealer(house, [shoe.draw()], shoe.draw, live_hands=True)
        assert dealer_action(house, cards) is DealerAction.STAND
        check_dealer_hand(house, cards, live_hands=True)


def test_dealer_does_not_draw_without_live_hands() -> None:
    house = find_house("double-exposure-online")
    shoe = Shoe.stacked(parse_cards(["9h"]))
    stiff = list(parse_cards(["Ts", "5d"]))
    assert play_dealer(house, list(stiff), shoe.draw, live_hands=False) == stiff
    assert play_dealer(house, list(stiff), shoe.draw, live_hands=True) == [*stiff, Card.parse("9h")]
