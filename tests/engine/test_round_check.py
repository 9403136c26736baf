"""Rounds that cannot arise under a house are refused naming the reason; legal ones pass."""

from __future__ import annotations

import dataclasses
import random
from decimal import Decimal

import pytest

from tests.engine.helpers import hand
from trainer.engine.cards import parse_cards
from trainer.engine.errors import MoneyError, RoundError
from trainer.engine.houses import find_house, house_names
from trainer.engine.player_hand import PlayerHand
from trainer.engine.round_check import check_round
from trainer.engine.rules import DealerCards
from trainer.engine.settlement import settle_round
from trainer.engine.shoe import Shoe
from trainer.engine.table_round import SimpleStrategy, play_round

KNOWN_BEFORE_PLAY = [  # the dealer peeks, or both dealer cards are face up
    "blackjack-switch", "casino-classic", "classic-single-deck", "double-exposure",
    "double-exposure-online", "spanish-21",
]
FOUND_AFTER_PLAY = ["baden-baden", "europoker", "russian-casino"]  # no peek, or no hole card
DEALER_BLACKJACK = parse_cards(["Ah", "Kd"])


def _check(name: str, dealer: str, *hands: PlayerHand) -> None:
    check_round(find_house(name), parse_cards(dealer.split()), list(hands))


def test_which_houses_know_a_dealer_blackjack_before_play() -> None:
    known = sorted(n for n in house_names() if find_house(n).blackjack_known_before_play)
    assert known == KNOWN_BEFORE_PLAY
    assert sorted(set(house_names()) - set(known)) == FOUND_AFTER_PLAY
    for name in FOUND_AFTER_PLAY:
        house = find_house(name)
        assert not house.dealer_peeks
        assert house.dealer_cards in (DealerCards.HOLE_CARD, DealerCards.NO_HOLE_CARD)


# a hand drawn, doubled or split: legal everywhere unless a dealer blackjack ended the round
ACTED = {
    "drawn": ([hand("10", "5s", "6d", "4c")], "holds 3 cards"),
    "doubled": ([hand("10", "5s", "6d", "9c", doubled=1)], "holds 3 cards and is doubled"),
    "split": ([hand("10", "8s", "3c", split=True), hand("10", "8h", "2d", split=True)],
              "is a split hand"),
}


@pytest.mark.parametrize("name", KNOWN_BEFORE_PLAY)
@pytest.mark.parametrize("acted", sorted(ACTED))
def test_a_dealer_blackjack_known_before_play_ends_the_round(name: str, acted: str) -> None:
    hands, what = ACTED[acted]
    house = find_house(name)
    check_round(house, parse_cards(["9h", "8c"]), hands)  # the same hands against a 17
    how = "face up" if house.dealer_cards is DealerCards.BOTH_UP else "found by the peek"
    with pytest.raises(RoundError, match=f"hand 1: {name}: a dealer blackjack {how} "
                                         rf"\(Ah Kd\) ends the round before anyone acts, "
                                         f"but the hand {what}"):
        check_round(house, DEALER_BLACKJACK, hands)


@pytest.mark.parametrize("name", FOUND_AFTER_PLAY)
@pytest.mark.parametrize("acted", sorted(ACTED))
def test_a_dealer_blackjack_found_after_play_meets_drawn_hands(name: str, acted: str) -> None:
    hands, _ = ACTED[acted]
    check_round(find_house(name), DEALER_BLACKJACK, hands)


@pytest.mark.parametrize("name", KNOWN_BEFORE_PLAY)
def test_the_cards_as_dealt_still_meet_a_dealer_blackjack(name: str) -> None:
    house = find_house(name)
    hands = [hand("10", "5s", "6d"), hand("10", "Qs", "Ac")]
    if house.insurance:
        hands.append(hand("10", "9s", "8d", insurance=Decimal(5)))
    check_round(house, DEALER_BLACKJACK, hands)


def test_the_auditors_rounds_are_refused() -> None:
    with pytest.raises(RoundError, match="holds 3 cards and is doubled"):
        _check("casino-classic", "Ah Kd", hand("10", "5s", "6d", "9c", doubled=1))
    with pytest.raises(RoundError, match="double-exposure: a dealer blackjack face up"):
        _check("double-exposure", "As Kc", hand("10", "9d", "Qh", "2c"))


