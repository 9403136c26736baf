"""The reports name what was audited: the features, the house under audit, every profile read."""

from __future__ import annotations

import shutil
import xml.etree.ElementTree as ET
from html import escape
from pathlib import Path

from trainer.audit.runner import run_features
from trainer.engine.houses import shipped_profile_file

ROOT = Path(__file__).resolve().parents[2]
FEATURES = ROOT / "features"


def suite_properties(report: Path) -> list[tuple[str | None, str | None]]:
    """The properties of the JUnit test suite, in order."""
    suite = ET.parse(report / "junit.xml").getroot().find("testsuite")
    assert suite is not None
    return [(p.get("name"), p.get("value")) for p in suite.findall("properties/property")]


def test_the_reports_name_each_shipped_profile_read(tmp_path):
    places = [FEATURES / "europoker" / "dealer.feature", FEATURES / "baden-baden" / "shoe.feature"]
    run = run_features(places, report_dir=tmp_path)
    profiles = {name: shipped_profile_file(name) for name in ("baden-baden", "europoker")}
    assert run.profiles() == profiles
    assert suite_properties(tmp_path) == [
        *(("features", str(place)) for place in places),
        *((f"profile:{name}", path) for name, path in profiles.items()),
    ]
    page = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert "<h2>Audited</h2>" in page and "Rules file" not in page
    for name, path in profiles.items():
        assert f"{name}: {escape(path)}" in page


def test_the_reports_name_the_rules_file_under_audit(tmp_path):
    house = tmp_path / "my-house.toml"
    shutil.copyfile(ROOT / "trainer" / "houses" / "europoker.toml", house)
    run = run_features([FEATURES / "europoker" / "dealer.feature"], rules_file=house,
                       report_dir=tmp_path / "out")
    assert run.ok
    assert run.profiles() == {"europoker": str(house)}
    properties = suite_properties(tmp_path / "out")
    assert ("rules_file", str(house)) in properties
    assert ("profile:europoker", str(house)) in properties
    page = (tmp_path / "out" / "report.html").read_text(encoding="utf-8")
    assert f"<tr><th>Rules file</th><td>{escape(str(house))} — the house under audit" in page
    assert f"europoker: {escape(str(house))}" in page


def test_the_reports_name_a_shipped_house_under_audit(tmp_path):
    run_features([FEATURES / "europoker" / "shoe.feature"], rules_name="europoker",
                 report_dir=tmp_path)
    assert ("rules", "europoker") in suite_properties(tmp_path)
    page = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert "<tr><th>Rules</th><td>europoker — the house under audit" in page


def test_junit_files_each_case_by_house_and_area_and_stays_valid_xml(tmp_path):
    """The same class names every run (CI keeps a test's history by them), and a folder
    name with a control character still gives well-formed XML."""
    folder = tmp_path / "odd\x1bname"
    folder.mkdir()
    source = Path(__file__).resolve().parents[2] / "features" / "europoker" / "dealer.feature"
    (folder / "dealer.feature").write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    classes = []
    for attempt in ("one", "two"):
        run_features([folder], report_dir=tmp_path / attempt)
        tree = ET.parse(tmp_path / attempt / "junit.xml")  # raises on malformed XML
        classes.append(sorted({case.get("classname") for case in tree.iter("testcase")}))
    assert classes[0] == classes[1] == ["europoker.dealer"]
