"""Score figures every page shares: right answers out of answered, and the median time.

The trainee's home and summary and the supervisor's pages all work their figures out
here, so the same answers always show the same accuracy, percent and median.  The
trainee's own queries are here too: their record on each family and a session's streak.
"""

from __future__ import annotations

import contextlib
import statistics
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Protocol

from sqlite_utils import Database

from trainer.db import rollups


class Answered(Protocol):
    """What a score is worked out from: an attempt, or the fact of one."""

    @property
    def family(self) -> str: ...

    @property
    def correct(self) -> bool: ...

    @property
    def elapsed_ms(self) -> int: ...


def median(values: Iterable[int]) -> int | None:
    """The median (the mean of the middle two for an even count), in whole units."""
    items = sorted(values)
    return int(statistics.median(items)) if items else None


class Tally:
    """Right answers out of answered, as a fraction and in whole percent."""

    __slots__ = ()
    answered: int
    correct: int

    @property
    def accuracy(self) -> float | None:
        return self.correct / self.answered if self.answered else None

    @property
    def percent(self) -> int | None:
        """Accuracy in whole percent (:func:`whole_percent`)."""
        return whole_percent(self.correct, self.answered)


def whole_percent(correct: int, answered: int) -> int | None:
    """``correct`` of ``answered`` in whole percent, rounded half up in integer arithmetic
    (5 of 8 is 63 %, never a float's 62); None when nothing was answered."""
    return (correct * 200 + answered) // (answered * 2) if answered else None


@dataclass(frozen=True, slots=True)
class Score(Tally):
    """Right answers out of answered, with the median time and par."""

    answered: int = 0
    correct: int = 0
    median_ms: int | None = None
    par_ms: int | None = None


def score(items: Iterable[Answered], par_ms: Mapping[str, int] | None = None) -> Score:
    """The score of these answers; ``par_ms`` maps a family to its par time."""
    rows = list(items)
    if not rows:
        return Score()
    pars = [par_ms[f.family] for f in rows if par_ms and f.family in par_ms]
    return Score(len(rows), sum(f.correct for f in rows), median(f.elapsed_ms for f in rows),
                 median(pars))


def streak(db: Database, session_id: int, through_position: int) -> int:
    """Consecutive right answers in the session ending at ``through_position`` (at most 200).

    Reads back only until the first wrong answer.
    """
    count = 0
    with contextlib.closing(db.execute(
        "SELECT a.correct FROM questions q JOIN answers a ON a.question_id = q.id"
        " WHERE q.session_id = ? AND q.position <= ? ORDER BY q.position DESC LIMIT 200",
        [session_id, through_position],
    )) as rows:
        for (correct,) in rows:
            if not correct:
                break
            count += 1
    return count


def family_scores(db: Database, user_id: int, recent: int = rollups.RECENT_KEPT
                  ) -> dict[str, Score]:
    """The trainee's record on each family over their latest ``recent`` answers in it at
    each house (retries of mistakes left out: practice), from the outcomes the rollups
    keep (``drill_totals.recent``): right out of answered, and the median time from the
    time bins.  A few rows a trainee, however many answers they have given."""
    outcomes: dict[str, list[tuple[bool, int]]] = {}
    for family, codes in db.execute(
            "SELECT family, recent FROM drill_totals WHERE user_id = ? AND recent != ''"
            " ORDER BY family", [user_id]).fetchall():
        outcomes.setdefault(family, []).extend(rollups.outcomes(codes)[-recent:])
    scores = {}
    for family, items in outcomes.items():
        bins = [0] * len(rollups.BIN_COLUMNS)
        for _right, time_bin in items:
            bins[time_bin] += 1
        scores[family] = Score(len(items), sum(right for right, _ in items),
                               rollups.median_of_bins(bins))
    return scores
