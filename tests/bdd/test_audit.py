"""``trainer audit``: wrong houses fail naming the rule, custom houses pass, reports parse."""

from __future__ import annotations

import json
import os
import re
import xml.etree.ElementTree as ET
from html import escape
from pathlib import Path

import parse

from tests.cli.helpers import run_cli
from trainer.audit.catalogue import CATALOGUE, closest_steps
from trainer.audit.runner import run_features
from trainer.audit.words import TYPES

ROOT = Path(__file__).resolve().parents[2]
FEATURES = ROOT / "features"
HOUSES = ROOT / "trainer" / "houses"


def wrong_europoker(tmp_path: Path) -> Path:
    """europoker.toml with the dealer hitting soft 17 (the features say S17)."""
    text = (HOUSES / "europoker.toml").read_text(encoding="utf-8")
    wrong, count = re.subn(r'(\[soft_17\]\nvalue = )"stand"', r'\1"hit"', text)
    assert count == 1
    path = tmp_path / "wrong-europoker.toml"
    path.write_text(wrong, encoding="utf-8")
    return path


def test_a_wrong_house_file_fails_and_names_the_rule(tmp_path, capsys):
    cli = run_cli(
        capsys, "audit", "--rules-file", str(wrong_europoker(tmp_path)), "--quiet"
    )
    assert cli.code == 1
    assert re.search(r"europoker\s+dealer\s+\d+\s+4", cli.out)
    assert "FAILED europoker / dealer: reading — a soft 17 is a 17" in cli.out
    assert "expected: the dealer stands on A♠ 6♦" in cli.out
    assert "actual:   the dealer hits on soft 17" in cli.out


def test_a_custom_house_with_custom_features_passes(tmp_path, capsys):
    house = (HOUSES / "casino-classic.toml").read_text(encoding="utf-8")
    house = house.replace('name = "casino-classic"', 'name = "our-club"')
    house = re.sub(r'(\[blackjack_pays\]\nvalue = )"3:2"', r'\1"6:5"', house)
    (tmp_path / "our-club.toml").write_text(house, encoding="utf-8")
    features = tmp_path / "features"
    features.mkdir()
    (features / "payouts.feature").write_text(
        """@our-club @payouts
Feature: Our club pays 6:5 on a blackjack

  Scenario Outline: a blackjack pays 6:5
    Given the house rules under audit
    And a bet of <bet> on A♠ K♦
    When the dealer holds 9♥ T♣
    Then the player is paid <paid>

    Examples:
      | bet | paid |
      | 10  | 12   |
      | 25  | 30   |

  Scenario: the dealer stands on soft 17
    Given the house rules under audit
    When the dealer holds A♠ 6♦
    Then the dealer stands
""",
        encoding="utf-8",
    )
    report = tmp_path / "report"
    cli = run_cli(
        capsys, "audit", "--rules-file", str(tmp_path / "our-club.toml"),
        "--features", str(features), "--report", str(report), "--quiet",
    )
    assert cli.code == 0, cli.out
    assert re.search(r"our-club\s+payouts\s+3\s+0", cli.out)
    assert "3 passed, 0 failed" in cli.out


def test_the_reports_parse_and_carry_every_scenario(tmp_path):
    run = run_features([FEATURES / "europoker"], report_dir=tmp_path)
    assert run.ok
    cucumber = json.loads((tmp_path / "cucumber.json").read_text(encoding="utf-8"))
    elements = [e for feature in cucumber for e in feature["elements"]]
    junit = ET.parse(tmp_path / "junit.xml").getroot()
    cases = junit.findall(".//testcase")
    assert len(elements) == len(cases) == len(run.results) > 50
    ids = [case.get("name", "") for case in cases] + [e["id"] for e in elements]
    assert not [i for i in ids if "\\u" in i]  # a CI shows the cards, not \u2660 escapes
    assert any("♠" in case.get("name", "") for case in cases)
    assert all(
        step["result"]["status"] == "passed" for e in elements for step in e["steps"]
    )
    html = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert "<script" not in html and "<link" not in html
    for result in run.results:
        assert result.house == "europoker"
    names = {e["name"] for e in elements}
    assert "the source's worked example — three boxes against a dealer 19" in names
    assert all(escape(name) in html for name in names)


def test_the_russian_features_run(tmp_path):
    run = run_features([FEATURES / "russian-casino" / "dealer.feature"])
    assert run.ok, run.errors or [r.message for r in run.failed]
    names = [result.scenario for result in run.results]
    assert any(name.startswith("толкование — дилер останавливается на мягких 17") for name in names)
    assert {result.area for result in run.results} == {"dealer"}


def test_closest_steps_finds_the_right_step():
    assert closest_steps("the player may doubled")[0] == "Then the player may double"
    assert closest_steps("a bet of 10 on As Kd")[0] == "Given a bet of 15 on A♠ K♦"


def test_every_step_example_matches_its_own_pattern():
    import trainer.audit.plugin  # noqa: F401 - registers every step

    assert len(CATALOGUE) > 50
    for entry in CATALOGUE:
        assert parse.parse(entry.pattern, entry.example, extra_types=TYPES), entry


def test_audit_steps_lists_every_step_with_an_example(capsys):
    cli = run_cli(capsys, "audit", "--steps")
    assert cli.code == 0
    assert "e.g. Given the house rules \"europoker\"" in cli.out
    assert "e.g. Then the player is paid 22.50" in cli.out
    assert "e.g. Тогда дилер останавливается" in cli.out
    assert cli.out.count("e.g. ") == len(CATALOGUE)


def test_an_unknown_house_exits_2(capsys):
    cli = run_cli(capsys, "audit", "--rules", "nowhere")
    assert cli.code == 2
    assert "unknown house 'nowhere'" in cli.err


def test_the_shell_s_pytest_options_do_not_reach_the_audit(tmp_path, monkeypatch):
    """A CI's ``-k`` would leave the failing rules out, its ``-x`` stop at the first."""
    monkeypatch.setenv("PYTEST_ADDOPTS", "-x -k 'not soft'")
    monkeypatch.delenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", raising=False)  # the caller's own
    run = run_features([FEATURES / "europoker"], rules_file=wrong_europoker(tmp_path))
    assert len(run.failed) == 4 and len(run.results) > 50
    assert os.environ["PYTEST_ADDOPTS"] == "-x -k 'not soft'"  # the caller's, put back
    assert "PYTEST_DISABLE_PLUGIN_AUTOLOAD" not in os.environ  # the audit's, taken away


def test_steps_after_a_failing_step_are_reported_as_not_run(tmp_path):
    """pytest-bdd marks them failed; Cucumber, and a reader, call them skipped."""
    run = run_features([FEATURES / "europoker"], rules_file=wrong_europoker(tmp_path),
                       report_dir=tmp_path)
    cucumber = json.loads((tmp_path / "cucumber.json").read_text(encoding="utf-8"))
    statuses = [[step["result"]["status"] for step in element["steps"]]
                for feature in cucumber for element in feature["elements"]]
    failing = [s for s in statuses if "failed" in s]
    assert len(failing) == len(run.failed) == 4
    assert all(s.count("failed") == 1 for s in failing)
    cut = [s for s in failing if s[-1] != "failed"]
    assert cut and all(set(s[s.index("failed") + 1:]) == {"skipped"} for s in cut)
    html = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert "(not run)</li>" in html and "</li><pre>" not in html
    assert ("<pre>trainer.audit.table.AuditFailure: expected the dealer stands on A♠ 6♦, "
            "but the engine says the dealer hits") in html
