"""The app's Jinja filters and globals, and names a page is not given."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from jinja2 import UndefinedError, nodes

from trainer.db.scores import Score
from trainer.web import create_app
from trainer.web.questions.drill_views import VerdictView
from trainer.web.questions.houses_view import with_house_titles
from trainer.web.templating import (
    answer_words,
    init_app,
    rule_html,
    seconds,
    seconds_apart,
)


@pytest.mark.parametrize(("recorded", "shown"), [
    ("even-money", "Even money"), ("hit", "Hit"), ("split,stand", "Split, Stand"),
    ("none", "None (the hand stands)"), ("bust", "Bust"), ("52.50", "52.50"),
    ("soft 17", "soft 17"),
    ("+15;-10;0", "+15;-10;0"), ("=cmd()", "=cmd()"), ("", ""),
])
def test_answer_words_show_choices_by_their_labels(recorded: str, shown: str) -> None:
    assert answer_words(recorded) == shown


def test_a_rule_is_a_line_and_a_table_settlement_a_line_a_box() -> None:
    def verdict(*lines: str, detail: str = "") -> VerdictView:
        return VerdictView(False, "x", lines, "y", detail)

    assert rule_html(verdict("europoker: 3:2 <paid>")) == (
        '<p class="rule">EuroPoker online: 3:2 &lt;paid&gt;</p>')  # the house by its title
    assert rule_html(verdict("europoker: 3:2", detail="the chips add up to 5")) == (
        '<p class="rule">EuroPoker online: 3:2 (the chips add up to 5)</p>')
    assert rule_html(verdict("box 1 K♠ 9♦: win", "box 2 5♣ 5♦: push", detail="box 2 wrong")) == (
        '<ul class="rule"><li>box 1 K♠ 9♦: win</li><li>box 2 5♣ 5♦: push</li>'
        '<li>(box 2 wrong)</li></ul>')


def test_house_keys_in_a_rule_read_as_the_houses_titles() -> None:
    """The longest key first, whole words only: a key inside another word stays."""
    assert with_house_titles(
        "double-exposure-online: ties lose; double-exposure: H17 (blackjack-switch reading: "
        "x) | my-europoker-notes") == (
        "Double exposure online: ties lose; Double exposure: H17 (Blackjack Switch reading: "
        "x) | my-europoker-notes")


def test_every_filter_the_app_registers_is_used_by_a_template(app: Flask) -> None:
    """A filter no template names is dead weight in the environment."""
    env = app.jinja_env
    assert env.loader is not None
    used = {node.name for name in env.list_templates()
            for node in env.parse(env.loader.get_source(env, name)[0]).find_all(nodes.Filter)}
    bare = Flask(__name__)
    before = set(bare.jinja_env.filters)
    init_app(bare)
    assert set(bare.jinja_env.filters) - before <= used


@pytest.mark.parametrize("config", [{"TESTING": True}, {"STRICT_TEMPLATES": True}])
def test_a_name_a_page_is_not_given_fails_under_test(tmp_path: Any, config: dict[str, Any]
                                                     ) -> None:
    app = create_app({"SECRET_KEY": "t", "DATABASE": str(tmp_path / "t.db")} | config)
    with app.app_context(), pytest.raises(UndefinedError, match="'view' is undefined"):
        app.jinja_env.from_string("<p>{{ view }}</p>").render()


def test_served_a_name_a_page_is_not_given_is_logged_and_blank(
        tmp_path: Any, caplog: pytest.LogCaptureFixture) -> None:
    app = create_app({"SECRET_KEY": "t", "DATABASE": str(tmp_path / "t.db")})
    with app.app_context(), caplog.at_level("WARNING"):
        assert app.jinja_env.from_string("<p>{{ view }}</p>").render() == "<p></p>"
    assert "'view' is undefined" in caplog.text


@pytest.mark.parametrize(("ms", "text"), [
    (None, "–"), (0, "0.0 s"), (49, "0.0 s"), (50, "0.1 s"), (2449, "2.4 s"), (2450, "2.5 s"),
    (5049, "5.0 s"), (5050, "5.1 s"), (999, "1.0 s"), (123_456, "123.5 s")])
def test_seconds_round_half_up_in_whole_milliseconds(ms: int | None, text: str) -> None:
    assert seconds(ms) == text


@pytest.mark.parametrize(("elapsed", "par", "texts"), [
    (5200, 5000, ("5.2 s", "5.0 s")),        # one decimal tells them apart
    (5000, 5000, ("5.0 s", "5.0 s")),        # the same time: the same text
    (5049, 5000, ("5.05 s", "5.00 s")),      # over the par, not "5.0 s over 5.0 s"
    (5001, 5000, ("5.001 s", "5.000 s")),
    (4999, 5000, ("4.999 s", "5.000 s")),    # within, and seen to be
    (2960, 3000, ("2.96 s", "3.00 s")),
])
def test_a_time_and_its_par_are_shown_apart_when_they_differ(
        elapsed: int, par: int, texts: tuple[str, str]) -> None:
    assert seconds_apart(elapsed, par) == texts


@pytest.mark.parametrize(("score", "html"), [
    (Score(), '<span class="value" data-median>–</span><span class="label">median time</span>'),
    (Score(answered=2, correct=1, median_ms=2500),
     '<span class="value" data-median>2.5 s</span><span class="label">median time, no par</span>'),
    (Score(answered=2, correct=1, median_ms=5049, par_ms=5000),
     '<span class="value over-par" data-median>5.05 s</span>'
     '<span class="label">median time, over the par of 5.00 s</span>'),
    (Score(answered=2, correct=1, median_ms=3000, par_ms=3000),
     '<span class="value under-par" data-median>3.0 s</span>'
     '<span class="label">median time, within the par of 3.0 s</span>'),
])
def test_a_median_figure_says_its_par_in_words(tmp_path: Any, score: Score, html: str) -> None:
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "t.db"), "SECRET_KEY": "t"})
    with app.app_context():
        macros = app.jinja_env.get_template("_par.html").module
        assert str(macros.median_stat(score)) == html  # type: ignore[attr-defined]
