"""What the step modules share: the house under audit, the default fixtures, the wording.

The step decorator is :func:`trainer.audit.catalogue.step`; the typed words
of the patterns (``{cards:Cards}``, ``{amount:Money}``, ...) are in
:mod:`trainer.audit.words`.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from trainer.audit.table import ScenarioError, Table
from trainer.engine.cards import Card, Rank
from trainer.engine.money import format_money
from trainer.engine.rules import HouseRules

HOUSE_KEY = pytest.StashKey["HouseRules | None"]()
"""Where the plugin keeps the house under audit (``--rules`` / ``--rules-file``)."""


def house_under_audit(config: pytest.Config) -> HouseRules | None:
    """The house that replaces every house named in the features, if one is set."""
    return config.stash.get(HOUSE_KEY, None)


def money_text(amount: Decimal) -> str:
    """An amount as a failure message writes it."""
    return format_money(amount)


def cards_text(cards: tuple[Card, ...]) -> str:
    """Cards as a failure message writes them (``A♠ K♦``)."""
    return " ".join(card.label for card in cards)


def split_aces(cards: tuple[Card, ...]) -> bool:
    """A split hand of these cards was made by splitting aces."""
    return cards[0].rank is Rank.ACE


@pytest.fixture
def audit_house(request: pytest.FixtureRequest) -> HouseRules:
    """The house of a scenario that names none: the house under audit, or an error."""
    house = house_under_audit(request.config)
    if house is None:
        raise ScenarioError('no house: start the scenario with Given the house rules "europoker"')
    return house


@pytest.fixture
def audit_table() -> Table:
    """An empty table."""
    return Table()
