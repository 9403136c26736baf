"""The rows of a Scenario Outline are told apart in every report, by their example values."""

from __future__ import annotations

import re
from pathlib import Path

from tests.cli.helpers import run_cli
from trainer.audit.runner import run_features

OUTLINE = """@europoker @dealer
Feature: the dealer's draw

  Scenario Outline: the dealer stands on 17 or more
    Given the house rules "europoker"
    When the dealer holds <cards>
    Then the dealer stands

    Examples:
      | cards |
      | T♠ 7♦ |
      | 9♠ 9♦ |
      | T♠ 6♦ |
"""


def outline(tmp_path: Path) -> Path:
    feature = tmp_path / "dealer.feature"
    feature.write_text(OUTLINE, encoding="utf-8")
    return feature


def test_each_row_is_named_by_its_example_values(tmp_path):
    run = run_features([outline(tmp_path)], report_dir=tmp_path / "out")
    assert [(r.title, r.status) for r in run.results] == [
        ("the dealer stands on 17 or more [cards=T♠ 7♦]", "passed"),
        ("the dealer stands on 17 or more [cards=9♠ 9♦]", "passed"),
        ("the dealer stands on 17 or more [cards=T♠ 6♦]", "failed"),
    ]
    page = (tmp_path / "out" / "report.html").read_text(encoding="utf-8")
    summaries = re.findall(r"<summary class='(\w+)'>([^<]*) — \w+", page)
    assert summaries == [(r.status, r.title) for r in run.results]
    assert "<div>the dealer stands on 17 or more [cards=T♠ 6♦]<br>" in page


def test_the_text_summary_names_the_failing_row(tmp_path, capsys):
    cli = run_cli(capsys, "audit", "--quiet", "--features", str(outline(tmp_path)))
    assert cli.code == 1
    assert "FAILED europoker / dealer: the dealer stands on 17 or more [cards=T♠ 6♦]" in cli.out
