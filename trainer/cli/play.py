"""``trainer dealer`` and ``trainer settle``: the engine's answers for one hand or round."""

from __future__ import annotations

import json
from typing import IO

import click

from trainer.cli.house_option import house_options, resolve_house
from trainer.cli.json_option import json_always
from trainer.cli.once import OnceOptionsCommand
from trainer.cli.stdin_input import InputFile
from trainer.engine.cards import Card
from trainer.engine.dealer import DealerAction, check_dealer_draws, dealer_action, why_dealer
from trainer.engine.errors import RoundError
from trainer.engine.hands import hand_total, is_two_card_21
from trainer.engine.houses import PROFILE_MAX_BYTES
from trainer.engine.round_check import check_round
from trainer.engine.settlement import settle_round
from trainer.engine.shoe import check_cards_fit
from trainer.round_json import load_round_json, round_result_json


@click.command("dealer", cls=OnceOptionsCommand)
@house_options
@json_always
@click.argument("cards", nargs=-1, required=True)
def dealer_command(rules_name: str | None, rules_file: str | None, cards: tuple[str, ...]) -> None:
    """The dealer's next move holding CARDS (dealing order, up card first)."""
    house = resolve_house(rules_name, rules_file)
    hand = [Card.parse(text) for text in cards]
    check_cards_fit(house, hand)
    check_dealer_draws(house, hand)
    action = dealer_action(house, hand)
    total = hand_total(hand)
    if total.bust:
        action = DealerAction.STAND
    click.echo(json.dumps({
        "action": action.value,
        "total": total.total,
        "soft": total.soft,
        "bust": total.bust,
        "blackjack": is_two_card_21(hand),
        "rule": why_dealer(house, hand),
    }))


ROUND_MAX_BYTES = PROFILE_MAX_BYTES
"""The most a round may take, as a house profile may: reading stops there (``/dev/zero``,
an endless pipe, would otherwise fill the memory)."""


def _read_round(file: IO[bytes]) -> str:
    """The round's text from ``file``, of at most ``ROUND_MAX_BYTES`` (one more is read, to
    know there is more)."""
    name = str(getattr(file, "name", "-"))
    where = "stdin" if name in ("-", "<stdin>") else name
    try:
        data = file.read(ROUND_MAX_BYTES + 1)
    except OSError as exc:  # a failing disk or device: a read, not the output, failed
        raise click.ClickException(f"{where}: cannot read the round ({exc.strerror})") from None
    if len(data) > ROUND_MAX_BYTES:
        raise click.ClickException(f"{where}: more than {ROUND_MAX_BYTES:,} bytes; a round "
                                   f"is at most {ROUND_MAX_BYTES:,}")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise RoundError(f"the round is not UTF-8 text (byte {exc.start})") from None


@click.command("settle", cls=OnceOptionsCommand)
@house_options
@json_always
@click.argument("file", type=InputFile("rb"), default="-", required=False)
def settle_command(rules_name: str | None, rules_file: str | None, file: IO[bytes]) -> None:
    """Settle a round given as JSON in FILE (or on stdin); prints each hand's net."""
    house = resolve_house(rules_name, rules_file)
    dealer, hands = load_round_json(_read_round(file))
    check_round(house, dealer, hands)
    click.echo(json.dumps(round_result_json(settle_round(house, dealer, hands))))
