"""``generate`` a question for a house, family, seed and difficulty; ``check`` an answer."""

from __future__ import annotations

import random
from collections.abc import Mapping
from decimal import Decimal
from enum import Enum

from trainer.drills.answers import (
    Answer,
    AnswerKind,
    NotAnAnswer,
    chips_text,
    parse_chips,
    parse_choice,
    parse_choices,
    parse_money_answer,
    parse_net,
    parse_nets,
    parse_total,
)
from trainer.drills.build import Ctx, Draft, Retry, money
from trainer.drills.chips import chip_count, chip_set, chips_total, fewest_chips
from trainer.drills.expected import Expected, Nets, shown_text, signed
from trainer.drills.families import DrillError, Family, find_family
from trainer.drills.kinds import BUILDERS
from trainer.drills.pool import CardPool, NoCard
from trainer.drills.question import Mispaid, Question, Verdict
from trainer.engine.hands import HandTotal
from trainer.engine.houses import find_house
from trainer.engine.options import PLAY_ORDER, Action
from trainer.engine.rules import HouseRules

_ATTEMPTS = 200


def generate(
    house: HouseRules | str, family: Family | str, seed: int, difficulty: str | None = None
) -> Question:
    """The question for this house, family, seed and difficulty (None = the family's default).

    Deterministic: the same arguments give the same question, every time.
    Raises ``DrillError`` for an unknown family or difficulty, a family
    that does not apply to the house, or a negative seed, and ``ProfileError``
    for an unknown house.
    """
    rules = find_house(house) if isinstance(house, str) else house
    fam = find_family(family) if isinstance(family, str) else family
    if not fam.applies_to(rules):
        raise DrillError(
            f"drill family {fam.name!r} does not apply to {rules.name} "
            f"(it applies to: {', '.join(fam.houses)})"
        )
    level = fam.level(difficulty)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise DrillError(f"seed {seed!r} must be a whole number")
    if seed < 0:  # random.Random(-7) is random.Random(7): the question would repeat
        raise DrillError(f"seed {seed} must be 0 or more (a negative seed repeats its "
                         f"positive's question)")
    rng = random.Random(seed)
    builder = BUILDERS.get(fam.name)
    if builder is None:
        raise DrillError(f"drill family {fam.name!r} has no generator")
    for _ in range(_ATTEMPTS):
        try:
            draft = builder(Ctx(rules, rng, level, CardPool(rules, rng)))
        except (Retry, NoCard):
            continue
        return _finish(rules, fam, seed, level.name, draft)
    raise DrillError(f"could not generate a {fam.name} question for {rules.name} (seed {seed})")


def _finish(rules: HouseRules, fam: Family, seed: int, difficulty: str, draft: Draft) -> Question:
    level = fam.level(difficulty)
    kind, expected = draft.kind, draft.expected
    chips: tuple[Decimal, ...] = ()
    hint = ""
    fewest = False
    if level.answer is AnswerKind.CHIPS and kind is AnswerKind.MONEY and expected:
        assert isinstance(expected, Decimal)  # a money answer is an amount
        table_chips = chip_set(rules)
        if fewest_chips(expected, table_chips) is not None:
            kind, chips, fewest = AnswerKind.CHIPS, table_chips, level.fewest_chips
            hint = "Answer in chips, e.g. 2x25 1x2.50"
            if fewest:
                hint += ", with the fewest chips"
    if kind is AnswerKind.NETS:
        hint = "Separate the nets with ;, e.g. +15; -10; 0"
    return Question(
        house=rules.name,
        family=fam.name,
        seed=seed,
        difficulty=difficulty,
        prompt_lines=(draft.prompt,) if isinstance(draft.prompt, str) else draft.prompt,
        answer_kind=kind,
        choices=draft.choices,
        table=draft.table,
        par_seconds=fam.par_seconds,
        expected=expected,
        expected_text=shown_text(kind, expected, chips),
        explanation_lines=(draft.explanation,) if isinstance(draft.explanation, str)
        else draft.explanation,
        rules=tuple(dict.fromkeys(draft.rules)),
        chips=chips,
        fewest_chips=fewest,
        hint=hint,
    )


