"""A push is written as one: "the player loses 0" is refused, naming the step to use."""

from __future__ import annotations

from pathlib import Path

from trainer.audit.runner import run_features

FEATURE = """Feature: a tie
  Scenario: a tie written as a loss of nothing
    Given the house rules "europoker"
    And a bet of 10 on K♠ 9♦
    When the dealer holds 9♥ T♣
    Then the player loses 0
"""


def test_a_loss_of_nothing_is_refused_as_a_push(tmp_path: Path) -> None:
    feature = tmp_path / "tie.feature"
    feature.write_text(FEATURE, encoding="utf-8")
    run = run_features([feature])
    assert not run.ok and len(run.results) == 1
    (result,) = run.results
    assert result.status == "failed"
    assert result.message and 'write "the bet pushes"' in result.message
