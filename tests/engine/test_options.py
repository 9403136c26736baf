"""What the player may do at each point, under each house."""

from __future__ import annotations

from decimal import Decimal

import pytest

from trainer.engine.cards import Card, DeckKind, parse_cards
from trainer.engine.houses import find_house, shipped_houses
from trainer.engine.options import (
    Action,
    ace_offer,
    allowed_actions,
    may_insure,
    may_take_even_money,
    refusal,
)
from trainer.engine.player_hand import PlayerHand

TEN = Decimal(10)


def allowed(house: str, cards: str, up: str = "Th", **state: object) -> set[str]:
    hand = PlayerHand(TEN, parse_cards(cards.split()), **state)  # type: ignore[arg-type]
    return {a.value for a in allowed_actions(find_house(house), hand, Card.parse(up))}


@pytest.mark.parametrize(
    ("house", "cards", "may_double"),
    [
        ("casino-classic", "Ts 6d", True),
        ("casino-classic", "As 7d", True),
        ("double-exposure", "5s 4d", True),
        ("double-exposure", "5s 6d", True),
        ("double-exposure", "As 8d", False),  # soft 19, not hard 9
        ("double-exposure", "Ts 2d", False),
        ("double-exposure-online", "Ts 2d", True),
        ("double-exposure-online", "As 6d", False),  # soft
        ("baden-baden", "5s 4d", True),
        ("baden-baden", "As 8d", False),
        ("baden-baden", "Ts 2d", False),
        ("classic-single-deck", "5s 6d", True),
        ("classic-single-deck", "5s 5d", False),
        ("russian-casino", "Ts 2d", True),
        ("europoker", "9s 9d", True),
    ],
)
def test_double_restrictions(house: str, cards: str, may_double: bool) -> None:
    assert ("double" in allowed(house, cards)) is may_double


def test_no_double_on_blackjack_and_only_first_two_cards() -> None:
    assert allowed("europoker", "As Kd") == set()
    assert allowed("europoker", "2s 3d 4c") == {"hit", "stand"}


@pytest.mark.parametrize(
    ("house", "cards", "may_split"),
    [
        ("casino-classic", "Ks Qd", True),
        ("baden-baden", "Ks Qd", False),
        ("baden-baden", "Ks Kd", True),
        ("classic-single-deck", "Ks Qd", False),
        ("europoker", "Ks Qd", True),
        ("double-exposure-online", "Js Td", True),
    ],
)
def test_split_by_value_or_rank(house: str, cards: str, may_split: bool) -> None:
    assert ("split" in allowed(house, cards)) is may_split


@pytest.mark.parametrize(
    ("house", "hands_on_box", "may_resplit"),
    [
        ("casino-classic", 2, True), ("casino-classic", 4, False),
        ("europoker", 2, False), ("baden-baden", 2, False), ("classic-single-deck", 2, False),
        ("double-exposure-online", 3, True), ("double-exposure-online", 4, False),
        ("russian-casino", 3, True), ("russian-casino", 4, False),
    ],
)
def test_resplit_limits(house: str, hands_on_box: int, may_resplit: bool) -> None:
    result = allowed(house, "8s 8d", split=True, hands_on_box=hands_on_box)
    assert ("split" in result) is may_resplit


@pytest.mark.parametrize(
    ("house", "hands_on_box", "may_resplit"),
    [
        ("casino-classic", 2, False), ("europoker", 2, False),
        ("double-exposure-online", 2, True), ("double-exposure-online", 4, False),
        ("russian-casino", 2, True), ("russian-casino", 9, True),
    ],
)
def test_split_aces_take_one_card_and_resplit_where_allowed(
    house: str, hands_on_box: int, may_resplit: bool
) -> None:
    pair = allowed(house, "As Ad", split=True, split_aces=True, hands_on_box=hands_on_box)
    assert pair == ({"stand", "split"} if may_resplit else {"stand"})
    assert allowed(house, "As 9d", split=True, split_aces=True, hands_on_box=2) == {"stand"}


@pytest.mark.parametrize("house", ["europoker", "baden-baden", "classic-single-deck"])
def test_a_blackjack_is_refused_play_without_saying_when_it_is_paid(house: str) -> None:
    """Where the dealer's cards are opened first (or a dealer blackjack beats it), a
    blackjack is not "paid at once": the refusal says only that the hand is finished."""
    state = PlayerHand(TEN, parse_cards(["As", "Kc"]))
    assert refusal(find_house(house), state, Card.parse("Ah"), Action.DOUBLE) == (
        f"{house}: a blackjack is a finished hand; there is nothing to play")


