"""The ``trainer`` command line: every command prints JSON or text, errors exit 2 in one line."""

from __future__ import annotations

import contextlib
import errno
import os
import re
import signal
import sys
from typing import NoReturn

import click

from trainer.cli.audit import audit_command
from trainer.cli.backup import backup_command, restore_command
from trainer.cli.drill import drill_command
from trainer.cli.history import generate_history_command
from trainer.cli.odds import odds_command, simulate_command
from trainer.cli.once import OnceOptionsGroup
from trainer.cli.play import dealer_command, settle_command
from trainer.cli.rules import rules_group
from trainer.cli.web import (
    create_user_command,
    demo_command,
    init_db_command,
    serve_command,
)
from trainer.engine.errors import EngineError
from trainer.instance_folder import InstanceFolderError


@click.group(cls=OnceOptionsGroup)
def cli() -> None:
    """Blackjack dealer trainer: house rules, drills and rule audits."""


cli.add_command(rules_group)
cli.add_command(dealer_command)
cli.add_command(settle_command)
cli.add_command(odds_command)
cli.add_command(simulate_command)
cli.add_command(drill_command)
cli.add_command(serve_command)
cli.add_command(demo_command)
cli.add_command(init_db_command)
cli.add_command(create_user_command)
cli.add_command(audit_command)
cli.add_command(backup_command)
cli.add_command(restore_command)
cli.add_command(generate_history_command)

_INTERRUPTED = 128 + signal.SIGINT  # a shell's status for a command ended by Ctrl-C
_LINE_BREAK = re.compile(r"\s*\n\s*")
SHOWN_CHARS = 40
"""How much of a long word (a value of thousands of characters) an error line shows."""
_LONG_WORD = re.compile(r"(?P<quote>['\"]?)(?P<word>[^\s'\"/]{256,})(?P=quote)")
"""A word longer than any file name (255 bytes): a path is never cut, a pasted value is."""
LONGEST_LINE = 10_000
"""An error line longer than this, its long words cut already, is cut too: room for two
paths of the longest (4,096), not for a pasted page of short words."""


def _shortened(found: re.Match[str]) -> str:
    quote, word = found["quote"], found["word"]
    return f"{quote}{word[:SHOWN_CHARS]}...{quote} ({len(word):,} characters)"


def _refuse(message: str) -> NoReturn:
    """Exit 2 with ``message`` as one line on stderr (click lists a choice on lines of its
    own); a long word in it, a value typed or pasted, is cut to its start and its length."""
    line = _LONG_WORD.sub(_shortened, _LINE_BREAK.sub(" ", message.strip()))
    if len(line) > LONGEST_LINE:  # a pasted value of many short words
        line = f"{line[:LONGEST_LINE]}... ({len(line):,} characters in all)"
    click.echo(f"trainer: error: {line}", err=True)
    sys.exit(2)


_OUTPUT_ERRORS = {errno.ENOSPC, errno.EIO, errno.EDQUOT, errno.EFBIG}
"""A write to stdout that failed: a full disk (``>/dev/full``), a device gone.  A reader
gone (``| head``, EPIPE) click ends itself, quietly, as a pipe's writer should."""


def _output_failed(exc: OSError) -> bool:
    """Whether ``exc`` is a write failing: the output, or a file written by name (only its
    opening names it), so the message names neither."""
    return exc.filename is None and exc.errno in _OUTPUT_ERRORS


def _drop_output() -> None:
    """Point stdout at /dev/null, so Python's own flush at exit fails no second time."""
    with contextlib.suppress(OSError, ValueError, AttributeError):  # a test's capture
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


SAY_ONLY_WHAT_THEY_DID = {"serve", "demo", "init-db", "create-user", "backup", "restore"}
"""Commands whose stdout reports what they did, not a result: they run with it closed."""


def main() -> None:
    """Run the CLI; usage errors and refused values exit 2 with one line on stderr."""
    if sys.stdout is None:  # started with stdout closed (``>&-``): print() would drop it all
        if not set(sys.argv[1:2]) & SAY_ONLY_WHAT_THEY_DID:
            _refuse("the output is closed (>&-): there is nowhere to write the result")
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - stdout, for the process's life
    try:
        code = cli.main(standalone_mode=False)
    except click.exceptions.NoArgsIsHelpError as exc:
        click.echo(exc.ctx.get_help() if exc.ctx else str(exc))
        sys.exit(0)
    except click.ClickException as exc:
        _refuse(exc.format_message())
    except (EngineError, InstanceFolderError) as exc:
        _refuse(str(exc))
    except OSError as exc:
        if not _output_failed(exc):
            raise
        _drop_output()
        _refuse(f"a write failed (the output or a file being written): {exc.strerror}")
    except click.exceptions.Abort as exc:
        if isinstance(exc.__context__, KeyboardInterrupt):
            click.echo("trainer: interrupted", err=True)
            sys.exit(_INTERRUPTED)
        click.echo("trainer: aborted", err=True)
        sys.exit(1)
    sys.exit(code if isinstance(code, int) else 0)
