"""The shoe, whole seeded rounds, and round validation."""

from __future__ import annotations

import random
from collections import Counter
from decimal import Decimal

import pytest

from tests.engine.helpers import hand
from trainer.engine.cards import Card, Rank, parse_cards
from trainer.engine.errors import CardError, MoneyError, RoundError
from trainer.engine.houses import find_house, house_names
from trainer.engine.options import Action
from trainer.engine.player_hand import PlayerHand
from trainer.engine.round_check import check_round
from trainer.engine.settlement import settle_round
from trainer.engine.shoe import Shoe, check_cards_fit
from trainer.engine.table_round import SimpleStrategy, play_round


@pytest.mark.parametrize("name", house_names())
def test_shoe_holds_the_house_decks(name: str) -> None:
    house = find_house(name)
    shoe = Shoe.for_house(house, random.Random(1))
    drawn = [shoe.draw() for _ in range(shoe.size)]
    counts = Counter(drawn)
    assert len(drawn) == house.shoe_size
    assert set(counts.values()) == {house.decks}
    if house.deck.value == "spanish":
        assert not [c for c in drawn if c.rank is Rank.TEN]


def test_seeded_shuffle_is_reproducible_and_differs_by_seed() -> None:
    house = find_house("russian-casino")
    first = [Shoe.for_house(house, random.Random(9)).draw() for _ in range(1)]
    deal = lambda seed: [s.draw() for s in [Shoe.for_house(house, random.Random(seed))]  # noqa: E731
                         for _ in range(20)]
    assert deal(9) == deal(9)
    assert deal(9) != deal(10)
    assert first[0] == deal(9)[0]


@pytest.mark.parametrize(("name", "first_cards"), [
    ("casino-classic", "5h 9s 8d 5s Ah 6h 4s Jh 3s 7h 8c Jc"),
    ("spanish-21", "Qc 9c 8c Jh Js 9s 6h Kc Ks 2d 9h 3d"),
])
def test_a_seed_deals_the_same_cards_release_after_release(name: str, first_cards: str) -> None:
    """Pinned: a change to how the shoe deals changes every seeded round and drill."""
    shoe = Shoe.for_house(find_house(name), random.Random(7))
    assert " ".join(str(shoe.draw()) for _ in range(12)) == first_cards


def test_cut_card_and_reshuffle_policies() -> None:
    online = find_house("double-exposure-online")
    shoe = Shoe.for_house(online, random.Random(2))
    assert shoe.cut_at == 156  # the middle of six decks
    for _ in range(155):
        shoe.draw()
    shoe.start_round()
    assert len(shoe.remaining_cards()) == 312 - 155  # cut card not out yet
    shoe.draw()
    shoe.start_round()
    assert len(shoe.remaining_cards()) == 312  # reshuffled at the cut card
    euro = Shoe.for_house(find_house("europoker"), random.Random(2))
    euro.draw()
    euro.start_round()
    assert len(euro.remaining_cards()) == 104  # every round


def test_stacked_shoe_deals_in_order() -> None:
    shoe = Shoe.stacked(parse_cards(["As", "Kd"]))
    assert [shoe.draw(), shoe.draw()] == list(parse_cards(["As", "Kd"]))
    with pytest.raises(CardError, match="run out"):
        shoe.draw()


def test_check_cards_fit() -> None:
    check_cards_fit(find_house("europoker"), parse_cards(["As", "As"]))
    with pytest.raises(CardError, match="appears 3 times, the shoe holds 2"):
        check_cards_fit(find_house("europoker"), parse_cards(["As", "As", "As"]))
    with pytest.raises(CardError, match="no pip tens: Td"):
        check_cards_fit(find_house("spanish-21"), parse_cards(["Td"]))


