"""``trainer odds`` (exact dealer results) and ``trainer simulate`` (house edge by play)."""

from __future__ import annotations

import json
import sys
import time
from decimal import Decimal
from fractions import Fraction
from typing import Any

import click

from trainer.cli.house_option import house_options, resolve_house
from trainer.cli.json_option import json_flag
from trainer.cli.once import OnceOptionsCommand
from trainer.cli.whole_number import ASCII_WHOLE, WholeNumber
from trainer.engine.cards import Rank
from trainer.engine.rules import HouseRules
from trainer.odds.composition import Composition
from trainer.odds.dealer_odds import Odds, dealer_odds, peeked
from trainer.odds.dealer_paths import FINE_OUTCOMES, OUTCOMES
from trainer.odds.house_edge import player_edge
from trainer.odds.simulate import EMPTY, Tally, edge_and_error, simulate
from trainer.odds.situations import up_label
from trainer.odds.strategy import strategy_table
from trainer.odds.summary import decimal_of

UP_ORDER = (2, 3, 4, 5, 6, 7, 8, 9, 10, 1)


def percent_text(value: Fraction | Decimal, places: int = 4) -> str:
    """A share as a percentage string, e.g. ``0.5117``."""
    share = decimal_of(value, places + 2) if isinstance(value, Fraction) else value
    return f"{(share * 100).quantize(Decimal(1).scaleb(-places))}"


def _shoe(house: HouseRules, decks: str | None) -> tuple[Composition, str]:
    if decks is None:
        return Composition.for_house(house), f"{house.decks} deck(s) of {house.name}"
    if decks.strip().lower() in ("inf", "infinite", "∞"):
        return Composition.infinite_deck(house), "infinite deck"
    if not ASCII_WHOLE.fullmatch(decks.strip()) or not 1 <= int(decks) <= 64:
        raise click.UsageError(f"--decks {decks!r} must be a whole number from 1 to 64 or inf")
    return Composition.for_house(house, int(decks)), f"{int(decks)} deck(s)"


def _odds_for(house: HouseRules, shoe: Composition, up: int, after_peek: bool) -> Odds:
    odds = dealer_odds(shoe, up, house.hits_soft_17, keep_22=house.dealer_22_pushes)
    return peeked(odds) if after_peek else odds


def _outcomes(house: HouseRules) -> tuple[str, ...]:
    """The results shown: a 22 apart from ``bust`` where a dealer 22 pushes (it is no win)."""
    return FINE_OUTCOMES if house.dealer_22_pushes else OUTCOMES


def _shown(odds: Odds, names: tuple[str, ...], exact: bool) -> dict[str, Any]:
    if exact:
        return {name: str(odds[name]) for name in names}
    return {name: float(decimal_of(odds[name])) for name in names}


@click.command("odds", cls=OnceOptionsCommand)
@house_options
@click.option("--upcard", help="The dealer's up card rank: 2-9, T (or 10), J, Q, K, A; "
              "T, J, Q and K all mean a ten-valued card (Spanish decks too).")
@click.option("--decks", help="Decks in the shoe (default: the house's), or inf.")
@click.option("--all", "all_up", is_flag=True, help="Every up card, as a table.")
@click.option("--peeked", "after_peek", is_flag=True,
              help="Given that the dealer does not have blackjack.")
@click.option("--exact", is_flag=True, help="Exact fractions (as strings) instead of decimals.")
@click.option("--json/--text", "as_json", default=True, help="JSON (default) or a text table.")
def odds_command(
    rules_name: str | None, rules_file: str | None, upcard: str | None, decks: str | None,
    all_up: bool, after_peek: bool, exact: bool, as_json: bool,
) -> None:
    """Exact chances of the dealer's final result (17-21, blackjack, bust) for an up card."""
    if exact and not as_json:
        raise click.UsageError("--exact gives fractions in the JSON; the --text table is in "
                               "percent (drop one of them)")
    house = resolve_house(rules_name, rules_file)
    shoe, described = _shoe(house, decks)
    if all_up == (upcard is not None):
        raise click.UsageError("give --upcard RANK or --all (one of them)")
    # an up card is a rank: T, J, Q and K are a ten-valued card, in Spanish decks too
    ups = list(UP_ORDER) if upcard is None else [Rank.parse(upcard).value_points]
    table = {up_label(up): _odds_for(house, shoe, up, after_peek) for up in ups}
    names = _outcomes(house)
    if as_json:
        shown = {label: _shown(odds, names, exact) for label, odds in table.items()}
        click.echo(json.dumps(shown if all_up else shown[up_label(ups[0])]))
        return
    rule = "H17" if house.hits_soft_17 else "S17"
    peek = ", given no dealer blackjack" if after_peek else ""
    pushes = "; a dealer 22 pushes, bust is 23 or more" if house.dealer_22_pushes else ""
    click.echo(f"{house.name}: dealer's final result, {described}, {rule}{peek} "
               f"(percent{pushes})")
    click.echo("up " + "".join(f"{name:>10}" for name in names))
    for label, odds in table.items():
        click.echo(f"{label:<3}" + "".join(f"{percent_text(odds[n]):>10}" for n in names))


