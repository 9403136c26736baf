"""Each option once: a repeated option is refused naming it, not won by its last word."""

from __future__ import annotations

import pytest

from tests.cli.helpers import run_cli

Capsys = pytest.CaptureFixture[str]
DRILL = ["drill", "--rules", "europoker", "--family", "dealer-draw"]


@pytest.mark.parametrize(("args", "named"), [
    (["settle", "--rules", "europoker", "--rules", "spanish-21"], "--rules is given 2 times"),
    ([*DRILL, "--seed", "1", "--seed", "2"], "--seed is given 2 times"),
    (["odds", "--rules", "europoker", "--upcard", "6", "--json", "--text"],
     "--json / --text is given 2 times"),
    (["rules", "show", "--rules=europoker", "--rules", "europoker", "--rules", "baden-baden"],
     "--rules is given 3 times"),
])
def test_an_option_given_twice_is_refused_not_won_by_its_last(
        capsys: Capsys, args: list[str], named: str) -> None:
    run = run_cli(capsys, *args)
    assert (run.code, run.out) == (2, "")
    assert run.err == f"trainer: error: {named}: give it once\n"


def test_help_is_shown_whatever_else_is_repeated(capsys: Capsys) -> None:
    run = run_cli(capsys, *DRILL, "--seed", "1", "--seed", "2", "--help")
    assert run.code == 0 and run.out.startswith("Usage: ") and "trainer drill" in run.out
