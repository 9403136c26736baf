"""What an audit found: one result per scenario (and per Examples row), by house and area."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from trainer.audit.readings import Reading
from trainer.engine.houses import house_names
from trainer.odds.edge_flags import EdgeFlag

AREAS = (
    "shoe", "dealer", "hands", "blackjack", "payouts", "doubling", "splitting", "surrender",
    "insurance", "bonuses", "switch", "table",
)
"""The rule-area tags, in the order the summary lists them."""

STATUSES = ("passed", "failed", "skipped")
"""What can become of a scenario."""


@dataclass(frozen=True, slots=True)
class ScenarioResult:
    """One scenario run (an outline gives one per Examples row)."""

    house: str
    area: str
    feature: str
    scenario: str
    status: str
    """``passed``, ``failed`` or ``skipped`` (a ``@skip`` tag)."""
    reading: bool = False
    readings: tuple[Reading, ...] = ()
    """The profile's readings the scenario checked (``the profile records a reading``)."""
    expected: str | None = None
    actual: str | None = None
    message: str | None = None
    test_id: str = ""
    """The test's name, which is the scenario's ``id`` in cucumber.json."""
    profile: str = ""
    """The house profile file the scenario played under (empty when it named no house)."""
    example: str = ""
    """A Scenario Outline's Examples row, ``cards=A♠ 6♦, total=soft 17`` (empty otherwise)."""

    @property
    def title(self) -> str:
        """The scenario's name, with its Examples row when it is one: ``name [cards=A♠ 6♦]``."""
        return f"{self.scenario} [{self.example}]" if self.example else self.scenario


@dataclass(frozen=True, slots=True)
class AuditSubject:
    """What an audit was given: the features, and the house under audit if any."""

    features: tuple[Path, ...] = ()
    rules_name: str | None = None
    rules_file: Path | None = None


@dataclass
class AuditRun:
    """Every scenario result of one audit, with the time it took and where the reports went."""

    subject: AuditSubject = field(default_factory=AuditSubject)
    results: list[ScenarioResult] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    seconds: float = 0.0
    reports: dict[str, Path] = field(default_factory=dict)
    edges: list[EdgeFlag] = field(default_factory=list)
    """The computed edge of each house the scenarios played under."""

    @property
    def failed(self) -> list[ScenarioResult]:
        """The scenarios whose rule the engine does not honour."""
        return [r for r in self.results if r.status == "failed"]

    def counts(self) -> dict[str, int]:
        """How many scenarios passed, failed and were skipped."""
        return status_counts(self.results)

    @property
    def ok(self) -> bool:
        """True when scenarios passed, none failed, nothing failed to load (a run whose
        every scenario was skipped audited nothing) and no house that requires a house edge
        lacks one."""
        return (any(r.status == "passed" for r in self.results)
                and not self.failed and not self.errors and not self.edges_failed)

    @property
    def edges_failed(self) -> list[EdgeFlag]:
        """The houses that require a house edge and whose computed edge is not positive."""
        return [edge for edge in self.edges if edge.fails]

    def profiles(self) -> dict[str, str]:
        """The house profiles the scenarios played under: house name -> profile file."""
        return dict(sorted({r.house: r.profile for r in self.results if r.profile}.items()))

    def by_area(self) -> dict[tuple[str, str], list[ScenarioResult]]:
        """Results grouped by (house, area), houses alphabetically, areas in ``AREAS`` order."""
        order = {area: i for i, area in enumerate(AREAS)}
        groups: dict[tuple[str, str], list[ScenarioResult]] = {}
        for result in sorted(
            self.results, key=lambda r: (r.house, order.get(r.area, len(order)), r.area)
        ):
            groups.setdefault((result.house, result.area), []).append(result)
        return groups


def status_counts(results: list[ScenarioResult]) -> dict[str, int]:
    """How many of ``results`` passed, failed and were skipped, in ``STATUSES`` order."""
    return {status: sum(r.status == status for r in results) for status in STATUSES}


def house_of(tags: set[str], feature: str) -> str:
    """The house of a scenario that never named one (skipped): its house tag, else its folder."""
    return next((name for name in house_names() if name in tags), Path(feature).parent.name)


def area_of(own_tags: set[str], tags: set[str], feature: str) -> str:
    """The rule area: the scenario's own area tag, else the feature's, else the file's name."""
    for group in (own_tags, tags):
        for area in AREAS:
            if area in group:
                return area
    return Path(feature).stem