@pytest.mark.parametrize("name", house_names())
def test_seeded_rounds_are_reproducible_valid_and_settled_by_settle_round(name: str) -> None:
    house = find_house(name)
    # a switch plays two equal bets: the Switch house's pairs of boxes bet the same
    bets = ([Decimal("10"), Decimal("10"), Decimal("12.50"), Decimal("12.50")] if house.switch
            else [Decimal("10"), Decimal("12.50"), Decimal("7")])

    def rounds(seed: int) -> list[object]:
        shoe = Shoe.for_house(house, random.Random(seed))
        return [play_round(house, shoe, bets, SimpleStrategy()) for _ in range(150)]

    played = rounds(4)
    assert played == rounds(4)
    if house.switch:  # the pairs did switch now and then
        assert any(hand.switched for round_ in played for hand in round_.hands)  # type: ignore[attr-defined]
    for round_ in played:
        check_round(house, round_.dealer, round_.hands)  # type: ignore[attr-defined]
        again = settle_round(house, round_.dealer, round_.hands)  # type: ignore[attr-defined]
        assert again == round_.result  # type: ignore[attr-defined]


@pytest.mark.parametrize(("bets", "shown"), [
    (["10", "10", "5"], "10, 10, 5"), (["10", "12.50"], "10, 12.50"),
])
def test_a_switch_round_takes_players_of_two_equal_bets(bets: list[str], shown: str) -> None:
    """A Switch player plays two hands of one bet: a lone box, or a pair betting apart, is
    refused rather than dealt as hands that cannot switch."""
    house = find_house("blackjack-switch")
    shoe = Shoe.for_house(house, random.Random(1))
    with pytest.raises(RoundError) as refused:
        play_round(house, shoe, [Decimal(b) for b in bets], SimpleStrategy())
    assert str(refused.value) == (f"bets {shown}: blackjack-switch: every player plays two "
                                  "hands of one bet, on boxes side by side")


def test_round_from_a_stacked_shoe() -> None:
    """Europoker: boxes K9 and 75, dealer 9 up; box 2 hits a ten and busts."""
    house = find_house("europoker")
    shoe = Shoe.stacked(parse_cards(["Kh", "7h", "9c", "9d", "5d", "Td", "Tc"]))
    played = play_round(house, shoe, [Decimal(10), Decimal(10)], SimpleStrategy())
    assert played.dealer == parse_cards(["9c", "Td"])
    assert [h.cards for h in played.hands] == [parse_cards(["Kh", "9d"]),
                                               parse_cards(["7h", "5d", "Tc"])]
    assert played.result.net == Decimal(-10)


class _AlwaysSplitThenDouble(SimpleStrategy):
    def decide(self, hand: PlayerHand, dealer_up: Card, allowed: frozenset[Action]) -> Action:
        for action in (Action.SPLIT, Action.DOUBLE):
            if action in allowed:
                return action
        return Action.STAND


def test_round_splits_aces_one_card_each() -> None:
    house = find_house("europoker")
    shoe = Shoe.stacked(parse_cards(["As", "9c", "Ad", "7c", "Kd", "5h", "Th"]))
    played = play_round(house, shoe, [Decimal(10)], _AlwaysSplitThenDouble())
    assert [h.cards for h in played.hands] == [parse_cards(["As", "Kd"]), parse_cards(["Ad", "5h"])]
    assert all(h.split for h in played.hands)
    assert played.dealer == parse_cards(["9c", "7c", "Th"])
    assert [h.net for h in played.result.hands] == [Decimal(10), Decimal(10)]


