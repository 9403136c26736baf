"""Given steps that name the house a scenario plays under."""

from __future__ import annotations

from pathlib import Path

import pytest

from trainer.audit.catalogue import step
from trainer.audit.steps.shared import house_under_audit
from trainer.audit.table import ScenarioError
from trainer.engine.houses import find_house, shipped_profile_file, with_alternative
from trainer.engine.rules import HouseRules

NAMED_HOUSE = 'the house rules "{name:Name}"'
"""The step that names a shipped house (checked before the run: the house must exist)."""
ALTERNATIVE_HOUSE = 'the house rules "{name:Name}" with the alternative "{key:Name}"'
"""The step that plays a shipped house with one contested reading switched to its
alternative (checked before the run like ``NAMED_HOUSE``)."""
UNDER_AUDIT = "the house rules under audit"
"""The step that plays the house under audit (refused before the run when there is none)."""


@step("given", NAMED_HOUSE, 'the house rules "europoker"', "audit_house")
def given_house(name: str, request: pytest.FixtureRequest) -> HouseRules:
    """Play under a shipped house (replaced by the house under audit when one is given)."""
    house = house_under_audit(request.config) or find_house(name)
    _note_house(request, house)
    return house


@step("given", ALTERNATIVE_HOUSE,
      'the house rules "europoker" with the alternative "dealer_blackjack_takes"', "audit_house")
def given_alternative(name: str, key: str, request: pytest.FixtureRequest) -> HouseRules:
    """Play under a shipped house (or the house under audit) with the contested reading
    ``key`` alone switched to the alternative its profile records."""
    house = house_under_audit(request.config) or find_house(name)
    note = house.notes.get(key)
    if note is None or not note.alternative:
        raise ScenarioError(f"{house.name} records no alternative for {key!r}")
    _note_house(request, house)
    return with_alternative(house, key)


@step("given", UNDER_AUDIT, UNDER_AUDIT, "audit_house")
def given_house_under_audit(request: pytest.FixtureRequest) -> HouseRules:
    """Play under the house given to ``trainer audit --rules/--rules-file``."""
    house = house_under_audit(request.config)
    if house is None:
        raise ScenarioError("no house under audit: run trainer audit --rules or --rules-file")
    _note_house(request, house)
    return house


def _note_house(request: pytest.FixtureRequest, house: HouseRules) -> None:
    """Record on the test the house it plays under and the profile file it was read from."""
    rules_file = request.config.getoption("audit_rules_file", None)
    profile = str(Path(rules_file).resolve()) if rules_file else shipped_profile_file(house.name)
    request.node.user_properties += [("house", house.name), ("profile", profile)]
