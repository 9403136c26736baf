"""One sqlite-utils connection per request, on ``g``; migrations run when the app starts."""

from __future__ import annotations

import atexit
from pathlib import Path

from flask import Flask, current_app, g
from sqlite_utils import Database

from trainer.db import connect, default_path, migrate

__all__ = ["default_path", "get_db", "init_app", "init_db"]


def get_db() -> Database:
    """The request's database connection (opened on first use)."""
    if "db" not in g:
        g.db = connect(current_app.config["DATABASE"], wal=False)  # WAL set at start
    db: Database = g.db
    return db


def close_db(_error: BaseException | None = None) -> None:
    db = g.pop("db", None)
    if db is not None:
        db.close()


def init_db(path: str | Path) -> list[str]:
    """Create the database file if needed and apply pending migrations."""
    db = connect(path)
    try:
        return migrate(db)
    finally:
        db.close()


def init_app(app: Flask) -> None:
    """Migrate the database at start and close each request's connection.

    Each process also keeps one idle connection open for its lifetime: in WAL
    mode, closing the *last* connection to a database checkpoints and deletes
    the WAL file (fsyncs on every request); with the idle one open, closing a
    request's connection is cheap and checkpoints happen in the background of
    commits (``wal_autocheckpoint``), as SQLite intends.
    """
    if app.config.get("MIGRATE_ON_START", True):
        init_db(app.config["DATABASE"])
    if app.config.get("DB_KEEP_ONE_OPEN", True):
        anchor = connect(app.config["DATABASE"])
        app.extensions["trainer_db_anchor"] = anchor
        atexit.register(anchor.close)
    app.teardown_appcontext(close_db)