def test_late_surrender_never_meets_a_peeked_blackjack() -> None:
    """Surrender comes after the peek at every peek house that has it (no early surrender)."""
    with pytest.raises(RoundError, match="spanish-21: a dealer blackjack found by the peek"):
        _check("spanish-21", "Ah Kd", hand("10", "Kh", "6d", surrendered=True))
    with pytest.raises(RoundError, match="but the hand is surrendered"):
        _check("classic-single-deck", "Kh Ad", hand("10", "Ks", "6d", surrendered=True))
    _check("classic-single-deck", "Kh 8d", hand("10", "Ks", "6d", surrendered=True))
    # no hole card: the surrender was final before the dealer's blackjack came
    _check("russian-casino", "Kh Ad", hand("10", "Ks", "6d", surrendered=True))


@pytest.mark.parametrize(
    ("name", "first", "second", "refused"),
    [
        ("europoker", ["9s", "5d"], ["2s", "Tc"], True),
        ("europoker", ["9s", "5d"], ["9c", "Tc"], False),
        ("casino-classic", ["Ks", "5d"], ["Qc", "Td"], False),  # equal value
        ("baden-baden", ["Ks", "5d"], ["Qc", "Td"], True),  # "K+Q no"
        ("baden-baden", ["Ks", "5d"], ["Kc", "Td"], False),
        ("classic-single-deck", ["Ks", "5d"], ["Jc", "Td"], True),
        ("classic-single-deck", ["Ks", "5d"], ["Kc", "Td"], False),
        ("russian-casino", ["As", "5d"], ["9c", "Td"], True),
    ],
)
def test_split_hands_start_with_a_pair_the_house_splits(
    name: str, first: list[str], second: list[str], refused: bool
) -> None:
    hands = [hand("10", *first, split=True), hand("10", *second, split=True)]
    if not refused:
        _check(name, "9h 8c", *hands)
        return
    with pytest.raises(RoundError, match=rf"box 1: split hands starting {first[0]} and "
                                         rf"{second[0]} were never a pair: {name}: only a "
                                         "first pair of two cards of the same"):
        _check(name, "9h 8c", *hands)


def test_every_hand_of_a_resplit_box_pairs_the_first() -> None:
    russian = [hand("10", f"A{suit}", "5d", split=True) for suit in "shdc"]
    _check("russian-casino", "9h 8c", *russian)
    with pytest.raises(RoundError, match="split hands starting As and 9s were never a pair"):
        _check("russian-casino", "9h 8c", *russian[:3], hand("10", "9s", "5d", split=True))


def test_only_split_hands_share_a_box() -> None:
    with pytest.raises(RoundError, match="box 1: only the hands of a split share a box"):
        _check("europoker", "9h 8c", hand("10", "9s", "5d", box=1),
               hand("10", "9c", "Td", split=True, box=1))


@pytest.mark.parametrize("name", house_names())
def test_split_bets_are_equal_at_every_house(name: str) -> None:
    house = find_house(name)
    assert house.split_bets_equal
    bets = ("10", "15")
    with pytest.raises(MoneyError, match=f"box 1: split bets 10 and 15 differ; {name}: the "
                                         "extra bet of a split equals the original bet"):
        check_round(house, parse_cards(["9h", "8c"]),
                    [hand(bet, f"9{suit}", f"{ten}d", split=True)
                     for bet, suit, ten in zip(bets, "sc", "KQ", strict=True)])
    check_round(house, parse_cards(["9h", "8c"]),
                [hand("10", "9s", "Kd", split=True), hand("10", "9c", "Qd", split=True)])


def test_split_bets_are_compared_before_any_double() -> None:
    doubled = hand("10", "8s", "3c", "Td", split=True, doubled=1)  # stake 20, bet 10
    _check("russian-casino", "9h Tc", doubled, hand("10", "8h", "9d", split=True))


def test_a_house_may_allow_unequal_split_bets() -> None:
    loose = dataclasses.replace(find_house("europoker"), split_bets_equal=False)
    check_round(loose, parse_cards(["9h", "8c"]),
                [hand("10", "9s", "Kd", split=True), hand("15", "9c", "Kd", split=True)])


def test_a_switch_needs_the_players_two_hands() -> None:
    lone = hand("10", "9s", "Td", switched=True)
    with pytest.raises(RoundError, match="box 1: a switch swaps the second cards of a "
                                         "player's two hands, but no switched hand"):
        _check("blackjack-switch", "9h Tc", lone)
    pair = [hand("10", "9s", "Td", switched=True), hand("10", "8s", "7d", switched=True)]
    _check("blackjack-switch", "9h Tc", *pair)
    _check("blackjack-switch", "9h Tc", *pair, hand("10", "Ks", "9c"))
    _check("blackjack-switch", "9h Tc", hand("10", "Ks", "9c"), *pair)
    unequal = [hand("10", "9s", "Td", switched=True), hand("15", "8s", "7d", switched=True)]
    with pytest.raises(MoneyError, match="boxes 1 and 2: switched hands bet 10 and 15; "
                                         "blackjack-switch: a switch plays two equal bets"):
        _check("blackjack-switch", "9h Tc", *unequal)
    with pytest.raises(RoundError, match="box 3: a switch"):
        _check("blackjack-switch", "9h Tc", *pair, lone)
    with pytest.raises(RoundError, match="box 1: a switch"):
        _check("blackjack-switch", "9h Tc", pair[0], hand("10", "Ks", "9c"), pair[1])