def test_check_round_refusals() -> None:
    euro = find_house("europoker")
    dealer = parse_cards(["9h", "Td"])
    cases = [
        ([hand("10", "5s", "6d", "2c", "Tc", doubled=1)], RoundError, "holds exactly 3 cards"),
        ([hand("10", "As", "Kd", "2c", doubled=1)], RoundError, "no card is drawn after soft 21"),
        ([hand("10", "Ts", "6d", surrendered=True)], RoundError, "surrender is not allowed"),
        ([hand("10", "Ts", "6d", insurance=Decimal(5))], RoundError, "insurance only against"),
        ([hand("10", "Ts", "6d", even_money=True)], RoundError, "even money is only"),
        ([hand("10", "Ts", "6d", switched=True)], RoundError, "has no switch"),
        ([hand("10", "Ts", "6d", "9c", "2h")], RoundError, "no card is drawn after bust 25"),
        ([hand("10", "As", "5d", "2c", split=True)], RoundError, "split aces take one card each"),
        ([hand("0", "Ts", "6d")], MoneyError, "must be more than 0"),
        ([hand("10", "Ts")], RoundError, "at least two cards"),
        ([hand("10", "Ts", "6d", doubled=2)], RoundError, "at most 1"),
    ]
    for hands, error, message in cases:
        with pytest.raises(error, match=message):
            check_round(euro, dealer, hands)
    with pytest.raises(MoneyError, match="more than 5"):
        check_round(euro, parse_cards(["Ah", "7d"]), [hand("10", "Ts", "6d", insurance=Decimal(6))])
    with pytest.raises(RoundError, match="must still draw"):
        check_round(euro, parse_cards(["9h", "6d"]), [hand("10", "Ts", "6d")])
    check_round(euro, parse_cards(["9h", "6d"]), [hand("10", "Ts", "6d", "9c")])  # no live hands
    with pytest.raises(RoundError, match="double-exposure: doubling is allowed only on a hard"):
        check_round(
            find_house("double-exposure"), dealer, [hand("10", "As", "8d", "2c", doubled=1)]
        )
    with pytest.raises(RoundError, match="no surrender against a dealer ace"):
        check_round(find_house("classic-single-deck"), parse_cards(["Ah", "7d"]),
                    [hand("10", "Ts", "6d", surrendered=True)])


def test_no_hole_card_blackjack_waits_for_the_dealers_second_card() -> None:
    russian = find_house("russian-casino")
    natural = hand("10", "Ks", "As")
    for up in ("Ah", "Th"):
        with pytest.raises(RoundError, match="must still draw"):
            check_round(russian, parse_cards([up]), [natural, hand("10", "Ks", "5s", "9d")])
    check_round(russian, parse_cards(["9h"]), [natural])  # a 9 cannot make a blackjack
    check_round(russian, parse_cards(["Ah"]), [hand("10", "Ks", "As", even_money=True)])
    pushed = settle_round(russian, parse_cards(["Th", "Ad"]), [natural])
    assert pushed.net == Decimal(0)


def test_peek_house_surrender_cannot_meet_a_dealer_blackjack() -> None:
    for name in ("classic-single-deck", "spanish-21"):
        result = settle_round(find_house(name), parse_cards(["Kd", "Ac"]),
                              [hand("10", "Kh", "6d", surrendered=True)])
        assert result.net == Decimal(-10)
    insured = settle_round(find_house("spanish-21"), parse_cards(["Ad", "Kc"]),
                           [hand("10", "Kh", "6d", surrendered=True, insurance=Decimal(5))])
    assert insured.net == Decimal(0)
    # No hole card: the surrender was final before the blackjack came.
    russian = settle_round(find_house("russian-casino"), parse_cards(["Td", "Ac"]),
                           [hand("10", "Kh", "6d", surrendered=True)])
    assert russian.net == Decimal(-5)


def test_boxes_split_limits_and_insurance_once_per_box() -> None:
    euro = find_house("europoker")
    dealer = parse_cards(["Ad", "Kc"])
    twice = [hand("10", "8s", "3c", "9d", split=True, insurance=Decimal(5)),
             hand("10", "8h", "2c", "Th", split=True, insurance=Decimal(5))]
    with pytest.raises(MoneyError, match="once per box"):
        check_round(euro, dealer, twice)
    once = [twice[0], hand("10", "8h", "2c", "Th", split=True)]
    check_round(euro, dealer, once)
    three = [hand("10", f"8{suit}", f"3{suit}", split=True) for suit in "shd"]
    with pytest.raises(RoundError, match="3 split hands; europoker allows at most 2"):
        check_round(euro, parse_cards(["9d", "Tc"]), three)
    boxes = [hand("10", f"{rank}s", f"7{suit}") for rank, suit in zip("TJQK", "dhcs", strict=True)]
    with pytest.raises(RoundError, match="4 boxes; classic-single-deck has 3"):
        check_round(find_house("classic-single-deck"), parse_cards(["9d", "Tc"]), boxes)
