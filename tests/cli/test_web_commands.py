"""``trainer init-db``, ``trainer create-user``, and ``serve``/``demo`` options."""

from __future__ import annotations

import json
import re
import socket
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.cli.helpers import run_cli
from trainer.cli import cli
from trainer.db import connect
from trainer.db.users import find_user


def test_init_db_creates_and_migrates_the_file(tmp_path: Path) -> None:
    path = tmp_path / "t.db"
    runner = CliRunner()
    first = runner.invoke(cli, ["init-db", "--database", str(path)])
    assert first.exit_code == 0, first.output
    assert "applied m001_users_sessions_attempts" in first.output  # and any later ones
    second = runner.invoke(cli, ["init-db", "--database", str(path)])
    assert "up to date" in second.output
    assert path.is_file()


@pytest.mark.parametrize("role", ["admin", "supervisor", "auditor", "trainee"])
def test_create_user_reads_the_password_from_stdin(tmp_path: Path, role: str) -> None:
    path = tmp_path / "t.db"
    runner = CliRunner()
    result = runner.invoke(cli, ["create-user", "ann", "--role", role,
                                 "--database", str(path)], input="long enough pw\n")
    assert result.exit_code == 0, result.output
    assert f"created {role} 'ann'" in result.output
    db = connect(path)
    user = find_user(db, "ann")
    db.close()
    assert user is not None and user.role == role
    assert user.password_hash.startswith("scrypt:")
    assert "long enough pw" not in user.password_hash


