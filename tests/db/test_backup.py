"""``trainer backup`` / ``trainer restore``: consistent copies while writes go on."""

from __future__ import annotations

import json
import sqlite3
import threading
from contextlib import closing
from pathlib import Path

import pytest

from tests.cli.helpers import run_cli
from trainer.db import connect, migrate
from trainer.db.backup import BackupError, backup_database, restore_database
from trainer.db.users import create_user

Capsys = pytest.CaptureFixture[str]


def _database(path: Path, users: int) -> Path:
    db = connect(path)
    migrate(db)
    for number in range(users):
        create_user(db, f"trainee{number}", "trainee", "hash")
    db.close()
    return path


def _count_users(path: Path) -> int:
    with sqlite3.connect(path) as conn:
        return int(conn.execute("SELECT count(*) FROM users").fetchone()[0])


def test_backup_while_a_writer_commits(tmp_path: Path) -> None:
    live = _database(tmp_path / "live.db", 5)
    stop = threading.Event()
    written: list[int] = []

    def writer() -> None:
        db = connect(live)
        number = 100
        while not stop.is_set() and number < 2000:
            create_user(db, f"writer{number}", "trainee", "hash")
            written.append(number)
            number += 1
        db.close()

    thread = threading.Thread(target=writer)
    thread.start()
    try:
        copies = [tmp_path / f"copy{n}.db" for n in range(3)]
        for copy in copies:
            backup_database(live, copy)
    finally:
        stop.set()
        thread.join()
    counts = [_count_users(copy) for copy in copies]
    assert counts == sorted(counts)
    assert all(5 <= count <= 5 + len(written) for count in counts)
    for copy in copies:
        with sqlite3.connect(copy) as conn:
            assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


def test_restore_brings_the_records_back(tmp_path: Path) -> None:
    live = _database(tmp_path / "live.db", 3)
    backup_database(live, tmp_path / "saved.db")
    db = connect(live)
    create_user(db, "late", "trainee", "hash")
    db.close()
    assert _count_users(live) == 4
    restore_database(tmp_path / "saved.db", live)
    assert _count_users(live) == 3


@pytest.mark.parametrize("name", ["saved#1.db", "saved?x.db", "saved%41.db"])
def test_a_backup_named_with_uri_characters_is_made_and_restored(tmp_path: Path,
                                                                 name: str) -> None:
    """``#``, ``?`` and ``%`` in a file name are the file's: the read-only checks quote the
    path (unquoted, ``saved#1.db`` was checked as ``saved`` and refused)."""
    live = _database(tmp_path / "live.db", 3)
    backup_database(live, tmp_path / name)
    made = [p.name for p in tmp_path.iterdir() if p.name.startswith("saved")]
    assert name in made and all(p.startswith(name) for p in made), made  # no stray "saved"
    db = connect(live)
    create_user(db, "late", "trainee", "hash")
    db.close()
    restore_database(tmp_path / name, live)
    assert _count_users(live) == 3


def test_refusals(tmp_path: Path) -> None:
    live = _database(tmp_path / "live.db", 1)
    with pytest.raises(BackupError, match="no database"):
        backup_database(tmp_path / "missing.db", tmp_path / "x.db")
    backup_database(live, tmp_path / "saved.db")
    with pytest.raises(BackupError, match="already exists"):
        backup_database(live, tmp_path / "saved.db")
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"not a database at all" * 100)
    with pytest.raises(BackupError, match="is not a trainer database backup"):
        restore_database(junk, live)
    with pytest.raises(BackupError, match=r"^no backup at '.*/nowhere.db'$"):
        restore_database(tmp_path / "nowhere.db", live)
    with pytest.raises(BackupError, match=r"junk.db: not a trainer database \(file is not"):
        backup_database(junk, tmp_path / "junk-copy.db")
    assert not (tmp_path / "junk-copy.db").exists()  # a retry is not refused as existing
    with pytest.raises(BackupError, match=r"junk.db: not a trainer database \(file is not"):
        restore_database(live, junk)


def test_restore_replaces_only_a_trainer_database(tmp_path: Path) -> None:
    """Another program's SQLite file at --database is not wiped by a mistyped path."""
    saved = tmp_path / "saved.db"
    backup_database(_database(tmp_path / "live.db", 1), saved)
    other = tmp_path / "other.db"
    with closing(sqlite3.connect(other)) as conn:
        conn.execute("CREATE TABLE t (x)")
        conn.commit()
    with pytest.raises(BackupError, match="holds something other than a trainer database"):
        restore_database(saved, other)
    with closing(sqlite3.connect(other)) as conn:
        assert [r[0] for r in conn.execute("SELECT name FROM sqlite_master")] == ["t"]
    empty = tmp_path / "empty.db"
    empty.touch()  # an empty file is a database of nothing: it may be restored into
    assert restore_database(saved, empty) > 0 and _count_users(empty) == 1


