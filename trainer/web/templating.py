"""Jinja filters: money, seconds, and a bet broken into chips."""

from __future__ import annotations

from decimal import Decimal

from flask import Flask

from trainer.engine.money import format_money

DEFAULT_CHIPS = tuple(Decimal(d) for d in ("500", "100", "25", "5", "1", "0.50"))
MAX_STACK = 12


def money(amount: Decimal | str | int | None) -> str:
    """``52.50``, ``15``."""
    if amount is None:
        return ""
    return format_money(Decimal(amount))


def seconds(ms: int | None) -> str:
    """Milliseconds as seconds with one decimal: ``2.4 s``."""
    if ms is None:
        return "–"
    return f"{ms / 1000:.1f} s"


def chip_stack(amount: Decimal | None, denominations: tuple[Decimal, ...] = ()) -> list[Decimal]:
    """The fewest chips (greedy, largest first) making ``amount``, at most ``MAX_STACK`` shown."""
    if amount is None or amount <= 0:
        return []
    chips = sorted(denominations or DEFAULT_CHIPS, reverse=True)
    stack: list[Decimal] = []
    left = Decimal(amount)
    for chip in chips:
        while left >= chip and len(stack) < MAX_STACK:
            stack.append(chip)
            left -= chip
    return stack


def chip_class(denomination: Decimal) -> str:
    """A CSS class colouring a chip by its value."""
    return "chip-" + format_money(Decimal(denomination)).replace(".", "_")


def init_app(app: Flask) -> None:
    app.jinja_env.filters["money"] = money
    app.jinja_env.filters["secs"] = seconds
    app.jinja_env.filters["chip_stack"] = chip_stack
    app.jinja_env.filters["chip_class"] = chip_class
