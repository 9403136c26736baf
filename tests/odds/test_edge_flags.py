"""The house-edge flags: a house whose edge is the player's, the readings behind it, and the
audit that fails a house requiring a house edge."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest

from tests.cli.helpers import run_cli
from trainer.engine.houses import ProfileError, load_house_file, shipped_houses
from trainer.odds.edge_flags import edge_flag

SWITCH = Path(__file__).parents[2] / "trainer" / "houses" / "blackjack-switch.toml"
FEATURE = Path(__file__).parents[2] / "features" / "blackjack-switch" / "shoe.feature"


def three_to_two(tmp_path: Path, requires: bool = True) -> Path:
    """Blackjack Switch read the other way: blackjack 3:2, the alternative 1:1."""
    text = SWITCH.read_text(encoding="utf-8")
    text = text.replace('name = "blackjack-switch"', 'name = "switch-three-to-two"')
    text = text.replace('value = "1:1"\nalternative = "3:2"', 'value = "3:2"\nalternative = "1:1"')
    if not requires:
        text = text.replace("requires_house_edge = true", "requires_house_edge = false")
    path = tmp_path / "switch.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_every_shipped_house_requires_and_has_a_house_edge() -> None:
    for house in shipped_houses().values():
        flag = edge_flag(house)
        assert house.requires_house_edge
        assert not flag.favours_player and not flag.fails and flag.lines() == []


@pytest.mark.parametrize(("house", "edge", "key", "alternative", "other", "effect"), [
    ("blackjack-switch", "0.36", "blackjack_pays", "3:2", "-1.87", "-2.24"),
    ("europoker", "0.69", "dealer_blackjack_takes", "all", "0.80", "0.11"),
    ("russian-casino", "0.29", "surrender_vs_ace", "true", "-0.10", "-0.38"),
])
def test_each_contested_reading_switched_alone(house: str, edge: str, key: str,
                                               alternative: str, other: str,
                                               effect: str) -> None:
    flag = edge_flag(shipped_houses()[house])
    assert flag.house_edge == Decimal(edge)
    [reading] = flag.readings
    assert (reading.key, reading.alternative, reading.house_edge, reading.effect) == (
        key, alternative, Decimal(other), Decimal(effect))


def test_a_house_with_the_player_s_edge_is_flagged_with_the_reading_behind_it(
        tmp_path: Path) -> None:
    flag = edge_flag(load_house_file(three_to_two(tmp_path)))
    assert (flag.house_edge, flag.favours_player, flag.fails) == (Decimal("-1.87"), True, True)
    assert flag.lines() == [
        "FLAG switch-three-to-two: house edge -1.87%: the player has the edge; the profile "
        "requires a house edge",
        "  readings that cause it (each switched alone to its alternative):",
        "  - blackjack_pays = 3:2 (alternative 1:1): +2.24 points, house edge 0.36%",
    ]


def test_without_requires_house_edge_the_house_is_flagged_but_does_not_fail(
        tmp_path: Path) -> None:
    flag = edge_flag(load_house_file(three_to_two(tmp_path, requires=False)))
    assert flag.favours_player and not flag.fails
    assert flag.lines()[0] == "FLAG switch-three-to-two: house edge -1.87%: the player has the edge"


def test_rules_show_flags_the_house(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run = run_cli(capsys, "rules", "show", "--rules-file", str(three_to_two(tmp_path)))
    assert run.code == 0
    assert run.out.splitlines()[-3:] == edge_flag(
        load_house_file(three_to_two(tmp_path))).lines()
    shipped = run_cli(capsys, "rules", "show", "europoker")
    assert "FLAG" not in shipped.out


def test_rules_show_json_carries_each_alternative_and_the_flag(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run = run_cli(capsys, "rules", "show", "--json", "--rules-file",
                  str(three_to_two(tmp_path)))
    assert run.code == 0
    shown = json.loads(run.out)
    [pays] = [rule for rule in shown["rules"] if rule["key"] == "blackjack_pays"]
    assert (pays["value"], pays["alternative"]) == ("3:2", "1:1")
    assert all(rule["alternative"] is None for rule in shown["rules"] if rule is not pays)
    assert shown["house_edge"] == {
        "house": "switch-three-to-two", "house_edge": "-1.87", "favours_player": True,
        "requires_house_edge": True, "fails": True, "causes": ["blackjack_pays"],
        "readings": [{"key": "blackjack_pays", "value": "3:2", "alternative": "1:1",
                      "house_edge": "0.36", "effect": "2.24"}]}


def test_the_audit_fails_a_house_that_requires_a_house_edge(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run = run_cli(capsys, "audit", "--rules-file", str(three_to_two(tmp_path)),
                  "--features", str(FEATURE), "--quiet")
    assert run.code == 1
    assert "switch-three-to-two  house edge  -1.87%  FAILED: requires a house edge" in run.out
    assert "  - blackjack_pays = 3:2 (alternative 1:1): +2.24 points, house edge 0.36%" in run.out
    assert run.err.strip().splitlines()[-1] == (
        "trainer: switch-three-to-two requires a house edge; its computed edge is -1.87%")


def test_the_audit_only_flags_a_house_that_does_not_require_one(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run = run_cli(capsys, "audit", "--rules-file", str(three_to_two(tmp_path, requires=False)),
                  "--features", str(FEATURE), "--quiet", "--json")
    assert run.code == 0
    [edge] = json.loads(run.out)["house_edges"]
    assert (edge["house_edge"], edge["favours_player"], edge["fails"], edge["causes"]) == (
        "-1.87", True, False, ["blackjack_pays"])
    assert edge["readings"][0]["effect"] == "2.24"


def test_a_shipped_house_audits_with_its_edge(capsys: pytest.CaptureFixture[str]) -> None:
    run = run_cli(capsys, "audit", "--rules", "blackjack-switch", "--features", str(FEATURE),
                  "--quiet")
    assert run.code == 0
    assert "blackjack-switch  house edge   0.36%  ok" in run.out


def test_an_alternative_must_be_another_value(tmp_path: Path) -> None:
    text = SWITCH.read_text(encoding="utf-8").replace('alternative = "3:2"', 'alternative = "1:1"')
    path = tmp_path / "same.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ProfileError, match="blackjack_pays: an 'alternative' is another value"):
        load_house_file(path)


def test_an_alternative_needs_a_reading(tmp_path: Path) -> None:
    text = SWITCH.read_text(encoding="utf-8").replace(
        '[decks]\nvalue = 6\n', '[decks]\nvalue = 6\nalternative = 8\n')
    path = tmp_path / "bare.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ProfileError, match="decks: an 'alternative' is another value"):
        load_house_file(path)
