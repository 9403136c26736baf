"""``trainer backup PATH`` and ``trainer restore PATH``: copies of the scores database."""

from __future__ import annotations

import click

from trainer.cli.database_option import database_option, database_path
from trainer.db.backup import BackupError, backup_database, restore_database


@click.command("backup")
@click.argument("path", type=click.Path(dir_okay=False))
@database_option
def backup_command(path: str, database: str | None) -> None:
    """Write a consistent copy of the database to PATH (safe while the server runs)."""
    source = database_path(database)
    try:
        pages = backup_database(source, path)
    except BackupError as exc:
        raise click.ClickException(str(exc)) from None
    click.echo(f"backed up {source} to {path} ({pages} pages)")


@click.command("restore")
@click.argument("path", type=click.Path(dir_okay=False))
@database_option
@click.option("--yes", is_flag=True, help="Do not ask for confirmation.")
def restore_command(path: str, database: str | None, yes: bool) -> None:
    """Replace the database with the backup at PATH (stop `trainer serve` first)."""
    target = database_path(database)
    if not yes:
        click.confirm(f"Replace every record in {target} with {path}?", abort=True)
    try:
        pages = restore_database(path, target)
    except BackupError as exc:
        raise click.ClickException(str(exc)) from None
    click.echo(f"restored {path} into {target} ({pages} pages)")
