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
