"""``trainer audit --json``: counts, what was audited, every scenario and the report paths."""

from __future__ import annotations

import json
from pathlib import Path

from tests.bdd.test_audit import wrong_europoker
from tests.cli.helpers import run_cli
from trainer.audit.catalogue import CATALOGUE
from trainer.engine.houses import find_house, shipped_profile_file

ROOT = Path(__file__).resolve().parents[2]
DEALER = ROOT / "features" / "europoker" / "dealer.feature"


def test_a_passing_audit_as_json(tmp_path, capsys):
    cli = run_cli(capsys, "audit", "--json", "--quiet", "--features", str(DEALER),
                  "--report", str(tmp_path))
    assert cli.code == 0, cli.err
    data = json.loads(cli.out)
    assert data["ok"] is True
    assert data["failed"] == data["skipped"] == 0
    assert data["passed"] == data["total"] == len(data["scenarios"]) > 10
    assert data["audited"] == {
        "features": [str(DEALER)], "rules_file": None, "rules": None,
        "profiles": {"europoker": shipped_profile_file("europoker")},
    }
    assert data["areas"] == [{"house": "europoker", "area": "dealer", "passed": data["total"],
                              "failed": 0, "skipped": 0}]
    assert data["reports"] == {name: str(tmp_path / name)
                               for name in ("cucumber.json", "junit.xml", "report.html")}
    row = next(s for s in data["scenarios"] if s["example"] == "cards=T♠ 6♦, move=hits, "
                                                                 "total=hard 16")
    assert row["scenario"] == "the dealer draws below 17 and stops at 17 or more"
    assert row["status"] == "passed"
    note = find_house("europoker").notes["soft_17"]
    readings = [r for s in data["scenarios"] for r in s["readings"] if r["rule"] == "soft_17"]
    assert readings and readings[0] == {"rule": "soft_17", "text": note.reading,
                                        "why": note.why, "source": note.source}


def test_a_failing_audit_as_json_gives_expected_and_actual(tmp_path, capsys):
    house = wrong_europoker(tmp_path)
    cli = run_cli(capsys, "audit", "--json", "--quiet", "--rules-file", str(house),
                  "--features", str(DEALER))
    assert cli.code == 1
    data = json.loads(cli.out)
    assert data["ok"] is False and data["failed"] == 4
    assert data["audited"]["rules_file"] == str(house)
    failed = [s for s in data["scenarios"] if s["status"] == "failed"]
    assert failed[0]["expected"] == "the dealer stands on A♠ 6♦"
    assert failed[0]["actual"] == "the dealer hits on soft 17"


def test_the_human_summary_stays_the_default(capsys):
    cli = run_cli(capsys, "audit", "--quiet", "--features", str(DEALER))
    assert cli.code == 0
    assert cli.out.startswith("house ") and "passed, 0 failed" in cli.out


def test_the_steps_as_json(capsys):
    cli = run_cli(capsys, "audit", "--steps", "--json")
    assert cli.code == 0
    steps = json.loads(cli.out)
    assert len(steps) == len(CATALOGUE)
    paid = next(s for s in steps if s["pattern"] == "the player is paid {amount:Money}")
    assert (paid["language"], paid["keyword"], paid["example"]) == (
        "en", "Then", "Then the player is paid 22.50"
    )
