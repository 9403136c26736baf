"""``--rules NAME`` / ``--rules-file PATH``: the house a command works under."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

from trainer.engine.houses import find_house, load_house_file
from trainer.engine.rules import HouseRules


def house_options(function: Callable[..., Any]) -> Callable[..., Any]:
    """Add ``--rules`` and ``--rules-file`` to a command."""
    function = click.option(
        "--rules-file", "rules_file", type=click.Path(dir_okay=False),
        help="A house profile TOML file of your own.",
    )(function)
    return click.option("--rules", "rules_name", help="A shipped house, e.g. europoker.")(function)


def refuse_both(rules_name: str | None, rules_file: str | None) -> None:
    """Refuse ``--rules`` with ``--rules-file``, naming both values."""
    if rules_name and rules_file:
        raise click.UsageError(f"give --rules NAME or --rules-file PATH, not both "
                               f"(got {rules_name} and {rules_file})")


def resolve_house(rules_name: str | None, rules_file: str | None) -> HouseRules:
    """The house named by exactly one of the two options."""
    refuse_both(rules_name, rules_file)
    if rules_file:
        return load_house_file(rules_file)
    if not rules_name:
        raise click.UsageError("missing --rules NAME (or --rules-file PATH)")
    return find_house(rules_name)
