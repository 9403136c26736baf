"""``trainer rules list`` and ``trainer rules show NAME``: the house profiles and their sources."""

from __future__ import annotations

import json
from typing import Any

import click

from trainer.cli.house_option import house_options, resolve_house
from trainer.cli.json_option import json_flag
from trainer.cli.once import OnceOptionsGroup
from trainer.engine.houses import SPECS, rule_value_text, shipped_houses
from trainer.engine.money import EVERY_HOUSE_READINGS
from trainer.engine.rules import HouseRules
from trainer.odds.edge_flags import edge_flag
from trainer.odds.summary import edge_line


@click.group("rules", cls=OnceOptionsGroup)
def rules_group() -> None:
    """The house profiles."""


@rules_group.command("list")
@json_flag
def list_command(as_json: bool) -> None:
    """Every shipped house with a one-line summary."""
    houses = shipped_houses()
    if as_json:
        click.echo(json.dumps([{"name": h.name, "title": h.title, "summary": h.summary}
                               for h in houses.values()]))
        return
    width = max(len(name) for name in houses)
    for house in houses.values():
        click.echo(f"{house.name:<{width}}  {house.title}")
        click.echo(f"{'':<{width}}  {house.summary}")


def house_as_dict(house: HouseRules) -> dict[str, Any]:
    """Every rule of a house with its value, meaning, source and reading."""
    rules = []
    for spec in SPECS:
        note = house.notes[spec.key]
        rules.append({
            "key": spec.key,
            "meaning": spec.meaning,
            "value": rule_value_text(getattr(house, spec.key)),
            "alternative": rule_value_text(note.alternative[0]) if note.alternative else None,
            "source": note.source,
            "reading": note.reading,
            "why": note.why,
        })
    return {"name": house.name, "title": house.title, "summary": house.summary, "rules": rules,
            "every_house": [{"key": key, "reading": reading, "why": why}
                            for key, (reading, why) in EVERY_HOUSE_READINGS.items()]}


@rules_group.command("show")
@click.argument("name", required=False)
@house_options
@json_flag
def show_command(
    name: str | None, rules_name: str | None, rules_file: str | None, as_json: bool
) -> None:
    """Every rule of house NAME with its source, and the reading taken where the source is loose."""
    if name and (rules_name or rules_file) and rules_name != name:
        raise click.UsageError(f"give NAME, --rules or --rules-file, one of them "
                               f"(got {name} and {rules_name or rules_file})")
    if not (name or rules_name or rules_file):
        raise click.UsageError("missing the house: NAME, --rules NAME or --rules-file PATH "
                               "(trainer rules list names the shipped ones)")
    house = resolve_house(name or rules_name, rules_file)
    data = house_as_dict(house)
    flag = edge_flag(house)
    if as_json:
        click.echo(json.dumps({**data, "house_edge": flag.as_dict()}, ensure_ascii=False))
        return
    click.echo(f"{house.name} — {house.title}\n{house.summary}\n")
    readings = 0
    for rule in data["rules"]:
        click.echo(f"{rule['key']}: {rule['value']}   ({rule['meaning']})")
        click.echo(f"    source:  {rule['source']}")
        if rule["reading"]:
            readings += 1
            click.echo(f"    READING: {rule['reading']}")
            click.echo(f"    why:     {rule['why']}")
    click.echo("\nevery house: payouts in whole cents")
    for rule in data["every_house"]:
        click.echo(f"    READING: {rule['reading']}")
        click.echo(f"    why:     {rule['why']}")
    click.echo(f"\n{len(data['rules'])} rules, {readings} readings where the source is loose, "
               f"{len(data['every_house'])} reading for every house.")
    click.echo(edge_line(house))
    for line in flag.lines():
        click.echo(line)