def test_a_switched_hand_may_meet_a_peeked_blackjack() -> None:
    """The switch is made on the cards as dealt, before anyone acts."""
    pair = [hand("10", "9s", "Td", switched=True), hand("10", "8s", "7d", switched=True)]
    _check("blackjack-switch", "Ah Kd", *pair)


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


class _EveryOption(SimpleStrategy):
    """Insures, takes even money and switches at random, to reach every kind of round."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def insure(self, cards: object, dealer_up: object) -> bool:
        return self.rng.random() < 0.5

    def take_even_money(self, cards: object, dealer_up: object) -> bool:
        return self.rng.random() < 0.5

    def switch(self, first: object, second: object, dealer_up: object) -> bool:
        return self.rng.random() < 0.5


@pytest.mark.parametrize("name", house_names())
def test_played_rounds_pass_the_checks(name: str) -> None:
    house = find_house(name)
    rng = random.Random(3)
    shoe = Shoe.for_house(house, random.Random(5))
    for _ in range(400):
        boxes = rng.randint(1, house.max_boxes // 2) * 2 if house.switch else rng.randint(
            1, house.max_boxes)  # a Switch player plays two boxes
        bets = [Decimal(rng.choice(("5", "10", "25")))] * boxes
        played = play_round(house, shoe, bets, _EveryOption(rng))  # type: ignore[arg-type]
        check_round(house, played.dealer, played.hands)


@pytest.mark.parametrize("name", ["casino-classic", "russian-casino", "classic-single-deck"])
def test_split_boxes_side_by_side_are_read_apart_without_box_keys(name: str) -> None:
    """Consecutive split hands share a box while their first cards pair: 8s then 9s are two
    boxes, each with its own bet (the default docs/command-line.md gives, no "box" key needed)."""
    rules = find_house(name)
    hands = [hand("10", "8h", "Td", split=True), hand("10", "8s", "Kd", split=True),
             hand("25", "9h", "Qc", split=True), hand("25", "9s", "Jc", split=True)]
    check_round(rules, parse_cards(["Ts", "7d"]), hands)
    assert settle_round(rules, parse_cards(["Ts", "7d"]), hands).net == Decimal(70)


def test_two_boxes_splitting_the_same_pair_need_their_box_keys() -> None:
    hands = [hand("10", "8h", "Td", split=True), hand("10", "8s", "Kd", split=True),
             hand("25", "8d", "Qc", split=True), hand("25", "8c", "Jc", split=True)]
    with pytest.raises(MoneyError, match='split bets 10 and 25 differ; russian-casino: the '
                                         'extra bet of a split equals the original bet '
                                         r'\(two boxes that split the same pair: give each '
                                         'hand its "box"\\)'):
        _check("russian-casino", "Ts 7d", *hands)
    boxed = [dataclasses.replace(h, box=1 if i < 2 else 2) for i, h in enumerate(hands)]
    _check("russian-casino", "Ts 7d", *boxed)


def test_at_spanish_21_a_player_21_leaves_the_dealer_nothing_to_draw_for() -> None:
    """A player 21 beats any dealer total there, and the peek ruled out a blackjack: with only
    21s left the dealer stops, as with only blackjacks and busts left."""
    twenty_one = hand("10", "5h", "6d", "Kc")
    _check("spanish-21", "9s 7d", twenty_one)
    with pytest.raises(RoundError, match="the dealer must still draw on hard 16"):
        _check("spanish-21", "9s 7d", twenty_one, hand("10", "Kh", "Qd"))
    with pytest.raises(RoundError, match="the dealer must still draw on hard 16"):
        _check("casino-classic", "9s 7d", hand("10", "5h", "6d", "Kc"))  # a 21 may still push


def test_a_box_number_past_the_table_is_refused() -> None:
    """casino-classic has seven boxes: a hand on box 8 sits at no box of its table."""
    sits = dataclasses.replace(hand("10", "5h", "6d"), box=7)
    _check("casino-classic", "Th 7d", sits)
    with pytest.raises(RoundError, match=r"^hand 1: box 8; casino-classic has boxes 1 to 7$"):
        _check("casino-classic", "Th 7d", dataclasses.replace(sits, box=8))