def test_create_user_refusals_exit_2_with_one_line(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    path = str(tmp_path / "t.db")
    ok = run_cli(capsys, "create-user", "ann", "--role", "trainee", "--database", path,
                 stdin="long enough pw\n")
    assert ok.code == 0, ok.err
    taken = run_cli(capsys, "create-user", "ann", "--role", "trainee", "--database", path,
                    stdin="long enough pw\n")
    assert taken.code == 2
    assert taken.err.strip() == "trainer: error: user 'ann' already exists"
    short = run_cli(capsys, "create-user", "bob", "--role", "trainee", "--database", path,
                    stdin="short\n")
    assert short.err.strip() == "trainer: error: the password: A password has 8 to 200 characters."
    assert short.code == 2
    for bad, said in (("x" * 201, "A password has 8 to 200 characters."),
                      (" " * 8, "A password cannot be spaces alone."),
                      ("\x00" * 12, "A password cannot hold a control character (U+0000).")):
        refused = run_cli(capsys, "create-user", "bob", "--role", "trainee", "--database",
                          path, stdin=bad + "\n")  # the login form would never take it
        assert (refused.code, refused.err.strip()) == (2, f"trainer: error: the password: {said}")
    role = run_cli(capsys, "create-user", "bob", "--role", "boss", "--database", path,
                   stdin="x" * 9)
    assert role.code == 2 and role.err == (
        "trainer: error: Invalid value for '--role': 'boss' is not one of 'admin',"
        " 'supervisor', 'auditor', 'trainee'.\n")
    binary = run_cli(capsys, "create-user", "bob", "--role", "trainee", "--database", path,
                     stdin="\udcff\udcfelong enough pw\n")  # stdin's surrogateescape
    assert binary.code == 2 and binary.err == "trainer: error: the password is not UTF-8 text\n"
    no_role = run_cli(capsys, "create-user", "bob", "--database", path, stdin="x" * 9)
    assert no_role.code == 2  # click lists the choices on lines of their own
    assert no_role.err == ("trainer: error: Missing option '--role'. Choose from: admin, "
                           "supervisor, auditor, trainee\n")
    hidden = run_cli(capsys, "create-user", "ann\u200b", "--role", "trainee", "--database",
                     path, stdin="long enough pw\n")
    assert hidden.code == 2
    assert hidden.err.strip() == ("trainer: error: user name 'ann\\u200b': A username cannot hold"
                                  " an invisible, control or unassigned character (U+200B).")


def test_serve_and_demo_offer_host_port_workers() -> None:
    runner = CliRunner()
    for command in ("serve", "demo"):
        result = runner.invoke(cli, [command, "--help"])
        assert result.exit_code == 0
        for option in ("--host", "--port", "--workers", "--database"):
            assert option in result.output


def test_serve_wsgi_leaves_each_workers_garbage_collector_as_python_sets_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """No hook tunes the collector in a worker: measured at the 1,000-trainee target, it
    made no difference beyond the machine's noise."""
    from gunicorn.app.base import BaseApplication
    from gunicorn.config import Config

    from trainer.cli.web import serve_wsgi

    configs = []
    monkeypatch.setattr(BaseApplication, "run", lambda self: configs.append(self.cfg))
    serve_wsgi(lambda: None, "127.0.0.1", 8000, 2, 1)
    assert configs[0].post_worker_init is Config().post_worker_init  # gunicorn's: does nothing
    assert (configs[0].workers, configs[0].worker_class_str) == (2, "sync")


def test_the_port_is_held_from_the_check_until_gunicorn_serves_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A second server started in between cannot take the port (the check used to close
    its probe, and two servers started together both passed it), and gunicorn is handed
    the very socket claimed, as a copy of its descriptor."""
    import click
    from gunicorn.app.base import BaseApplication

    from trainer.cli.free_port import claim_port
    from trainer.cli.web import serve_wsgi

    with claim_port("127.0.0.1", 0) as listener:
        port = listener.getsockname()[1]
        with pytest.raises(click.ClickException, match=f"127.0.0.1:{port} is already in use"):
            claim_port("127.0.0.1", port)
        binds = []
        monkeypatch.setattr(BaseApplication, "run", lambda self: binds.append(self.cfg.bind))
        serve_wsgi(lambda: None, "127.0.0.1", port, 2, 1, listener)
        (bind,) = binds[0]
        assert bind.startswith("fd://") and bind != f"fd://{listener.fileno()}"
        copy = socket.socket(fileno=int(bind.removeprefix("fd://")))
        assert copy.getsockname() == listener.getsockname()
        copy.close()


def test_an_empty_host_serves_every_interface() -> None:
    from trainer.cli.free_port import claim_port

    with claim_port("", 0) as listener:
        assert listener.getsockname()[0] in ("0.0.0.0", "::")


@pytest.mark.parametrize("args", [
    ["init-db"], ["create-user", "ann", "--role", "trainee"], ["serve", "--port", "0"],
    ["demo", "--port", "0"], ["backup", "BACKUP"], ["restore", "BACKUP", "--yes"],
])
def test_a_database_file_that_is_not_a_database_exits_2_in_one_line(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, args: list[str]) -> None:
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"\x00\xff" * 300)
    backup = tmp_path / "backup.db"
    if "restore" in args:  # a good backup, restored onto the junk
        assert run_cli(capsys, "init-db", "--database", str(backup)).code == 0
    args = [str(backup) if arg == "BACKUP" else arg for arg in args]
    run = run_cli(capsys, *args, "--database", str(junk), stdin="long enough pw\n")
    assert run.code == 2 and run.err.count("\n") == 1, run.err
    assert f"{junk}: not a trainer database (file is not a database)" in run.err
    assert backup.exists() == ("restore" in args)  # a failed backup leaves no copy


def test_audit_to_a_report_folder_it_cannot_make_exits_2_in_one_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    run = run_cli(capsys, "audit", "--rules", "europoker", "--report", "/proc/nope")
    assert run.code == 2 and run.err.count("\n") == 1
    assert "/proc/nope: cannot write there" in run.err


def test_init_db_and_create_user_print_json(capsys: pytest.CaptureFixture[str],
                                            tmp_path: Path) -> None:
    path = str(tmp_path / "t.db")
    made = run_cli(capsys, "init-db", "--database", path, "--json")
    assert made.code == 0, made.err
    data = json.loads(made.out)
    assert data["database"] == path and "m001_users_sessions_attempts" in data["applied"]
    assert json.loads(run_cli(capsys, "init-db", "--database", path, "--json").out) == {
        "database": path, "applied": []}
    user = run_cli(capsys, "create-user", "ann", "--role", "trainee", "--database", path,
                   "--json", stdin="long enough pw\n")
    assert user.code == 0, user.err
    assert json.loads(user.out) == {"created": "ann", "role": "trainee"}


def test_a_database_from_the_environment_in_a_missing_folder_names_the_variable(
        capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "no-such-folder" / "t.db"
    monkeypatch.setenv("TRAINER_DATABASE", str(path))
    run = run_cli(capsys, "init-db")
    assert run.code == 2
    assert run.err == (f"trainer: error: Invalid value for TRAINER_DATABASE: {path}: there is "
                       f"no folder {path.parent} (create it first)\n")


@pytest.mark.parametrize("command", [["init-db"], ["create-user", "ann", "--role", "trainee"],
                                     ["serve"], ["demo"]])
def test_a_database_in_a_missing_folder_is_refused_in_one_line(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, command: list[str]) -> None:
    """The operator is told, and nothing is made: a typo must not start a new database."""
    path = tmp_path / "no-such-folder" / "t.db"
    run = run_cli(capsys, *command, "--database", str(path), stdin="long enough pw\n")
    assert run.code == 2 and run.err.count("\n") == 1 and run.out == ""
    assert f"there is no folder {path.parent} (create it first)" in run.err
    assert not path.parent.exists()


@pytest.mark.parametrize("command", [["init-db"], ["create-user", "ann", "--role", "trainee"],
                                     ["serve"], ["backup", "copy.db"]])
def test_an_instance_folder_under_a_missing_folder_is_refused_in_one_line(
        capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch, command: list[str]) -> None:
    """A mistyped TRAINER_INSTANCE must not make a new tree with a new, empty database."""
    instance = tmp_path / "no-such-folder" / "instance"
    monkeypatch.setenv("TRAINER_INSTANCE", str(instance))
    monkeypatch.chdir(tmp_path)
    run = run_cli(capsys, *command, stdin="long enough pw\n")
    assert run.code == 2 and run.out == ""
    assert run.err == (f"trainer: error: TRAINER_INSTANCE: {instance}: there is no folder "
                       f"{instance.parent} (create it first)\n")
    assert not instance.parent.exists()


def test_an_instance_folder_that_is_a_file_is_refused(
        capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    file = tmp_path / "instance"
    file.write_text("not a folder")
    monkeypatch.setenv("TRAINER_INSTANCE", str(file))
    run = run_cli(capsys, "init-db")
    assert run.code == 2
    assert run.err == f"trainer: error: TRAINER_INSTANCE: {file}: is a file, not a folder\n"


def test_a_missing_instance_folder_is_made_when_its_parent_exists(
        capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    instance = tmp_path / "instance"
    monkeypatch.setenv("TRAINER_INSTANCE", str(instance))
    run = run_cli(capsys, "init-db")
    assert run.code == 0, run.err
    assert (instance / "trainer.db").is_file()
    assert not (instance / "secret_key").exists()  # made by the app that serves, not here


def test_a_database_elsewhere_needs_no_instance_folder_and_no_secret_key(
        capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A service account may not write the default instance folder, nor read its key: a
    command on a --database of its own touches neither (an unreadable key was a traceback)."""
    monkeypatch.setenv("TRAINER_INSTANCE", "/proc/trainer-instance")  # cannot be made
    database = str(tmp_path / "t.db")
    assert run_cli(capsys, "init-db", "--database", database).code == 0
    instance = tmp_path / "instance"
    (instance / "secret_key").mkdir(parents=True)  # a key no one can read
    monkeypatch.setenv("TRAINER_INSTANCE", str(instance))
    for args in (["init-db"], ["create-user", "ann", "--role", "trainee"],
                 ["backup", str(tmp_path / "b.db")]):
        run = run_cli(capsys, *args, "--database", database, stdin="long enough pw\n")
        assert run.code == 0, (args, run.err)


def test_an_instance_folder_that_cannot_be_made_is_refused(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """/proc takes no new folders, not even from root (the CI runs as root)."""
    monkeypatch.setenv("TRAINER_INSTANCE", "/proc/trainer-instance")
    run = run_cli(capsys, "init-db")
    assert run.code == 2
    assert run.err == ("trainer: error: /proc/trainer-instance: cannot make the instance "
                       "folder (No such file or directory)\n")


@pytest.mark.parametrize("command", ["serve", "demo"])
def test_serve_on_a_busy_port_exits_2_naming_it(capsys: pytest.CaptureFixture[str],
                                                tmp_path: Path, command: str) -> None:
    database = tmp_path / "t.db"
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        run = run_cli(capsys, command, "--port", str(port), "--database", str(database))
    assert run.code == 2 and run.out == ""
    assert run.err == f"trainer: error: 127.0.0.1:{port} is already in use\n"
    assert not database.exists()  # refused before migrating or making demo accounts


def test_serve_on_a_host_that_does_not_resolve_exits_2_naming_it(
        capsys: pytest.CaptureFixture[str]) -> None:
    run = run_cli(capsys, "serve", "--host", "no-such-host.invalid", "--port", "8000")
    assert run.code == 2 and run.err.count("\n") == 1
    assert "cannot serve on no-such-host.invalid:8000: " in run.err


def test_serve_json_says_where_it_serves(monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str],
                                         tmp_path: Path) -> None:
    from trainer.cli import web

    monkeypatch.setattr(web, "serve_wsgi", lambda *args: None)
    run = run_cli(capsys, "demo", "--port", "0", "--workers", "2",
                  "--database", str(tmp_path / "t.db"), "--json")
    assert run.code == 0, run.err
    data = json.loads(run.out)
    assert re.fullmatch(r"http://127\.0\.0\.1:[1-9][0-9]*/", data["url"]), data["url"]
    assert data["workers"] == 2
    assert data["created"] == ["demo-trainee", "demo-supervisor", "demo-admin", "demo-auditor"]
    assert {a["role"]: a["user"] for a in data["accounts"]} == {
        "trainee": "demo-trainee", "supervisor": "demo-supervisor", "admin": "demo-admin",
        "auditor": "demo-auditor"}


def test_demo_gives_its_trainees_weeks_of_history_once(monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str],
                                                       tmp_path: Path) -> None:
    """A newcomer's first look at the dashboard shows real figures: the demo trainee and a
    few more drilled and sat an exam over the last four weeks.  A database with accounts
    already gets none (no generated history lands among real records)."""
    from trainer.cli import web

    monkeypatch.setattr(web, "serve_wsgi", lambda *args: None)
    path = tmp_path / "t.db"
    run = run_cli(capsys, "demo", "--port", "0", "--database", str(path), "--json")
    assert run.code == 0, run.err
    made = json.loads(run.out)["history"]
    assert made["answers"] == web.DEMO_ANSWERS and made["trainees"] == 5
    db = connect(path)
    try:
        trainee = find_user(db, "demo-trainee")
        assert trainee is not None
        days = db.execute("SELECT count(DISTINCT date(answered_ms / 1000, 'unixepoch'))"
                          " FROM answers WHERE user_id = ?", [trainee.id]).fetchone()[0]
        assert days >= 14
        assert db.execute("SELECT count(*) FROM answers").fetchone()[0] == web.DEMO_ANSWERS
        assert db.execute("SELECT count(*) FROM exam_sittings WHERE passed IS NOT NULL"
                          ).fetchone()[0] >= 1
        assert {row[0] for row in db.execute("SELECT username FROM users")} == {
            "demo-trainee", "demo-supervisor", "demo-admin", "demo-auditor",
            *web.DEMO_TRAINEES}
    finally:
        db.close()
    again = run_cli(capsys, "demo", "--port", "0", "--database", str(path), "--json")
    assert again.code == 0, again.err
    assert json.loads(again.out) | {"url": ""} == {
        "url": "", "workers": json.loads(run.out)["workers"], "threads": 1, "created": [],
        "accounts": json.loads(run.out)["accounts"], "history": None}


def test_an_ipv6_host_is_bracketed_for_gunicorn_and_urls() -> None:
    from trainer.cli.free_port import host_port

    assert host_port("::1", 8000) == "[::1]:8000"
    assert host_port("127.0.0.1", 8000) == "127.0.0.1:8000"


@pytest.mark.parametrize("host", ["0.0.0.0"])
def test_demo_serves_this_machine_only(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                       host: str) -> None:
    """Its accounts' passwords are printed in the README: on every interface, anyone on the
    network could log in as the demo supervisor."""
    database = tmp_path / "t.db"
    run = run_cli(capsys, "demo", "--host", host, "--port", "0", "--database", str(database))
    assert run.code == 2 and run.out == ""
    assert run.err == (f"trainer: error: --host {host}: demo accounts have known passwords, so"
                       " demo mode serves this machine only (127.0.0.1, ::1 or localhost);"
                       " serve others with `trainer serve` and accounts of your own\n")
    assert not database.exists()  # refused before any account is made
