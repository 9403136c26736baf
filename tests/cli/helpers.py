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


def stdin_text(text: str) -> io.TextIOWrapper:
    """A stdin holding ``text``, as its UTF-8 bytes."""
    raw = io.BytesIO(text.encode("utf-8", "surrogateescape"))
    return io.TextIOWrapper(raw, encoding="utf-8", errors="surrogateescape")


def run_cli(capsys: pytest.CaptureFixture[str], *args: str,
            stdin: str | io.TextIOBase | None = "") -> CliRun:
    """Run ``trainer ARGS`` with ``stdin``, text or a stream (None: closed, as ``<&-``
    leaves it); return the exit status and output. Text is given as a real stdin gives it:
    UTF-8 bytes underneath (``sys.stdin.buffer``), undecodable ones as lone surrogates."""
    old_argv, old_stdin = sys.argv, sys.stdin
    sys.argv = ["trainer", *args]
    sys.stdin = (stdin_text(stdin) if isinstance(stdin, str)  # type: ignore[assignment]
                 else stdin)
    try:
        main()
        code = 0
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
    finally:
        sys.argv, sys.stdin = old_argv, old_stdin
    captured = capsys.readouterr()
    return CliRun(code, captured.out, captured.err)
