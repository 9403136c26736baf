"""A verdict's ``given`` is what the record keeps: checked again, it gives the same verdict.

The answer record stores the trainee's answer as the verdict gives it back and the
drills give the explanation again by checking it, so that form must read back to the
same verdict, right or wrong, for every family.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from trainer.drills import AnswerKind, NotAnAnswer, Question, check, generate, load_families
from trainer.drills.answers import chips_text, parse_chips, parse_nets
from trainer.engine.houses import find_house
from trainer.engine.money import format_money

FAMILIES = load_families()


def wrong_answer(question: Question) -> str | dict[str, int]:
    """An answer a trainee gets wrong, as a form would send it."""
    kind, expected = question.answer_kind, question.answer_text
    if kind in (AnswerKind.ACTION, AnswerKind.YES_NO):
        choices = question.choices or ("yes", "no")
        return next(c for c in choices if c != expected)
    if kind is AnswerKind.ACTIONS:
        return question.choices[0] if expected != question.choices[0] else "none"
    if kind is AnswerKind.NETS:
        nets = parse_nets(expected, expected.count(";") + 1)
        return "; ".join(format_money(n + 5) for n in nets)
    if kind is AnswerKind.CHIPS:
        stack = parse_chips(expected)
        smallest = min(question.chips)
        return chips_text(stack | {smallest: stack.get(smallest, 0) + 1})
    if kind is AnswerKind.TOTAL:
        return "hard 4"
    return format_money(Decimal(expected) + 1)


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_a_given_answer_checked_again_gives_the_same_verdict(family: str) -> None:
    drill = FAMILIES[family]
    for house in drill.houses:
        for difficulty in drill.levels:
            for seed in range(4):
                question = generate(house, drill, seed, difficulty)
                for answer in (question.answer_text, wrong_answer(question)):
                    verdict = check(question, answer)
                    assert check(question, verdict.given) == verdict, (house, seed, answer)


def test_chips_given_back_with_their_sum_read_as_the_chips() -> None:
    question = generate("baden-baden", "blackjack-payout", 0, "hard")
    assert question.answer_kind is AnswerKind.CHIPS
    verdict = check(question, question.answer_text)
    assert verdict.given.endswith(f"({question.answer_text})")
    assert check(question, verdict.given) == verdict
    with pytest.raises(NotAnAnswer, match="add up to"):
        check(question, f"1{verdict.given}")  # a sum the chips do not make


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_every_question_names_house_rules_its_profile_states(family: str) -> None:
    """The rules a question rests on are keys of its house's profile, each with a source."""
    drill = FAMILIES[family]
    for house in drill.houses:
        rules = find_house(house)
        for seed in range(6):
            question = generate(house, drill, seed, drill.default_difficulty)
            assert set(question.rules) <= set(rules.notes), (house, seed)
            assert len(set(question.rules)) == len(question.rules)


@pytest.mark.parametrize(("house", "family", "wanted"), [
    ("europoker", "dealer-draw", {"soft_17"}),
    ("europoker", "blackjack-payout", {"blackjack_pays"}),
    ("spanish-21", "spanish-21-bonus", {"bonuses"}),
    ("russian-casino", "surrender", {"surrender"}),
])
def test_a_question_names_the_rule_that_decides_it(house: str, family: str,
                                                   wanted: set[str]) -> None:
    for seed in range(5):
        question = generate(house, family, seed, "easy")
        assert wanted <= set(question.rules), (seed, question.rules)
        assert Question.from_dict(question.to_dict()) == question  # kept when stored
