"""Mastery of a drill at a house, and readiness for a house's floor, from the record.

A trainee's level in a family at a house is judged on their latest answers there (the
``window``, 30 by default; no level before ``minimum``, 20, of them): each level is an
accuracy bar and a speed bar, the median time within a share of the family's par.

=============  ==========  ====================
level          accuracy    median time
=============  ==========  ====================
learning       below       (or too few answers)
practised      80 %        within 2 x par
fluent         90 %        within 1.5 x par
floor-ready    98 %        within par
=============  ==========  ====================

The defaults follow the trainers and schools in ``docs/mastery.md``; a training manager
sets them in ``settings.toml``.  Readiness for a house is the share of the way its
families have come (learning 0, practised 1/3, fluent 2/3, floor-ready 1); a trainee is
ready for the floor at a house when every family it drills is floor-ready.  Levels are
read from the rollups' ``recent`` outcomes (``trainer.db.rollups``), never the answers.
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from sqlite_utils import Database

from trainer.db import rollups
from trainer.db.scores import whole_percent


class Level(enum.IntEnum):
    """How far a trainee has come in a drill, in order."""

    LEARNING = 0
    PRACTISED = 1
    FLUENT = 2
    FLOOR_READY = 3

    @property
    def title(self) -> str:
        return self.name.replace("_", "-").lower()


@dataclass(frozen=True, slots=True)
class Bar:
    """What a level asks: at least ``percent`` right, the median time within
    ``par_percent`` of the par."""

    percent: int
    par_percent: int


@dataclass(frozen=True, slots=True)
class Thresholds:
    """The window judged, the answers needed before any level, and each level's bar."""

    window: int = 30
    minimum: int = 20
    bars: Mapping[Level, Bar] = field(default_factory=lambda: {
        Level.PRACTISED: Bar(80, 200), Level.FLUENT: Bar(90, 150),
        Level.FLOOR_READY: Bar(98, 100)})

    def problem(self) -> str | None:
        """Why these thresholds cannot work together (None: they can)."""
        if not 1 <= self.minimum <= self.window <= rollups.RECENT_KEPT:
            return (f"mastery_minimum ({self.minimum}) must be 1 to mastery_window "
                    f"({self.window}), at most {rollups.RECENT_KEPT}")
        bars = [self.bars[level] for level in sorted(self.bars)]
        if any(low.percent > high.percent or low.par_percent < high.par_percent
               for low, high in itertools.pairwise(bars)):
            return "each level's bar must be at least the one below it"
        return None


@dataclass(frozen=True, slots=True)
class Mastery:
    """A trainee's standing in a family at a house, over the window of latest answers."""

    family: str
    house: str
    answered: int
    correct: int
    median_ms: int | None
    par_ms: int
    level: Level
    needed: int
    """Answers still needed before a level counts (0 once the minimum is reached)."""

    @property
    def percent(self) -> int | None:
        return whole_percent(self.correct, self.answered)

    @property
    def next_bar(self) -> Level | None:
        """The level above this one (None at floor-ready)."""
        return Level(self.level + 1) if self.level < Level.FLOOR_READY else None


def judge(family: str, house: str, recent: str, par_ms: int,
          thresholds: Thresholds) -> Mastery:
    """The level the latest outcomes (``rollups.outcomes``' text, oldest first) earn."""
    window = rollups.outcomes(recent)[-thresholds.window:] if recent else []
    bins = [0] * len(rollups.BIN_COLUMNS)
    for _right, time_bin in window:
        bins[time_bin] += 1
    correct = sum(right for right, _ in window)
    median = rollups.median_of_bins(bins)
    level = Level.LEARNING
    if len(window) >= thresholds.minimum and median is not None:
        for candidate in sorted(thresholds.bars):
            bar = thresholds.bars[candidate]
            if (correct * 100 >= bar.percent * len(window)
                    and median * 100 <= par_ms * bar.par_percent):
                level = candidate
    return Mastery(family, house, len(window), correct, median, par_ms, level,
                   max(0, thresholds.minimum - len(window)))


@dataclass(frozen=True, slots=True)
class Readiness:
    """How far a trainee has come at a house: its families' levels and one figure."""

    house: str
    levels: Mapping[str, Mastery]
    """By family, every family the house drills (one not drilled yet: learning)."""

    @property
    def percent(self) -> int:
        """The share of the way to floor-ready, over the house's families."""
        steps = sum(m.level for m in self.levels.values())
        return whole_percent(steps, len(self.levels) * Level.FLOOR_READY) or 0

    @property
    def ready(self) -> bool:
        """Every family the house drills is floor-ready."""
        return bool(self.levels) and all(m.level is Level.FLOOR_READY
                                         for m in self.levels.values())


def readiness(db: Database, user_ids: Sequence[int], houses: Mapping[str, Sequence[str]],
              par_ms: Mapping[str, int], thresholds: Thresholds
              ) -> dict[int, dict[str, Readiness]]:
    """Each of ``user_ids``' readiness at each house of ``houses`` (house -> the families it
    drills), from the rollups (one trainee's rows, or every trainee's)."""
    sql = "SELECT user_id, family, house, recent FROM drill_totals"
    params: list[int] = []
    if len(user_ids) == 1:
        sql += " WHERE user_id = ?"
        params.append(user_ids[0])
    recent: dict[int, dict[tuple[str, str], str]] = {}
    for user, family, house, codes in db.execute(sql, params).fetchall():
        recent.setdefault(user, {})[(house, family)] = codes
    return {user: {house: Readiness(house, {
        family: judge(family, house, recent.get(user, {}).get((house, family), ""),
                      par_ms.get(family, 0), thresholds)
        for family in families}) for house, families in houses.items()} for user in user_ids}


@dataclass(frozen=True, slots=True)
class LevelUp:
    """A day a trainee's level in a family at a house rose, and the level it reached."""

    day: int
    """UTC days since 1970-01-01, as the rollups count them."""
    house: str
    family: str
    level: Level


def level_ups(db: Database, user_id: int, since_day: int, par_ms: Mapping[str, int],
              thresholds: Thresholds) -> list[LevelUp]:
    """The days from ``since_day`` on when the trainee's level in a drill at a house rose,
    oldest first: each day's rollup keeps the latest outcomes as they stood at its end, so a
    level is judged day by day (a day rolled up before it kept them, none: skipped)."""
    rows = db.execute(
        "SELECT house, family, day, recent FROM drill_days WHERE user_id = ? AND recent != ''"
        " ORDER BY house, family, day", [user_id]).fetchall()
    rises: list[LevelUp] = []
    before: dict[tuple[str, str], Level] = {}
    for house, family, day, recent in rows:
        level = judge(family, house, recent, par_ms.get(family, 0), thresholds).level
        if level > before.get((house, family), Level.LEARNING) and day >= since_day:
            rises.append(LevelUp(day, house, family, level))
        before[(house, family)] = level
    return sorted(rises, key=lambda rise: (rise.day, rise.house, rise.family))
