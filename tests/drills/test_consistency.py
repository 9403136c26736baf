"""Drill answers agree with the rest of the engine: what a drill allows, settle accepts."""

from __future__ import annotations

import dataclasses
from decimal import Decimal

import pytest

from trainer.drills import Question, find_family, generate
from trainer.drills.build import Ctx, money, show
from trainer.drills.table import hand_names
from trainer.engine.cards import Card, parse_cards
from trainer.engine.errors import RoundError
from trainer.engine.hands import hand_total
from trainer.engine.houses import find_house, shipped_houses
from trainer.engine.money import ZERO, format_money
from trainer.engine.options import Action, refusal
from trainer.engine.player_hand import PlayerHand
from trainer.engine.round_check import check_round
from trainer.engine.rules import HouseRules

HOUSES = sorted(shipped_houses())
LEVELS = ("easy", "medium", "hard")
SEEDS = range(400)


def _questions(house: str, family: str) -> list[Question]:
    return [generate(house, family, seed, level) for level in LEVELS for seed in SEEDS]


def _spare(rules: HouseRules, used: list[Card], ranks: str) -> list[Card]:
    """Cards of these ranks that the shoe still holds beside ``used``."""
    spare = []
    for rank in ranks:
        for suit in "shdc":
            card = Card.parse(rank + suit)
            if used.count(card) + spare.count(card) < rules.decks:
                spare.append(card)
                break
    return spare


def _doubled_round(rules: HouseRules, question: Question) -> None:
    """Settle-check the round the asked-about double would make: one more card, one more
    double, against a dealer 17 (nine-eight: every house stands there)."""
    seat = question.table.hands[0]
    used = [*question.table.dealer, *seat.cards]
    card = _spare(rules, used, "2")[0]
    nine, eight = _spare(rules, [*used, card], "98")
    hand = PlayerHand(seat.bet, (*seat.cards, card), doubled=seat.doubled + 1, split=seat.split)
    check_round(rules, (nine, eight), [hand])


@pytest.mark.parametrize("house", HOUSES)
def test_a_drill_never_lets_a_21_double_where_it_may_not_hit(house: str) -> None:
    """A double is a draw: on a hand of 21 the drill says no, for the reason a hit is refused."""
    rules = find_house(house)
    asked = 0
    for question in _questions(house, "allowed-actions"):
        seat, up = question.table.hands[0], question.table.dealer[0]
        if question.table.action != "double" or hand_total(seat.cards).total != 21:
            continue
        asked += 1
        assert question.expected is False, question.prompt
        hit = refusal(rules, seat, up, Action.HIT)
        assert hit == f"{house}: the hand has 21; play passes on"
        assert question.explanation == f"No. {hit}.", question.prompt
    assert asked, "the drill still asks about doubling a 21 now and then"


@pytest.mark.parametrize("house", HOUSES)
def test_a_double_the_drill_allows_makes_a_round_settle_accepts(house: str) -> None:
    """``trainer settle`` must accept the round a 'yes, may double' answer leads to, and
    refuse the one a 'no: the hand has 21' answer forbids."""
    rules = find_house(house)
    for question in _questions(house, "allowed-actions"):
        if question.table.action != "double":
            continue
        if question.expected is True:
            _doubled_round(rules, question)
        elif "the hand has 21" in question.explanation:
            with pytest.raises(RoundError, match="no card is drawn after"):
                _doubled_round(rules, question)


@pytest.mark.parametrize(("house", "seed", "level", "cards"), [
    ("russian-casino", 399, "hard", ["Td", "As"]),
    ("russian-casino", 991, "easy", ["Qs", "Ad"]),
    ("russian-casino", 991, "medium", ["Qs", "Ad"]),
    ("double-exposure-online", 404, "easy", ["As", "Tc"]),
])
def test_the_audited_split_21s_may_not_double(house: str, seed: int, level: str,
                                              cards: list[str]) -> None:
    """The auditor's seeds: a split ten + ace (21) was said to double under DAS."""
    question = generate(house, "allowed-actions", seed, level)
    assert question.table.hands[0].cards == parse_cards(cards)
    assert question.table.hands[0].split and question.table.action == "double"
    assert question.expected is False
    assert question.explanation == f"No. {house}: the hand has 21; play passes on."


