"""``trainer odds``, ``trainer simulate`` and the edge line of ``trainer rules show``."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from fractions import Fraction

import pytest

from tests.cli.helpers import run_cli
from trainer.odds.simulate import Tally, run_chunk

Capsys = pytest.CaptureFixture[str]
KEYS = ["17", "18", "19", "20", "21", "blackjack", "bust"]


def test_odds_contract(capsys: Capsys) -> None:
    run = run_cli(capsys, "odds", "--rules", "europoker", "--upcard", "6", "--decks", "inf")
    assert run.code == 0
    data = json.loads(run.out)
    assert list(data) == KEYS
    assert round(data["bust"] * 100, 2) == 42.32
    assert round(data["17"] * 100, 2) == 16.54


def test_odds_blackjack_under_an_ace_exact(capsys: Capsys) -> None:
    run = run_cli(capsys, "odds", "--rules", "russian-casino", "--upcard", "A", "--exact")
    assert json.loads(run.out)["blackjack"] == "96/311"  # 16*6 / (52*6 - 1)
    run = run_cli(capsys, "odds", "--rules", "spanish-21", "--upcard", "A", "--exact")
    assert json.loads(run.out)["blackjack"] == "72/287"  # 12*6 / (48*6 - 1)


def test_odds_all_and_peeked(capsys: Capsys) -> None:
    run = run_cli(capsys, "odds", "--rules", "casino-classic", "--all", "--peeked")
    data = json.loads(run.out)
    assert list(data) == ["2", "3", "4", "5", "6", "7", "8", "9", "T", "A"]
    assert all(row["blackjack"] == 0 for row in data.values())
    assert all(abs(sum(row.values()) - 1) < 1e-9 for row in data.values())


def test_odds_text_table(capsys: Capsys) -> None:
    run = run_cli(capsys, "odds", "--rules", "spanish-21", "--all", "--text")
    assert run.code == 0
    assert "H17" in run.out.splitlines()[0]
    assert len(run.out.splitlines()) == 12


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["--upcard", "X"], "'X'"),
        (["--upcard", "6", "--decks", "0"], "'0'"),
        (["--upcard", "6", "--decks", "many"], "'many'"),
        (["--upcard", "6", "--decks", "²"], "'²'"),
        (["--upcard", "6", "--decks", "٣"], "'٣'"),
        ([], "--upcard"),
        (["--upcard", "6", "--text", "--exact"], "--exact"),  # the table is in percent
    ],
)
def test_odds_refusals_exit_2_in_one_line(capsys: Capsys, args: list[str], named: str) -> None:
    run = run_cli(capsys, "odds", "--rules", "europoker", *args)
    assert run.code == 2
    assert run.out == ""
    assert len(run.err.strip().splitlines()) == 1 and named in run.err


def test_a_dealer_22_apart_from_bust_where_it_pushes(capsys: Capsys) -> None:
    """At Blackjack Switch a dealer 22 pushes every standing hand: it is no bust to bet on."""
    switch = json.loads(run_cli(capsys, "odds", "--rules", "blackjack-switch", "--upcard", "6",
                                "--exact").out)
    assert list(switch) == ["17", "18", "19", "20", "21", "blackjack", "22", "bust"]
    same_shoe = json.loads(run_cli(capsys, "odds", "--rules", "casino-classic", "--upcard", "6",
                                   "--decks", "6", "--exact").out)  # S17 too, 22 a bust
    assert Fraction(switch["22"]) + Fraction(switch["bust"]) == Fraction(same_shoe["bust"])
    assert round(float(Fraction(switch["22"])) * 100, 2) == 8.52
    table = run_cli(capsys, "odds", "--rules", "blackjack-switch", "--all", "--text").out
    assert "a dealer 22 pushes, bust is 23 or more" in table.splitlines()[0]
    assert table.splitlines()[1].split() == ["up", *switch]


@pytest.mark.parametrize("upcard", ["T", "10", "t"])
def test_odds_reads_t_as_a_ten_valued_up_card_in_spanish_decks(capsys: Capsys,
                                                               upcard: str) -> None:
    """The up card is a rank: T is a ten-valued card, J, Q or K where there are no pip tens,
    the same row as the T of ``--all``."""
    run = run_cli(capsys, "odds", "--rules", "spanish-21", "--upcard", upcard, "--exact")
    assert run.code == 0, run.err
    king = run_cli(capsys, "odds", "--rules", "spanish-21", "--upcard", "K", "--exact").out
    table = json.loads(run_cli(capsys, "odds", "--rules", "spanish-21", "--all", "--exact").out)
    assert json.loads(run.out) == json.loads(king) == table["T"]
    assert json.loads(run.out)["blackjack"] == "24/287"  # an ace under it: 4*6 / (48*6 - 1)


def test_simulate_json_is_reproducible(capsys: Capsys) -> None:
    args = ["simulate", "--rules", "europoker", "--rounds", "400", "--seed", "5", "--json"]
    first = run_cli(capsys, *args)
    second = run_cli(capsys, *args)
    assert first.code == 0
    assert first.out == second.out
    data = json.loads(first.out)
    assert data["rounds"] == 400 and data["computed_edge_percent"] == 0.6902
    assert data["strategy"]["pairs"]["8,8"][0] == "P"
    assert "simulating" in first.err


def test_simulate_text(capsys: Capsys) -> None:
    run = run_cli(capsys, "simulate", "--rules", "blackjack-switch", "--rounds", "50")
    assert run.code == 0
    assert "50 rounds, 100 hands" in run.out
    assert "basic strategy" in run.out


def test_rules_show_prints_the_edge(capsys: Capsys) -> None:
    run = run_cli(capsys, "rules", "show", "europoker")
    assert run.out.strip().splitlines()[-1].startswith("house edge: 0.69% of each bet")


@pytest.mark.parametrize(("house", "note"), [
    ("classic-single-deck", "; this house deals 1 deck(s), where the edge is usually lower "
                            "(`trainer simulate --rules classic-single-deck` plays its own shoe)"),
    ("russian-casino", ""),  # six decks play close to an infinite deck
])
def test_the_edge_line_says_when_few_decks_lower_the_edge(capsys: Capsys, house: str,
                                                          note: str) -> None:
    """Simulated on its own shoe a single deck gives about 0.95%, not the 1.22% computed."""
    last = run_cli(capsys, "rules", "show", house).out.strip().splitlines()[-1]
    assert last.endswith("no insurance" + note)


@pytest.mark.parametrize("rounds", ["0", "1000000001", "99999999999999999999999"])
def test_simulate_refuses_a_round_count_out_of_range_in_one_line(capsys: Capsys,
                                                                 rounds: str) -> None:
    """Above a billion rounds the run would take days, and its chunk list the memory."""
    run = run_cli(capsys, "simulate", "--rules", "europoker", "--rounds", rounds)
    assert run.code == 2 and run.err.count("\n") == 1
    assert f"{rounds} is not in the range 1<=x<=1000000000" in run.err


def _own_group_with_ctrl_c() -> None:
    os.setsid()
    signal.signal(signal.SIGINT, signal.SIG_DFL)  # whatever this test run ignores


def test_ctrl_c_stops_a_simulation_with_workers_in_one_line() -> None:
    """Ctrl-C signals the terminal's whole process group: the workers as well."""
    command = [sys.executable, "-m", "trainer", "simulate", "--rules", "europoker",
               "--rounds", "100000000", "--workers", "2"]
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                          preexec_fn=_own_group_with_ctrl_c) as process:
        assert process.stderr is not None
        assert process.stderr.read(len("simulating")) == "simulating"
        time.sleep(2)  # the workers are playing
        os.killpg(process.pid, signal.SIGINT)
        out, err = process.communicate(timeout=60)
    assert process.returncode == 130  # 128 + SIGINT, as a shell reports it
    assert err.strip().endswith("trainer: interrupted") and "Traceback" not in err
    if out:  # a chunk finished in the two seconds: the rounds played are reported
        assert "of 100000000 not played)" in out.splitlines()[0]


