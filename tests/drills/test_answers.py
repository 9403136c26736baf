"""Answers as a dealer gives them: every accepted form, and refusals that are not wrong answers."""

from __future__ import annotations

from decimal import Decimal

import pytest

from trainer.drills import AnswerKind, NotAnAnswer, Question, check, generate
from trainer.drills.answers import (
    chips_text,
    parse_chips,
    parse_choice,
    parse_choices,
    parse_money_answer,
    parse_net,
    parse_nets,
    parse_total,
)
from trainer.drills.chips import chips_total, fewest_chips
from trainer.engine.errors import EngineError

D = Decimal
CHIPS = (D("0.50"), D(1), D("2.50"), D(5), D(25), D(100), D(500))


@pytest.mark.parametrize("text", ["52.50", "52,50", "52.5", "$52.50", " 52.50 ", "52.50$"])
def test_money_forms(text: str) -> None:
    assert parse_money_answer(text) == D("52.50")


@pytest.mark.parametrize("text", ["abc", "-5", "1.234", "", "5..0", "12,345", "1e3", "NaN", "--1"])
def test_money_refusals(text: str) -> None:
    with pytest.raises(NotAnAnswer, match="not an amount"):
        parse_money_answer(text)


def test_not_an_answer_is_an_engine_value_error() -> None:
    assert issubclass(NotAnAnswer, EngineError) and issubclass(NotAnAnswer, ValueError)


@pytest.mark.parametrize(("text", "value"), [
    ("-10", D(-10)), ("+15", D(15)), ("0", D(0)), ("−7,50", D("-7.50")), ("- 5", D(-5)),
    ("$22.50", D("22.50")), (15, D(15)),
])
def test_net_forms(text: object, value: Decimal) -> None:
    assert parse_net(text) == value


@pytest.mark.parametrize("text", ["abc", "-", "+-5", "1.234", "ten"])
def test_net_refusals(text: str) -> None:
    with pytest.raises(NotAnAnswer, match="not an amount"):
        parse_net(text)


def test_nets_forms_and_count() -> None:
    expected = [D(0), D(-10), D("52.50")]
    for text in ("0; -10; 52.50", "0 -10 52,50", "0|-10|+52.5", "0\n- 10\n52.50"):
        assert parse_nets(text, 3) == expected
    assert parse_nets(["0", "-10", "52.50"], 3) == expected
    with pytest.raises(NotAnAnswer, match="one amount per box"):
        parse_nets("0; -10", 3)
    with pytest.raises(NotAnAnswer, match=r"^Box 2: 'x' is not an amount"):
        parse_nets("0; x; 5", 3)
    # one item a box (the web's inputs): a lone sign is that box's bad net, never glued on
    with pytest.raises(NotAnAnswer, match="'-' is not an amount"):
        parse_nets(["-", "10", "5"], 3)


NET_HINT = ("(use + or - and digits with at most two decimals, no thousands separator, "
            "e.g. -10 or 1250.50)")


@pytest.mark.parametrize(("answer", "message"), [
    ("0; x; 5; 10", f"Box 2: 'x' is not an amount {NET_HINT}"),
    ("0; abc; 10; 1..5", f"Box 2: 'abc' and box 4: '1..5' are not amounts {NET_HINT}"),
    ("x y 52,50 z", f"Box 1: 'x', box 2: 'y' and box 4: 'z' are not amounts {NET_HINT}"),
    ("+ abc; 52.5; - 1,2,3; 0", f"Box 1: '+abc' and box 3: '-1,2,3' are not amounts {NET_HINT}"),
    (["-", True, D("1.234"), ""],
     f"Box 1: '-', box 2: True, box 3: '1.234' and box 4: '' are not amounts {NET_HINT}"),
])
def test_nets_refusal_names_every_box_that_does_not_read(answer: object, message: str) -> None:
    with pytest.raises(NotAnAnswer) as refused:
        parse_nets(answer, 4)
    assert str(refused.value) == message