def test_split_ace_plus_ten_is_21_not_blackjack() -> None:
    state = PlayerHand(TEN, parse_cards(["As", "Kd"]), split=True, split_aces=True, hands_on_box=2)
    assert refusal(find_house("europoker"), state, Card.parse("9h"), Action.HIT) == (
        "europoker: the hand has 21; play passes on"
    )


@pytest.mark.parametrize(
    ("house", "state", "may_double"),
    [
        ("russian-casino", {"split": True, "hands_on_box": 2}, True),
        ("double-exposure-online", {"split": True, "hands_on_box": 2}, True),
        ("europoker", {"split": True, "hands_on_box": 2}, False),
        ("casino-classic", {"split": True, "hands_on_box": 2}, False),
    ],
)
def test_double_after_split(house: str, state: dict[str, object], may_double: bool) -> None:
    assert ("double" in allowed(house, "8s 3d", **state)) is may_double


def test_surrender_rules() -> None:
    assert "surrender" not in allowed("europoker", "Ts 6d")
    assert "surrender" in allowed("classic-single-deck", "Ts 6d", up="Th")
    assert "surrender" not in allowed("classic-single-deck", "Ts 6d", up="Ah")
    assert "surrender" not in allowed("classic-single-deck", "Ts 6d", split=True, hands_on_box=2)
    assert "surrender" in allowed("russian-casino", "Ts 6d", up="Th")
    assert "surrender" not in allowed("russian-casino", "Ts 6d", up="Ah")  # early: not vs an ace
    assert "surrender" not in allowed("russian-casino", "Ts 6d", split=True, hands_on_box=2)
    assert "surrender" not in allowed("russian-casino", "Ts 2d 4c", hit=True)
    # Spanish 21: after any number of doubles and after a split.
    assert "surrender" in allowed("spanish-21", "Ks 2d 4c", doubled=1)
    assert "surrender" in allowed("spanish-21", "Ks 2d", split=True, hands_on_box=2)
    # ... but a split ace that has taken its one card is a finished hand.
    assert "surrender" not in allowed("spanish-21", "As 5d", split=True, split_aces=True,
                                      hands_on_box=2)


@pytest.mark.parametrize(("house", "why"), [
    ("spanish-21", "spanish-21: surrender is on the first two cards or after a double, "
                   "not after a hit"),
    ("russian-casino", "russian-casino: surrender is on the first two cards, not after a hit"),
])
def test_no_surrender_after_a_hit_says_why(house: str, why: str) -> None:
    """Spanish 21 adds doubles and splits to the base two-card surrender, never a hit."""
    hit = PlayerHand(TEN, parse_cards(["2s", "Ac", "Kd"]), hit=True)
    assert refusal(find_house(house), hit, Card.parse("Th"), Action.SURRENDER) == why


def test_spanish_redouble() -> None:
    assert allowed("spanish-21", "5s 4d 2c", doubled=1) == {"stand", "double", "surrender"}
    assert allowed("spanish-21", "5s 4d 2c 3h", doubled=2) == {"stand", "surrender"}
    assert allowed("europoker", "5s 4d 2c", doubled=1) == {"stand"}


def test_refusals_name_the_house_rule() -> None:
    state = PlayerHand(TEN, parse_cards(["Ts", "2d"]))
    assert refusal(find_house("double-exposure"), state, Card.parse("9h"), Action.DOUBLE) == (
        "double-exposure: doubling is allowed only on a hard 9, 10 or 11"
    )
    assert refusal(find_house("europoker"), state, Card.parse("9h"), Action.SURRENDER) == (
        "europoker: surrender is not allowed"
    )
    pair = PlayerHand(TEN, parse_cards(["8s", "8d"]), split=True, hands_on_box=2)
    assert refusal(find_house("europoker"), pair, Card.parse("9h"), Action.SPLIT) == (
        "europoker: a box may split into at most 2 hands"
    )


def test_insurance_and_even_money_offers() -> None:
    ace, ten = Card.parse("Ah"), Card.parse("Th")
    natural = parse_cards(["As", "Kd"])
    assert may_insure(find_house("europoker"), ace) and not may_insure(find_house("europoker"), ten)
    assert not may_insure(find_house("double-exposure"), ace)
    assert may_take_even_money(find_house("europoker"), natural, ace)
    assert may_take_even_money(find_house("russian-casino"), natural, ace)
    assert may_take_even_money(find_house("casino-classic"), natural, ace)
    assert not may_take_even_money(find_house("baden-baden"), natural, ace)
    assert not may_take_even_money(find_house("europoker"), natural, ten)


