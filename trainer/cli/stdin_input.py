"""What a command reads from stdin: a closed stdin, or its end at a prompt, exits 2 in one
line saying what was needed (not a traceback, nor the ``aborted`` of a "no")."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator
from typing import IO, Any

import click

CLOSED = "no input: stdin is closed"


def need_stdin() -> None:
    """Refuse to read a stdin that is closed (``<&-``: Python has no ``sys.stdin`` then)."""
    if sys.stdin is None:
        raise click.ClickException(CLOSED)


@contextlib.contextmanager
def prompting(missing: str, *, end_line: bool = True) -> Iterator[None]:
    """Around a click prompt: end of input (Ctrl-D, an empty pipe) refuses with ``missing``;
    ``end_line`` ends the prompt's line first (a hidden prompt has ended it)."""
    need_stdin()
    try:
        yield
    except click.Abort as exc:
        if not isinstance(exc.__context__, EOFError):
            raise  # Ctrl-C, or an answer of "no"
        if end_line:
            click.echo(err=True)
        raise click.ClickException(missing) from None


def confirm(question: str, remedy: str) -> None:
    """Ask ``question`` on stderr; "no" aborts; a closed stdin, or its end, refuses saying
    ``remedy`` (how to answer without one, e.g. "pass --yes to ...")."""
    if sys.stdin is None:
        raise click.ClickException(f"{CLOSED}; {remedy}")
    with prompting(f"no confirmation on stdin: {remedy}"):
        click.confirm(question, abort=True, err=True)


class InputFile(click.File):
    """``click.File`` for reading, whose ``-`` (stdin) is refused in one line when closed."""

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> IO[Any]:
        if value == "-":
            need_stdin()
        return super().convert(value, param, ctx)
