"""The ``trainer`` command line: every command prints JSON or text, errors exit 2 in one line."""

from __future__ import annotations

import sys

import click

from trainer.cli.audit import audit_command
from trainer.cli.backup import backup_command, restore_command
from trainer.cli.drill import drill_command
from trainer.cli.odds import odds_command, simulate_command
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


@click.group()
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


def main() -> None:
    """Run the CLI; usage errors and refused values exit 2 with one line on stderr."""
    try:
        code = cli.main(standalone_mode=False)
    except click.exceptions.NoArgsIsHelpError as exc:
        click.echo(exc.ctx.get_help() if exc.ctx else str(exc))
        sys.exit(0)
    except click.ClickException as exc:
        click.echo(f"trainer: error: {exc.format_message()}", err=True)
        sys.exit(2)
    except (EngineError, InstanceFolderError) as exc:
        click.echo(f"trainer: error: {exc}", err=True)
        sys.exit(2)
    except click.exceptions.Abort:
        click.echo("trainer: aborted", err=True)
        sys.exit(1)
    sys.exit(code if isinstance(code, int) else 0)
