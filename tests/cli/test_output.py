"""Output that cannot be written (a full disk: ``>/dev/full``) ends in one line, exit 2."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

FULL = Path("/dev/full")


@pytest.mark.skipif(not FULL.exists(), reason="needs /dev/full")
@pytest.mark.parametrize("command", [["rules", "list"], ["drill", "--list", "--json"],
                                     ["rules", "show", "europoker", "--json"]])
def test_a_full_stdout_is_named_in_one_line(command: list[str]) -> None:
    with FULL.open("w") as full:
        run = subprocess.run([sys.executable, "-m", "trainer", *command], stdout=full,
                             stderr=subprocess.PIPE, text=True, check=False)
    assert run.returncode == 2
    assert run.stderr == ("trainer: error: a write failed (the output or a file being written):"
                          " No space left on device\n")


def test_a_reader_gone_ends_quietly() -> None:
    """``| head``: the pipe's reader went away, which is no error of the command's."""
    run = subprocess.run(f"{sys.executable} -m trainer audit --steps | (exec 0<&-; sleep 1)",
                         shell=True, stderr=subprocess.PIPE, text=True, check=False)
    assert "Traceback" not in run.stderr and run.stderr == ""


@pytest.mark.parametrize("command", ["rules list", "settle --rules europoker"])
def test_a_closed_stdout_is_refused_not_printed_to_nowhere(command: str) -> None:
    """``>&-``: Python starts with no stdout and print() writes nothing, so every result
    was lost with exit 0."""
    run = subprocess.run(f"{sys.executable} -m trainer {command} >&-", shell=True, text=True,
                         input='{"dealer": ["9h", "Td"], "hands": [{"bet": "10", "cards":'
                               ' ["Kh", "9d"]}]}', stderr=subprocess.PIPE, check=False)
    assert run.returncode == 2
    assert run.stderr == ("trainer: error: the output is closed (>&-): there is nowhere to"
                          " write the result\n")


def test_a_command_whose_output_is_no_result_runs_with_stdout_closed(tmp_path: Path) -> None:
    """``trainer serve >&- 2>>log &`` ran before the closed-stdout refusal: so does init-db."""
    database = tmp_path / "t.db"
    run = subprocess.run(f"{sys.executable} -m trainer init-db --database {database} >&-",
                         shell=True, text=True, stderr=subprocess.PIPE, check=False)
    assert (run.returncode, run.stderr) == (0, "")
    assert database.exists()
