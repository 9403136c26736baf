"""A table with a split box asks one net per box, not per hand."""

from __future__ import annotations

import json

import pytest

from tests.dealt import Drills
from trainer.drills import generate
from trainer.drills.answers import NotAnAnswer, parse_net
from trainer.web.questions.drill_views import Answer
from trainer.web.templating import rule_html


def test_split_box_shares_one_net_input() -> None:
    question = generate("europoker", "table-settlement", 1, "hard")
    assert [seat.box for seat in question.table.hands] == [1, 2, 3, 4, 5, 5]  # box 5 split
    view = Drills().view(json.dumps(question.to_dict()))
    assert len(view.boxes) == 6  # every hand is drawn on the felt
    assert view.net_boxes == ("Box 1", "Box 2", "Box 3", "Box 4", "Box 5")
    assert len(question.answer_text.split(";")) == len(view.net_boxes)


def test_a_split_boxs_hands_are_named_alike_on_the_felt_in_the_prompt_and_the_rule() -> None:
    question = generate("europoker", "table-settlement", 1, "hard")
    view = Drills().view(json.dumps(question.to_dict()))
    assert [box.label for box in view.boxes][-2:] == ["Box 5, hand 1", "Box 5, hand 2"]
    assert "\nbox 5, hand 1: bet 122 — A♥ 3♥ (soft 14) [split]" in question.prompt
    assert "\nbox 5, hand 2: bet 122 — A♠ 2♠ (soft 13) [split]" in question.prompt
    rules = question.explanation_lines
    assert rules[3].startswith("box 4 8♣ 7♥ 4♦: ")  # a box of one hand: no hand number
    assert rules[4].startswith("box 5, hand 1 A♥ 3♥: ")
    assert rules[5].startswith("box 5, hand 2 A♠ 2♠: ")


def test_what_was_wrong_is_a_line_of_its_own_after_the_boxes() -> None:
    """The feedback draws a table's rule a line a box: the boxes that were wrong are not
    glued onto the last box's line."""
    question = generate("europoker", "table-settlement", 0, "medium")
    backend = Drills()
    text = json.dumps(question.to_dict())
    verdict = backend.check(text, Answer(text="0; 0; 0; 0"))
    assert len(verdict.lines) == 4 and verdict.detail == "box 1, 2, 3, 4 wrong"
    assert all(line.startswith("box ") for line in verdict.lines)
    assert [(box.number, box.given, box.right) for box in verdict.boxes] == [
        (1, "0", False), (2, "0", False), (3, "0", False), (4, "0", False)]
    assert rule_html(verdict).endswith("<li>(box 1, 2, 3, 4 wrong)</li></ul>")


def test_a_net_with_a_thousands_separator_says_so() -> None:
    with pytest.raises(NotAnAnswer, match="no thousands separator"):
        parse_net("+1,000")
