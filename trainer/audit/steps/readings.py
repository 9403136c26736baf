"""The Then step that checks a house profile states how it reads a rule, and records it."""

from __future__ import annotations

import pytest

from trainer.audit.catalogue import step
from trainer.audit.readings import Reading, record_reading
from trainer.audit.table import AuditFailure
from trainer.engine.money import EVERY_HOUSE_READINGS
from trainer.engine.rules import HouseRules


@step("then", 'the profile records a reading for "{key:Name}"',
      'the profile records a reading for "soft_17"')
def then_reading(key: str, audit_house: HouseRules, request: pytest.FixtureRequest) -> None:
    """The house profile states how it reads this rule, and why (``trainer rules show``);
    ``cents`` is the reading every house shares (its "every house" part)."""
    if key in EVERY_HOUSE_READINGS:
        reading, why = EVERY_HOUSE_READINGS[key]
        record_reading(request.node, Reading(key, reading, why, "every house: no source says"))
        return
    note = audit_house.notes.get(key)
    if note is None:
        raise AuditFailure(f"a rule {key!r}", "the profile has no such rule")
    reading, why = _stated(note.reading), _stated(note.why)
    if not reading:
        said = "an empty reading" if note.reading is not None else "no reading"
        raise AuditFailure(f"a recorded reading for {key!r}",
                           f"{said}, only the source: {note.source}")
    if not why:
        raise AuditFailure(f"why {key!r} is read as {reading!r}", "the profile gives no why")
    record_reading(request.node, Reading(key, reading, why, note.source))


def _stated(text: object) -> str:
    """``text`` stripped, or empty when it is not text at all."""
    return text.strip() if isinstance(text, str) else ""