def test_chip_forms() -> None:
    want = {D(25): 2, D("2.50"): 1}
    for text in ("2x25 1x2.50", "2 x 25, 1 x 2,50", "2×25 + 1×2.5", "2*25;1*$2.50",
                 "1x25 1x25 1x2.50"):
        assert parse_chips(text, CHIPS) == want
    assert parse_chips({"25": 2, "2.50": 1}, CHIPS) == want
    assert parse_chips("", CHIPS) == {}


@pytest.mark.parametrize(("text", "message"), [
    ("abc", "not a chip count"), ("2x3", "not a chip at this table"),
    ("-1x25", "not a chip count"), ("2x-25", "not an amount"), ("2x25.555", "not an amount"),
])
def test_chip_refusals(text: str, message: str) -> None:
    with pytest.raises(NotAnAnswer, match=message):
        parse_chips(text, CHIPS)


@pytest.mark.parametrize(("amount", "count"), [
    ("22.50", 5), ("52.50", 3), ("868.50", 11), ("0.50", 1), ("3", 2), ("4", 3), ("1137", 8),
])
def test_fewest_chips(amount: str, count: int) -> None:
    stack = fewest_chips(D(amount), CHIPS)
    assert stack is not None
    assert sum(d * n for d, n in stack.items()) == D(amount)
    assert sum(stack.values()) == count


def test_fewest_chips_when_greedy_fails() -> None:
    assert fewest_chips(D(6), (D(1), D(3), D(4))) == {D(3): 2}
    assert fewest_chips(D("0.25"), CHIPS) is None


@pytest.mark.parametrize(("text", "reading"), [
    ("soft 17", ("soft", 17)), ("Soft 17", ("soft", 17)), ("17 soft", ("soft", 17)),
    ("s17", ("soft", 17)), ("hard 14", ("hard", 14)), ("h14", ("hard", 14)), ("14", ("hard", 14)),
    ("bust", ("bust", 0)), ("bust 24", ("bust", 0)), ("24", ("bust", 0)),
    ("Busted", ("bust", 0)), ("bust 30", ("bust", 0)), ("30", ("bust", 0)),
    ("soft 12", ("soft", 12)), ("soft 21", ("soft", 21)),
])
def test_total_forms(text: str, reading: tuple[str, int]) -> None:
    assert parse_total(text) == reading


@pytest.mark.parametrize("text", ["seventeen", "soft", "soft 17 hard", "1", "s 17 s", "bustxyz",
                                  "busted out", "bust 12", "bust 31", "31", "99",
                                  "soft \u0661\u0667", "\uff11\uff17"])
def test_total_refusals(text: str) -> None:
    with pytest.raises(NotAnAnswer, match="not a total"):
        parse_total(text)


@pytest.mark.parametrize("text", ["soft 99", "soft 24", "s22", "soft 11", "soft 2"])
def test_soft_totals_are_12_to_21(text: str) -> None:
    with pytest.raises(NotAnAnswer, match="a soft total is 12 to 21"):
        parse_total(text)


def test_choices() -> None:
    assert parse_choice("H", ("hit", "stand")) == "hit"
    assert parse_choice(" Stand ", ("hit", "stand")) == "stand"
    with pytest.raises(NotAnAnswer, match="not one of hit, stand"):
        parse_choice("double", ("hit", "stand"))
    choices = ("hit", "stand", "double", "split", "surrender")
    with pytest.raises(NotAnAnswer):
        parse_choice("s", choices)  # stand, split or surrender?
    assert parse_choices("stand, split", choices) == {"stand", "split"}
    assert parse_choices(["Stand"], choices) == {"stand"}
    assert parse_choices("none", choices) == frozenset()


def _first(house: str, family: str, kind: AnswerKind, difficulty: str | None = None) -> Question:
    for seed in range(500):
        question = generate(house, family, seed, difficulty)
        if question.answer_kind is kind:
            return question
    raise AssertionError(f"no {kind} question")


