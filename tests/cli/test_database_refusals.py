"""A database the trainer cannot set up exits 2 in one line naming why: a lock file beside it
that cannot be opened, or a newer release's database (a migration this one does not know)."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from tests.cli.helpers import run_cli

Capsys = pytest.CaptureFixture[str]
FUTURE = "m999_from_a_newer_release"


@pytest.fixture(autouse=True)
def no_serving(monkeypatch: pytest.MonkeyPatch) -> None:
    from trainer.cli import web

    monkeypatch.setattr(web, "serve_wsgi", lambda *args: None)


def _made(capsys: Capsys, path: Path) -> str:
    assert run_cli(capsys, "init-db", "--database", str(path)).code == 0
    return str(path)


@pytest.mark.skipif(not Path("/proc/version").is_file(), reason="needs Linux's /proc")
def test_a_lock_file_that_cannot_be_made_is_named(capsys: Capsys) -> None:
    run = run_cli(capsys, "init-db", "--database", "/proc/version")
    assert (run.code, run.out) == (2, "")
    assert run.err == ("trainer: error: /proc/version.migrate-lock: cannot use this lock "
                       "file (No such file or directory)\n")


@pytest.mark.parametrize("command", [["init-db"], ["create-user", "ann", "--role", "trainee"],
                                     ["demo", "--port", "0"], ["serve", "--port", "0"]])
@pytest.mark.parametrize("lock", [".migrate-lock", "-writers"])
def test_a_lock_file_that_is_a_directory_is_named(capsys: Capsys, tmp_path: Path,
                                                  command: list[str], lock: str) -> None:
    database = tmp_path / "t.db"
    if lock == "-writers" and command[0] in ("init-db", "serve"):
        pytest.skip("writes nothing: it never queues as a writer")
    (tmp_path / f"t.db{lock}").mkdir()
    run = run_cli(capsys, *command, "--database", str(database), stdin="long enough pw\n")
    assert run.code == 2 and run.err.count("\n") == 1, run.err
    assert run.err == (f"trainer: error: {database}{lock}: cannot use this lock file "
                       "(Is a directory)\n")


def _from_a_newer_release(path: Path) -> None:
    with closing(sqlite3.connect(path)) as conn:
        conn.execute("INSERT INTO _sqlite_migrations (migration_set, name, applied_at) "
                     "VALUES ('trainer', ?, '2099-01-01')", (FUTURE,))
        conn.commit()


@pytest.mark.parametrize("command", [["init-db"], ["create-user", "ann", "--role", "trainee"],
                                     ["demo", "--port", "0"], ["serve", "--port", "0"]])
def test_a_newer_releases_database_is_refused_naming_the_migration(
        capsys: Capsys, tmp_path: Path, command: list[str]) -> None:
    database = tmp_path / "t.db"
    _from_a_newer_release(Path(_made(capsys, database)))
    run = run_cli(capsys, *command, "--database", str(database), stdin="long enough pw\n")
    assert (run.code, run.out) == (2, "")
    assert run.err == (f"trainer: error: {database}: written by a newer release of the "
                       f"trainer (migration '{FUTURE}' is unknown to this one); use that "
                       "release with it\n")


def test_a_newer_releases_backup_is_not_restored(capsys: Capsys, tmp_path: Path) -> None:
    database = _made(capsys, tmp_path / "t.db")
    backup = tmp_path / "bk.db"
    assert run_cli(capsys, "backup", str(backup), "--database", database).code == 0
    _from_a_newer_release(backup)
    before = Path(database).read_bytes()
    run = run_cli(capsys, "restore", str(backup), "--database", database, "--yes")
    assert (run.code, run.out) == (2, "")
    assert f"'{backup}': written by a newer release of the trainer (migration '{FUTURE}'" \
        in run.err
    assert Path(database).read_bytes() == before


def test_a_database_of_this_release_and_another_migration_set_start_as_ever(
        capsys: Capsys, tmp_path: Path) -> None:
    database = _made(capsys, tmp_path / "t.db")
    with closing(sqlite3.connect(database)) as conn:  # another program's set in the file
        conn.execute("INSERT INTO _sqlite_migrations (migration_set, name, applied_at) "
                     "VALUES ('plugin', 'p001', '2099-01-01')")
        conn.commit()
    run = run_cli(capsys, "init-db", "--database", database)
    assert run.code == 0 and "up to date" in run.out
    user = run_cli(capsys, "create-user", "ann", "--role", "trainee", "--database", database,
                   stdin="long enough pw\n")
    assert user.code == 0, user.err
