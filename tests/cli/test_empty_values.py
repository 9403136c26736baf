"""An empty value names nothing: ``--database ""``, ``TRAINER_DATABASE=``, ``--host ""``,
``--report ""`` and the like exit 2 naming it, and never pass for the default."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.helpers import run_cli

Capsys = pytest.CaptureFixture[str]
EMPTY = "'' is empty: it names nothing"


@pytest.fixture(autouse=True)
def no_serving(monkeypatch: pytest.MonkeyPatch) -> None:
    """``serve`` and ``demo`` stop short of gunicorn (a value let through would serve)."""
    from trainer.cli import web

    monkeypatch.setattr(web, "serve_wsgi", lambda *args: None)


@pytest.fixture
def backup(capsys: Capsys, tmp_path: Path) -> str:
    path = tmp_path / "bk.db"
    assert run_cli(capsys, "init-db", "--database", str(path)).code == 0
    return str(path)


@pytest.mark.parametrize("command", [
    ["init-db"], ["create-user", "ann", "--role", "trainee"], ["serve", "--port", "0"],
    ["demo", "--port", "0"], ["backup", "BACKUP-NEW"], ["restore", "BACKUP", "--yes"],
])
def test_an_empty_database_is_refused_not_read_as_the_default(
        capsys: Capsys, tmp_path: Path, backup: str, monkeypatch: pytest.MonkeyPatch,
        command: list[str]) -> None:
    instance = tmp_path / "instance"
    monkeypatch.setenv("TRAINER_INSTANCE", str(instance))
    args = [backup if a == "BACKUP" else str(tmp_path / "new.db") if a == "BACKUP-NEW" else a
            for a in command]
    run = run_cli(capsys, *args, "--database", "", stdin="long enough pw\n")
    assert (run.code, run.out) == (2, "")
    assert run.err == f"trainer: error: Invalid value for '--database': {EMPTY}\n"
    monkeypatch.setenv("TRAINER_DATABASE", "")
    run = run_cli(capsys, *args, stdin="long enough pw\n")
    assert (run.code, run.out) == (2, "")
    assert run.err == f"trainer: error: Invalid value for TRAINER_DATABASE: {EMPTY}\n"
    assert not (instance / "trainer.db").exists()  # the default database was never touched


def test_a_database_given_overrides_an_empty_variable(capsys: Capsys, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRAINER_DATABASE", "")
    run = run_cli(capsys, "init-db", "--database", str(tmp_path / "t.db"))
    assert run.code == 0, run.err


@pytest.mark.parametrize("command", [["backup", ""], ["restore", "", "--yes"]])
def test_an_empty_backup_path_is_named_as_empty(capsys: Capsys, tmp_path: Path,
                                                command: list[str]) -> None:
    database = tmp_path / "u.db"
    assert run_cli(capsys, "init-db", "--database", str(database)).code == 0
    run = run_cli(capsys, *command, "--database", str(database))
    assert (run.code, run.out) == (2, "")
    assert run.err == f"trainer: error: Invalid value for 'PATH': {EMPTY}\n"


@pytest.mark.parametrize("command", ["serve", "demo"])
def test_an_empty_host_is_refused_not_served_on_every_interface(
        capsys: Capsys, tmp_path: Path, command: str) -> None:
    database = tmp_path / "t.db"
    run = run_cli(capsys, command, "--host", "", "--port", "0", "--database", str(database))
    assert (run.code, run.out) == (2, "")
    assert run.err == f"trainer: error: Invalid value for '--host': {EMPTY}\n"
    assert not database.exists()


@pytest.mark.parametrize("option", ["--report", "--features"])
def test_an_empty_audit_path_is_refused_not_ignored(capsys: Capsys, option: str) -> None:
    run = run_cli(capsys, "audit", "--rules", "europoker", "--quiet", option, "")
    assert (run.code, run.out) == (2, "")
    assert run.err == f"trainer: error: Invalid value for '{option}': {EMPTY}\n"
