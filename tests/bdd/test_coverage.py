"""Every house has features, every tag is a registered marker, every reading has a scenario."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from trainer.engine.houses import house_names, shipped_houses

ROOT = Path(__file__).resolve().parents[2]
FEATURES = ROOT / "features"
_READING_STEP = re.compile(
    r'(?:the profile records a reading for|профиль записывает толкование) "([^"]+)"'
)
_SCENARIO = re.compile(r"^\s*(Scenario|Scenario Outline|Сценарий|Структура сценария):")


def reading_scenarios(house: str) -> dict[str, list[str]]:
    """Profile key -> names of the @reading scenarios of ``house`` that check its reading."""
    found: dict[str, list[str]] = {}
    for feature in sorted((FEATURES / house).glob("*.feature")):
        lines = feature.read_text(encoding="utf-8").splitlines()
        scenario, tags = "", ""
        for index, line in enumerate(lines):
            if _SCENARIO.match(line):
                scenario = line.split(":", 1)[1].strip()
                tags = lines[index - 1] if index else ""
            match = _READING_STEP.search(line)
            if match and "@reading" in tags.split():
                found.setdefault(match.group(1), []).append(scenario)
    return found


@pytest.mark.parametrize("house", house_names())
def test_every_house_has_features(house: str) -> None:
    assert sorted((FEATURES / house).glob("*.feature")), f"no features for {house}"


@pytest.mark.parametrize("house", house_names())
def test_every_reading_has_its_own_reading_scenario(house: str) -> None:
    readings = {key for key, note in shipped_houses()[house].notes.items() if note.reading}
    covered = reading_scenarios(house)
    missing = sorted(readings - set(covered))
    assert not missing, f"{house}: readings without a @reading scenario: {missing}"


def test_every_tag_is_a_registered_marker() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    markers = {line.split(":")[0] for line in config["tool"]["pytest"]["ini_options"]["markers"]}
    tags = set()
    for feature in FEATURES.rglob("*.feature"):
        for line in feature.read_text(encoding="utf-8").splitlines():
            if line.strip().startswith("@"):
                tags.update(tag.lstrip("@") for tag in line.split())
    assert tags <= markers, f"unregistered tags: {sorted(tags - markers)}"


def test_every_house_directory_ships_as_data_files() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    shipped = config["tool"]["setuptools"]["data-files"]
    for house in sorted(p.name for p in FEATURES.iterdir() if p.is_dir()):
        assert shipped[f"share/trainer/features/{house}"] == [f"features/{house}/*.feature"]
