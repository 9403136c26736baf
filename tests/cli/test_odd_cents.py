"""Bets that are not a multiple of two cents: the command line pays whole cents."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.helpers import CliRun, run_cli
from trainer.audit.runner import run_features

Capsys = pytest.CaptureFixture[str]


def test_settle_pays_whole_cents_and_says_the_house_keeps_the_fraction(capsys: Capsys) -> None:
    round_ = {"dealer": ["9h", "Td"], "hands": [
        {"bet": "10.01", "cards": ["Ah", "Kd"]},
        {"bet": "10.01", "cards": ["9c", "7d"], "surrendered": True},
    ]}
    run = run_cli(capsys, "settle", "--rules", "classic-single-deck", stdin=json.dumps(round_))
    assert run.code == 0, run.err
    out = json.loads(run.out)
    assert [h["net"] for h in out["hands"]] == ["15.01", "-5.01"]
    assert out["net"] == "10"
    assert "15.015, paid as 15.01" in out["hands"][0]["rule"]
    assert "half is 5.005" in out["hands"][1]["rule"]


def test_a_profile_with_a_huge_payout_ratio_is_refused_in_one_line(capsys: Capsys,
                                                                   tmp_path: Path) -> None:
    source = Path(__file__).parents[2] / "trainer" / "houses" / "europoker.toml"
    text = source.read_text(encoding="utf-8")
    assert '[blackjack_pays]\nvalue = "3:2"' in text
    profile = tmp_path / "greedy.toml"
    profile.write_text(text.replace('[blackjack_pays]\nvalue = "3:2"',
                                    '[blackjack_pays]\nvalue = "' + "9" * 40 + ':1"'),
                       encoding="utf-8")
    run = run_cli(capsys, "rules", "show", "--rules-file", str(profile))
    assert run.code == 2 and run.err.count("\n") == 1
    assert "blackjack_pays" in run.err and "from 1 to 1000" in run.err


@pytest.mark.parametrize(("bet", "message"), [
    ("35.555", "hand 1: bet 35.555 has more than two decimals"),
    ("-5.0", "hand 1: bet -5.0 is not a non-negative amount"),
    ("true", "hand 1: bet true is not an amount"),
    ("null", "hand 1: bet null is not an amount"),
])
def test_a_bad_bet_is_named_as_the_round_wrote_it(capsys: Capsys, bet: str, message: str) -> None:
    round_ = '{"dealer": ["9h", "Td"], "hands": [{"bet": ' + bet + ', "cards": ["Ah", "Kd"]}]}'
    run = run_cli(capsys, "settle", "--rules", "europoker", stdin=round_)
    assert (run.code, run.err) == (2, f"trainer: error: {message}\n")


def test_the_largest_insurance_on_an_odd_cent_bet_is_the_cent_below_half(capsys: Capsys) -> None:
    def insured(stake: str) -> CliRun:
        round_ = {"dealer": ["As", "Kd"],
                  "hands": [{"bet": "10.01", "cards": ["9c", "7d"], "insurance": stake}]}
        return run_cli(capsys, "settle", "--rules", "europoker", stdin=json.dumps(round_))

    assert json.loads(insured("5.00").out)["hands"][0]["insurance_net"] == "10"
    refused = insured("5.01")
    assert refused.code == 2
    assert refused.err == ("trainer: error: hand 1: insurance 5.01 is more than 5 (1/2 of the "
                           "bet, to the cent below)\n")


def test_the_audit_step_reads_the_largest_insurance_the_same_way(tmp_path: Path) -> None:
    feature = tmp_path / "insurance.feature"
    feature.write_text("""Feature: insurance on an odd bet
  Scenario: half of 10.01, to the cent below
    Given the house rules "europoker"
    And a bet of 10.01 on 9♣ 7♦
    When the dealer shows A♠
    Then the insurance stake is at most 5.00
""", encoding="utf-8")
    run = run_features([feature])
    assert run.ok, [(r.expected, r.actual, r.message) for r in run.results]


@pytest.mark.parametrize("house", ["casino-classic", "spanish-21", "double-exposure"])
def test_every_profile_shows_the_whole_cents_reading(capsys: pytest.CaptureFixture[str],
                                                     house: str) -> None:
    """The cent rule holds at every house and no source states it: ``rules show`` says how it
    is read, and why, in text and JSON, like a reading of the house's own."""
    text = run_cli(capsys, "rules", "show", house)
    assert text.code == 0
    shown = ("every house: payouts in whole cents\n    READING: The table pays and takes whole "
             "cents; a fraction of a cent stays with the house (3:2 on 10.01 pays 15.01;")
    assert shown in text.out
    assert "1 reading for every house." in text.out
    data = json.loads(run_cli(capsys, "rules", "show", house, "--json").out)
    assert [r["key"] for r in data["every_house"]] == ["cents"]
    assert data["every_house"][0]["why"].startswith("No source names a bet of odd cents.")
