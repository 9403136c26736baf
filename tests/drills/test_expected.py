"""A question's expected answer is data typed by its kind, and checks compare that data."""

from __future__ import annotations

from decimal import Decimal

import pytest

from trainer.drills import AnswerKind, Question, check, generate, load_families
from trainer.drills.expected import Nets, answer_text, read_expected, shown_text
from trainer.engine.dealer import DealerAction
from trainer.engine.hands import HandTotal
from trainer.engine.options import Action, Offer

FAMILIES = load_families()
TYPES: dict[AnswerKind, type | tuple[type, ...]] = {
    AnswerKind.MONEY: Decimal,
    AnswerKind.CHIPS: Decimal,
    AnswerKind.NET: Decimal,
    AnswerKind.NETS: Nets,
    AnswerKind.TOTAL: HandTotal,
    AnswerKind.YES_NO: bool,
    AnswerKind.ACTION: (DealerAction, Offer),
    AnswerKind.ACTIONS: frozenset,
}


def dealt(family: str) -> list[Question]:
    drill = FAMILIES[family]
    return [generate(house, drill, seed, difficulty) for house in drill.houses
            for difficulty in drill.levels for seed in range(3)]


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_every_family_deals_its_answer_as_data_that_reads_back(family: str) -> None:
    for question in dealt(family):
        kind, expected = question.answer_kind, question.expected
        assert isinstance(expected, TYPES[kind]), (question.key, expected)
        if isinstance(expected, frozenset):
            assert all(isinstance(action, Action) for action in expected)
        assert Question.from_dict(question.to_dict()) == question
        assert read_expected(kind, question.answer_text, question.choices,
                             question.expected_text) == expected
        assert check(question, question.answer_text).expected == expected


def test_amounts_and_nets_are_decimals_written_as_a_dealer_types_them() -> None:
    nets = Nets((Decimal(15), Decimal("-7.50"), Decimal("-0")))
    assert answer_text(AnswerKind.NETS, nets) == "+15;-7.50;0"
    assert shown_text(AnswerKind.NETS, nets) == "+15; -7.50; 0"
    assert answer_text(AnswerKind.NET, Decimal("7.5")) == "+7.50"
    assert answer_text(AnswerKind.MONEY, Decimal("52.5")) == "52.50"
    chips = (Decimal("0.50"), Decimal(1), Decimal("2.50"), Decimal(5), Decimal(25))
    assert answer_text(AnswerKind.CHIPS, Decimal("77.50"), chips) == "3x25 1x2.50"
    assert shown_text(AnswerKind.CHIPS, Decimal("77.50"), chips) == "77.50 (3x25 1x2.50)"


def test_totals_choices_and_action_sets_are_written_from_their_values() -> None:
    assert answer_text(AnswerKind.TOTAL, HandTotal(24, False)) == "bust 24"
    assert read_expected(AnswerKind.TOTAL, "bust 24") == HandTotal(24, False)
    assert read_expected(AnswerKind.TOTAL, "bust", shown="bust 24") == HandTotal(24, False)
    assert answer_text(AnswerKind.TOTAL, HandTotal(17, True)) == "soft 17"
    assert answer_text(AnswerKind.YES_NO, False) == "no"
    assert answer_text(AnswerKind.ACTION, Offer.EVEN_MONEY) == "even-money"
    assert read_expected(AnswerKind.ACTION, "stand", ("hit", "stand")) is DealerAction.STAND
    assert read_expected(AnswerKind.ACTION, "nothing",
                         ("insurance", "even-money", "nothing")) is Offer.NOTHING
    assert answer_text(AnswerKind.ACTIONS, frozenset({Action.SPLIT, Action.HIT})) == "hit,split"
    assert answer_text(AnswerKind.ACTIONS, frozenset()) == "none"


def test_a_check_compares_the_value_not_its_text() -> None:
    """A question whose expected amount is 52.5 (not written 52.50) still takes 52,50;
    an offer expected as the enum takes its typed prefix."""
    question = next(q for q in (generate("europoker", "blackjack-payout", s, "medium")
                                for s in range(200)) if q.expected == Decimal("52.50"))
    odd = Question(**{f: getattr(question, f) for f in question.__dataclass_fields__}
                   | {"expected": Decimal("52.5")})
    assert check(odd, "52,50").correct and not check(odd, "52.05").correct
    offer = generate("europoker", "ace-offers", 0, "easy")
    assert check(offer, offer.answer_text[:2]).correct
