"""Every family at every house it applies to: generated questions re-derived through the engine."""

from __future__ import annotations

import json
from decimal import Decimal

import pytest

from tests.drills.rederive import rederive
from trainer.drills import AnswerKind, DrillError, Question, check, generate, load_families
from trainer.drills.expected import Nets
from trainer.engine.hands import HandTotal
from trainer.engine.houses import shipped_houses
from trainer.engine.money import format_money
from trainer.engine.round_check import check_round
from trainer.engine.shoe import check_cards_fit

PER_LEVEL = 50  # x 3 levels: 150 questions per house and family
COMBOS = [
    (house, family)
    for family in load_families().values()
    for house in shipped_houses().values()
    if family.applies_to(house)
]


def _all_cards(question: Question) -> list:
    return [*question.table.dealer, *(c for seat in question.table.hands for c in seat.cards)]


@pytest.mark.parametrize(("house", "family"), COMBOS, ids=lambda v: v.name)
def test_questions_rederive_through_the_engine(house, family) -> None:
    for level in family.levels:
        for seed in range(PER_LEVEL):
            question = generate(house, family, seed, level)
            assert question.house == house.name
            check_cards_fit(house, _all_cards(question))
            assert rederive(house, question) == _canonical(question), question.prompt
            assert house.name in question.explanation
            verdict = check(question, _right_answer(question))
            assert verdict.correct, (question.prompt, verdict)
            assert verdict.explanation == question.explanation
            if seed % 4 == 0:  # the round trip and the public view on a share of them
                stored = json.loads(json.dumps(question.to_dict()))
                assert Question.from_dict(stored) == question
                public = question.public()
                assert not {"expected", "expected_text", "explanation"} & set(public)
                assert "expected" not in json.dumps(public)

MID_ROUND_ASKS = {"ace-offer", "may-act", "insurance-max", "split-aces-actions",
                  "even-money-taken", "surrender-returned", "hand-total", "dealer-action"}
"""Questions asked while the round is being dealt or played: the dealer's cards are not final."""
WHILE_PLAYING_ASKS = {"may-act", "split-aces-actions"}
"""Of those, the ones asked while the player acts: a house dealing both dealer cards face up
shows two, and the dealer has yet to draw."""


@pytest.mark.parametrize(("house", "family"), COMBOS, ids=lambda v: v.name)
def test_finished_rounds_are_rounds_the_house_can_deal(house, family) -> None:
    """Every question showing a finished round passes the engine's round check."""
    for level in family.levels:
        for seed in range(PER_LEVEL):
            table = generate(house, family, seed, level).table
            if not table.hands or not table.dealer or (
                table.ask in MID_ROUND_ASKS
                and (len(table.dealer) < 2 or table.ask in WHILE_PLAYING_ASKS)
            ):
                continue
            check_round(house, table.dealer, list(table.hands))


def _canonical(question: Question) -> str:
    """The expected answer in the oracle's spelling (amounts without signs or chips, a bust
    without its total)."""
    expected = question.expected
    if isinstance(expected, Nets):
        return ";".join(format_money(net + Decimal(0)) for net in expected.boxes)
    if isinstance(expected, Decimal):  # an amount, a net, or what the chips pay
        return format_money(expected)
    if isinstance(expected, HandTotal) and expected.bust:
        return "bust"
    return question.answer_text


def _right_answer(question: Question) -> str:
    """What a trainee types: the expected answer as stored, in every kind (chips too)."""
    return question.answer_text


def test_a_negative_seed_is_refused() -> None:
    """``random.Random(-7)`` deals as ``random.Random(7)``: -7 would repeat 7's question."""
    with pytest.raises(DrillError, match=r"^seed -7 must be 0 or more"):
        generate("europoker", "blackjack-payout", -7)
    assert generate("europoker", "blackjack-payout", 0).seed == 0


@pytest.mark.parametrize(("house", "family"), COMBOS, ids=lambda v: v.name)
def test_same_seed_same_question(house, family) -> None:
    for seed in (0, 7, 123456789):
        assert generate(house, family, seed) == generate(house, family, seed)
    prompts = {generate(house, family, seed).to_dict()["table"].__repr__() for seed in range(20)}
    assert len(prompts) > 5


PINNED = [
    ("europoker", "dealer-draw", 1, "medium", ["4c", "Ad", "As", "Ac"], [], "stand"),
    ("spanish-21", "spanish-21-bonus", 2, "hard", ["Qd", "Kc"],
     [["5h", "2s", "2d", "Ac", "Ad"]], "1x500 3x100 2x25 3x5 1x2.50 1x1"),  # 868.50
    ("baden-baden", "variant-specials", 3, "easy", ["As", "Kh"], [["Tc", "Ah"]], "-80"),
]


@pytest.mark.parametrize(("house", "family", "seed", "level", "dealer", "hands", "expected"),
                         PINNED)
def test_seeds_keep_their_questions(house, family, seed, level, dealer, hands, expected) -> None:
    """A seed stored by the web app must replay the same question in later versions."""
    question = generate(house, family, seed, level)
    table = question.table.to_dict()
    assert table["dealer"] == dealer
    assert [h["cards"] for h in table["hands"]] == hands
    assert question.answer_text == expected


