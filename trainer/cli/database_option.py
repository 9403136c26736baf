"""``--database PATH``: which SQLite file a command works on (default: the instance folder's)."""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import click

from trainer.cli.value_checks import in_existing_folder


def database_option(function: Callable[..., Any]) -> Callable[..., Any]:
    """Add ``--database`` (also read from ``TRAINER_DATABASE``) to a command."""
    return click.option(
        "--database", "database", type=click.Path(dir_okay=False), envvar="TRAINER_DATABASE",
        callback=in_existing_folder,
        help="The SQLite file (default: trainer.db in the instance folder).",
    )(function)


def database_path(database: str | None) -> str:
    """The file the web app would use, without creating or migrating it; the instance
    folder is made only when the file is to be its default one."""
    from trainer.instance_folder import make_folder
    from trainer.web import create_app

    # built to read its configuration, the app serves nothing: it needs no secret key, so
    # none is read or made (a --database elsewhere needs no writable instance folder)
    config: dict[str, Any] = {"MIGRATE_ON_START": False, "SECRET_KEY": "serves no request"}
    if database:
        config["DATABASE"] = database
    app = create_app(config)
    if not database:
        make_folder(app.instance_path)
    return str(app.config["DATABASE"])


@contextlib.contextmanager
def database_errors(path: str | Path) -> Iterator[None]:
    """Refuse in one line naming ``path`` an SQLite error on it (a file that is something
    else, a database it cannot lock), or a lock file or newer release's database it cannot
    set up."""
    from trainer.db import SetupError, database_problem

    try:
        yield
    except sqlite3.DatabaseError as exc:
        raise click.ClickException(database_problem(path, exc)) from None
    except SetupError as exc:
        raise click.ClickException(str(exc)) from None
