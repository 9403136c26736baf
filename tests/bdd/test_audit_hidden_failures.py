"""A failing rule is never reported as skipped or passed: pytest's own markers are refused
as tags, an expected failure still counts as failed, and a run that audited nothing fails."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.helpers import run_cli
from trainer.audit.collect import Collector
from trainer.audit.results import AuditRun
from trainer.audit.runner import run_features

FAILING = """Feature: a rule the engine does not honour
  {tag}
  Scenario: blackjack pays 99
    Given the house rules "europoker"
    And a bet of 10 on A♠ K♦
    When the dealer holds 9♥ T♦
    Then the player is paid 99
"""


@pytest.mark.parametrize("tag", ["@xfail", "@skipif", "@parametrize", "@usefixtures"])
def test_a_tag_naming_a_pytest_marker_is_refused_as_bad_input(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], tag: str) -> None:
    feature = tmp_path / "hidden.feature"
    feature.write_text(FAILING.format(tag=tag), encoding="utf-8")
    run = run_cli(capsys, "audit", "--quiet", "--features", str(feature))
    assert run.code == 2 and run.out == "" and run.err.count("\n") == 1
    assert f"the tag {tag} is one of pytest's own markers" in run.err


def test_an_expected_failure_is_recorded_as_failed() -> None:
    """Should an xfail marker reach a scenario some other way, its failure still counts."""
    collector = Collector(AuditRun(), None)
    report = pytest.TestReport("t.py::test_x", ("t.py", 0, "test_x"), {}, "skipped",
                               None, "call", user_properties=[("scenario", "x")])
    report.wasxfail = ""
    collector.pytest_runtest_logreport(report)
    assert [r.status for r in collector.run.results] == ["failed"]


def test_a_run_whose_every_scenario_is_skipped_is_not_a_pass(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    feature = tmp_path / "aside.feature"
    feature.write_text(FAILING.format(tag="@skip"), encoding="utf-8")
    assert not run_features([feature]).ok
    run = run_cli(capsys, "audit", "--quiet", "--features", str(feature))
    assert run.code == 1
    assert "every scenario was skipped: nothing was audited" in run.err

