"""``trainer drill``: a drill question as JSON, the verdict on an answer, the list of families."""

from __future__ import annotations

import json
import secrets

import click

from trainer.cli.house_option import house_options, resolve_house
from trainer.cli.once import OnceOptionsCommand
from trainer.cli.value_checks import not_empty
from trainer.cli.whole_number import WholeNumber
from trainer.drills import check, find_family, generate, load_families
from trainer.engine.houses import shipped_houses
from trainer.engine.rules import HouseRules


@click.command("drill", cls=OnceOptionsCommand)
@house_options
@click.option("--family", help="A drill family, e.g. dealer-draw (see --list).")
@click.option("--seed", type=WholeNumber(),
              help="Seed of the question, 0 or more (default: a fresh one).")
@click.option("--difficulty", callback=not_empty,
              help="easy, medium or hard (default: the family's own).")
@click.option("--answer", help="Check this answer and print the verdict.")
@click.option("--reveal", is_flag=True, help="Include the expected answer and explanation.")
@click.option("--list", "list_families", is_flag=True,
              help="List the families and their houses (with --rules: those for that house).")
@click.option("--json", "as_json", is_flag=True,
              help="With --list: print JSON (questions and verdicts are JSON always).")
def drill_command(
    rules_name: str | None, rules_file: str | None, family: str | None, seed: int | None,
    difficulty: str | None, answer: str | None, reveal: bool, list_families: bool,
    as_json: bool,
) -> None:
    """Print a drill question as JSON (no answer unless --reveal), or check --answer.

    The same --rules, --family, --seed and --difficulty always give the same
    question: answer it by repeating them with --answer.
    """
    if list_families:
        _refuse_with_list(family=family, seed=seed, difficulty=difficulty, answer=answer,
                          reveal=reveal or None)
        only = resolve_house(rules_name, rules_file) if rules_name or rules_file else None
        _print_list(as_json, only)
        return
    house = resolve_house(rules_name, rules_file)
    if not family:
        raise click.UsageError("missing --family F (see trainer drill --list)")
    chosen = find_family(family)
    if seed is None:
        if answer is not None:
            raise click.UsageError("--answer needs the --seed of the question it answers")
        seed = secrets.randbelow(2**31)
    question = generate(house, chosen, seed, difficulty)
    if answer is not None:
        click.echo(json.dumps(check(question, answer).to_dict(), ensure_ascii=False))
        return
    data = question.to_dict() if reveal else question.public()
    click.echo(json.dumps(data, ensure_ascii=False))


def _refuse_with_list(**given: object) -> None:
    """Refuse the options of a question beside ``--list``, which would ignore them."""
    named = [f"--{name}" for name, value in given.items() if value is not None]
    if named:
        raise click.UsageError(f"--list lists the families: it takes only --rules or "
                               f"--rules-file and --json (got {', '.join(named)})")


def _print_list(as_json: bool, house: HouseRules | None) -> None:
    families = {name: f for name, f in load_families().items()
                if house is None or f.applies_to(house)}
    if as_json:
        click.echo(json.dumps([f.to_dict() for f in families.values()], ensure_ascii=False))
        return
    width = max(len(name) for name in families)
    every = list(shipped_houses())
    for family in families.values():
        houses = "all houses" if list(family.houses) == every else ", ".join(family.houses)
        click.echo(f"{family.name:<{width}}  {family.title}  [{family.answer.value}, "
                   f"par {family.par_seconds}s]")
        click.echo(f"{'':<{width}}  houses: {houses}")
        click.echo(f"{'':<{width}}  difficulties: {', '.join(family.levels)}")
