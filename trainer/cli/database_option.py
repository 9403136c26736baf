"""``--database PATH``: which SQLite file a command works on (default: the instance folder's)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click


def database_option(function: Callable[..., Any]) -> Callable[..., Any]:
    """Add ``--database`` (also read from ``TRAINER_DATABASE``) to a command."""
    return click.option(
        "--database", "database", type=click.Path(dir_okay=False), envvar="TRAINER_DATABASE",
        help="The SQLite file (default: trainer.db in the instance folder).",
    )(function)


def database_path(database: str | None) -> str:
    """The file the web app would use, without creating or migrating it."""
    from trainer.web import create_app

    config: dict[str, Any] = {"MIGRATE_ON_START": False}
    if database:
        config["DATABASE"] = database
    return str(create_app(config).config["DATABASE"])