def test_restore_mends_a_damaged_trainer_database(tmp_path: Path) -> None:
    """Damaged pages fail the integrity check, yet the file is a trainer database: restore
    is what mends it, so it is not refused as another program's."""
    saved = tmp_path / "saved.db"
    backup_database(_database(tmp_path / "live.db", 2), saved)
    damaged = _database(tmp_path / "damaged.db", 40)
    with closing(sqlite3.connect(damaged)) as conn:  # the users table's pages, wherever
        (root,) = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = 'users'"
                               ).fetchone()
    with damaged.open("r+b") as file:
        page = 4096
        file.seek(page * (root - 1))
        file.write(b"\xff" * page * 2)
    with closing(sqlite3.connect(damaged)) as conn, pytest.raises(sqlite3.DatabaseError):
        conn.execute("PRAGMA quick_check").fetchall()  # damaged indeed: "malformed"
    assert restore_database(saved, damaged) > 0 and _count_users(damaged) == 2


def test_a_failed_write_of_a_sound_source_names_the_backup(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A disk that fills during the copy is the backup's trouble, not the live database's."""
    live = _database(tmp_path / "live.db", 1)

    def full(_source: Path, _target: Path) -> int:
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr("trainer.db.backup._copy", full)
    target = tmp_path / "b.db"
    with pytest.raises(BackupError) as refused:
        backup_database(live, target)
    assert str(refused.value) == f"{str(target)!r}: cannot write the backup (disk I/O error)"
    assert not target.exists()


def test_a_backup_that_cannot_be_written_names_the_backup(tmp_path: Path) -> None:
    """/proc takes no new files, not even from root (the CI runs as root)."""
    live = _database(tmp_path / "live.db", 1)
    with pytest.raises(BackupError) as refused:
        backup_database(live, "/proc/backup.db")
    assert str(refused.value).startswith("'/proc/backup.db': cannot write the backup (")


def test_cli_backup_and_restore(capsys: Capsys, tmp_path: Path) -> None:
    live = _database(tmp_path / "live.db", 2)
    copy = tmp_path / "copy.db"
    run = run_cli(capsys, "backup", str(copy), "--database", str(live))
    assert run.code == 0 and copy.is_file()
    again = run_cli(capsys, "backup", str(copy), "--database", str(live))
    assert again.code == 2 and "already exists" in again.err
    target = tmp_path / "restored.db"
    run = run_cli(capsys, "restore", str(copy), "--database", str(target), "--yes")
    assert run.code == 0 and _count_users(target) == 2


def test_cli_restore_answered_no_keeps_the_records(capsys: Capsys, tmp_path: Path) -> None:
    """Saying no is not Ctrl-C: "aborted" and status 1 (an interrupt is 130)."""
    live = _database(tmp_path / "live.db", 2)
    copy = tmp_path / "copy.db"
    assert run_cli(capsys, "backup", str(copy), "--database", str(live)).code == 0
    target = _database(tmp_path / "target.db", 1)
    run = run_cli(capsys, "restore", str(copy), "--database", str(target), stdin="n\n")
    assert run.code == 1 and run.out == ""
    assert run.err.endswith("trainer: aborted\n") and _count_users(target) == 1


def test_cli_backup_and_restore_print_json(capsys: Capsys, tmp_path: Path) -> None:
    live = _database(tmp_path / "live.db", 1)
    copy = tmp_path / "copy.db"
    run = run_cli(capsys, "backup", str(copy), "--database", str(live), "--json")
    assert run.code == 0, run.err
    backed = json.loads(run.out)
    assert (backed["database"], backed["backup"]) == (str(live), str(copy))
    assert backed["pages"] > 0
    target = tmp_path / "restored.db"
    run = run_cli(capsys, "restore", str(copy), "--database", str(target), "--yes", "--json")
    assert run.code == 0, run.err
    assert json.loads(run.out) == {"backup": str(copy), "database": str(target),
                                   "pages": backed["pages"]}


def test_cli_backup_into_a_missing_folder_is_refused_in_one_line(capsys: Capsys,
                                                                 tmp_path: Path) -> None:
    """A typo in the folder must not leave a copy in a new tree nobody looks in."""
    live = _database(tmp_path / "live.db", 1)
    copy = tmp_path / "no-such-folder" / "copy.db"
    run = run_cli(capsys, "backup", str(copy), "--database", str(live))
    assert run.code == 2 and run.err.count("\n") == 1
    assert f"there is no folder {copy.parent} (create it first)" in run.err
    assert not copy.parent.exists()