def test_settle_refuses_the_double_of_a_split_21() -> None:
    """The auditor's round: the double a split ten + ace cannot take."""
    hands = [PlayerHand(Decimal(10), parse_cards(["Ts", "Ah", "5d"]), doubled=1, split=True),
             PlayerHand(Decimal(10), parse_cards(["Td", "9h"]), split=True)]
    with pytest.raises(RoundError, match=r"hand 1: no card is drawn after soft 21"):
        check_round(find_house("russian-casino"), parse_cards(["9s", "8c"]), hands)


def _limit_reason(rules: HouseRules, aces: bool, limit: int) -> str:
    if aces and limit == 2:
        return f"{rules.name}: split aces may not be split again"
    return f"{rules.name}: a box may split into at most {limit} hands"


@pytest.mark.parametrize("house", HOUSES)
def test_a_resplit_refused_at_the_hand_limit_names_the_limit(house: str) -> None:
    """split-aces and allowed-actions: a pair at the house's hand limit is refused for the
    limit; 'split aces may not be split again' only where aces are never resplit."""
    rules = find_house(house)
    for family in ("split-aces", "allowed-actions"):
        for question in _questions(house, family):
            seat = question.table.hands[0] if question.table.hands else None
            if seat is None or not seat.split or len(seat.cards) != 2:
                continue
            if family == "allowed-actions" and question.table.action != "split":
                continue
            first, second = seat.cards
            if first.rank is not second.rank:
                continue
            aces = first.rank.value == "A"
            limit = rules.split_aces_max_hands if aces else rules.split_max_hands
            if limit is None or seat.hands_on_box < limit:
                continue
            assert _limit_reason(rules, aces, limit) in question.explanation, question.prompt
            if not (aces and limit == 2):
                assert "may not be split again" not in question.explanation


def test_the_audited_four_hand_limit_names_the_limit() -> None:
    """The auditor's case (seed 45 before pairs as dealt were asked too):
    double-exposure-online resplits aces (RSA) up to four hands."""
    question = generate("double-exposure-online", "split-aces", 262, "easy")
    seat = question.table.hands[0]
    assert seat.cards == parse_cards(["Ah", "As"]) and seat.hands_on_box == 4
    assert question.expected == frozenset()
    assert question.choices == ("hit", "double", "split", "surrender")  # standing is no choice
    assert question.explanation == (
        "double-exposure-online: the player may do nothing more: the hand stands. "
        "double-exposure-online: split aces take one card each; double-exposure-online: a box "
        "may split into at most 4 hands.")


def _surrenders(house: str, level: str) -> list[Question]:
    return [generate(house, "surrender", seed, level) for seed in SEEDS]


def test_spanish_21_hard_surrenders_re_doubled_hands_for_half_the_whole_stake() -> None:
    """spanish-21 reads a re-double as 4x the bet and surrender as half of everything staked:
    hard questions sometimes surrender a re-doubled hand, and half of the 4x comes back."""
    rules = find_house("spanish-21")
    redoubled = [q for q in _surrenders("spanish-21", "hard") if q.table.hands[0].doubled == 2]
    assert len(redoubled) >= 20
    for question in redoubled:
        seat = question.table.hands[0]
        stake, back = seat.bet * 4, seat.bet * 2
        assert seat.stake == stake and len(seat.cards) == 4
        assert question.expected == back  # hard: paid in chips
        assert f"doubled and re-doubled to {format_money(stake)} on" in question.prompt
        assert "surrenders after re-doubling" in question.prompt
        assert question.explanation.startswith(
            f"spanish-21: surrender gives up half the stake ({format_money(back)} of "
            f"{format_money(stake)}); the other half, {format_money(back)}, goes back")
        assert "half of 4× the bet" in question.explanation  # the house's recorded reading
        # settle accepts the round: two re-doubles, then the surrender
        check_round(rules, (*question.table.dealer, Card.parse("9c")), [seat])
    for level in ("easy", "medium"):
        assert all(q.table.hands[0].doubled < 2 for q in _surrenders("spanish-21", level))
    for house in ("classic-single-deck", "russian-casino"):
        assert all(q.table.hands[0].doubled < 2 for q in _surrenders(house, "hard"))


def _switched_21s(question: Question) -> list[int]:
    """Indices of the hands that switching made ace + ten."""
    return [i for i, seat in enumerate(question.table.hands)
            if seat.switched and len(seat.cards) == 2 and hand_total(seat.cards).total == 21]


