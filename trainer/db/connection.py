"""Opening the SQLite file: WAL, a busy timeout, and IMMEDIATE write transactions."""

from __future__ import annotations

import contextlib
import datetime
import fcntl
import os
import sqlite3
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from sqlite_utils import Database

BUSY_TIMEOUT_MS = 5000
JOURNAL_SIZE_LIMIT_BYTES = 32 * 1024 * 1024
"""What a checkpoint leaves of the WAL: it shrinks back to this after a burst of writes
(a backfill, a migration) instead of keeping its peak size on disk."""


def default_path(instance_path: str | Path) -> Path:
    """Where the database lives by default: ``trainer.db`` in the Flask instance folder."""
    return Path(instance_path) / "trainer.db"


def database_problem(path: str | Path, exc: sqlite3.DatabaseError) -> str:
    """One line naming ``path`` and what SQLite found wrong with it (a file that is
    something else, or one it cannot open, lock or write)."""
    if isinstance(exc, sqlite3.OperationalError):
        return f"{path}: {exc}"
    return f"{path}: not a trainer database ({exc})"


class SetupError(Exception):
    """A database the trainer cannot set up for use, the file named: a lock file beside it
    that cannot be opened or locked, a newer release's migrations."""


def _take_lock(path: str | Path, fd: int | None = None, mode: int = 0o600) -> int:
    """Hold an exclusive ``flock`` on the lock file ``path`` (opened unless ``fd`` is given);
    its descriptor.  One that cannot be opened or locked (a directory of that name, a folder
    that takes no new file) is refused naming it."""
    opened = None
    try:
        if fd is None:
            fd = opened = os.open(path, os.O_WRONLY | os.O_CREAT, mode)
        fcntl.flock(fd, fcntl.LOCK_EX)
    except OSError as exc:
        if opened is not None:
            os.close(opened)
        raise SetupError(f"{path}: cannot use this lock file ({exc.strerror})") from None
    return fd


class QueuedDatabase(Database):
    """A database whose write transactions queue on a lock file beside it (``NAME-writers``).

    SQLite's own busy handler polls a locked database, sleeping 1, 2, 5, 10 ms...
    between tries, so two workers writing at once lose milliseconds for a lock
    held a tenth of that.  Waiting on ``flock`` instead wakes the next writer the
    moment the lock is free.  SQLite's locking still guards the data; the queue
    only orders writers that use :func:`write_transaction`.
    """

    def __init__(self, conn: sqlite3.Connection, queue_path: Path) -> None:
        super().__init__(conn, execute_plugins=False, recursive_triggers=False)
        self.queue_path = queue_path
        self._queue_fd: int | None = None

    @contextlib.contextmanager
    def writers_queue(self) -> Iterator[None]:
        """Hold the writers' lock (blocking, across processes and threads)."""
        self._queue_fd = _take_lock(self.queue_path, self._queue_fd)
        try:
            yield
        finally:
            fcntl.flock(self._queue_fd, fcntl.LOCK_UN)

    def close(self) -> None:
        if self._queue_fd is not None:
            os.close(self._queue_fd)
            self._queue_fd = None
        super().close()


def connect(path: str | Path, *, wal: bool = True, autocheckpoint: int | None = None) -> Database:
    """Open (creating if needed) the database file.

    ``autocheckpoint`` sets how many WAL pages a commit may leave before that
    commit checkpoints (SQLite's default is 1000); the web app raises it and
    checkpoints from a background thread instead, off the request path.

    Autocommit mode (``isolation_level=None``): every write function opens its
    own transaction with :func:`write_transaction`; the busy timeout is 5 s.  WAL lets readers run
    while one writer commits; ``synchronous=NORMAL`` is the WAL setting that
    is durable across an application crash (a committed answer survives a
    killed worker) without an fsync per commit.  ``journal_size_limit`` bounds what a
    checkpoint leaves of the WAL on disk.
    """
    file = Path(path)
    file.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(
        str(file), isolation_level=None, timeout=BUSY_TIMEOUT_MS / 1000,
        check_same_thread=False,
    )
    db = QueuedDatabase(conn, file.with_name(file.name + "-writers"))
    db.execute("PRAGMA foreign_keys = ON")
    db.execute("PRAGMA synchronous = NORMAL")
    db.execute(f"PRAGMA journal_size_limit = {JOURNAL_SIZE_LIMIT_BYTES}")
    if autocheckpoint is not None:
        db.execute(f"PRAGMA wal_autocheckpoint = {int(autocheckpoint)}")
    if wal:  # WAL is stored in the file: a request's connection need not check it again
        with setup_lock(file):  # never beside a migration still in the rollback journal
            db.enable_wal()
    return db


@contextlib.contextmanager
def setup_lock(path: str | Path) -> Iterator[None]:
    """Hold the lock that orders setting a database file up (``NAME.migrate-lock``), across
    processes and threads.

    Switching a new file to WAL and applying migrations both take it. Two connections
    writing a file that is still in rollback-journal mode can deadlock, and SQLite then
    fails one of them at once ("database is locked") instead of waiting out the busy
    timeout.
    """
    lock = _take_lock(f"{path}.migrate-lock", mode=0o666)  # as open(..., "a") made it
    try:
        yield
    finally:
        fcntl.flock(lock, fcntl.LOCK_UN)
        os.close(lock)


def checkpoint(db: Database) -> tuple[int, int, int]:
    """A passive WAL checkpoint: copy committed pages into the database file, never waiting.

    Returns SQLite's (busy, WAL frames, frames checkpointed).
    """
    row = db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
    return int(row[0]), int(row[1]), int(row[2])


def select(db: Database, sql: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]:
    """Rows as dicts (``db.query`` without its per-query savepoint: reads only)."""
    cursor = db.execute(sql, params)
    names = [d[0] for d in cursor.description]
    return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]


@contextlib.contextmanager
def write_transaction(db: Database) -> Iterator[Database]:
    """A write transaction that takes the write lock at once (``BEGIN IMMEDIATE``).

    A deferred transaction that reads and then writes can fail with
    ``SQLITE_BUSY`` when another worker committed in between; taking the lock
    first makes it wait out the busy timeout instead.  Nested use becomes a
    savepoint.  Writers of one file queue on its lock file first (:class:`QueuedDatabase`).
    """
    if db.conn.in_transaction:
        with db.atomic():
            yield db
        return
    queue = db.writers_queue() if isinstance(db, QueuedDatabase) else contextlib.nullcontext()
    with queue:
        db.execute("BEGIN IMMEDIATE")
        try:
            yield db
        except BaseException:
            if db.conn.in_transaction:
                db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")


def now_ms() -> int:
    """Wall-clock milliseconds since the epoch (shared by every worker process)."""
    return time.time_ns() // 1_000_000


def now_iso() -> str:
    """The current UTC time as ISO 8601 text, to the millisecond."""
    return datetime.datetime.now(datetime.UTC).isoformat(timespec="milliseconds")


def iso_at(ms: int) -> str:
    """The UTC time ``ms`` milliseconds after the epoch, as :func:`now_iso` writes it."""
    return datetime.datetime.fromtimestamp(ms / 1000, datetime.UTC).isoformat(
        timespec="milliseconds")
