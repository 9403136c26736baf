"""A stated rule broken in a copy of its profile fails a shipped scenario: each case here is
a rule that once had no scenario able to fail (a review mutated every profile rule)."""

from __future__ import annotations

from pathlib import Path

import pytest

from trainer.audit.runner import run_features

ROOT = Path(__file__).resolve().parents[2]
ONE_CARD_AFTER_A_DOUBLE = ("baden-baden", "blackjack-switch", "casino-classic",
                           "classic-single-deck", "double-exposure", "double-exposure-online",
                           "europoker", "russian-casino")
MUTATIONS = [
    *[(house, "max_doubles", "1", "2") for house in ONE_CARD_AFTER_A_DOUBLE],
    ("double-exposure-online", "dealer_draws_when_no_live_hands", "false", "true"),
    ("double-exposure", "double_after_split", "false", "true"),
    ("double-exposure", "split_aces_max_hands", "2", "3"),
    ("blackjack-switch", "ties", '"push"', '"lose"'),
    ("blackjack-switch", "split_match", '"value"', '"rank"'),
    ("classic-single-deck", "surrender_after_double", "false", "true"),
    ("europoker", "surrender", "false", "true"),
]


@pytest.mark.parametrize(("house", "key", "stated", "broken"), MUTATIONS,
                         ids=[f"{house}-{key}" for house, key, _, _ in MUTATIONS])
def test_a_broken_rule_fails_a_scenario_of_its_house(tmp_path: Path, house: str, key: str,
                                                     stated: str, broken: str) -> None:
    text = (ROOT / "trainer" / "houses" / f"{house}.toml").read_text(encoding="utf-8")
    line = f"[{key}]\nvalue = {stated}\n"
    assert text.count(line) == 1, f"{house}.toml no longer states {key} = {stated}"
    profile = tmp_path / f"{house}.toml"
    profile.write_text(text.replace(line, f"[{key}]\nvalue = {broken}\n"), encoding="utf-8")
    run = run_features([ROOT / "features" / house], rules_file=profile)
    assert run.failed and not run.errors, f"no {house} scenario fails with {key} = {broken}"