@pytest.mark.parametrize(("family", "least"), [
    ("blackjack-payout", 30), ("variant-specials", 60), ("table-settlement", 60),
])
def test_blackjack_switch_drills_deal_switched_ace_ten(family: str, least: int) -> None:
    """The house reads ace + ten made by switching as a 21, not a blackjack: the drills
    where that decides the money sometimes deal it, marked switched in the public view, and
    settle it as a plain 21 (1:1, or a push against a dealer 21 or 22)."""
    rules = find_house("blackjack-switch")
    switched = [q for q in _questions("blackjack-switch", family) if _switched_21s(q)]
    assert len(switched) >= least
    outcomes = set()
    for question in switched:
        public = question.public()
        for index in _switched_21s(question):
            assert public["table"]["hands"][index]["switched"] is True
        seat = question.table.hands[_switched_21s(question)[0]]
        shown = {  # the switch is in the prompt, and the hand is never called a blackjack
            "blackjack-payout": f"second cards were switched: box 1 bets {money(seat.bet)} "
                                f"and now holds {show(seat.cards)} (box 2 holds",
            "variant-specials": f"holds {show(seat.cards)} (soft 21), after the player "
                                "switched the second cards of their two hands (box 2 now holds",
            "table-settlement": f"{show(seat.cards)} (soft 21) [switched]",
        }[family]
        assert shown in question.prompt, question.prompt
        assert "made by switching is a 21, not a blackjack" in question.explanation
        if family != "table-settlement":  # the other hand of the switch sits beside it
            first, partner = question.table.hands
            assert (first, question.table.focus) == (seat, 0)
            assert partner.switched and partner.box == 2 and partner.bet == seat.bet
        dealer = question.table.dealer
        total = hand_total(dealer).total
        net = next(r for s, r in zip(question.table.hands, _settle(rules, question),
                                     strict=True) if s is seat).net
        if len(dealer) == 2 and total == 21:  # a dealer blackjack beats it (not a push)
            assert net == -seat.bet
            outcomes.add("lose")
        else:
            assert net == (ZERO if total in (21, 22) else seat.bet), question.prompt
            outcomes.add("push" if net == ZERO else "win")
    assert {"push", "win"} <= outcomes
    unswitched = [q for q in _questions("blackjack-switch", family) if not _switched_21s(q)]
    assert len(unswitched) > len(switched)


def test_switch_tables_seat_players_of_two_equal_bets_side_by_side() -> None:
    """At blackjack-switch every player plays two hands of one bet: a table to settle has
    an even number of boxes, boxes 1-2, 3-4... betting alike, at every level."""
    counts = set()
    for question in _questions("blackjack-switch", "table-settlement"):
        bets: dict[int, Decimal] = {}
        for seat in question.table.hands:  # a split box's hands each hold the original bet
            assert bets.setdefault(seat.box, seat.bet) == seat.bet
        boxes = len(bets)
        assert sorted(bets) == list(range(1, boxes + 1)) and boxes % 2 == 0, question.prompt
        assert all(bets[box] == bets[box + 1] for box in range(1, boxes, 2)), question.prompt
        assert f"Give the net of each of the {boxes} boxes" in question.prompt
        counts.add((question.difficulty, boxes))
    assert counts == {("easy", 2), ("medium", 4), ("hard", 4), ("hard", 6)}


def _settle(rules: HouseRules, question: Question) -> list:
    from trainer.engine.settlement import settle_round

    hands = list(question.table.hands)
    return settle_round(rules, question.table.dealer, hands).hands


@pytest.mark.parametrize("family", ["blackjack-payout", "variant-specials", "table-settlement"])
def test_no_switched_hands_where_the_house_has_no_switch(family: str) -> None:
    fam = find_family(family)
    for house in HOUSES:
        if house == "blackjack-switch" or not fam.applies_to(find_house(house)):
            continue
        for seed in range(100):
            question = generate(house, fam, seed, "hard")
            assert not any(seat.switched for seat in question.table.hands)


def test_allowed_actions_names_split_aces_as_such() -> None:
    """A hand made by splitting aces is called so in the prompt, as the felt notes it."""
    found = 0
    for seed in range(150):
        question = generate("casino-classic", "allowed-actions", seed, "hard")
        seat = question.table.hands[0]
        if seat.split:
            kind = "split aces" if seat.split_aces else "a split hand"
            assert f"({kind}, {seat.hands_on_box} hands on the box" in question.prompt
            found += seat.split_aces
    assert found