def test_same_question_in_another_process() -> None:
    """No set or hash order leaks into a question: another interpreter, other hash seeds."""
    import os
    import subprocess
    import sys

    script = (
        "import json\n"
        "from trainer.drills import generate, load_families\n"
        "from trainer.engine.houses import shipped_houses\n"
        "out = [generate(h, f, s, d).to_dict() for f in load_families().values()\n"
        "       for h in shipped_houses().values() if f.applies_to(h)\n"
        "       for d in f.levels for s in (1, 2)]\n"
        "print(json.dumps(out))\n"
    )
    here = [generate(h, f, s, d).to_dict() for f in load_families().values()
            for h in shipped_houses().values() if f.applies_to(h) for d in f.levels
            for s in (1, 2)]
    for hash_seed in ("1", "2"):
        env = os.environ | {"PYTHONHASHSEED": hash_seed}
        run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                             env=env, check=True)
        assert json.loads(run.stdout) == here


def test_hints_say_how_to_write_a_text_answer() -> None:
    """The prompt asks the question; the hint says how to type the answer: nets separated
    by ``;``, chips as ``2x25``; other questions need none."""
    nets = generate("europoker", "table-settlement", 7, "medium")
    assert nets.answer_kind is AnswerKind.NETS
    assert nets.hint == "Separate the nets with ;, e.g. +15; -10; 0"
    assert nets.prompt.endswith("left to right (+ you pay, - you take, 0 push).")
    assert check(nets, nets.answer_text.replace(";", "; ")).correct
    chips = generate("europoker", "blackjack-payout", 7, "hard")
    assert chips.answer_kind is AnswerKind.CHIPS
    assert chips.hint == "Answer in chips, e.g. 2x25 1x2.50, with the fewest chips"
    assert generate("europoker", "dealer-draw", 7, "medium").hint == ""


def test_every_expected_answer_is_one_check_accepts() -> None:
    """What ``to_dict`` (``trainer drill --reveal``) shows as ``expected`` is an answer
    (chips in chips, ``2x25 1x2.50``, not the amount, which a chips question refuses)."""
    for house, family in COMBOS:
        for level in family.levels:
            question = generate(house, family, 1, level)
            assert check(question, question.answer_text).correct, question.key


def test_a_stored_version_1_chips_question_still_checks() -> None:
    """Version 1 stored a chips question's amount as ``expected``; read as its fewest chips."""
    question = generate("europoker", "blackjack-payout", 1, "hard")
    assert question.answer_kind is AnswerKind.CHIPS and question.answer_text == "2x25 1x2.50"
    old = question.to_dict() | {"version": 1, "expected": "52.50"}
    assert Question.from_dict(old) == question
    assert check(Question.from_dict(old), "2x25 1x2.50").correct


def test_a_stored_question_of_a_newer_format_is_refused() -> None:
    """A later release's question would be misread here (as version 1 code misread version
    2's chips): refused, saying so."""
    stored = generate("europoker", "blackjack-payout", 1, "hard").to_dict() | {"version": 4}
    with pytest.raises(DrillError, match="format 4 is newer than this trainer reads"):
        Question.from_dict(stored)


def test_a_question_stored_before_format_3_keeps_its_explanation_s_lines() -> None:
    """Before format 3 a table's explanation was one text, a line a box joined by " | ",
    and its prompt one text, a line a box joined by new lines."""
    question = generate("europoker", "table-settlement", 0, "medium")
    stored = question.to_dict() | {"version": 2}
    del stored["explanation_lines"], stored["prompt_lines"]
    assert len(question.explanation_lines) > 1 and len(question.prompt_lines) > 3
    assert Question.from_dict(stored) == question
    assert Question.from_dict(question.to_dict()) == question


def test_other_chips_of_the_right_amount_are_right_and_said_to_be() -> None:
    """Where the fewest chips are not asked for, another stack of the amount is right, and
    the verdict says so: the expected answer shown is the fewest chips."""
    question = next(q for q in (generate("spanish-21", "surrender", seed, "hard")
                                for seed in range(60))
                    if q.answer_kind is AnswerKind.CHIPS and not q.fewest_chips)
    amount = question.expected
    small = min(question.chips)
    other = check(question, {str(small): int(amount / small)})
    assert other.correct and other.detail == (
        f"any chips that make {question.expected_text.split()[0]} are right")
    assert check(question, question.answer_text).detail == ""


def test_a_hand_reading_says_a_number_alone_is_read_as_hard() -> None:
    """"21" for A♣ 2♥ 8♣ is hard 21, so wrong: the prompt says so before it is typed, and
    the verdict names the right total's softness."""
    seen = set()
    for seed in range(40):
        question = generate("europoker", "hand-reading", seed, "medium")
        assert question.prompt.endswith("(e.g. soft 17, hard 14, bust; a number alone is"
                                        " read as hard)")
        word, _, total = question.answer_text.partition(" ")
        if word == "bust":
            continue
        seen.add(word)
        verdict = check(question, total)
        assert verdict.correct == (word == "hard"), question.answer_text
        if word == "soft":
            assert verdict.detail == "right total, but the hand is soft"
    assert seen == {"soft", "hard"}
