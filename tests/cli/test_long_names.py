"""A name too long for a file (more than 255 bytes), or a path too long (more than 4,095),
is refused in one line naming it, exit 2: never the traceback of a stat that raised."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.helpers import run_cli
from trainer.engine.houses import shipped_profile_file

Capsys = pytest.CaptureFixture[str]
LONG = "b" * 300
TOO_LONG = "is too long for this system (File name too long)"


def test_a_house_name_too_long_for_a_folder_has_no_shipped_features(capsys: Capsys,
                                                                     tmp_path: Path) -> None:
    text = Path(shipped_profile_file("europoker")).read_text(encoding="utf-8")
    profile = tmp_path / "mine.toml"
    profile.write_text(text.replace('name = "europoker"', f'name = "{"a" * 300}"', 1),
                       encoding="utf-8")
    run = run_cli(capsys, "audit", "--rules-file", str(profile), "--quiet")
    assert (run.code, run.out) == (2, "")
    assert run.err == (f"trainer: error: no shipped features for house '{'a' * 40}...' (300 "
                       f"characters) (from {profile}); give --features DIR\n")


@pytest.fixture
def database(capsys: Capsys, tmp_path: Path) -> str:
    path = tmp_path / "u.db"
    assert run_cli(capsys, "init-db", "--database", str(path)).code == 0
    return str(path)


@pytest.mark.parametrize(("command", "hint"), [
    (["backup", "PATH", "--database", "DB"], "'PATH'"),
    (["restore", "PATH", "--database", "DB", "--yes"], "'PATH'"),
    (["init-db", "--database", "PATH"], "'--database'"),
    (["generate-history", "--database", "PATH", "--answers", "5"], "'--database'"),
    (["audit", "--features", "PATH", "--quiet"], "'--features'"),
])
@pytest.mark.parametrize("where", ["a long name", "a long path"])
def test_a_path_too_long_is_refused_naming_it(capsys: Capsys, tmp_path: Path, database: str,
                                              command: list[str], hint: str,
                                              where: str) -> None:
    path = (f"{tmp_path}/{LONG}" if where == "a long name"
            else f"{tmp_path}/{'c/' * 2100}x.db")
    args = [path if a == "PATH" else database if a == "DB" else a for a in command]
    run = run_cli(capsys, *args)
    assert (run.code, run.out) == (2, "")
    shown = f"{tmp_path}/{'b' * 40}... (300 characters)" if where == "a long name" else path
    assert run.err == f"trainer: error: Invalid value for {hint}: {shown} {TOO_LONG}\n"


def test_a_database_too_long_in_the_environment_names_the_variable(
        capsys: Capsys, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRAINER_DATABASE", f"{tmp_path}/{LONG}/trainer.db")
    run = run_cli(capsys, "init-db")
    assert (run.code, run.out) == (2, "")
    assert run.err == (f"trainer: error: Invalid value for TRAINER_DATABASE: {tmp_path}/"
                       f"{'b' * 40}... (300 characters)/trainer.db {TOO_LONG}\n")