@pytest.mark.parametrize("house", ["double-exposure", "casino-classic", "classic-single-deck"])
def test_split_aces_never_show_more_aces_than_the_shoe_holds(house: str) -> None:
    """Every hand of a split box began with an ace: with them, the aces on the table never
    outnumber the shoe's (double-exposure's one deck showed five at the last seed)."""
    rules = find_house(house)
    for level in LEVELS:
        for seed in (*SEEDS, 1703448327):
            question = generate(house, "split-aces", seed, level)
            seat = question.table.hands[0]
            shown = [card for card in (*seat.cards, *question.table.dealer)
                     if card.rank.value == "A"]
            assert len(shown) + seat.hands_on_box - 1 <= 4 * rules.decks, (seed, level)


def test_a_doubled_box_to_settle_names_the_stake_it_grew_to() -> None:
    """The bet and what doubling made of it, as the other drills say it (a bare
    "[doubled]" left the trainee to guess whether 135 was before or after)."""
    question = generate("spanish-21", "table-settlement", 0, "medium")
    assert "box 1: bet 135 — 2♣ 9♥ 3♣ (hard 14) [doubled to 270]" in question.prompt
    assert question.expected.boxes[0] == Decimal(-270)


def test_a_doubled_hand_holds_its_stake_without_a_stray_comma() -> None:
    prompts = [generate("blackjack-switch", "variant-specials", seed, "hard").prompt
               for seed in SEEDS]
    doubled = [p for p in prompts if " doubled to " in p]
    assert doubled and not any(", doubled to " in p for p in doubled)


@pytest.mark.parametrize("family", ["allowed-actions", "split-aces"])
@pytest.mark.parametrize("house", ["double-exposure", "double-exposure-online"])
def test_both_dealer_cards_are_shown_while_the_player_acts_at_double_exposure(
        house: str, family: str) -> None:
    """Both dealer cards are dealt face up there, and the player acts knowing both."""
    asked = [generate(house, family, seed, "medium") for seed in range(60)]
    acting = [q for q in asked if q.table.ask in ("may-act", "split-aces-actions")]
    assert acting
    for question in acting:
        dealer = question.table.dealer
        assert len(dealer) == 2 and hand_total(dealer).total != 21
        assert question.prompt.startswith(f"The dealer shows {show(dealer)}.")


def test_a_hole_card_house_shows_the_up_card_alone_while_the_player_acts() -> None:
    question = generate("europoker", "allowed-actions", 3, "medium")
    assert len(question.table.dealer) == 1


def test_baden_baden_drills_say_its_dealer_blackjack_beats_blackjacks_and_takes_all() -> None:
    """The six-card hand against a dealer blackjack is explained by baden-baden's own rule."""
    question = generate("baden-baden", "variant-specials", 19, "medium")
    assert question.explanation.startswith(
        "baden-baden: a dealer blackjack beats every hand, a blackjack too, and takes every "
        "bet on the box, doubles and splits included: net -185")


@pytest.mark.parametrize(("house", "seed", "cited"), [
    ("russian-casino", 27, " (russian-casino source, 003: «При разделении тузов комбинация "
     "туз/десять не считается Блек Джеком и играет как 21 очко, а в случае выигрыша "
     "оплачивается 1:1»)."),
    ("casino-classic", 27, " (casino-classic reading: Ace + ten after a split is a 21, paid "
     "1:1, not a blackjack)."),
])
def test_split_aces_cite_what_says_ace_ten_is_no_blackjack(house: str, seed: int,
                                                            cited: str) -> None:
    """russian-casino's source names split aces outright (its reading is about split tens);
    a house whose source is silent cites its reading."""
    question = generate(house, "split-aces", seed, "medium")
    assert question.explanation.endswith(f"ace + ten after a split is 21, not a blackjack; "
                                         f"it pays 1:1 like any other win{cited}")


def _redoubled(question: Question) -> list:
    return [seat for seat in question.table.hands if seat.doubled == 2]