def test_sigterm_stops_a_simulation_with_workers_without_a_traceback() -> None:
    """``kill`` signals the parent alone: its workers were left to fail, each printing a
    BrokenPipeError traceback, once it was gone."""
    command = [sys.executable, "-m", "trainer", "simulate", "--rules", "europoker",
               "--rounds", "100000000", "--workers", "2"]
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True) as process:
        assert process.stderr is not None
        assert process.stderr.read(len("simulating")) == "simulating"
        time.sleep(2)  # the workers are playing
        process.terminate()
        _out, err = process.communicate(timeout=60)  # to EOF: the workers hold stderr too
    assert process.returncode == 128 + signal.SIGTERM
    assert "Traceback" not in err and "Error" not in err, err


def _stopped_after_one_chunk(rules: object, rounds: int, seed: int, workers: int = 1,
                             infinite: bool = False) -> Iterator[Tally]:
    yield run_chunk(rules, seed, 0, 200)  # type: ignore[arg-type]
    raise KeyboardInterrupt


def test_ctrl_c_reports_the_rounds_played_and_exits_130(capsys: Capsys,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("trainer.cli.odds.simulate", _stopped_after_one_chunk)
    run = run_cli(capsys, "simulate", "--rules", "europoker", "--rounds", "1000", "--json")
    assert run.code == 130 and run.err.endswith("trainer: interrupted\n")
    result = json.loads(run.out)
    assert (result["rounds"], result["interrupted"]) == (200, True)
    text = run_cli(capsys, "simulate", "--rules", "europoker", "--rounds", "1000")
    assert "europoker: 200 rounds, 209 hands played, splits included (seed 0, 1 worker(s), " \
           "interrupted: 800 of 1000 not played)" in text.out
    monkeypatch.undo()
    whole = json.loads(run_cli(capsys, "simulate", "--rules", "europoker", "--rounds", "20",
                               "--json").out)
    assert whole["interrupted"] is False
