"""The Cucumber JSON file as Cucumber itself writes it: a step after a failing one never ran.

pytest-bdd finalises a failed scenario's remaining steps as failed too, with durations, so a
report would show red rules that were never checked; Cucumber marks them ``skipped``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def skip_steps_after_a_failure(features: list[dict[str, Any]]) -> None:
    """In each scenario (``element``), every step after the first failed one is skipped."""
    for feature in features:
        for element in feature.get("elements", []):
            failed = False
            for step in element.get("steps", []):
                if failed:
                    step["result"] = {"status": "skipped"}
                failed = failed or step.get("result", {}).get("status") == "failed"


def rewrite_cucumber_json(path: Path) -> None:
    """Rewrite pytest-bdd's ``cucumber.json`` at ``path`` with its unrun steps skipped."""
    features = json.loads(path.read_text(encoding="utf-8"))
    skip_steps_after_a_failure(features)
    path.write_text(json.dumps(features, ensure_ascii=False, indent=2), encoding="utf-8")
