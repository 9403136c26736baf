"""A closed stdin, or its end at a prompt, exits 2 in one line saying what was needed."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from tests.cli.helpers import run_cli

Capsys = pytest.CaptureFixture[str]
ROUND = '{"dealer": ["9h", "Td"], "hands": [{"bet": "35", "cards": ["As", "Kd"]}]}'


@pytest.fixture
def database(capsys: Capsys, tmp_path: Path) -> str:
    path = tmp_path / "u.db"
    assert run_cli(capsys, "init-db", "--database", str(path)).code == 0
    return str(path)


@pytest.fixture
def backup(capsys: Capsys, tmp_path: Path, database: str) -> str:
    path = tmp_path / "bk.db"
    assert run_cli(capsys, "backup", str(path), "--database", database).code == 0
    return str(path)


def test_a_closed_stdin_is_refused_in_one_line(capsys: Capsys, database: str,
                                               backup: str) -> None:
    for args in (["create-user", "bob", "--role", "trainee", "--database", database],
                 ["settle", "--rules", "europoker"], ["settle", "--rules", "europoker", "-"]):
        run = run_cli(capsys, *args, stdin=None)
        assert (run.code, run.out) == (2, ""), args
        assert run.err == "trainer: error: no input: stdin is closed\n", args


def test_a_restore_with_stdin_closed_says_to_pass_yes(capsys: Capsys, database: str,
                                                      backup: str) -> None:
    """``restore PATH <&-``: no confirmation can be asked, so the refusal names ``--yes``
    (and nothing is replaced)."""
    before = Path(database).read_bytes()
    run = run_cli(capsys, "restore", backup, "--database", database, stdin=None)
    assert (run.code, run.out) == (2, "")
    assert run.err == ("trainer: error: no input: stdin is closed; pass --yes to replace "
                       "the database\n")
    assert Path(database).read_bytes() == before


def test_what_needs_no_stdin_runs_with_it_closed(capsys: Capsys, tmp_path: Path,
                                                 database: str, backup: str) -> None:
    round_file = tmp_path / "round.json"
    round_file.write_text(ROUND, encoding="utf-8")
    for args in (["settle", "--rules", "europoker", str(round_file)],
                 ["restore", backup, "--database", database, "--yes"], ["rules", "list"]):
        run = run_cli(capsys, *args, stdin=None)
        assert run.code == 0, (args, run.err)


def test_no_confirmation_on_stdin_says_to_pass_yes(capsys: Capsys, database: str,
                                                   backup: str) -> None:
    run = run_cli(capsys, "restore", backup, "--database", database, stdin="")
    assert (run.code, run.out) == (2, "")
    assert run.err.splitlines()[-1] == ("trainer: error: no confirmation on stdin: pass --yes "
                                        "to replace the database")
    no = run_cli(capsys, "restore", backup, "--database", database, stdin="n\n")
    assert no.code == 1 and no.err.endswith("trainer: aborted\n")  # a "no" stays a "no"


def test_no_password_on_stdin_is_named(capsys: Capsys, database: str) -> None:
    run = run_cli(capsys, "create-user", "bob", "--role", "trainee", "--database", database,
                  stdin="")
    assert (run.code, run.out) == (2, "")
    assert run.err == ("trainer: error: no password on stdin: type it at the prompt, or give "
                       "it as one line\n")


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_ctrl_d_at_the_password_prompt_is_named(capsys: Capsys, database: str,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    import click.termui

    def end_of_input(_prompt: str) -> str:
        raise EOFError

    monkeypatch.setattr(click.termui, "hidden_prompt_func", end_of_input)
    monkeypatch.setattr("sys.stdin", _Terminal())
    from trainer.cli import main

    monkeypatch.setattr("sys.argv", ["trainer", "create-user", "bob", "--role", "trainee",
                                     "--database", database])
    with pytest.raises(SystemExit) as stopped:
        main()
    assert stopped.value.code == 2
    assert capsys.readouterr().err.splitlines()[-1] == (
        "trainer: error: no password on stdin: type it at the prompt, or give it as one line")
