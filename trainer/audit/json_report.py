"""The audit as JSON (``trainer audit --json``): counts, what was audited, every scenario."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from trainer.audit.results import AuditRun, ScenarioResult, status_counts


def audit_json(run: AuditRun) -> dict[str, Any]:
    """Counts, the features and profiles audited, house × area counts, each scenario, reports."""
    subject = run.subject
    return {
        "ok": run.ok,
        **run.counts(),
        "total": len(run.results),
        "seconds": round(run.seconds, 3),
        "audited": {
            "features": [str(place) for place in subject.features],
            "rules_file": str(subject.rules_file) if subject.rules_file else None,
            "rules": subject.rules_name,
            "profiles": run.profiles(),
        },
        "areas": [
            {"house": house, "area": area, **status_counts(results)}
            for (house, area), results in run.by_area().items()
        ],
        "scenarios": [_scenario(result) for result in run.results],
        "house_edges": [edge.as_dict() for edge in run.edges],
        "errors": list(run.errors),
        "reports": {name: str(path) for name, path in run.reports.items()},
    }


def _scenario(result: ScenarioResult) -> dict[str, Any]:
    """One scenario (or Examples row) with its outcome and the readings it checked."""
    return {
        "house": result.house,
        "area": result.area,
        "feature": result.feature,
        "scenario": result.scenario,
        "example": result.example or None,
        "status": result.status,
        "expected": result.expected,
        "actual": result.actual,
        "error": result.message if result.expected is None else None,
        "readings": [asdict(reading) for reading in result.readings],
    }
