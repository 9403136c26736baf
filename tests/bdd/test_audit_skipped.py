"""A ``@skip`` scenario is counted as skipped, under its house, not as a failure."""

from __future__ import annotations

import re

from tests.cli.helpers import run_cli
from trainer.audit.runner import run_features

FEATURE = """@europoker @dealer
Feature: one rule and one set aside

  Scenario: the dealer stands on 17
    Given the house rules "europoker"
    When the dealer holds T♠ 7♦
    Then the dealer stands

  @skip
  Scenario: a rule set aside
    Given the house rules "europoker"
    When the dealer holds T♠ 6♦
    Then the dealer stands
"""


def test_a_skipped_scenario_is_skipped_not_failed(tmp_path, capsys):
    folder = tmp_path / "elsewhere"
    folder.mkdir()
    (folder / "dealer.feature").write_text(FEATURE, encoding="utf-8")
    run = run_features([folder])
    assert run.ok
    assert run.counts() == {"passed": 1, "failed": 0, "skipped": 1}
    skipped = next(r for r in run.results if r.status == "skipped")
    assert (skipped.house, skipped.area, skipped.scenario) == (
        "europoker", "dealer", "a rule set aside"
    )
    cli = run_cli(capsys, "audit", "--quiet", "--features", str(folder))
    assert cli.code == 0
    assert re.search(r"europoker\s+dealer\s+1\s+0\s+1", cli.out)
    assert "1 passed, 0 failed, 1 skipped" in cli.out
