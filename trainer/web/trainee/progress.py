"""The trainee's progress over time, on their home page: accuracy and the median time
against the par week by week, and the days in a row they have practised.

Read from the day rollups (``drill_days``, through ``reports.tallies``), never from the
answers: a year of a trainee's drills is a few thousand rows.  Days and weeks are UTC, as
the rollups count them; a week starts on a Monday.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from flask import current_app
from flask_login import current_user
from markupsafe import Markup
from sqlite_utils import Database

from trainer.db import mastery, reports, rollups
from trainer.db.mastery import Level
from trainer.db.scores import Score
from trainer.web import charts, clock
from trainer.web.database import get_db
from trainer.web.questions import catalogue
from trainer.web.questions.houses_view import house_titles
from trainer.web.settings import mastery_thresholds

WEEKS = 13
"""How many weeks the charts show, this one included: a quarter (and with 13 points, the
charts' labels fall on every other week, the last included)."""
CHART_SIZE = {"width": 480, "height": 220}
"""Two charts side by side on a PC's home page, each at its full size."""
DAY = datetime.timedelta(days=1)
WEEK = datetime.timedelta(weeks=1)


@dataclass(frozen=True, slots=True)
class Week:
    """A week of drills: its Monday and the score of the drill answers given in it."""

    start: datetime.date
    score: Score

    @property
    def label(self) -> str:
        """The week as the chart names it, by its Monday: ``03 Nov``."""
        return self.start.strftime("%d %b")

    @property
    def par_point(self) -> charts.ParPoint:
        """The week's median time against its par, as the time chart draws it."""
        return charts.ParPoint(self.label, self.score.median_ms, self.score.par_ms,
                               self.score.answered)


@dataclass(frozen=True, slots=True)
class LevelUp:
    """A day a level rose, as the home page says it."""

    day: datetime.date
    house: str
    drill: str
    level: str


@dataclass(frozen=True, slots=True)
class Progress:
    """What the home page's progress panel shows."""

    weeks: list[Week]
    """The last ``WEEKS`` weeks, oldest first, this one last (perhaps not over yet)."""
    streak: int
    """Days in a row practised, up to today or yesterday (0: neither day)."""
    practised_today: bool
    accuracy_chart: Markup
    time_chart: Markup
    level_ups: list[LevelUp] = field(default_factory=list)
    """The rises of a level in these weeks, newest first."""

    @property
    def answered(self) -> int:
        """The drill answers the chart counts."""
        return sum(week.score.answered for week in self.weeks)


def week_starts(today: datetime.date, weeks: int = WEEKS) -> list[datetime.date]:
    """The Mondays of the last ``weeks`` weeks, oldest first, the week of ``today`` last.

    >>> [d.isoformat() for d in week_starts(datetime.date(2026, 12, 2), 3)]
    ['2026-11-16', '2026-11-23', '2026-11-30']
    """
    monday = today - datetime.timedelta(days=today.weekday())
    return [monday - WEEK * n for n in range(weeks - 1, -1, -1)]


def weekly(items: Iterable[reports.Tallied], starts: Sequence[datetime.date],
           par_ms: Mapping[str, int]) -> list[Week]:
    """The score of each week starting on ``starts`` (ascending Mondays), from ``items``
    tallied by day and family; days before the first week or after the last are left out."""
    found: dict[datetime.date, list[reports.Tallied]] = {start: [] for start in starts}
    for item in items:
        if item.day is not None:
            monday = item.day - datetime.timedelta(days=item.day.weekday())
            if monday in found:
                found[monday].append(item)
    return [Week(start, reports.tallied_score(found[start], par_ms)) for start in starts]


def days_in_a_row(days: Iterable[datetime.date], today: datetime.date) -> int:
    """How many days in a row end today, or yesterday if not today, among ``days``
    (0: neither day is among them).

    >>> days = [datetime.date(2026, 12, n) for n in (1, 3, 4, 5)]
    >>> [days_in_a_row(days, datetime.date(2026, 12, n)) for n in (5, 6, 7, 2)]
    [3, 3, 0, 1]
    """
    practised = set(days)
    day = today if today in practised else today - DAY
    count = 0
    while day in practised:
        count += 1
        day -= DAY
    return count


def practised_days(db: Database, user_id: int) -> list[datetime.date]:
    """Every UTC day on which the trainee gave a drill answer (a retry of mistakes too:
    that is practice as well, though left out of the scores)."""
    return [t.day for t in reports.tallies(db, reports.Filters(user_id=user_id), by=("day",))
            if t.day is not None]


def trainee_progress(user_id: int) -> Progress:
    """The progress panel of the trainee ``user_id``, up to today (``clock.today``)."""
    db = get_db()
    today = clock.today()
    starts = week_starts(today)
    tallied = reports.tallies(db, reports.Filters(user_id=user_id, date_from=starts[0],
                                                  date_to=today), by=("day", "family"))
    weeks = weekly(tallied, starts, catalogue.par_ms())
    days = practised_days(db, user_id)
    thresholds = mastery_thresholds(current_app.config)
    floor_ready = thresholds.bars[Level.FLOOR_READY]
    houses, drills = house_titles(), catalogue.family_titles()
    rises = [LevelUp(rollups.day_of(rise.day), houses.get(rise.house, rise.house),
                     drills.get(rise.family, rise.family), rise.level.title)
             for rise in mastery.level_ups(db, user_id, rollups.day_number(starts[0]),
                                           catalogue.par_ms(), thresholds)]
    period = f"per week, the {WEEKS} weeks to {today.strftime('%d %b %Y')}"
    return Progress(
        weeks, days_in_a_row(days, today), today in days,
        charts.line_chart([charts.Point(w.label, w.score.correct, w.score.answered)
                           for w in weeks], title=f"Your accuracy {period}",
                          reference=floor_ready.percent / 100,
                          reference_label=f"floor-ready: {floor_ready.percent}%", **CHART_SIZE),
        charts.par_chart([w.par_point for w in weeks],
                         title=f"Your median time against the par {period}", **CHART_SIZE),
        rises[::-1],
    )


def for_home() -> Progress | None:
    """The logged-in trainee's progress; None for a supervisor (the figures count trainees'
    drills only: a supervisor's own practice is no trainee's record)."""
    return trainee_progress(current_user.id) if current_user.role == "trainee" else None
