"""Run the ``trainer`` command in-process, as a user would from a shell."""

from __future__ import annotations

import io
import sys
from dataclasses import dataclass

import pytest

from trainer.cli import main


@dataclass
class CliRun:
    """What one command printed and its exit status."""

    code: int
    out: str
    err: str


def run_cli(capsys: pytest.CaptureFixture[str], *args: str,
            stdin: str | io.TextIOBase | None = "") -> CliRun:
    """Run ``trainer ARGS`` with ``stdin``, text or a stream (None: closed, as ``<&-``
    leaves it); return the exit status and output."""
    old_argv, old_stdin = sys.argv, sys.stdin
    sys.argv = ["trainer", *args]
    sys.stdin = io.StringIO(stdin) if isinstance(stdin, str) else stdin  # type: ignore[assignment]
    try:
        main()
        code = 0
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
    finally:
        sys.argv, sys.stdin = old_argv, old_stdin
    captured = capsys.readouterr()
    return CliRun(code, captured.out, captured.err)
