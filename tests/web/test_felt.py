"""The felt drawn by ``_table.html``'s ``felt`` macro: every part of a question's table,
escaped."""

from __future__ import annotations

import re
from collections.abc import Callable
from decimal import Decimal

import pytest
from flask import Flask

from tests.web.conftest import draw_felt
from trainer.web.questions.drill_views import BoxView, CardView, QuestionView

Draw = Callable[[QuestionView], str]


@pytest.fixture
def felt(app: Flask) -> Draw:
    return lambda view: draw_felt(app, view)


def _view(**changes: object) -> QuestionView:
    fields: dict[str, object] = {
        "family": "blackjack-payout", "prompt": "How much do you pay?", "kind": "money",
        "dealer": (CardView.of("Kd"), CardView.hidden()),
        "boxes": (BoxView("Box 1", (CardView.of("Ah"), CardView.of("Js")), Decimal("25"),
                          ("blackjack",)),
                  BoxView("Box 2", (CardView.of("9c"), CardView.of("7d")))),
        "chips": (Decimal("5"), Decimal("25")),
        "facts": ("Bonus: 5-card 21",),
    }
    return QuestionView(**(fields | changes))  # type: ignore[arg-type]


def test_the_felt_draws_the_dealer_each_box_its_bet_notes_and_the_facts(felt: Draw) -> None:
    html = felt(_view())
    assert html.startswith('<div class="felt"><div class="seat dealer">')
    assert '<span class="seat-label">Dealer</span>' in html
    assert re.findall(r'data-card="([^"]+)"', html) == ["Kd", "Ah", "Js", "9c", "7d"]
    assert html.count('class="card back"') == 1  # the hole card, face down
    assert html.count('<div class="seat box">') == 2
    # only box 1 has a bet: an image named by its amount (not chip by chip)
    assert '<span class="bet" role="img" aria-label="bet 25">' in html
    assert html.count('class="bet"') == 1
    assert '<span class="chip chip-25">25</span>' in html
    assert '<span class="note">blackjack</span>' in html
    assert '<ul class="question-facts"><li>Bonus: 5-card 21</li></ul>' in html
    assert html.endswith("</ul></div>")


def test_the_felt_leaves_out_what_a_question_does_not_have(felt: Draw) -> None:
    html = felt(_view(dealer=(), facts=()))
    assert "seat dealer" not in html and "question-facts" not in html
    assert felt(_view(dealer=(), boxes=(), facts=())) == '<div class="felt"></div>'


def test_text_on_the_felt_is_escaped(felt: Draw) -> None:
    html = felt(_view(
        boxes=(BoxView('Box "1"', (CardView.of("Ah"),), None, ("<script>x</script>",)),),
        facts=("a & b",)))
    assert "<script>" not in html and "&lt;script&gt;x&lt;/script&gt;" in html
    assert "Box &#34;1&#34;" in html and "a &amp; b" in html


def test_the_box_asked_about_is_drawn_apart(felt: Draw) -> None:
    boxes = (BoxView("Box 1", (CardView.of("Ah"), CardView.of("Js")), Decimal("25"),
                     ("switched", "asked about"), asked=True),
             BoxView("Box 2", (CardView.of("9c"), CardView.of("7d")), Decimal("25"),
                     ("switched",)))
    html = felt(_view(boxes=boxes))
    assert re.findall(r'<div class="seat box( asked)?">', html) == [" asked", ""]


def test_a_card_is_named_as_it_is_said(felt: Draw) -> None:
    """A screen reader reads ``10♣`` as "10 black club suit": the label spells it out."""
    html = felt(_view(dealer=(CardView.of("Tc"), CardView.hidden())))
    for label in ("10 of clubs", "face-down card", "ace of hearts", "jack of spades",
                  "9 of clubs", "7 of diamonds"):
        assert f'aria-label="{label}"' in html
    assert 'aria-label="10♣"' not in html
