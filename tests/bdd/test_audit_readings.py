"""The reading step fails on a missing or empty reading; the reports show what was recorded."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from html import escape
from pathlib import Path

import pytest

from trainer.audit.runner import run_features
from trainer.engine.houses import find_house
from trainer.engine.money import CENTS_READING, CENTS_WHY

ROOT = Path(__file__).resolve().parents[2]
DEALER = ROOT / "features" / "europoker" / "dealer.feature"
EUROPOKER = ROOT / "trainer" / "houses" / "europoker.toml"
SOFT_17 = re.compile(
    r'(\[soft_17\]\nvalue = "stand"\nsource = "[^\n]*"\n)reading = "[^\n]*"\nwhy = "[^\n]*"\n'
)


def europoker_with(tmp_path: Path, soft_17_note: str) -> Path:
    """europoker.toml whose soft_17 rule has ``soft_17_note`` in place of its reading and why."""
    text, count = SOFT_17.subn(lambda m: m.group(1) + soft_17_note, EUROPOKER.read_text("utf-8"))
    assert count == 1
    path = tmp_path / "europoker.toml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(("note", "actual"), [
    ("", "no reading, only the source: 004:"),
    ('reading = ""\nwhy = "because"\n', "an empty reading, only the source: 004:"),
    ('reading = "   "\nwhy = "because"\n', "an empty reading, only the source: 004:"),
])
def test_a_missing_or_empty_reading_fails_its_scenario(tmp_path, note, actual):
    run = run_features([DEALER], rules_file=europoker_with(tmp_path, note))
    failed = {result.scenario for result in run.failed}
    assert failed == {"reading — a soft 17 is a 17, so the dealer stands on soft 17 (S17)"}
    for result in run.failed:
        assert result.expected == "a recorded reading for 'soft_17'"
        assert (result.actual or "").startswith(actual)


def test_a_reading_without_a_why_fails(tmp_path):
    run = run_features([DEALER], rules_file=europoker_with(tmp_path, 'reading = "S17"\nwhy = ""\n'))
    assert run.failed
    assert all(r.actual == "the profile gives no why" for r in run.failed)


def test_the_reports_show_each_reading_with_its_why_and_source(tmp_path):
    run = run_features([DEALER], report_dir=tmp_path)
    assert run.ok
    note = find_house("europoker").notes["soft_17"]
    assert all(r.reading for r in run.results if r.readings)
    checked = [r for r in run.results if any(x.rule == "soft_17" for x in r.readings)]
    assert checked
    for result in checked:
        (reading,) = result.readings
        assert (reading.text, reading.why, reading.source) == (note.reading, note.why, note.source)
    page = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert page.count("reading recorded for <code>soft_17</code>") == len(checked)
    for text in (note.reading, note.why, note.source):
        assert escape(text or "") in page
    cases = ET.parse(tmp_path / "junit.xml").getroot().findall(".//testcase")
    recorded = [
        {p.get("name"): p.get("value") for p in case.iter("property")} for case in cases
    ]
    with_reading = [props for props in recorded if "reading:soft_17" in props]
    assert len(with_reading) == len(checked)
    assert with_reading[0]["why:soft_17"] == note.why
    assert with_reading[0]["source:soft_17"] == note.source


def test_the_whole_cents_reading_of_every_house_is_recorded_by_its_scenarios(tmp_path):
    """No profile states it (``trainer rules show`` lists it under "every house"), and a
    house audited from its own file records it too."""
    payouts = ROOT / "features" / "casino-classic" / "payouts.feature"
    for run in (run_features([payouts]), run_features([payouts], rules_file=EUROPOKER)):
        checked = [r for r in run.results if any(x.rule == "cents" for x in r.readings)]
        assert len(checked) == 3 and all(r.status == "passed" for r in checked)
        for result in checked:
            (reading,) = result.readings
            assert (reading.text, reading.why) == (CENTS_READING, CENTS_WHY)
            assert reading.source == "every house: no source says"


def test_the_html_report_keeps_a_house_s_features_in_file_order_and_names_readings_once(
        tmp_path):
    """A house's Russian features stay among its English ones (pytest-bdd sorts features by
    name: Cyrillic after Latin), and a "reading — ..." title is not badged "reading" again."""
    run = run_features([ROOT / "features" / "russian-casino"], report_dir=tmp_path)
    assert run.ok
    page = (tmp_path / "report.html").read_text(encoding="utf-8")
    files = [name.rsplit("/", 1)[-1] for name in
             re.findall(r"</h3><p><small>([^<]*)</small>", page)]
    assert files[:3] == ["blackjack.feature", "dealer.feature", "doubling.feature"]
    assert "<summary class='passed'>reading — " in page
    assert "</span> reading" not in page