def test_spanish_21_hard_bonus_questions_pay_a_re_doubled_21_even_on_4x_the_bet() -> None:
    """A re-doubled hand holds four cards (one after each double): a 21 wins 1:1 on the
    whole 4x stake, no bonus (the house's reading of bonus_on_doubled)."""
    questions = [generate("spanish-21", "spanish-21-bonus", seed, "hard") for seed in SEEDS]
    redoubled = [q for q in questions if _redoubled(q)]
    assert len(redoubled) >= 40
    for question in redoubled:
        seat = question.table.hands[0]
        stake = seat.bet * 4
        assert len(seat.cards) == 4 and hand_total(seat.cards).total == 21
        assert question.expected == stake
        assert (f"The box bets {money(seat.bet)} (doubled and re-doubled to "
                f"{format_money(stake)}) and makes 21 with {show(seat.cards)}.") in question.prompt
        assert f"pays 1:1: the hand wins {format_money(stake)}. spanish-21: no bonus on a " \
               "doubled hand (spanish-21 reading: A doubled or re-doubled 21 wins 1:1 on the " \
               "whole stake, with no bonus)." in question.explanation
    for level in ("easy", "medium"):
        assert not any(_redoubled(generate("spanish-21", "spanish-21-bonus", seed, level))
                       for seed in SEEDS)


def test_spanish_21_hard_tables_settle_re_doubled_hands_on_4x_the_bet() -> None:
    rules = find_house("spanish-21")
    redoubled = [q for q in (generate("spanish-21", "table-settlement", seed, "hard")
                             for seed in SEEDS) if _redoubled(q)]
    assert len(redoubled) >= 60
    outcomes = set()
    for question in redoubled:
        nets = question.answer_text.split(";")
        names = dict(zip(map(id, question.table.hands), hand_names(question.table.hands),
                         strict=True))
        for seat in _redoubled(question):
            stake = seat.bet * 4
            assert len(seat.cards) == 4
            assert (f"{names[id(seat)]}: bet {money(seat.bet)} — {show(seat.cards)} "
                    f"({hand_total(seat.cards)}) [doubled and re-doubled to "
                    f"{format_money(stake)}{', surrendered' if seat.surrendered else ''}]"
                    ) in question.prompt
            if len([s for s in question.table.hands if s.box == seat.box]) == 1:
                net = Decimal(nets[seat.box - 1])
                assert net in ((-stake / 2,) if seat.surrendered else (stake, -stake, ZERO))
                outcomes.add(net.compare(ZERO))
        check_round(rules, question.table.dealer,
                    list(question.table.hands))
    assert outcomes == {Decimal(1), Decimal(-1), ZERO}
    for house, level in (("spanish-21", "medium"), ("europoker", "hard")):
        assert not any(_redoubled(generate(house, "table-settlement", seed, level))
                       for seed in SEEDS)


@pytest.mark.parametrize("family", ["spanish-21-bonus", "table-settlement"])
def test_re_doubles_leave_every_other_seed_its_question(family: str) -> None:
    """Whether a question re-doubles is drawn aside: without re-doubles, a seed that does
    not re-double deals the very question it dealt before."""
    fam = find_family(family)
    plain = dataclasses.replace(fam, levels={
        name: dataclasses.replace(level, redoubles=0.0) for name, level in fam.levels.items()})
    chosen: list[bool] = []
    redouble = Ctx.redouble

    def recorded(ctx: Ctx) -> bool:
        chosen.append(redouble(ctx))
        return chosen[-1]

    kept = 0
    for seed in range(150):
        chosen.clear()
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(Ctx, "redouble", recorded)
            question = generate("spanish-21", fam, seed, "hard")
        if not any(chosen):
            assert generate("spanish-21", plain, seed, "hard") == question
            kept += 1
    assert kept >= 75


@pytest.mark.parametrize("house", sorted(shipped_houses()))
def test_split_aces_answers_are_not_the_same_every_time(house: str) -> None:
    """Asked only of one-card split aces, what the player may do is "none" at most houses
    and an ace + ten "not a blackjack" everywhere: a trainee guessing the usual answer would
    score 100%. The pair as dealt and a natural as dealt are asked too."""
    asked: dict[str, set[str]] = {}
    for seed in range(120):
        question = generate(house, "split-aces", seed, "medium")
        asked.setdefault(question.table.ask, set()).add(question.answer_text)
    assert len(asked["split-aces-actions"]) >= 2, asked
    assert asked["split-aces-blackjack"] == {"yes", "no"}, asked
