"""``trainer backup PATH`` and ``trainer restore PATH``: copies of the scores database."""

from __future__ import annotations

import click

from trainer.cli.database_option import database_option, database_path
from trainer.cli.json_option import echo_result, json_flag
from trainer.cli.once import OnceOptionsCommand
from trainer.cli.stdin_input import confirm
from trainer.cli.value_checks import in_existing_folder, usable_path
from trainer.db.backup import BackupError, backup_database, restore_database


@click.command("backup", cls=OnceOptionsCommand)
@click.argument("path", type=click.Path(dir_okay=False), callback=in_existing_folder)
@database_option
@json_flag
def backup_command(path: str, database: str | None, as_json: bool) -> None:
    """Write a consistent copy of the database to PATH (safe while the server runs)."""
    source = database_path(database)
    try:
        pages = backup_database(source, path)
    except BackupError as exc:
        raise click.ClickException(str(exc)) from None
    echo_result(as_json, {"database": source, "backup": path, "pages": pages},
                f"backed up {source} to {path} ({pages} pages)")


@click.command("restore", cls=OnceOptionsCommand)
@click.argument("path", type=click.Path(dir_okay=False), callback=usable_path)
@database_option
@click.option("--yes", is_flag=True, help="Do not ask for confirmation.")
@json_flag
def restore_command(path: str, database: str | None, yes: bool, as_json: bool) -> None:
    """Replace the database with the backup at PATH (stop `trainer serve` first)."""
    target = database_path(database)
    if not yes:
        confirm(f"Replace every record in {target} with {path}?",
                "pass --yes to replace the database")
    try:
        pages = restore_database(path, target)
    except BackupError as exc:
        raise click.ClickException(str(exc)) from None
    echo_result(as_json, {"backup": path, "database": target, "pages": pages},
                f"restored {path} into {target} ({pages} pages)")
