"""Settlement of every hand under every house, to the cent."""

from __future__ import annotations

import dataclasses
from decimal import Decimal

import pytest

from tests.engine.helpers import hand, settle_one
from trainer.engine.cards import parse_cards
from trainer.engine.houses import find_house
from trainer.engine.money import Ratio
from trainer.engine.rules import Bonus
from trainer.engine.settlement import Outcome, settle_round


def test_europoker_worked_example() -> None:
    """RULES.md / seed 004: boxes K+9, 7+5+10, J+3+8 against dealer 9 + 10."""
    result = settle_round(
        find_house("europoker"),
        parse_cards(["9h", "Td"]),
        [hand("10", "Kh", "9d"), hand("10", "7h", "5d", "Tc"), hand("10", "Js", "3d", "8c")],
    )
    assert [h.outcome for h in result.hands] == [Outcome.PUSH, Outcome.LOSE, Outcome.WIN]
    assert [h.net for h in result.hands] == [Decimal(0), Decimal(-10), Decimal(10)]
    assert result.net == Decimal(0)


@pytest.mark.parametrize(
    ("house", "bet", "paid"),
    [
        ("casino-classic", "15", "22.50"), ("casino-classic", "35", "52.50"),
        ("europoker", "579", "868.50"), ("russian-casino", "25", "37.50"),
        ("classic-single-deck", "5", "7.50"), ("baden-baden", "7", "10.50"),
        ("blackjack-switch", "35", "35"), ("spanish-21", "35", "52.50"),
        ("double-exposure", "35", "35"), ("double-exposure-online", "15", "15"),
    ],
)
def test_blackjack_payouts(house: str, bet: str, paid: str) -> None:
    up = "Ks 9d" if house == "spanish-21" else "Ts 9d"
    result = settle_one(house, up, hand(bet, "As", "Kd"))
    assert (result.outcome, result.net) == (Outcome.WIN, Decimal(paid))


@pytest.mark.parametrize(
    ("house", "outcome", "net"),
    [
        ("casino-classic", Outcome.PUSH, "0"), ("europoker", Outcome.PUSH, "0"),
        ("russian-casino", Outcome.PUSH, "0"), ("classic-single-deck", Outcome.PUSH, "0"),
        ("blackjack-switch", Outcome.PUSH, "0"),
        ("spanish-21", Outcome.WIN, "15"),  # 3:2 on 10
        ("double-exposure", Outcome.WIN, "10"), ("double-exposure-online", Outcome.WIN, "10"),
        ("baden-baden", Outcome.LOSE, "-10"),
    ],
)
def test_blackjack_against_dealer_blackjack(house: str, outcome: Outcome, net: str) -> None:
    result = settle_one(house, "Ah Kc", hand("10", "As", "Kd"))
    assert (result.outcome, result.net) == (outcome, Decimal(net))


def test_dealer_blackjack_takes_original_or_all() -> None:
    # No-peek houses: doubles and splits are at risk and lost, but at europoker (OBO) the
    # original bet only.
    euro = settle_one("europoker", "Ah Kc", hand("10", "5s", "6d", "2c", doubled=1))
    assert euro.net == Decimal(-10)
    russian = settle_one("russian-casino", "Ah Kc", hand("10", "5s", "6d", "2c", doubled=1))
    assert russian.net == Decimal(-20)
    baden = settle_one("baden-baden", "Ah Kc", hand("10", "5s", "6d", "Tc", doubled=1))
    assert baden.net == Decimal(-20)
    # Peek houses: only the original bet can be at risk.
    classic = settle_one("casino-classic", "Ah Kc", hand("10", "5s", "6d"))
    assert classic.net == Decimal(-10)


_BEATS_ALL = "a dealer blackjack beats every hand but a blackjack and takes"


@pytest.mark.parametrize(("house", "rule"), [
    ("casino-classic", f"casino-classic: {_BEATS_ALL} the original bet only"),
    ("spanish-21", f"spanish-21: {_BEATS_ALL} the original bet only"),
    ("double-exposure", f"double-exposure: {_BEATS_ALL} the original bet only"),
    ("europoker", f"europoker: {_BEATS_ALL} the original bet only"),
    ("russian-casino",
     f"russian-casino: {_BEATS_ALL} every bet on the box, doubles and splits included"),
    ("baden-baden", "baden-baden: a dealer blackjack beats every hand, a blackjack too, and "
                    "takes every bet on the box, doubles and splits included"),
])
def test_the_dealer_blackjack_rule_is_the_house_own(house: str, rule: str) -> None:
    """The rule a hand loses to a dealer blackjack by says what this house's blackjack
    does: at baden-baden it beats blackjacks too and takes every bet."""
    result = settle_one(house, "Ah Kc", hand("10", "Ks", "9d"))
    assert (result.outcome, result.net, result.rule) == (Outcome.LOSE, Decimal(-10), rule)


