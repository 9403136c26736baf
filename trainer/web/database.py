"""One sqlite-utils connection per request, on ``g``; migrations run when the app starts."""

from __future__ import annotations

import atexit
import logging
import os
import sqlite3
import threading
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TypeVar

from flask import Flask, current_app, g
from sqlite_utils import Database

from trainer.db import checkpoint, connect, default_path, migrate

CHECKPOINT_SECONDS = 1.0
"""How often each serving process checkpoints the WAL in the background."""
FALLBACK_AUTOCHECKPOINT_PAGES = 20_000
"""With a background checkpointer, a commit checkpoints itself only past this (about 80 MB)."""

_started: dict[tuple[int, str], threading.Thread] = {}
_lock = threading.Lock()
_local = threading.local()
log = logging.getLogger(__name__)
T = TypeVar("T")

__all__ = ["default_path", "get_db", "init_app", "init_db"]


def get_db() -> Database:
    """The request's database connection (opened on first use).

    A request has its connection to itself; when it ends, the connection goes
    back to its thread (``DB_REUSE_CONNECTIONS``, on by default) and the next
    request on that thread -- a gunicorn sync worker has one -- uses it again,
    without reopening the file and re-reading the schema (about 0.5 ms).
    """
    if "db" not in g:
        config = current_app.config
        background = config.get("DB_BACKGROUND", True)
        autocheckpoint = FALLBACK_AUTOCHECKPOINT_PAGES if background else None
        if config.get("DB_REUSE_CONNECTIONS", True):
            g.db = _thread_connection(str(config["DATABASE"]), autocheckpoint)
        else:
            g.db = connect(config["DATABASE"], wal=False, autocheckpoint=autocheckpoint)
    db: Database = g.db
    return db


def _thread_connection(path: str, autocheckpoint: int | None) -> Database:
    key = (os.getpid(), path)
    cached = getattr(_local, "db", None)
    if cached is not None:
        if cached[0] == key:
            db: Database = cached[1]
            return db
        if cached[0][0] == key[0]:
            cached[1].close()
    db = connect(path, wal=False, autocheckpoint=autocheckpoint)  # WAL is set at start
    _local.db = (key, db)
    return db


def close_db(_error: BaseException | None = None) -> None:
    """End the request's use of its connection: roll back anything left open, then
    hand it back to the thread (or close it when connections are not reused)."""
    db = g.pop("db", None)
    if db is None:
        return
    if db.conn.in_transaction:
        db.conn.rollback()
    if not current_app.config.get("DB_REUSE_CONNECTIONS", True):
        db.close()


def streamed(read: Callable[[Database], Iterable[T]]) -> Iterator[T]:
    """What ``read`` yields from a connection of its own, opened when the first item is
    asked for and closed after the last: a response streamed after its view has returned
    (a CSV export) outlives the request's connection and its app context."""
    return _read_from(str(current_app.config["DATABASE"]), read)


def _read_from(path: str, read: Callable[[Database], Iterable[T]]) -> Iterator[T]:
    db = connect(path, wal=False)
    try:
        yield from read(db)
    finally:
        db.close()


def init_db(path: str | Path) -> list[str]:
    """Create the database file if needed and apply pending migrations."""
    db = connect(path)
    try:
        return migrate(db)
    finally:
        db.close()


def init_app(app: Flask) -> None:
    """Migrate the database at start, close each request's connection, and checkpoint
    the WAL in the background of each serving process.

    On its first request a process starts a daemon thread holding one
    connection for the process's life: every second it runs a passive WAL
    checkpoint (the fsync happens there, not in a request), and because that
    connection stays open, closing a request's connection is never the *last*
    close, which in WAL mode would checkpoint and delete the WAL file (an
    fsync on every request). Started on the first request, not in
    ``create_app``, so no connection crosses gunicorn's fork, and apps built
    only to read the configuration open nothing.
    """
    if app.config.get("MIGRATE_ON_START", True):
        init_db(app.config["DATABASE"])
    if app.config.get("DB_BACKGROUND", True):
        path = str(app.config["DATABASE"])

        @app.before_request
        def start_checkpointer() -> None:
            key = (os.getpid(), path)
            if key not in _started:
                _start_checkpointer(key, path)

    app.teardown_appcontext(close_db)


def _start_checkpointer(key: tuple[int, str], path: str) -> None:
    with _lock:
        if key in _started:
            return
        anchor = connect(path, wal=False)
        stop = threading.Event()

        def run() -> None:
            while not stop.wait(CHECKPOINT_SECONDS):
                try:
                    checkpoint(anchor)
                except sqlite3.Error as exc:  # pragma: no cover - e.g. the disk is full
                    log.warning("WAL checkpoint of %s failed: %s", path, exc)

        def shut() -> None:
            stop.set()
            thread.join(timeout=2)
            anchor.close()

        thread = threading.Thread(target=run, name=f"wal-checkpoint {path}", daemon=True)
        thread.start()
        atexit.register(shut)
        _started[key] = thread
