"""Exact dealer odds: published infinite-deck figures, blackjack chances, a brute-force check."""

from __future__ import annotations

from fractions import Fraction

import pytest

from trainer.engine.houses import find_house, house_names
from trainer.odds.composition import Composition
from trainer.odds.dealer_odds import dealer_odds, peeked
from trainer.odds.dealer_paths import OUTCOMES

S17 = find_house("europoker")
H17 = find_house("double-exposure")
SPANISH = find_house("spanish-21")


def percent(value: Fraction) -> float:
    return round(float(value) * 100, 2)


@pytest.mark.parametrize(
    ("up", "bust", "seventeen"),
    [(2, 35.36, 13.98), (6, 42.32, 16.54), (7, 26.23, 36.86)],
)
def test_infinite_deck_s17_matches_published_table(up: int, bust: float, seventeen: float) -> None:
    odds = dealer_odds(Composition.infinite_deck(S17), up, hits_soft_17=False)
    assert (percent(odds["bust"]), percent(odds["17"])) == (bust, seventeen)


def test_infinite_deck_exact_values() -> None:
    shoe = Composition.infinite_deck(S17)
    assert dealer_odds(shoe, 1, False)["blackjack"] == Fraction(4, 13)
    assert dealer_odds(shoe, 10, False)["blackjack"] == Fraction(1, 13)
    assert dealer_odds(shoe, 6, False)["bust"] == Fraction(345176856, 815730721)  # 13**8
    one_deck = Composition.for_house(S17, 1)
    assert dealer_odds(one_deck, 6, False)["bust"] == Fraction(1148419537, 2728984500)


@pytest.mark.parametrize("decks", [1, 2, 4, 6, 8])
def test_blackjack_under_an_ace(decks: int) -> None:
    shoe = Composition.for_house(S17, decks)
    assert dealer_odds(shoe, 1, False)["blackjack"] == Fraction(16 * decks, 52 * decks - 1)
    assert dealer_odds(shoe, 10, False)["blackjack"] == Fraction(4 * decks, 52 * decks - 1)
    spanish = Composition.for_house(SPANISH, decks)
    assert dealer_odds(spanish, 1, True)["blackjack"] == Fraction(12 * decks, 48 * decks - 1)


@pytest.mark.parametrize("name", house_names())
@pytest.mark.parametrize("up", range(1, 11))
def test_every_house_sums_to_one(name: str, up: int) -> None:
    house = find_house(name)
    odds = dealer_odds(Composition.for_house(house), up, house.hits_soft_17)
    assert list(odds) == list(OUTCOMES)
    assert sum(odds.values()) == 1
    after = peeked(odds)
    assert after["blackjack"] == 0
    assert sum(after.values()) == 1


def _brute_force(counts: list[int], cards: list[int], h17: bool) -> dict[str, Fraction]:
    """Independent check: draw card by card from the remaining counts, no memo, no grouping."""
    hard = sum(cards)
    total = hard + 10 if 1 in cards and hard <= 11 else hard
    soft = total != hard
    if len(cards) >= 2 and (total > 21 or total > 17 or (total == 17 and not (soft and h17))):
        name = "bust" if total > 21 else (
            "blackjack" if total == 21 and len(cards) == 2 else str(total))
        return {name: Fraction(1)}
    left = sum(counts)
    result: dict[str, Fraction] = {}
    for value in range(1, 11):
        if counts[value]:
            chance = Fraction(counts[value], left)
            counts[value] -= 1
            for name, p in _brute_force(counts, [*cards, value], h17).items():
                result[name] = result.get(name, Fraction(0)) + chance * p
            counts[value] += 1
    return result


@pytest.mark.parametrize(("up", "h17"), [(6, False), (6, True), (1, True), (10, False)])
def test_single_deck_equals_brute_force(up: int, h17: bool) -> None:
    shoe = Composition.for_house(S17, 1)
    counts = list(shoe.without(up).counts)
    expected = _brute_force(counts, [up], h17)
    got = dealer_odds(shoe, up, h17)
    assert {k: v for k, v in got.items() if v} == expected


def test_h17_busts_more_under_an_ace_than_s17() -> None:
    shoe = Composition.for_house(H17, 6)
    assert dealer_odds(shoe, 1, True)["bust"] > dealer_odds(shoe, 1, False)["bust"]
    assert dealer_odds(shoe, 1, True)["17"] < dealer_odds(shoe, 1, False)["17"]


def test_spanish_decks_have_no_pip_tens() -> None:
    shoe = Composition.for_house(SPANISH)
    assert shoe.counts[10] == 6 * 12 and shoe.total == 288
