"""``trainer drill``: a question as JSON without its answer, verdicts, the family list, errors."""

from __future__ import annotations

import json

import pytest

from tests.cli.helpers import run_cli
from trainer.drills import generate

Capsys = pytest.CaptureFixture[str]
BASE = ("drill", "--rules", "europoker", "--family", "blackjack-payout", "--seed", "11")


def test_question_json_has_no_answer(capsys: Capsys) -> None:
    run = run_cli(capsys, *BASE)
    assert run.code == 0, run.err
    data = json.loads(run.out)
    question = generate("europoker", "blackjack-payout", 11)
    assert data == question.public()
    assert "expected" not in data and "explanation" not in data


def test_reveal_adds_the_answer(capsys: Capsys) -> None:
    data = json.loads(run_cli(capsys, *BASE, "--reveal").out)
    assert data == generate("europoker", "blackjack-payout", 11).to_dict()


def test_answer_prints_the_verdict(capsys: Capsys) -> None:
    question = generate("europoker", "blackjack-payout", 11)
    typed = question.answer_text.replace(".", ",")
    right = json.loads(run_cli(capsys, *BASE, "--answer", typed).out)
    assert right["correct"] is True and "europoker" in right["explanation"]
    wrong = json.loads(run_cli(capsys, *BASE, "--answer", "1").out)
    assert wrong["correct"] is False and wrong["expected"] == question.expected_text


def test_difficulty_and_determinism(capsys: Capsys) -> None:
    args = ("drill", "--rules", "spanish-21", "--family", "dealer-draw", "--seed", "3",
            "--difficulty", "hard")
    assert run_cli(capsys, *args).out == run_cli(capsys, *args).out
    assert json.loads(run_cli(capsys, *args).out)["difficulty"] == "hard"


def test_list(capsys: Capsys) -> None:
    run = run_cli(capsys, "drill", "--list")
    assert run.code == 0
    assert "dealer-draw" in run.out and "classic-single-deck, europoker, russian-casino" in run.out
    listed = json.loads(run_cli(capsys, "drill", "--list", "--json").out)
    even = next(f for f in listed if f["name"] == "even-money")
    assert even["houses"] == ["blackjack-switch", "casino-classic", "classic-single-deck",
                             "europoker", "russian-casino"]


@pytest.mark.parametrize(("args", "message"), [
    (("--rules", "europoker", "--family", "poker"), "unknown drill family 'poker'"),
    (("--rules", "atlantis", "--family", "dealer-draw"), "unknown house 'atlantis'"),
    (("--rules", "europoker", "--family", "surrender"), "does not apply to europoker"),
    (("--rules", "europoker", "--family", "dealer-draw", "--difficulty", "x"),
     "unknown difficulty 'x'"),
    ((*BASE[1:], "--answer", "abc"), "'abc' is not an amount"),
    ((*BASE[1:], "--answer", "-5"), "not an amount"),
    (("--rules", "europoker", "--family", "dealer-draw", "--answer", "hit"), "--seed"),
    (("--rules", "europoker"), "missing --family"),
    ((*BASE[1:-1], "-11"), "seed -11 must be 0 or more"),
    ((*BASE[1:-1], "-11", "--answer", "52.50"), "seed -11 must be 0 or more"),
    (("--family", "dealer-draw"), "missing --rules"),
])
def test_errors_exit_2_with_one_line(capsys: Capsys, args: tuple[str, ...], message: str) -> None:
    run = run_cli(capsys, "drill", *args)
    assert run.code == 2
    assert message in run.err
    assert run.err.count("\n") == 1 and run.out == ""


def test_every_net_that_does_not_read_is_named(capsys: Capsys) -> None:
    run = run_cli(capsys, "drill", "--rules", "europoker", "--family", "table-settlement",
                  "--seed", "5", "--answer", "-96; abc; 0; 1..5; -55")
    assert run.code == 2 and run.out == ""
    assert run.err == ("trainer: error: Box 2: 'abc' and box 4: '1..5' are not amounts "
                       "(use + or - and digits with at most two decimals, no thousands "
                       "separator, e.g. -10 or 1250.50)\n")


def test_fresh_seed_when_none_is_given(capsys: Capsys) -> None:
    data = json.loads(run_cli(capsys, "drill", "--rules", "europoker", "--family",
                              "hand-reading").out)
    again = run_cli(capsys, "drill", "--rules", "europoker", "--family", "hand-reading",
                    "--seed", str(data["seed"]))
    assert json.loads(again.out) == data


def test_own_house_file(capsys: Capsys, tmp_path) -> None:
    from pathlib import Path

    text = (Path(__file__).parents[2] / "trainer/houses/europoker.toml").read_text()
    mine = tmp_path / "club.toml"
    mine.write_text(text.replace('name = "europoker"', 'name = "club"', 1))
    run = run_cli(capsys, "drill", "--rules-file", str(mine), "--family", "insurance",
                  "--seed", "2", "--reveal")
    assert run.code == 0, run.err
    data = json.loads(run.out)
    assert data["house"] == "club" and "club" in data["explanation"]


def test_list_for_one_house(capsys: Capsys) -> None:
    listed = json.loads(run_cli(capsys, "drill", "--list", "--json", "--rules", "europoker").out)
    names = [f["name"] for f in listed]
    assert "even-money" in names and "surrender" not in names and "spanish-21-bonus" not in names


def test_every_family_at_every_house_through_the_cli(capsys: Capsys) -> None:
    from trainer.drills import load_families
    from trainer.engine.houses import shipped_houses

    for family in load_families().values():
        for house in shipped_houses().values():
            if not family.applies_to(house):
                continue
            args = ("drill", "--rules", house.name, "--family", family.name, "--seed", "5")
            shown = json.loads(run_cli(capsys, *args, "--reveal").out)
            verdict = json.loads(run_cli(capsys, *args, "--answer", shown["expected"]).out)
            assert verdict["correct"], (house.name, family.name, verdict)
            assert house.name in verdict["explanation"]
