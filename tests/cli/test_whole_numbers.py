"""Every whole-number option takes ASCII digits only (``int`` also reads ``５`` and ``1_000``),
and ``drill --list`` refuses the options of a question it would ignore."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.helpers import run_cli

Capsys = pytest.CaptureFixture[str]
DRILL = ["drill", "--rules", "europoker", "--family", "dealer-draw"]


@pytest.fixture(autouse=True)
def no_serving(monkeypatch: pytest.MonkeyPatch) -> None:
    from trainer.cli import web

    monkeypatch.setattr(web, "serve_wsgi", lambda *args: None)


@pytest.mark.parametrize(("command", "option"), [
    (["simulate", "--rules", "europoker"], "--rounds"),
    (["simulate", "--rules", "europoker", "--rounds", "5"], "--seed"),
    (["simulate", "--rules", "europoker", "--rounds", "5"], "--workers"),
    (DRILL, "--seed"),
    (["serve"], "--port"), (["serve"], "--workers"), (["serve"], "--threads"),
    (["demo"], "--port"),
])
@pytest.mark.parametrize("value", ["５", "٣", "1_0", " 5", "+5", "5.0", "0x10", ""])
def test_a_whole_number_in_other_digits_is_refused_naming_it(
        capsys: Capsys, tmp_path: Path, command: list[str], option: str, value: str) -> None:
    args = [*command, option, value]
    if command[0] in ("serve", "demo"):
        args += ["--database", str(tmp_path / "t.db")]
    run = run_cli(capsys, *args)
    assert (run.code, run.out) == (2, "")
    assert run.err == (f"trainer: error: Invalid value for '{option}': {value!r} is not a "
                       "whole number in ASCII digits (0-9)\n")


def test_ascii_digits_and_a_negative_seed_still_read(capsys: Capsys) -> None:
    run = run_cli(capsys, "simulate", "--rules", "europoker", "--rounds", "3", "--seed", "-3",
                  "--json")
    assert run.code == 0, run.err
    assert '"seed": -3' in run.out and '"rounds": 3' in run.out
    out_of_range = run_cli(capsys, "simulate", "--rules", "europoker", "--rounds", "0")
    assert out_of_range.code == 2 and "0 is not in the range 1<=x<=" in out_of_range.err
    drill = run_cli(capsys, *DRILL, "--seed", "-7")  # the drill says why it takes none
    assert drill.code == 2 and "seed -7 must be 0 or more" in drill.err


def test_help_shows_no_range_for_a_number_without_bounds(capsys: Capsys) -> None:
    run = run_cli(capsys, "simulate", "--help")
    assert "x<=None" not in run.out and "[default: 0]" in run.out


@pytest.mark.parametrize("extra", [["--family", "dealer-draw"], ["--seed", "3"],
                                   ["--difficulty", "hard"], ["--answer", "17"], ["--reveal"]])
def test_drill_list_refuses_the_options_of_a_question(capsys: Capsys,
                                                      extra: list[str]) -> None:
    run = run_cli(capsys, "drill", "--list", *extra)
    assert (run.code, run.out) == (2, "")
    assert run.err == ("trainer: error: --list lists the families: it takes only --rules or "
                       f"--rules-file and --json (got {extra[0]})\n")


def test_an_empty_difficulty_is_refused_not_read_as_the_default(capsys: Capsys) -> None:
    run = run_cli(capsys, *DRILL, "--seed", "1", "--difficulty", "")
    assert (run.code, run.out) == (2, "")
    assert run.err == ("trainer: error: Invalid value for '--difficulty': '' is empty: it "
                       "names nothing\n")


ZEROS = "0" * 5000


def test_zeros_in_front_count_for_nothing_however_many(capsys: Capsys) -> None:
    run = run_cli(capsys, "simulate", "--rules", "europoker", "--rounds", ZEROS + "3",
                  "--seed", "-" + ZEROS + "7", "--workers", ZEROS + "1", "--json")
    assert run.code == 0, run.err
    assert '"seed": -7' in run.out and '"rounds": 3' in run.out
    drill = run_cli(capsys, *DRILL, "--seed", ZEROS + "7")
    assert drill.code == 0, drill.err
    assert '"key": "europoker/dealer-draw/medium/7"' in drill.out


@pytest.mark.parametrize(("option", "range_"), [("--rounds", "1<=x<=1000000000"),
                                                ("--workers", "1<=x<=64")])
def test_a_number_too_long_for_its_range_is_named_by_its_start(
        capsys: Capsys, option: str, range_: str) -> None:
    rounds = [] if option == "--rounds" else ["--rounds", "3"]
    run = run_cli(capsys, "simulate", "--rules", "europoker", *rounds, option, "9" * 5000)
    assert (run.code, run.out) == (2, "")
    assert run.err == (f"trainer: error: Invalid value for '{option}': {'9' * 40}... "
                       f"(5,000 characters) is not in the range {range_}.\n")


def test_a_seed_longer_than_any_number_is_refused_in_a_short_line(capsys: Capsys) -> None:
    run = run_cli(capsys, *DRILL, "--seed", "1" + ZEROS)
    assert (run.code, run.out) == (2, "")
    assert run.err == (f"trainer: error: Invalid value for '--seed': 1{'0' * 39}... "
                       "(5,001 characters) has more digits than a number can (4,300)\n")



def test_numbers_still_read_with_python_s_digit_limit_off(
        capsys: Capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    """``PYTHONINTMAXSTRDIGITS=0`` lifts the limit: ``sys.get_int_max_str_digits()`` is 0."""
    monkeypatch.setattr("sys.get_int_max_str_digits", lambda: 0)
    run = run_cli(capsys, *DRILL, "--seed", "5")
    assert run.code == 0, run.err
