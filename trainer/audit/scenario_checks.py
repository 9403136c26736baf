"""What every scenario of an audited feature must be before anything runs.

Each check refuses a feature that would otherwise be reported as a rule the engine
breaks (a step the library does not have, an Examples value no step reads, a house
that does not exist) or as one it honours (a scenario that asserts nothing), or that
would leave a scenario out (two scenarios of one name: pytest-bdd keeps only the last).
"""

from __future__ import annotations

import re
from collections.abc import Collection
from pathlib import Path
from typing import Any

from pytest_bdd.gherkin_parser import get_gherkin_document
from pytest_bdd.parser import Feature, ScenarioTemplate, Step

import trainer.audit.steps  # noqa: F401 - registers every step of the library
from trainer.audit.catalogue import closest_steps, read_step
from trainer.audit.steps.house import ALTERNATIVE_HOUSE, NAMED_HOUSE, UNDER_AUDIT
from trainer.audit.steps.ru import RU_NAMED_HOUSE

_PLACEHOLDER = re.compile(r"<([^<>]+)>")
_HOUSE_STEPS = frozenset({NAMED_HOUSE, ALTERNATIVE_HOUSE, RU_NAMED_HOUSE})


class ScenarioShapeError(ValueError):
    """A scenario that cannot be audited as written; the message names its line."""


def check_scenarios(file: Path, feature: Feature, houses: Collection[str],
                    under_audit: bool) -> None:
    """Refuse ``feature`` (parsed from ``file``) unless every scenario can be audited;
    ``houses`` are the names its steps may give a house, and ``under_audit`` says whether
    a house is under audit for a step to play."""
    _refuse_repeated_names(file)
    for scenario in feature.scenarios.values():
        if "skip" in scenario.tags | feature.tags:  # set aside, as work in progress may be
            continue
        where = f"{file}, line {scenario.line_number} (scenario {scenario.name!r})"
        if not any(step.type == "then" for step in scenario.steps):
            raise ScenarioShapeError(f"{where}: no Then step, so it checks nothing")
        for context in _contexts(scenario, where):
            for step in scenario.render(context).steps:
                pattern, values = _read_or_refuse(file, step)
                _refuse_wrong_house(file, step, pattern, values, houses, under_audit)


def _refuse_repeated_names(file: Path) -> None:
    """Two scenarios of one name in a file: pytest-bdd would silently run only the last."""
    feature = get_gherkin_document(str(file)).feature
    children = [*feature.children]
    children += [inner for child in feature.children if child.rule
                 for inner in child.rule.children]
    seen: dict[str, int] = {}
    for child in children:
        if child.scenario is None:
            continue
        name, line = child.scenario.name, child.scenario.location.line
        if name in seen:
            raise ScenarioShapeError(f"{file}, line {line}: a second scenario named {name!r} "
                                     f"(the first is on line {seen[name]}); name each apart")
        seen[name] = line


def _contexts(scenario: ScenarioTemplate, where: str) -> list[dict[str, str]]:
    """The Examples rows the scenario runs with (one empty row for a plain scenario, none
    when every table is set aside with @skip)."""
    wanted = {name for step in scenario.steps for name in _PLACEHOLDER.findall(step.name)}
    if not scenario.examples:
        return [{}]
    rows: list[dict[str, str]] = []
    for table in scenario.examples:
        if "skip" in table.tags:  # rows set aside, as a scenario may be
            continue
        if not table.examples:
            raise ScenarioShapeError(f"{where}: the Examples on line {table.line_number} "
                                     "have no rows")
        if missing := sorted(wanted - set(table.example_params)):
            raise ScenarioShapeError(f"{where}: the Examples on line {table.line_number} "
                                     f"have no column <{missing[0]}>")
        rows += table.as_contexts()
    return rows


def _read_or_refuse(file: Path, step: Step) -> tuple[str, dict[str, Any]]:
    """The pattern of the library step that reads ``step`` and its values; refused when
    none does."""
    read = read_step(step.type, step.name)
    if read is None:
        near = "; ".join(closest_steps(step.name))
        raise ScenarioShapeError(f"{file}, line {step.line_number}: no step reads "
                                 f"{step.keyword.strip()} {step.name!r}; closest: {near}")
    return read


def _refuse_wrong_house(file: Path, step: Step, pattern: str, values: dict[str, Any],
                        houses: Collection[str], under_audit: bool) -> None:
    """A house step naming a house not in ``houses`` (the run would fail it as a broken
    rule), or playing the house under audit when there is none (a usage error)."""
    if pattern in _HOUSE_STEPS and (name := values["name"]) not in houses:
        raise ScenarioShapeError(f"{file}, line {step.line_number}: unknown house {name!r} "
                                 f"(known: {', '.join(houses)})")
    if pattern == UNDER_AUDIT and not under_audit:
        raise ScenarioShapeError(f"{file}, line {step.line_number} plays the house rules "
                                 "under audit: give --rules NAME or --rules-file FILE")