def check(question: Question, answer: Answer) -> Verdict:
    """Judge ``answer`` to ``question`` against its expected answer, as data.

    Raises ``NotAnAnswer`` (an ``EngineError``/``ValueError``) when the answer
    cannot be read at all: ``abc`` for an amount, a negative payout, three
    decimals, a choice that is not offered. That is not a wrong answer.
    """
    expected = question.expected
    detail = ""
    box_nets: tuple[tuple[Decimal, ...], tuple[Decimal, ...]] = ((), ())
    given_amounts: tuple[Decimal, ...] = ()
    match question.answer_kind, expected:
        case AnswerKind.ACTION, Enum():
            given = parse_choice(answer, question.choices)
            correct = given == expected.value
        case AnswerKind.YES_NO, bool():
            given = parse_choice(answer, ("yes", "no"))
            correct = (given == "yes") is expected
        case AnswerKind.ACTIONS, frozenset():
            given, correct, detail = _check_actions(question, expected, answer)
        case AnswerKind.MONEY, Decimal():
            if isinstance(answer, Mapping):  # paid in chips: their sum is the amount
                amount = chips_total(parse_chips(answer))
            else:
                amount = parse_money_answer(answer)
            given = money(amount)
            correct = amount == expected
            given_amounts = (amount,)
        case AnswerKind.NET, Decimal():
            amount = parse_net(answer)
            given = signed(amount)  # as the expected net is written
            correct = amount == expected
            given_amounts = (amount,)
        case AnswerKind.TOTAL, HandTotal():
            word, total = parse_total(answer)
            given = "bust" if word == "bust" else f"{word} {total}"
            correct = word == "bust" if expected.bust else (
                word == ("soft" if expected.soft else "hard") and total == expected.total)
            if not correct and not expected.bust and total == expected.total:
                detail = f"right total, but the hand is {'soft' if expected.soft else 'hard'}"
        case AnswerKind.NETS, Nets():
            nets = parse_nets(answer, len(expected.boxes))
            given = "; ".join(signed(n) for n in nets)
            wrong = [str(i) for i, (a, b) in enumerate(zip(nets, expected.boxes, strict=True), 1)
                     if a != b]
            correct = not wrong
            if wrong:
                detail = f"box {', '.join(wrong)} wrong"
            box_nets = (tuple(nets), expected.boxes)
            given_amounts = tuple(nets)
        case AnswerKind.CHIPS, Decimal():
            given, correct, detail = _check_chips(question, expected, answer)
            given_amounts = (chips_total(parse_chips(answer, question.chips or None)),)
        case kind, _:  # pragma: no cover - every kind is matched above
            raise NotAnAnswer(f"{expected!r} is no expected answer to a {kind.value} question")
    return Verdict(
        correct=correct,
        expected=expected,
        mispaid=_mispaid(question, given_amounts, expected),
        expected_text=question.expected_text,
        given=given,
        explanation=question.explanation,
        detail=detail,
        lines=question.explanation_lines,
        given_nets=box_nets[0],
        expected_nets=box_nets[1],
    )


NOT_PAID = frozenset({"insurance-max"})
"""Asks whose amount is not a payout: the largest insurance bet is the player's to stake."""


def _mispaid(question: Question, given: tuple[Decimal, ...], expected: Expected
             ) -> Mispaid | None:
    """What the answer read (``given``: the amount, or a table's nets) would pay wrongly,
    for a question that asks a payout; None for any other."""
    if not given or question.table.ask in NOT_PAID:
        return None
    wanted = expected.boxes if isinstance(expected, Nets) else (expected,)
    gaps = [mine - due for mine, due in zip(given, wanted, strict=True)
            if isinstance(due, Decimal)]
    return Mispaid(sum((gap for gap in gaps if gap > 0), Decimal(0)),
                   sum((-gap for gap in gaps if gap < 0), Decimal(0)))


def _check_actions(question: Question, wanted: frozenset[Action],
                   answer: Answer) -> tuple[str, bool, str]:
    """Every allowed action ticked, and nothing else: what was read, whether it is right,
    and what was left out or not allowed."""
    picked = frozenset(Action(c) for c in parse_choices(answer, question.choices))
    given = ",".join(a.value for a in PLAY_ORDER if a in picked) or "none"
    missing = [a.value for a in PLAY_ORDER if a in wanted - picked]
    extra = [a.value for a in PLAY_ORDER if a in picked - wanted]
    detail = "; ".join(part for part in (
        f"left out: {', '.join(missing)}" if missing else "",
        f"not allowed: {', '.join(extra)}" if extra else "",
    ) if part)
    return given, picked == wanted, detail


def _check_chips(question: Question, payout: Decimal, answer: Answer) -> tuple[str, bool, str]:
    """Chips that make the payout (the fewest, where asked): what was read, whether it is
    right, and a note on a right amount in other chips."""
    stack = parse_chips(answer, question.chips or None)
    value = chips_total(stack)
    given = f"{money(value)} ({chips_text(stack)})"
    best = fewest_chips(payout, question.chips) or {}
    if value != payout:
        return given, False, f"the chips add up to {money(value)}"
    if question.fewest_chips:
        if chip_count(stack) > chip_count(best):
            return given, False, (f"right amount, but {chip_count(stack)} chips; "
                                  f"{chip_count(best)} will do ({chips_text(best)})")
        return given, True, ""
    if {d: n for d, n in stack.items() if n} != best:
        # the expected stack shown is the fewest chips, which were not asked for
        return given, True, f"any chips that make {money(payout)} are right"
    return given, True, ""
