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


def family_scores(db: Database, user_id: int, recent: int = 50) -> dict[str, Score]:
    """The trainee's record on each family over their most recent ``recent`` answers in it
    (retries of mistakes left out: practice)."""
    rows = db.execute(
        """
        SELECT family, correct, elapsed_ms FROM (
            SELECT q.family, a.correct, a.elapsed_ms,
                   row_number() OVER (PARTITION BY q.family ORDER BY a.id DESC) AS rn
            FROM answers a JOIN questions q ON q.id = a.question_id
            WHERE a.user_id = ? AND a.retry = 0 AND q.session_id IS NOT NULL
        ) WHERE rn <= ? ORDER BY family
        """,
        [user_id, recent],
    ).fetchall()
    grouped: dict[str, list[tuple[int, int]]] = {}
    for family, correct, elapsed in rows:
        grouped.setdefault(family, []).append((correct, elapsed))
    return {family: Score(len(items), sum(c for c, _ in items), median(e for _, e in items))
            for family, items in grouped.items()}