def _strategy_text(table: dict[str, Any]) -> list[str]:
    lines = ["basic strategy (" + table["legend"] + "):"]
    columns = table["columns"]
    width = max(len(c) for c in columns) + 1
    lines.append(f"{'':<6}" + "".join(f"{c:>{width}}" for c in columns))
    for part in ("hard", "soft", "pairs"):
        for hand, codes in table[part].items():
            lines.append(f"{hand:<6}" + "".join(f"{c:>{width}}" for c in codes))
    return lines


MAX_ROUNDS = 10**9
"""The most rounds one run plays: hours of work, its chunks' list still small."""


@click.command("simulate", cls=OnceOptionsCommand)
@house_options
@click.option("--rounds", type=WholeNumber(min=1, max=MAX_ROUNDS), required=True,
              help=f"Rounds to play (at most {MAX_ROUNDS:,}).")
@click.option("--seed", type=WholeNumber(), default=0, show_default=True,
              help="Seed of the shuffles.")
@click.option("--workers", type=WholeNumber(1, 64), default=1, show_default=True,
              help="Processes to play in.")
@click.option("--infinite-deck", "infinite", is_flag=True,
              help="Deal from an infinite deck (to check the computed edge) instead of the shoe.")
@json_flag
def simulate_command(
    rules_name: str | None, rules_file: str | None, rounds: int, seed: int, workers: int,
    infinite: bool, as_json: bool,
) -> None:
    """Play ROUNDS rounds with the house's computed basic strategy; report the house edge."""
    house = resolve_house(rules_name, rules_file)
    total = EMPTY
    computed = -player_edge(house)  # computes the strategy, before the clock starts
    started = time.perf_counter()
    interrupted = False
    with click.progressbar(length=rounds, label="simulating", file=sys.stderr) as bar:
        try:
            for tally in simulate(house, rounds, seed, workers, infinite):
                total = total + tally
                bar.update(tally.rounds)
        except KeyboardInterrupt:  # Ctrl-C: the rounds played so far are still a result
            interrupted = True
    if interrupted and not total.rounds:
        raise KeyboardInterrupt
    elapsed = time.perf_counter() - started
    _report_simulation(house, total, seed, workers, infinite, computed, as_json,
                       rounds if interrupted else None)
    print(f"{total.rounds / elapsed:,.0f} rounds/s", file=sys.stderr)
    if interrupted:
        raise KeyboardInterrupt  # the shell's status for Ctrl-C, after the partial result


def _report_simulation(house: HouseRules, total: Tally, seed: int, workers: int,
                       infinite: bool, computed: Fraction, as_json: bool,
                       asked: int | None) -> None:
    """Print the simulated edge beside the computed one, and the strategy played;
    ``asked`` is the rounds asked for when Ctrl-C stopped the run short of them."""
    edge, error = edge_and_error(total, house)
    table = strategy_table(house)
    if as_json:
        click.echo(json.dumps({
            "house": house.name, "rounds": total.rounds, "hands": total.hands,
            "interrupted": asked is not None, "seed": seed,
            "workers": workers, "shoe": "infinite deck" if infinite else "the house's shoe",
            "house_edge_percent": float(percent_text(edge)),
            "standard_error_percent": float(percent_text(error)),
            "computed_edge_percent": float(percent_text(computed)),
            "computed_for": "infinite deck, basic strategy, no insurance",
            "strategy": table,
        }))
        return
    stopped = f", interrupted: {asked - total.rounds} of {asked} not played" if asked else ""
    click.echo(f"{house.name}: {total.rounds} rounds, {total.hands} hands played, splits "
               f"included (seed {seed}, {workers} worker(s){stopped})")
    shoe = "an infinite deck" if infinite else "the house's own shoe"
    click.echo(f"house edge (simulated, {shoe}): {percent_text(edge)}% "
               f"± {percent_text(error)}% (one standard error)")
    click.echo(f"house edge (computed, infinite deck):        {percent_text(computed)}%")
    for line in _strategy_text(table):
        click.echo(line)
