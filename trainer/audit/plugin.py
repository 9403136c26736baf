"""The pytest plugin of a rule audit: the step library, the house under audit and the tags.

``trainer audit`` runs pytest with ``-p trainer.audit.plugin``. The plugin
brings in every step (English and Russian), replaces the house named in the
features by ``--audit-rules NAME`` / ``--audit-rules-file FILE`` when given,
registers every tag of the features in ``--audit-features`` as a marker, and
answers a step the library does not have with the closest ones it has.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pytest_bdd.exceptions import StepDefinitionNotFoundError
from pytest_bdd.parser import Feature, Scenario, Step
from pytest_bdd.scenario import scenario_wrapper_template_registry

from trainer.audit.catalogue import closest_steps
from trainer.audit.steps.bets import *  # noqa: F403 - the step fixtures must live in the plugin
from trainer.audit.steps.deal import *  # noqa: F403
from trainer.audit.steps.dealer import *  # noqa: F403
from trainer.audit.steps.house import *  # noqa: F403
from trainer.audit.steps.insurance import *  # noqa: F403
from trainer.audit.steps.options import *  # noqa: F403
from trainer.audit.steps.payouts import *  # noqa: F403
from trainer.audit.steps.readings import *  # noqa: F403
from trainer.audit.steps.ru import *  # noqa: F403
from trainer.audit.steps.shared import *  # noqa: F403
from trainer.audit.steps.shared import HOUSE_KEY
from trainer.audit.steps.shoe import *  # noqa: F403
from trainer.engine.houses import find_house, load_house_file

_TAG = re.compile(r"(?<!\S)@([^\s@]+)")


class UnknownStepError(StepDefinitionNotFoundError):
    """A feature step the library does not have; the message names the closest ones."""


def pytest_addoption(parser: pytest.Parser) -> None:
    """The audit's options (set by ``trainer audit``)."""
    group = parser.getgroup("trainer audit")
    group.addoption("--audit-rules", default=None, help="shipped house under audit")
    group.addoption("--audit-rules-file", default=None, help="house profile file under audit")
    group.addoption("--audit-features", action="append", default=[],
                    help="feature file whose tags are registered as markers")


def pytest_configure(config: pytest.Config) -> None:
    """Load the house under audit and register the features' tags as markers."""
    name = config.getoption("audit_rules", None)
    path = config.getoption("audit_rules_file", None)
    if path:
        config.stash[HOUSE_KEY] = load_house_file(path)
    elif name:
        config.stash[HOUSE_KEY] = find_house(name)
    for tag in sorted(feature_tags(config.getoption("audit_features", None) or [])):
        config.addinivalue_line("markers", f"{tag}: a tag of the audited features")


def feature_tags(files: list[str]) -> set[str]:
    """Every ``@tag`` in the feature ``files``."""
    tags: set[str] = set()
    for file in files:
        for line in Path(file).read_text(encoding="utf-8").splitlines():
            if line.lstrip().startswith("@"):
                tags.update(_TAG.findall(line))
    return tags


def pytest_bdd_step_func_lookup_error(feature: Feature, scenario: Scenario, step: Step) -> None:
    """Fail an unknown step with a message naming it and the closest steps the library has."""
    near = "; ".join(closest_steps(step.name))
    raise UnknownStepError(
        f"unknown step {step.keyword.strip()} {step.name!r} (line {step.line_number} of "
        f"{Path(feature.filename).name}, scenario {scenario.name!r}); closest steps: {near}"
    )


def pytest_itemcollected(item: pytest.Item) -> None:
    """Record the scenario's name, feature, tags and example row on the test, for the report.

    At collection, so that a scenario skipped before it starts (``@skip``) is named too.
    """
    function = getattr(item, "obj", None)
    scenario = scenario_wrapper_template_registry.get(function) if function else None
    if scenario is None:
        return
    props = item.user_properties
    props.append(("scenario", scenario.name))
    props.append(("test_id", item.name))  # cucumber.json's id (a row's values may hold "::")
    audited = item.config.stash.get(HOUSE_KEY, None)
    if audited is not None:  # the house under audit, even for a skipped scenario
        props.append(("house", audited.name))
    props.append(("feature", scenario.feature.filename))
    props.append(("tags", " ".join(sorted(scenario.tags | scenario.feature.tags))))
    props.append(("scenario_tags", " ".join(sorted(scenario.tags))))
    callspec = getattr(item, "callspec", None)
    example = callspec.params.get("_pytest_bdd_example") if callspec is not None else None
    if example:
        props.append(("example", ", ".join(f"{key}={value}" for key, value in example.items())))
