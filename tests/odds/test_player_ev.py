"""Computed player values and basic strategy: the Wizard of Odds appendix, every house."""

from __future__ import annotations

import dataclasses
from decimal import Decimal
from fractions import Fraction

import pytest

from trainer.engine.houses import contested_readings, find_house, house_names, with_alternative
from trainer.engine.options import Action
from trainer.engine.rules import HouseRules, Soft17
from trainer.odds.hand_solver import HandSolver
from trainer.odds.house_edge import player_edge, solvers
from trainer.odds.situations import situations
from trainer.odds.splits import expected_hands
from trainer.odds.strategy import strategy_table
from trainer.odds.summary import house_edge_percent

# Wizard of Odds, infinite deck appendix: S17, double any two, DAS, split to 4 hands
# (aces once, one card each), peek, blackjack 3:2, no surrender.
WOO = dataclasses.replace(
    find_house("casino-classic"), double_after_split=True, split_max_hands=4,
    split_aces_max_hands=2,
)


def solver(house: HouseRules, key: str) -> HandSolver:
    return solvers(house)[key]


def six_places(value: Fraction) -> Decimal:
    return (Decimal(value.numerator) / Decimal(value.denominator)).quantize(Decimal("0.000001"))


def test_wizard_of_odds_hand_values() -> None:
    assert six_places(solver(WOO, "T").options((10, 6))[Action.STAND]) == Decimal("-0.540430")
    assert six_places(solver(WOO, "6").options((5, 6))[Action.DOUBLE]) == Decimal("0.667380")
    assert six_places(solver(WOO, "2").options((10, 2))[Action.HIT]) == Decimal("-0.253390")


def test_wizard_of_odds_whole_game() -> None:
    assert six_places(player_edge(WOO) * 100) == Decimal("-0.511734")


def test_resplit_hand_counts() -> None:
    # No resplit: two hands, each holding a second pair card with chance 1/13.
    assert expected_hands(Fraction(1, 13), 2) == (Fraction(24, 13), Fraction(2, 13))
    played, stuck = expected_hands(Fraction(1, 13), 4)
    assert played + stuck > Fraction(24, 13) + Fraction(2, 13)


EDGES = {  # percent of each bet, infinite deck, the house's computed basic strategy
    "baden-baden": "0.9369",
    "blackjack-switch": "0.3622",
    "casino-classic": "0.6525",
    "classic-single-deck": "1.2170",
    "double-exposure-online": "0.5198",
    "double-exposure": "1.0895",
    "europoker": "0.6902",
    "russian-casino": "0.2869",
    "spanish-21": "1.2145",
}


@pytest.mark.parametrize("name", house_names())
def test_every_house_has_an_edge(name: str) -> None:
    assert str(house_edge_percent(find_house(name), 4)) == EDGES[name]


def test_rules_move_the_edge_the_known_way() -> None:
    base = find_house("casino-classic")
    das = dataclasses.replace(base, double_after_split=True)
    six_five = dataclasses.replace(base, blackjack_pays=dataclasses.replace(
        base.blackjack_pays, numerator=6, denominator=5))
    h17 = dataclasses.replace(base, soft_17=Soft17.HIT)
    assert player_edge(das) > player_edge(base)
    assert player_edge(h17) < player_edge(base)
    # 6:5 costs 0.3 of a unit on every blackjack, (4/13)(1/13)*2 of hands, less pushes
    assert player_edge(base) - player_edge(six_five) == pytest.approx(
        0.3 * 2 * (1 / 13) * (4 / 13) * (1 - 2 * (1 / 13) * (4 / 13) / 2), rel=0.05)


def test_blackjack_after_split_or_switch_is_priced_as_a_blackjack() -> None:
    classic = find_house("casino-classic")
    paid = dataclasses.replace(classic, blackjack_after_split=True)
    ace_ten = solvers(paid)["6"].options((1, 10), split=True, split_aces=True)[Action.STAND]
    assert ace_ten == Fraction(3, 2)
    assert player_edge(paid) > player_edge(classic)
    switch = find_house("blackjack-switch")
    assert player_edge(dataclasses.replace(switch, blackjack_after_switch=True)) > player_edge(
        switch)


def rows(name: str) -> dict[str, dict[str, str]]:
    table = strategy_table(find_house(name))
    return {hand: dict(zip(table["columns"], codes, strict=True))
            for part in ("hard", "soft", "pairs") for hand, codes in table[part].items()}


def test_textbook_strategy_for_the_woo_rules() -> None:
    found = solvers(WOO)
    assert found["T"].best((10, 6))[0] is Action.HIT
    assert found["4"].best((10, 2))[0] is Action.STAND
    assert found["6"].best((1, 7))[0] is Action.DOUBLE
    assert found["T"].best((8, 8))[0] is Action.SPLIT
    assert found["6"].best((4, 4))[0] is Action.SPLIT  # DAS
    assert found["7"].best((9, 9))[0] is Action.STAND


def test_strategies_follow_each_house() -> None:
    single = rows("classic-single-deck")
    assert single["16"]["T"] == "R" and single["16"]["A"] != "R"  # no surrender against an ace
    assert all(code != "D" for hand, row in single.items() if hand != "11" for code in row.values()
               if hand not in ("5,5",))
    exposure = rows("double-exposure")
    assert all(row[key] != "D" for hand, row in exposure.items() if hand.startswith("A,")
               for key in row)  # hard 9-11 only
    assert exposure["12"]["hard 20"] == "H"  # ties lose: stand only with a chance
    europoker = rows("europoker")
    assert europoker["8,8"]["T"] == "P"  # no peek, but a dealer blackjack takes one bet (OBO)
    russian = rows("russian-casino")
    assert russian["16"]["T"] == "R"  # surrender before the dealer's second card
    assert russian["16"]["A"] == "H"  # ... but not against an ace


def test_spanish_21_prices_its_bonuses() -> None:
    house = find_house("spanish-21")
    seven = solvers(house)["7"]
    plain = seven.options((5, 8))[Action.HIT]  # 13 without a 6-7-8 chance
    combo = seven.options((6, 7))[Action.HIT]  # 13 that an 8 turns into a 6-7-8 bonus
    assert combo > plain


def test_both_up_situations_cover_the_dealer() -> None:
    found = situations(find_house("double-exposure-online"))
    assert sum(s.chance for s in found) == 1
    assert [s.blackjack for s in found if s.key == "soft 21"] == [1]


@pytest.mark.parametrize(("house", "key"), [
    ("blackjack-switch", "blackjack_pays"),
    ("europoker", "dealer_blackjack_takes"),
    ("russian-casino", "surrender_vs_ace"),
])
def test_a_contested_reading_quotes_the_edge_with_it_and_with_its_alternative(
        house: str, key: str) -> None:
    """The why of a contested reading gives the figures, with it and with its alternative;
    they stay what the engine computes."""
    rules = find_house(house)
    assert contested_readings(rules) == [key]
    why = rules.notes[key].why or ""
    assert f"{house_edge_percent(rules)}%" in why, why
    assert f"{house_edge_percent(with_alternative(rules, key))}%" in why, why