@pytest.mark.parametrize("house", ["russian-casino", "baden-baden"])
def test_split_hands_lose_every_bet_to_a_dealer_blackjack_and_say_so(house: str) -> None:
    """Where a dealer blackjack takes every bet, each hand of a split box loses its bet, and
    its rule says every bet goes, not "the original bet"."""
    hands = [hand("10", "8s", "3d", split=True), hand("10", "8d", "Tc", split=True)]
    result = settle_round(find_house(house), parse_cards(["Ah", "Kc"]), hands)
    assert [h.net for h in result.hands] == [Decimal(-10), Decimal(-10)]
    for settled in result.hands:
        assert settled.rule.endswith("and takes every bet on the box, doubles and splits "
                                     "included")
        assert "original" not in settled.rule


def test_original_bets_only_returns_extra_split_bets() -> None:
    house = find_house("casino-classic")
    hands = [hand("10", "8s", "3d", split=True), hand("10", "8d", "Tc", split=True),
             hand("10", "9s", "9c")]
    result = settle_round(house, parse_cards(["Ah", "Kc"]), hands)
    assert [h.net for h in result.hands] == [Decimal(-10), Decimal(0), Decimal(-10)]
    assert "extra split bet is returned" in result.hands[1].rule


@pytest.mark.parametrize(
    ("house", "player", "dealer", "outcome", "net"),
    [
        ("europoker", ("Ts", "8d"), "Th 8c", Outcome.PUSH, "0"),
        ("double-exposure", ("Ts", "8d"), "Th 8c", Outcome.LOSE, "-10"),
        ("double-exposure-online", ("Ts", "8d"), "Th 8c", Outcome.LOSE, "-10"),
        ("double-exposure", ("Ts", "5d", "6c"), "Th 5c 6d", Outcome.LOSE, "-10"),
        ("double-exposure", ("As", "Kd"), "Th 5c 6d", Outcome.WIN, "10"),  # reading
        ("spanish-21", ("Ks", "5d", "6c"), "Kh 5c 6d", Outcome.WIN, "10"),
        ("spanish-21", ("Ks", "8d"), "Kh 8c", Outcome.PUSH, "0"),
        ("russian-casino", ("Ts", "5d", "6c"), "Th 5c 6d", Outcome.PUSH, "0"),
    ],
)
def test_ties(
    house: str, player: tuple[str, ...], dealer: str, outcome: Outcome, net: str
) -> None:
    result = settle_one(house, dealer, hand("10", *player))
    assert (result.outcome, result.net) == (outcome, Decimal(net))


def test_bust_loses_even_when_the_dealer_busts() -> None:
    result = settle_one("europoker", "Th 6c 8d", hand("10", "Ts", "6d", "9c"))
    assert (result.outcome, result.net) == (Outcome.LOSE, Decimal(-10))


def test_doubled_hand_wins_and_loses_the_whole_stake() -> None:
    assert settle_one("europoker", "Th 7c", hand("25", "5s", "6d", "Tc", doubled=1)).net == 50
    assert settle_one("europoker", "Th 7c", hand("25", "5s", "6d", "2c", doubled=1)).net == -50
    redoubled = settle_one("spanish-21", "Kh 7c", hand("10", "2s", "3d", "5c", "Kc", doubled=2))
    assert redoubled.net == Decimal(40)


@pytest.mark.parametrize(
    ("house", "player", "net"),
    [
        ("classic-single-deck", hand("25", "Ts", "6d", surrendered=True), "-12.50"),
        ("russian-casino", hand("15", "Ts", "6d", surrendered=True), "-7.50"),
        ("spanish-21", hand("10", "5s", "6d", "2c", doubled=1, surrendered=True), "-10"),
        ("spanish-21", hand("10", "5s", "6d", "2c", "2h", doubled=2, surrendered=True), "-20"),
        ("spanish-21", hand("10", "Ks", "6d", split=True, surrendered=True), "-5"),
    ],
)
def test_surrender_returns_half(house: str, player: object, net: str) -> None:
    result = settle_one(house, "Kh 7c", player)  # type: ignore[arg-type]
    assert (result.outcome, result.net) == (Outcome.SURRENDER, Decimal(net))


