"""One sqlite-utils connection per request, on ``g``; migrations run when the app starts."""

from __future__ import annotations

from pathlib import Path

from flask import Flask, current_app, g
from sqlite_utils import Database

from trainer.db import connect, default_path, migrate

__all__ = ["default_path", "get_db", "init_app", "init_db"]


def get_db() -> Database:
    """The request's database connection (opened on first use)."""
    if "db" not in g:
        g.db = connect(current_app.config["DATABASE"])
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
    """Migrate the database at start and close each request's connection."""
    if app.config.get("MIGRATE_ON_START", True):
        init_db(app.config["DATABASE"])
    app.teardown_appcontext(close_db)
