"""The typed words of the step library: cards, amounts, totals and player actions.

>>> cards_type("A♠ K♦")
(Card.parse('As'), Card.parse('Kd'))
>>> money_type("52,50")
Decimal('52.50')
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import Any

from trainer.engine.cards import Card
from trainer.engine.money import parse_money

_RANK = r"(?:10|[2-9TJQKAtjqka])"
_SUIT = r"[shdcSHDC♠♥♦♣]"
CARD_PATTERN = rf"{_RANK}{_SUIT}"
CARDS_PATTERN = rf"{CARD_PATTERN}(?:,?\s+{CARD_PATTERN})*"
MONEY_PATTERN = r"\$?[0-9]+(?:[.,][0-9]{1,2})?"
TOTAL_PATTERN = r"(?:soft|hard|bust) [0-9]+"
ACTIONS = ("hit", "stand", "double", "split", "surrender")
ACTION_PATTERN = "|".join(ACTIONS)
RU_ACTIONS = {
    "взять карту": "hit",
    "остановиться": "stand",
    "удвоить": "double",
    "разделить": "split",
    "сдаться": "surrender",
}
RU_ACTION_PATTERN = "|".join(RU_ACTIONS)


def _typed(pattern: str) -> Callable[[Callable[[str], Any]], Callable[[str], Any]]:
    def attach(function: Callable[[str], Any]) -> Callable[[str], Any]:
        function.pattern = pattern  # type: ignore[attr-defined]
        return function

    return attach


@_typed(CARDS_PATTERN)
def cards_type(text: str) -> tuple[Card, ...]:
    """Cards written ``A♠ K♦`` or ``As Kd`` (commas allowed between them)."""
    return tuple(Card.parse(word) for word in text.replace(",", " ").split())


@_typed(MONEY_PATTERN)
def money_type(text: str) -> Decimal:
    """An amount as a dealer writes it: ``22.50``, ``22,50``, ``$15``."""
    return parse_money(text)


@_typed(TOTAL_PATTERN)
def total_type(text: str) -> str:
    """A hand reading such as ``soft 17``, ``hard 12`` or ``bust 22``."""
    return text


@_typed(ACTION_PATTERN)
def action_type(text: str) -> str:
    """One of the player's decisions: hit, stand, double, split, surrender."""
    return text


@_typed(RU_ACTION_PATTERN)
def ru_action_type(text: str) -> str:
    """A decision in Russian (``удвоить``), returned as its English name (``double``)."""
    return RU_ACTIONS[text]


@_typed(r'[^"]+')
def name_type(text: str) -> str:
    """A quoted name: a house, a profile key or a bonus."""
    return text


TYPES: dict[str, Callable[[str], Any]] = {
    "Cards": cards_type,
    "Money": money_type,
    "Total": total_type,
    "Action": action_type,
    "RuAction": ru_action_type,
    "Name": name_type,
}
