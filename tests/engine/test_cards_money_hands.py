"""Cards, money parsing and hand totals."""

from __future__ import annotations

from decimal import Decimal

import pytest

from trainer.engine.cards import Card, Rank, Suit, parse_cards, spanish_deck, standard_deck
from trainer.engine.errors import CardError, EngineError, MoneyError
from trainer.engine.hands import hand_total, is_pair_by_rank, is_pair_by_value, is_two_card_21
from trainer.engine.money import Ratio, format_money, parse_money, to_money, whole_cents


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("As", Rank.ACE, Suit.SPADES),
        ("Td", Rank.TEN, Suit.DIAMONDS),
        ("10d", Rank.TEN, Suit.DIAMONDS),
        ("K♠", Rank.KING, Suit.SPADES),
        ("q♥", Rank.QUEEN, Suit.HEARTS),
        ("7C", Rank.SEVEN, Suit.CLUBS),
        ("A\u2665\ufe0f", Rank.ACE, Suit.HEARTS),  # A♥️ as an emoji keyboard types it
        ("10\u2663\ufe0e", Rank.TEN, Suit.CLUBS),
    ],
)
def test_card_parse(text: str, rank: Rank, suit: Suit) -> None:
    card = Card.parse(text)
    assert (card.rank, card.suit) == (rank, suit)
    assert Card.parse(str(card)) == card
    assert eval(repr(card)) == card  # round-trips


@pytest.mark.parametrize("text", ["", "A", "1s", "11h", "Ax", "Zs", "10", "A s"])
def test_card_parse_refuses(text: str) -> None:
    with pytest.raises(CardError, match="is not a card"):
        Card.parse(text)


def test_card_values() -> None:
    assert [Card.parse(f"{r}s").value for r in "23456789TJQKA"] == [
        2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 1,
    ]
    assert Card.parse("Th").label == "10♥"


def test_decks() -> None:
    assert len(set(standard_deck())) == 52
    spanish = spanish_deck()
    assert len(set(spanish)) == 48
    assert not [c for c in spanish if c.rank is Rank.TEN]
    assert sum(1 for c in spanish if c.value == 10) == 12  # J, Q, K of four suits


@pytest.mark.parametrize(
    ("cards", "total", "soft"),
    [
        ("As 6d", 17, True),
        ("As 6d Kc", 17, False),
        ("As 2d 4c", 17, True),
        ("As Ad 5c", 17, True),
        ("2s 3d As Ah", 17, True),
        ("As Ad", 12, True),
        ("As Ad Ac Ah", 14, True),
        ("Ts 6d", 16, False),
        ("Ts 6d 9c", 25, False),
        ("As Kd", 21, True),
        ("9s 8d As As", 19, False),
        ("5s 6d", 11, False),
    ],
)
def test_hand_total(cards: str, total: int, soft: bool) -> None:
    assert hand_total(parse_cards(cards.split())) == (total, soft)


def test_hand_total_str_and_bust() -> None:
    assert str(hand_total(parse_cards(["As", "6d"]))) == "soft 17"
    assert str(hand_total(parse_cards(["Ts", "6d"]))) == "hard 16"
    bust = hand_total(parse_cards(["Ts", "6d", "9c"]))
    assert bust.bust and str(bust) == "bust 25"


def test_pairs_and_naturals() -> None:
    assert is_pair_by_rank(parse_cards(["Ks", "Kd"]))
    assert not is_pair_by_rank(parse_cards(["Ks", "Qd"]))
    assert is_pair_by_value(parse_cards(["Ks", "Qd"]))
    assert not is_pair_by_value(parse_cards(["Ks", "9d"]))
    assert is_two_card_21(parse_cards(["As", "Td"]))
    assert not is_two_card_21(parse_cards(["As", "5d", "5c"]))


@pytest.mark.parametrize(
    ("text", "amount"),
    [("52.50", "52.50"), ("52,50", "52.50"), ("52.5", "52.5"), ("$52.50", "52.50"),
     ("15", "15"), (" 7 ", "7"), ("0.5", "0.5"), ("868.50$", "868.50"),
     ("9" * 12 + ",99", "999999999999.99")],
)
def test_parse_money_accepts(text: str, amount: str) -> None:
    assert parse_money(text) == Decimal(amount)


@pytest.mark.parametrize("text", ["abc", "-5", "1.234", "", "5.", "1,2,3", "1e3", "nan",
                                  "\u0661\u0662", "\uff11\uff12", "\u0967\u0968.50", "$5$"])
def test_parse_money_refuses(text: str) -> None:
    with pytest.raises(MoneyError, match="is not an amount"):
        parse_money(text)


def test_a_thousands_separator_is_refused_saying_so() -> None:
    """``1,000.50`` would read as 1.00050 or 1000.50: refused, and the message says why."""
    with pytest.raises(MoneyError, match=r"^'1,000\.50' is not an amount \(use digits with at"
                                         r" most two decimals and no thousands separator"):
        parse_money("1,000.50")


def test_parse_money_refuses_more_than_twelve_digits() -> None:
    with pytest.raises(MoneyError, match="'111111111111111…' is too large for an amount"):
        parse_money("1" * 4300)  # also past Python's limit for turning text into an int
    with pytest.raises(MoneyError, match=r"^bet '10000000000000' is too large for an amount"):
        to_money(10**13, "bet")
    assert to_money(10**12 - 1, "bet") == Decimal(999_999_999_999)


def test_to_money() -> None:
    assert to_money(10) == Decimal(10)
    assert to_money(Decimal("10.5")) == Decimal("10.5")
    for bad in (True, -1, Decimal("1.005"), 1.5, None, [1]):
        with pytest.raises(MoneyError):
            to_money(bad)


@pytest.mark.parametrize(
    ("ratio", "bet", "paid"),
    [("3:2", "15", "22.50"), ("3:2", "35", "52.50"), ("3:2", "579", "868.50"),
     ("3:2", "5", "7.50"), ("3:2", "25", "37.50"), ("1:1", "35", "35"), ("2:1", "12.50", "25"),
     ("50:1", "10", "500"), ("3:2", "0.50", "0.75")],
)
def test_ratio_pays_to_the_cent(ratio: str, bet: str, paid: str) -> None:
    assert Ratio.parse(ratio).of(Decimal(bet)) == Decimal(paid)


@pytest.mark.parametrize("text", ["3/2", "3:", ":2", "3:0", "a:b", "0:1", "1001:1", "1:1001",
                                  "\u00b2:1", "3:2:1", "-3:2", "1" * 200 + ":1"])
def test_ratio_refuses(text: str) -> None:
    with pytest.raises(EngineError, match="is not a ratio like 3:2"):
        Ratio.parse(text)


def test_ratio_accepts_spaces_and_the_largest_side() -> None:
    assert Ratio.parse(" 1000 : 1 ") == Ratio(1000, 1)


@pytest.mark.parametrize(
    ("exact", "paid"),
    [("15.015", "15.01"), ("15.019", "15.01"), ("-5.005", "-5.01"), ("11.6655", "11.66"),
     ("52.5", "52.5"), ("7", "7"), ("0.001", "0.00"), ("-0.001", "-0.01")],
)
def test_whole_cents_leaves_the_fraction_to_the_house(exact: str, paid: str) -> None:
    assert str(whole_cents(Decimal(exact))) == paid


def test_format_money() -> None:
    assert format_money(Decimal("22.5")) == "22.50"
    assert format_money(Decimal("-15.00")) == "-15"
    assert format_money(Decimal("868.5")) == "868.50"
    assert format_money(Decimal("0")) == "0"