@pytest.mark.parametrize(("house", "cards", "up", "offered"), [
    ("europoker", "As Kd", "Ah", "even-money"),  # a blackjack: even money, not insurance
    ("russian-casino", "As Kd", "Ah", "even-money"),
    ("classic-single-deck", "As Kd", "Ah", "even-money"),
    ("casino-classic", "As Kd", "Ah", "even-money"),
    ("baden-baden", "As Kd", "Ah", "insurance"),  # no even money: it may insure
    ("europoker", "Ts 9d", "Ah", "insurance"),
    ("europoker", "As Kd", "Th", "nothing"),  # only an ace brings an offer
    ("double-exposure", "As Kd", "Ah", "nothing"),  # no insurance, no even money
])
def test_the_dealer_s_offer_against_the_up_card(house: str, cards: str, up: str,
                                                offered: str) -> None:
    assert ace_offer(find_house(house), parse_cards(cards.split()), Card.parse(up)).value == offered


def _twenty_ones(house: str) -> list[tuple[str, PlayerHand]]:
    """Every way a hand that is not a blackjack reaches 21 at this house."""
    rules = find_house(house)
    ten = "Qs" if rules.deck is DeckKind.SPANISH else "Ts"
    cases = [
        ("split ten + ace", PlayerHand(TEN, parse_cards([ten, "Ah"]), split=True, hands_on_box=2)),
        ("split ten + ace, 4 hands",
         PlayerHand(TEN, parse_cards(["Kd", "As"]), split=True, hands_on_box=4)),
        ("split aces + ten",
         PlayerHand(TEN, parse_cards(["As", "Kd"]), split=True, split_aces=True, hands_on_box=2)),
        ("three cards after hitting", PlayerHand(TEN, parse_cards(["5s", "6d", "Kc"]), hit=True)),
        ("doubled to 21", PlayerHand(TEN, parse_cards(["5s", "6d", "Kc"]), doubled=1)),
    ]
    if rules.switch:
        switched = PlayerHand(TEN, parse_cards(["As", "Kd"]), switched=True)
        cases.append(("switched ace + ten", switched))
    return cases


@pytest.mark.parametrize("house", sorted(shipped_houses()))
def test_a_hand_of_21_may_only_stand(house: str) -> None:
    """On a 21 play passes on: a double is a draw, refused exactly as a hit is, and nothing
    is given up either (Spanish 21 surrenders after doubles and splits, but not a 21)."""
    rules = find_house(house)
    for what, state in _twenty_ones(house):
        up = Card.parse("4d")
        assert allowed_actions(rules, state, up) == {Action.STAND}, what
        reason = f"{house}: the hand has 21; play passes on"
        for action in (Action.HIT, Action.DOUBLE, Action.SURRENDER):
            assert refusal(rules, state, up, action) == reason, (what, action)


def _hand_limits() -> list[tuple[str, str, int]]:
    """(house, pair, limit) for every house and pair kind with a hand limit."""
    cases = []
    for name, rules in sorted(shipped_houses().items()):
        for pair, limit in (("As Ad", rules.split_aces_max_hands),
                            ("8s 8d", rules.split_max_hands)):
            if limit is not None and limit >= 2:
                cases.append((name, pair, limit))
    return cases


@pytest.mark.parametrize(("house", "pair", "limit"), _hand_limits())
def test_a_resplit_refused_at_the_hand_limit_names_the_limit(
    house: str, pair: str, limit: int
) -> None:
    """At the limit the refusal is the limit; only a house that never resplits aces says
    split aces may not be split again."""
    rules = find_house(house)
    aces = pair.startswith("A")
    up = Card.parse("5d")

    def state(hands: int) -> PlayerHand:
        return PlayerHand(TEN, parse_cards(pair.split()), split=True, split_aces=aces,
                         hands_on_box=hands)

    for below in range(2, limit):
        assert Action.SPLIT in allowed_actions(rules, state(below), up)
    assert Action.SPLIT not in allowed_actions(rules, state(limit), up)
    why = refusal(rules, state(limit), up, Action.SPLIT)
    if aces and limit == 2:
        assert why == f"{house}: split aces may not be split again"
    else:
        assert why == f"{house}: a box may split into at most {limit} hands"


def test_the_double_limit_names_how_many_doubles_the_house_allows() -> None:
    up = Card.parse("9h")
    twice = PlayerHand(TEN, parse_cards(["2s", "3d", "4c", "2h", "3c"]), doubled=2)
    assert refusal(find_house("spanish-21"), twice, up, Action.DOUBLE) == (
        "spanish-21: a hand may be doubled twice at most")
    once = PlayerHand(TEN, parse_cards(["2s", "3d", "4c"]), doubled=1)
    assert refusal(find_house("europoker"), once, up, Action.DOUBLE) == (
        "europoker: a hand may be doubled only once")
