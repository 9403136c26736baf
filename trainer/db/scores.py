"""Score figures every page shares: the median time of a set of answers."""

from __future__ import annotations

import statistics
from collections.abc import Iterable


def median(values: Iterable[int]) -> int | None:
    """The median (the mean of the middle two for an even count), in whole units."""
    items = sorted(values)
    return int(statistics.median(items)) if items else None