def test_money_question_accepts_every_form() -> None:
    question = next(q for q in (generate("europoker", "blackjack-payout", s, "medium")
                                for s in range(200)) if q.answer_text == "52.50")
    for text in ("52.50", "52,50", "52.5", "$52.50"):
        assert check(question, text).correct
    verdict = check(question, "52")
    assert not verdict.correct and verdict.expected_text == "52.50" and verdict.given == "52"
    assert "europoker" in verdict.explanation and "3:2" in verdict.explanation
    for nonsense in ("abc", "-52.50", "52.505"):
        with pytest.raises(NotAnAnswer):
            check(question, nonsense)


def test_chip_question_sums_and_fewest() -> None:
    question = _first("europoker", "blackjack-payout", AnswerKind.CHIPS, "hard")
    assert question.fewest_chips and question.chips == CHIPS
    amount = chips_total(parse_chips(question.answer_text))
    best = fewest_chips(amount, CHIPS)
    assert best is not None and chips_text(best) == question.answer_text
    assert check(question, " ".join(f"{n}x{d}" for d, n in best.items())).correct
    many = check(question, {"0.50": int(amount * 2)})
    assert not many.correct and "will do" in many.detail
    short = check(question, "1x0.50")
    assert not short.correct and short.detail == "the chips add up to 0.50"
    with pytest.raises(NotAnAnswer, match="not a chip at this table"):
        check(question, "3x7")


def test_chip_question_without_fewest_accepts_any_stack() -> None:
    question = _first("spanish-21", "spanish-21-bonus", AnswerKind.CHIPS, "hard")
    assert not question.fewest_chips
    amount = chips_total(parse_chips(question.answer_text))
    assert check(question, {"0.50": int(amount * 2)}).correct


def test_nets_verdict_names_wrong_boxes() -> None:
    question = generate("europoker", "table-settlement", 5, "medium")
    nets = question.answer_text.split(";")
    assert check(question, "; ".join(nets)).correct
    wrong = [*nets[:-1], "+99999"]
    verdict = check(question, wrong)
    assert not verdict.correct and verdict.detail == f"box {len(nets)} wrong"
    with pytest.raises(NotAnAnswer, match="one amount per box"):
        check(question, "0")
    # the answer given is written like the expected one: "+270" for a typed "270"
    question = generate("europoker", "table-settlement", 0, "medium")
    assert question.expected_text == "-135; +270; -100; +230"
    right = check(question, "-135; 270; -100; 230")
    assert right.correct and right.given == question.expected_text


def test_total_and_action_questions() -> None:
    question = _first("europoker", "hand-reading", AnswerKind.TOTAL)
    assert check(question, question.answer_text.upper()).correct
    with pytest.raises(NotAnAnswer):
        check(question, "lots")
    question = generate("spanish-21", "dealer-draw", 1)
    assert check(question, question.answer_text[0]).correct
    with pytest.raises(NotAnAnswer):
        check(question, "double")


def test_money_question_accepts_chips_as_a_mapping() -> None:
    question = next(q for q in (generate("europoker", "blackjack-payout", s, "medium")
                                for s in range(200)) if q.answer_text == "52.50")
    assert check(question, {"25": 2, "2.50": 1}).correct
    assert not check(question, {"25": 2}).correct


def test_partly_right_answers_say_what_is_off() -> None:
    question = next(q for q in (generate("russian-casino", "split-aces", s) for s in range(300))
                    if q.answer_text == "split")
    verdict = check(question, "none")
    assert not verdict.correct and verdict.detail == "left out: split"
    verdict = check(question, ["split", "hit"])
    assert not verdict.correct and verdict.detail == "not allowed: hit"
    question = next(q for q in (generate("europoker", "hand-reading", s) for s in range(300))
                    if q.answer_text == "soft 17")
    verdict = check(question, "17")
    assert not verdict.correct and verdict.detail == "right total, but the hand is soft"
