"""Consistent copies of the live database with SQLite's online backup, and restoring one."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

from trainer.db.connection import database_problem
from trainer.db.migrations import newer_release_problem, unknown_migrations


def _read_only(path: str | Path) -> str:
    """A read-only SQLite URI of ``path``, quoted (a ``#``, ``?`` or ``%`` in a file name
    would otherwise end the path or be read as an escape)."""
    return Path(path).resolve().as_uri() + "?mode=ro"


class BackupError(ValueError):
    """A backup or restore that cannot be done, with the path named."""


_TRAINER_TABLES = {"users", "drill_sessions"}
"""Tables every release's database has (the answers' tables changed in m016)."""


def _is_trainer_database(path: Path) -> bool:
    try:
        with closing(sqlite3.connect(_read_only(path), uri=True)) as conn:
            names = {row[0] for row in conn.execute("SELECT name FROM sqlite_master")}
            ok = conn.execute("PRAGMA quick_check").fetchone()[0] == "ok"
    except sqlite3.DatabaseError:
        return False
    return ok and names >= _TRAINER_TABLES


def _is_other_database(path: Path) -> bool:
    """Whether ``path`` reads as an SQLite database with tables, none of them a trainer's
    (another program's file).  A trainer database, damaged or not, an empty one, and a
    file SQLite cannot read are not: restore is how a damaged database is mended."""
    try:
        with closing(sqlite3.connect(_read_only(path), uri=True)) as conn:
            names = {row[0] for row in conn.execute("SELECT name FROM sqlite_master")}
    except sqlite3.DatabaseError:
        return False
    return bool(names) and not _TRAINER_TABLES & names


def backup_database(source: str | Path, target: str | Path) -> int:
    """Copy ``source`` to a new file ``target`` while the server may be writing; returns pages.

    The online backup API copies a consistent snapshot: answers committed
    during the copy either all appear in it or wait for the next backup.
    """
    source_path, target_path = Path(source), Path(target)
    if not source_path.is_file():
        raise BackupError(f"no database at {str(source_path)!r}")
    _claim(target_path)
    try:
        pages = _copy(source_path, target_path)
    except sqlite3.DatabaseError as exc:  # leave no copy, and blame the side at fault
        target_path.unlink(missing_ok=True)
        if _is_trainer_database(source_path):  # a sound source: the backup's write failed
            raise BackupError(
                f"{str(target_path)!r}: cannot write the backup ({exc})") from None
        raise BackupError(database_problem(source_path, exc)) from None
    if not _is_trainer_database(target_path):
        target_path.unlink(missing_ok=True)
        raise BackupError(f"the copy of {str(source_path)!r} failed its integrity check")
    return pages


def restore_database(backup: str | Path, target: str | Path) -> int:
    """Replace the contents of ``target`` with ``backup`` (stop the server first); returns pages."""
    backup_path, target_path = Path(backup), Path(target)
    if not backup_path.exists():
        raise BackupError(f"no backup at {str(backup_path)!r}")
    if not backup_path.is_file() or not _is_trainer_database(backup_path):
        raise BackupError(f"{str(backup_path)!r} is not a trainer database backup")
    with closing(sqlite3.connect(_read_only(backup_path), uri=True)) as conn:
        if unknown := unknown_migrations(conn):
            raise BackupError(newer_release_problem(repr(str(backup_path)), unknown))
    if target_path.is_file() and _is_other_database(target_path):
        raise BackupError(f"{str(target_path)!r} holds something other than a trainer "
                          "database: restore replaces only a trainer database")
    try:
        return _copy(backup_path, target_path)
    except sqlite3.DatabaseError as exc:  # the backup was checked: the target is to blame
        raise BackupError(database_problem(target_path, exc)) from None


def _claim(target: Path) -> None:
    """Make ``target`` as a new, empty file (an empty SQLite database), so a place the
    backup cannot be written is named as the backup's, not blamed on the database."""
    try:
        target.open("xb").close()
    except FileExistsError:
        raise BackupError(f"{str(target)!r} already exists; choose a new file") from None
    except OSError as exc:
        raise BackupError(f"{str(target)!r}: cannot write the backup ({exc.strerror})") from None


def _copy(source: Path, target: Path) -> int:
    """Copy ``source`` onto ``target`` with SQLite's online backup; returns the pages copied."""
    with closing(sqlite3.connect(str(source), timeout=30)) as origin, closing(
        sqlite3.connect(str(target), timeout=30)
    ) as copy:
        origin.backup(copy)
        return int(copy.execute("PRAGMA page_count").fetchone()[0])
