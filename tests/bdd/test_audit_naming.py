"""Every scenario is named and filed right: a row with "::" in its values stays in the
report, a skipped scenario counts under the house under audit, and a scenario pytest-bdd
could not name fails the run instead of degrading the report."""

from __future__ import annotations

from pathlib import Path

import pytest

from trainer.audit import plugin
from trainer.audit.runner import run_features

ROWS = """@europoker @payouts
Feature: rows
  Scenario Outline: a note <note>
    Given the house rules "europoker"
    And a bet of 10 on A♠ K♦
    When the dealer holds 9♥ T♦
    Then the player is paid <paid>

    Examples:
      | note | paid |
      | a::b | 15   |
      | c::d | 99   |

  @skip
  Scenario: set aside
    Given the house rules "europoker"
    When the dealer holds T♠ 7♦
    Then the dealer stands
"""


def _features(tmp_path: Path) -> Path:
    feature = tmp_path / "rows.feature"
    feature.write_text(ROWS, encoding="utf-8")
    return feature


def test_a_row_whose_values_hold_colons_stays_in_the_report(tmp_path: Path) -> None:
    run = run_features([_features(tmp_path)], report_dir=tmp_path / "out")
    failed = [r for r in run.results if r.status == "failed"]
    assert [r.example for r in failed] == ["note=c::d, paid=99"]
    html = (tmp_path / "out" / "report.html").read_text(encoding="utf-8")
    assert "note=c::d, paid=99" in html and "note=a::b, paid=15" in html


def test_a_skipped_scenario_counts_under_the_house_under_audit(tmp_path: Path) -> None:
    run = run_features([_features(tmp_path)], rules_name="baden-baden")
    assert {r.house for r in run.results} == {"baden-baden"}


def test_a_scenario_pytest_bdd_did_not_name_fails_the_run(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(plugin, "scenario_wrapper_template_registry", {})
    run = run_features([_features(tmp_path)])
    assert not run.ok
    assert run.errors and "pytest-bdd named no scenario" in run.errors[0]


def test_a_skipped_scenario_is_listed_in_the_html_report(tmp_path: Path) -> None:
    run_features([_features(tmp_path)], report_dir=tmp_path / "out")
    html = (tmp_path / "out" / "report.html").read_text(encoding="utf-8")
    assert "<h3>Not run</h3>" in html
    assert "set aside — skipped" in html
