"""A house profile's name must be a slug, and its split limits sane: refused in one line
naming the file and the key, before ``audit`` runs another house's features or ``rules
show`` and ``simulate`` recurse past Python's stack."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.cli.helpers import run_cli
from trainer.engine.houses import shipped_profile_file

Capsys = pytest.CaptureFixture[str]


def _profile(tmp_path: Path, key: str, value: str) -> Path:
    text = Path(shipped_profile_file("europoker")).read_text(encoding="utf-8")
    if key == "name":
        text = text.replace('name = "europoker"', f"name = {value}", 1)
    else:
        text, count = re.subn(rf"(\[{key}\]\nvalue = )\d+", rf"\g<1>{value}", text, count=1)
        assert count == 1
    path = tmp_path / "mine.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_name_that_is_a_path_does_not_audit_another_house(capsys: Capsys,
                                                            tmp_path: Path) -> None:
    path = _profile(tmp_path, "name", '"europoker/../spanish-21"')
    run = run_cli(capsys, "audit", "--rules-file", str(path), "--quiet")
    assert (run.code, run.out) == (2, "")
    assert run.err == (f"trainer: error: {path}: name = \"europoker/../spanish-21\": must be "
                       "lowercase words of a-z and 0-9 joined by '-', e.g. my-club\n")


@pytest.mark.parametrize(("key", "value"), [("split_max_hands", "400"),
                                            ("split_aces_max_hands", "1000")])
@pytest.mark.parametrize("command", [["rules", "show"], ["simulate", "--rounds", "5"]])
def test_a_split_limit_past_eight_hands_is_refused(capsys: Capsys, tmp_path: Path, key: str,
                                                   value: str, command: list[str]) -> None:
    path = _profile(tmp_path, key, value)
    run = run_cli(capsys, *command, "--rules-file", str(path))
    assert (run.code, run.out) == (2, "")
    assert run.err == (f"trainer: error: {path}: {key}.value = {value}: must be a whole "
                       'number of hands from 1 (no split) to 8, or "unlimited"\n')


def test_eight_hands_are_computed_and_played(capsys: Capsys, tmp_path: Path) -> None:
    path = _profile(tmp_path, "split_max_hands", "8")
    assert run_cli(capsys, "rules", "show", "--rules-file", str(path)).code == 0
    run = run_cli(capsys, "simulate", "--rules-file", str(path), "--rounds", "50")
    assert run.code == 0, run.err
