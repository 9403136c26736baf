"""The trainee's progress on the home page (accuracy and time against the par per week, the
days in a row practised), and the clock a drill question carries, from a real record."""

from __future__ import annotations

import datetime
import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.web import test_progress
from tests.web.test_progress import answered
from tests.web.test_routes import HX, question_form, start
from trainer.db import rollups
from trainer.web.charts import ParPoint, par_chart
from trainer.web.trainee import drill_flow

SVG = "{http://www.w3.org/2000/svg}"
NOON_MS = 43_200_000


def drilled_on(monkeypatch: pytest.MonkeyPatch, app: Flask, day: str, family: str,
               marks: list[tuple[bool, int]], user: str = "tina") -> None:
    """``answered`` (a session through the recorder) on the UTC ``day``, from its noon."""
    noon = rollups.day_number(datetime.date.fromisoformat(day)) * rollups.DAY_MS + NOON_MS
    monkeypatch.setattr(test_progress, "NOON", noon)
    answered(app, user, family, marks)


@pytest.fixture
def history(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    """Tina's drills: one day in September (before the chart's 13 weeks), Sunday 29 November
    (the week of 23 November), then Tuesday 1 and Wednesday 2 December (the week of 30
    November); Tom's on 30 November."""
    drilled_on(monkeypatch, app, "2026-09-01", "hand-reading", [(True, 1_500)] * 5)
    drilled_on(monkeypatch, app, "2026-11-29", "hand-reading", [(False, 4_500)] * 2)
    drilled_on(monkeypatch, app, "2026-12-01", "hand-reading",
               [(True, 1_500)] * 3 + [(False, 1_500)])  # par 3 s
    drilled_on(monkeypatch, app, "2026-12-02", "insurance", [(True, 6_500)] * 2)  # par 5 s
    drilled_on(monkeypatch, app, "2026-11-30", "insurance", [(True, 1_500)] * 9, user="tom")


def home(client: FlaskClient, auth: Any, user: str = "tina") -> str:
    auth.login(user)
    return client.get("/").get_data(as_text=True)


def chart(html: str, name: str) -> ET.Element:
    """The chart of the progress panel named ``name`` (``weekly-accuracy``, ``weekly-time``)."""
    found = re.search(rf'data-chart="{name}">(<svg.*?</svg>)', html, re.S)
    assert found, f"no {name} chart"
    return ET.fromstring(found.group(1))


def points(svg: ET.Element) -> list[tuple[str | None, str | None]]:
    """Each point drawn: its value as said, and its tooltip."""
    return [(c.get("data-value"), c.findtext(f"{SVG}title"))
            for c in svg.iter(f"{SVG}circle")]


def test_the_weeks_accuracy_and_time_against_the_par(app: Flask, client: FlaskClient,
                                                      auth: Any, history: None) -> None:
    app.config["TODAY"] = "2026-12-02"
    html = home(client, auth)
    # 23 Nov: 0 of 2, both 4-5 s: median 4.5 s, par 3 s.  30 Nov: 5 of 6; four answers
    # of 1-2 s and two of 6-7 s: the median is the 3rd of the four, 1.75 s; the median par
    # is hand-reading's (4 of the 6 answers), 3 s.  1 September is before the 13 weeks.
    assert points(chart(html, "weekly-accuracy")) == [
        ("0%", "23 Nov: 0% (2 answered)"), ("83%", "30 Nov: 83% (6 answered)")]
    assert points(chart(html, "weekly-time")) == [
        ("150%", "23 Nov: median 4.5 s, 150% of the par of 3.0 s (2 answered)"),
        ("58%", "30 Nov: median 1.8 s, 58% of the par of 3.0 s (6 answered)")]
    labels = [t.text for t in chart(html, "weekly-time").iter(f"{SVG}text")]
    assert "07 Sep" in labels and "30 Nov" in labels and "par" in labels  # 13 Mondays
    assert "floor-ready: 98%" in [t.text for t in chart(html, "weekly-accuracy").iter(
        f"{SVG}text")]
    rows = dict(re.findall(r'<tr data-week="([^"]+)">(.*?)</tr>', html, re.S))
    assert len(rows) == 13 and next(iter(rows)) == "2026-11-30"  # newest first
    assert "5 of 6 (83%)" in rows["2026-11-30"]
    assert '<span class="under-par">1.8 s</span>, within the par of 3.0 s' in rows["2026-11-30"]
    assert '<span class="over-par">4.5 s</span>, over the par of 3.0 s' in rows["2026-11-23"]
    assert "none answered" in rows["2026-09-07"]


@pytest.mark.parametrize(("today", "days", "said"), [
    ("2026-12-02", 2, "<strong>2 days in a row</strong> practised, today included."),
    ("2026-12-03", 2, "<strong>2 days in a row</strong> practised, up to yesterday"),
    ("2026-11-29", 1, "<strong>1 day in a row</strong> practised, today included."),
    ("2026-12-04", 0, "No days in a row yet"),
])
def test_days_in_a_row_end_today_or_yesterday(app: Flask, client: FlaskClient, auth: Any,
                                              history: None, today: str, days: int,
                                              said: str) -> None:
    """Monday 30 November had no drill of Tina's (Tom's does not count): the run is 1 and
    2 December, and goes on up to the day after the last."""
    app.config["TODAY"] = today
    html = home(client, auth)
    assert f'data-days-in-a-row="{days}"' in html
    assert said in html


def test_a_new_trainee_is_told_what_will_show(app: Flask, client: FlaskClient,
                                             auth: Any) -> None:
    html = home(client, auth)
    assert 'data-days-in-a-row="0"' in html
    assert "No drill answers in the last 13 weeks yet" in html
    assert "data-chart=" not in html


def test_a_supervisor_s_home_has_no_progress_panel(app: Flask, client: FlaskClient,
                                                  auth: Any) -> None:
    assert "progress-title" not in home(client, auth, "sue")


def test_the_time_chart_scales_to_its_slowest_week() -> None:
    svg = ET.fromstring(str(par_chart(
        [ParPoint("a", 1_500, 3_000, 4), ParPoint("b"), ParPoint("c", 4_500, 3_000, 2)],
        title="t", width=400, height=240)))
    # plot from y=14 to y=206 (192 px): 0-200 % of the par, 50 % a gridline
    assert [(c.get("cy"), c.get("data-value")) for c in svg.iter(f"{SVG}circle")] == [
        ("158", "50%"), ("62", "150%")]
    assert svg.find(f"{SVG}line[@class='reference']").get("y1") == "110"  # the par
    assert [t.text for t in svg.iter(f"{SVG}text")][:5] == ["0%", "50%", "100%", "150%", "200%"]
    assert not svg.findall(f"{SVG}polyline")  # a gap between two lone weeks
    slow = ET.fromstring(str(par_chart([ParPoint("a", 9_000, 3_000, 1)], title="t")))
    assert [t.text for t in slow.iter(f"{SVG}text")][:4] == ["0%", "100%", "200%", "300%"]


# ------------------------------------------------------------------ the question's clock


def clocks(html: str) -> list[tuple[str, str]]:
    """Each question clock of a page, in order: its par and the time it had run, in ms."""
    return re.findall(r'<p class="question-clock" data-question-clock data-par-ms="(\d+)"'
                      r' data-clock-ms="(\d+)">', html)


def test_the_question_clock_starts_where_the_server_s_clock_stands(
        app: Flask, client: FlaskClient, auth: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """A page's clock starts at the time the server counts for its question: on after a
    short break, from 0 after a long one; the question sent ahead starts at 0 (Next starts
    it); a question asked again after a refused answer goes on, less a reported wait."""
    now = [1_796_040_000_000]
    monkeypatch.setattr(drill_flow, "now_ms", lambda: now[0])
    auth.login()
    url = start(client, auth)  # dealer-draw: par 3 s
    page = client.get(url).get_data(as_text=True)
    assert clocks(page) == [("3000", "0")]
    assert re.search(r"</span>par 3\.0 s<span data-clock-over hidden>", page)  # no script
    now[0] += 4_200
    assert clocks(client.get(url).get_data(as_text=True)) == [("3000", "4200")]
    form = question_form(page)
    now[0] += 300
    refused = client.post(f"{url}/answer", data=form | {"choice": "h" * 81}, headers=HX)
    assert refused.status_code == 422
    assert clocks(refused.get_data(as_text=True)) == [("3000", "4500")]
    now[0] += 6 * 60_000  # a long break: shown again, its clock starts again
    assert clocks(client.get(url).get_data(as_text=True)) == [("3000", "0")]
    now[0] += 1_000
    feedback = client.post(f"{url}/answer", data=form | {"choice": "hit"}, headers=HX)
    assert clocks(feedback.get_data(as_text=True)) == [("3000", "0")]  # the next, ahead
    ahead = question_form(feedback.get_data(as_text=True).split('id="q-ahead"')[1])
    now[0] += 2_000
    refused = client.post(f"{url}/answer", headers=HX, data=ahead | {
        "choice": "h" * 81, "waited_ms": "1500"})  # revealed after 1.5 s behind the feedback
    assert clocks(refused.get_data(as_text=True)) == [("3000", "500")]