def test_insurance_and_even_money() -> None:
    insured = settle_one("europoker", "Ah Kc", hand("10", "Ts", "9d", insurance=Decimal(5)))
    assert (insured.net, insured.insurance_net) == (Decimal(-10), Decimal(10))
    lost = settle_one("europoker", "Ah 7c", hand("10", "Ts", "9d", insurance=Decimal(5)))
    assert (lost.net, lost.insurance_net) == (Decimal(10), Decimal(-5))
    even = settle_one("europoker", "Ah Kc", hand("35", "As", "Kd", even_money=True))
    assert (even.outcome, even.net) == (Outcome.WIN, Decimal(35))
    # classic-single-deck: insured blackjack against blackjack: the bet returned, insurance 2:1.
    both = settle_one("classic-single-deck", "Ah Kc", hand("10", "As", "Kd", insurance=Decimal(5)))
    assert (both.outcome, both.net, both.insurance_net) == (Outcome.PUSH, 0, Decimal(10))


def test_21_after_split_is_not_blackjack() -> None:
    result = settle_one("europoker", "Th 9c", hand("10", "As", "Kd", split=True))
    assert (result.outcome, result.net) == (Outcome.WIN, Decimal(10))
    tie = settle_one("europoker", "Th 5c 6d", hand("10", "As", "Kd", split=True))
    assert tie.outcome is Outcome.PUSH
    against_bj = settle_one("europoker", "Ah Kc", hand("10", "As", "Kd", split=True))
    assert against_bj.net == Decimal(-10)


def test_switch_dealer_22_and_switched_blackjack() -> None:
    push = settle_one("blackjack-switch", "Th 6c 6d", hand("10", "Ts", "8d"))
    assert (push.outcome, push.net) == (Outcome.PUSH, Decimal(0))
    assert settle_one("blackjack-switch", "Th 6c 7d", hand("10", "Ts", "8d")).net == 10
    natural = settle_one("blackjack-switch", "Th 6c 6d", hand("10", "As", "Kd"))
    assert natural.net == Decimal(10)  # blackjack pays 1:1
    bust = settle_one("blackjack-switch", "Th 6c 6d", hand("10", "Ts", "8d", "5c"))
    assert bust.net == Decimal(-10)
    switched = settle_one("blackjack-switch", "Th 9c", hand("10", "As", "Kd", switched=True))
    assert (switched.outcome, switched.net) == (Outcome.WIN, Decimal(10))


def test_baden_baden_six_cards() -> None:
    six = settle_one("baden-baden", "Th 9c", hand("10", "2s", "2d", "3c", "3h", "Ac", "4d"))
    assert (six.outcome, six.net) == (Outcome.WIN, Decimal(10))
    against_bj = settle_one("baden-baden", "Ah Kc", hand("10", "2s", "2d", "3c", "3h", "Ac", "4d"))
    assert against_bj.net == Decimal(-10)
    five = settle_one("baden-baden", "Th 9c", hand("10", "2s", "2d", "3c", "3h", "4d"))
    assert five.outcome is Outcome.LOSE


@pytest.mark.parametrize(
    ("player", "dealer", "bonus", "net"),
    [
        (("2s", "3d", "4c", "5h", "7d"), "Kh 8c", "five-card-21", "15"),
        (("2s", "3d", "4c", "5h", "2d", "5c"), "Kh 8c", "six-card-21", "20"),
        (("2s", "3d", "4c", "2h", "2d", "3c", "5s"), "Kh 8c", "seven-card-21", "30"),
        (("6s", "7d", "8c"), "Kh 8c", "mixed-6-7-8", "15"),
        (("6s", "7s", "8s"), "Kh 8c", "suited-6-7-8", "20"),
        (("7s", "7d", "7c"), "Kh 8c", "mixed-7-7-7", "15"),
        (("7s", "7s", "7s"), "Kh 8c", "suited-7-7-7", "20"),
        (("7s", "7s", "7s"), "7s 8c 5h", "suited-7-7-7-vs-dealer-7", "500"),
        (("7d", "7d", "7d"), "7s 8c 5h", "suited-7-7-7", "20"),
        (("2s", "3d", "4c", "5h", "7d"), "Kh 5c 6d", "five-card-21", "15"),  # beats dealer 21
    ],
)
def test_spanish_bonuses(player: tuple[str, ...], dealer: str, bonus: str, net: str) -> None:
    result = settle_one("spanish-21", dealer, hand("10", *player))
    assert result.bonus is not None
    assert (result.bonus.value, result.net) == (bonus, Decimal(net))


def test_spanish_bonus_readings() -> None:
    doubled = settle_one("spanish-21", "Kh 8c", hand("10", "6s", "7s", "8s", doubled=1))
    assert (doubled.bonus, doubled.net) == (None, Decimal(20))
    split = settle_one("spanish-21", "Kh 8c", hand("10", "7s", "7d", "7c", split=True))
    assert split.bonus is not None and split.net == Decimal(15)
    assert settle_one("casino-classic", "Kh 8c", hand("10", "7s", "7d", "7c")).bonus is None


