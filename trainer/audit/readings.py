"""The readings a scenario checked, as the house profile records them, kept for the reports.

The step ``the profile records a reading for "KEY"`` writes each one on the
test as three properties, ``reading:KEY``, ``why:KEY`` and ``source:KEY``
(JUnit XML shows them as they are); the collector reads them back.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import pytest

_PARTS = ("reading", "why", "source")


@dataclass(frozen=True, slots=True)
class Reading:
    """How a profile reads one loose rule: the rule, its reading, why, and the source's words."""

    rule: str
    text: str
    why: str
    source: str


def record_reading(node: pytest.Item, reading: Reading) -> None:
    """Keep ``reading`` on the test ``node`` for the reports."""
    for part, value in zip(_PARTS, (reading.text, reading.why, reading.source), strict=True):
        node.user_properties.append((f"{part}:{reading.rule}", value))


def readings_of(properties: Iterable[tuple[str, Any]]) -> tuple[Reading, ...]:
    """The readings recorded on a test, in the order its steps checked them."""
    found = {name: str(value) for name, value in properties}
    rules = [name.split(":", 1)[1] for name in found if name.startswith("reading:")]
    return tuple(
        Reading(rule, *(found.get(f"{part}:{rule}", "") for part in _PARTS)) for rule in rules
    )