def test_spanish_player_21_and_blackjacks() -> None:
    assert settle_one("spanish-21", "Kh 5c 6d", hand("10", "Ks", "5d", "6c")).net == 10
    assert settle_one("spanish-21", "Ah Kc", hand("10", "As", "Kd")).net == 15
    # A dealer blackjack is found by the peek: a drawn 21 never meets it, only the bet is lost.
    assert settle_one("spanish-21", "Ah Kc", hand("10", "Ks", "5d", "6c")).net == -10


def test_rule_text_names_house() -> None:
    result = settle_one("double-exposure", "Th 8c", hand("10", "Ts", "8d"))
    assert result.rule == "double-exposure: ties lose — 18 against the dealer's 18"


def test_a_blackjack_on_an_odd_cent_bet_is_paid_in_whole_cents() -> None:
    result = settle_one("europoker", "9h Td", hand("10.01", "As", "Kd"))
    assert (result.outcome, result.net) == (Outcome.WIN, Decimal("15.01"))
    assert result.rule == ("europoker: blackjack pays 3:2 (15.015, paid as 15.01: the table "
                           "pays whole cents and the house keeps the fraction)")


def test_a_surrender_of_an_odd_cent_bet_returns_the_cent_below_half() -> None:
    result = settle_one("classic-single-deck", "9h Td", hand("10.03", "9c", "7d", surrendered=True))
    assert (result.outcome, result.net) == (Outcome.SURRENDER, Decimal("-5.02"))
    assert result.rule == ("classic-single-deck: surrender gives up half the stake (5.02 of "
                           "10.03: half is 5.015, and the house keeps the fraction of a cent)")


def test_a_spanish_bonus_on_an_odd_cent_bet_is_paid_in_whole_cents() -> None:
    result = settle_one("spanish-21", "9h Jd", hand("10.01", "7h", "7d", "7s"))
    assert (result.net, result.bonus) == (Decimal("15.01"), Bonus.MIXED_777)
    assert result.rule.endswith("pays 3:2 (15.015, paid as 15.01: the table pays whole cents "
                                "and the house keeps the fraction)")


def test_insurance_at_an_odd_ratio_is_paid_in_whole_cents() -> None:
    house = dataclasses.replace(find_house("europoker"), insurance_pays=Ratio(7, 3))
    result = settle_round(house, parse_cards(["As", "Kd"]),
                          [hand("10", "9c", "7d", insurance=Decimal(5))]).hands[0]
    assert result.insurance_net == Decimal("11.66")


def test_whole_cent_payouts_leave_the_rule_as_it_was() -> None:
    result = settle_one("europoker", "9h Td", hand("35", "As", "Kd"))
    assert (result.net, result.rule) == (Decimal("52.50"), "europoker: blackjack pays 3:2")


def test_an_endless_exact_payout_is_shown_to_four_decimals() -> None:
    house = dataclasses.replace(find_house("europoker"), blackjack_pays=Ratio(7, 6))
    result = settle_round(house, parse_cards(["9h", "Td"]), [hand("1", "As", "Kd")]).hands[0]
    assert result.net == Decimal("1.16")
    assert result.rule == ("europoker: blackjack pays 7:6 (about 1.1667, paid as 1.16: the "
                           "table pays whole cents and the house keeps the fraction)")


@pytest.mark.parametrize(("house", "dealer", "cards", "keys"), [
    ("europoker", ["9h", "Td"], ["As", "Kd"], ("blackjack_pays",)),
    ("europoker", ["9h", "Td"], ["Kh", "9d"], ("ties",)),
    ("europoker", ["9h", "Td"], ["Kh", "8d"], ()),
    ("europoker", ["9h", "Td"], ["Kh", "5d", "9c"], ()),
    ("double-exposure", ["9h", "Td"], ["Kh", "9d"], ("ties",)),
    ("blackjack-switch", ["Th", "5d", "7c"], ["Kh", "9d"], ("dealer_22_pushes",)),
    ("baden-baden", ["9h", "Kd"], ["2h", "3d", "2c", "4s", "2d", "3h"], ("six_card_win",)),
    ("double-exposure", ["Ah", "Kd"], ["As", "Kc"],
     ("blackjack_vs_dealer_blackjack", "blackjack_pays")),
    ("europoker", ["Ah", "Kd"], ["As", "Kc"], ("blackjack_vs_dealer_blackjack",)),
])
def test_each_result_names_the_house_rules_that_decided_it(
        house: str, dealer: list[str], cards: list[str], keys: tuple[str, ...]) -> None:
    """``keys`` name the profile's rules behind ``rule``: what a trainee may look up."""
    result = settle_round(find_house(house), parse_cards(dealer), [hand("10", *cards)])
    assert result.hands[0].keys == keys, result.hands[0].rule
