"""Money as ``Decimal`` and payout ratios such as 3:2.

>>> parse_money("52,50")
Decimal('52.50')
>>> Ratio.parse("3:2").of(Decimal("35"))
Decimal('52.5')
>>> format_money(Decimal("52.5"))
'52.50'
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from decimal import ROUND_FLOOR, Decimal, InvalidOperation

from trainer.engine.errors import EngineError, MoneyError

_AMOUNT = re.compile(r"^\$?\s*([0-9]+)(?:[.,]([0-9]{1,2}))?\s*\$?$")
"""ASCII digits only: a regex digit class would also take Arabic, Devanagari or full-width ones."""
_RATIO = re.compile(r"^\s*([0-9]{1,9})\s*:\s*([0-9]{1,9})\s*$")
MAX_RATIO_SIDE = 1000
"""The largest side a payout ratio may have (Spanish 21's largest bonus is 50:1)."""
ZERO = Decimal(0)
CENT = Decimal("0.01")
MAX_WHOLE_DIGITS = 12
"""Digits an amount may have before its decimals (no table sees a trillion)."""


def parse_money(text: str) -> Decimal:
    """Parse an amount as a dealer types it: ``52.50``, ``52,50``, ``52.5``, ``$52.50``.

    Refuses negatives, more than two decimals, more than ``MAX_WHOLE_DIGITS`` digits
    before them and anything that is not a number.

    >>> parse_money("$15")
    Decimal('15')
    >>> parse_money("1.234")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    trainer.engine.errors.MoneyError: '1.234' is not an amount (use digits with at most ...
    >>> parse_money("1" * 13)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    trainer.engine.errors.MoneyError: '1111111111111' is too large for an amount (at most 12 ...
    """
    shown = text.strip()
    match = _AMOUNT.match(shown)
    if match is None or (shown.startswith("$") and shown.endswith("$")):
        raise MoneyError(
            f"{text!r} is not an amount (use digits with at most two decimals and no "
            "thousands separator, e.g. 1250.50)"
        )
    whole, cents = match.groups()
    if len(whole) > MAX_WHOLE_DIGITS:
        raise MoneyError(_too_large(shown))
    return Decimal(f"{whole}.{cents}") if cents else Decimal(whole)


def _too_large(shown: str) -> str:
    short = shown if len(shown) <= 16 else shown[:15] + "…"
    return (f"{short!r} is too large for an amount "
            f"(at most {MAX_WHOLE_DIGITS} digits before the decimals)")


def as_typed(value: object) -> str:
    """A JSON value as the input wrote it, for a message: ``1.0``, ``null``, ``[1]``,
    ``true``, a string quoted (``json.loads(parse_float=Decimal)`` keeps the digits typed).

    >>> as_typed(Decimal("35.555")), as_typed(None), as_typed(True), as_typed("x")
    ('35.555', 'null', 'true', "'x'")
    """
    if isinstance(value, str):
        return repr(value)
    if isinstance(value, Decimal):
        return str(value)
    return json.dumps(value, default=str)


def to_money(value: object, what: str = "amount") -> Decimal:
    """Turn a JSON value (string, int or exact decimal) into a non-negative amount."""
    if isinstance(value, bool):
        raise MoneyError(f"{what} {as_typed(value)} is not an amount")
    if isinstance(value, str):
        try:
            return parse_money(value)
        except MoneyError as exc:
            raise MoneyError(f"{what} {exc}") from None
    if isinstance(value, int | Decimal):
        try:
            amount = Decimal(value)
        except InvalidOperation:
            raise MoneyError(f"{what} {as_typed(value)} is not an amount") from None
        if not amount.is_finite() or amount < 0:
            raise MoneyError(f"{what} {as_typed(value)} is not a non-negative amount")
        if amount.adjusted() >= MAX_WHOLE_DIGITS:
            raise MoneyError(f"{what} {_too_large(str(value))}")
        if amount != amount.quantize(Decimal("0.01")):
            raise MoneyError(f"{what} {as_typed(value)} has more than two decimals")
        return amount
    raise MoneyError(f"{what} {as_typed(value)} is not an amount")


CENTS_READING = (
    "The table pays and takes whole cents; a fraction of a cent stays with the house "
    "(3:2 on 10.01 pays 15.01; surrendering 25.25 gives back 12.62, so the player loses 12.63).")
CENTS_WHY = (
    "No source names a bet of odd cents. Chips are whole cents, and a dealer cannot pay out "
    "a fraction the table does not hold; rounding toward the house is casino practice, and "
    "every payout and refund is rounded the same way.")
EVERY_HOUSE_READINGS = {"cents": (CENTS_READING, CENTS_WHY)}
"""Readings no profile states, as they hold at every house: key -> (reading, why)."""


def whole_cents(amount: Decimal) -> Decimal:
    """``amount`` to the cent below it: a table pays and takes whole cents, and a fraction
    of a cent goes to the house (3:2 on 10.01 pays 15.01; half of 10.01 surrendered
    returns 5.00, so the player loses 5.01).

    >>> whole_cents(Decimal("15.015")), whole_cents(Decimal("-5.005")), whole_cents(Decimal(7))
    (Decimal('15.01'), Decimal('-5.01'), Decimal('7'))
    """
    paid = amount.quantize(CENT, rounding=ROUND_FLOOR)
    return amount if paid == amount else paid


def format_money(amount: Decimal) -> str:
    """Format an amount: whole numbers bare, others with at least two decimals.

    >>> format_money(Decimal("15.00")), format_money(Decimal("-7.5"))
    ('15', '-7.50')
    >>> format_money(Decimal("0.015"))
    '0.015'
    """
    if amount == amount.to_integral_value():
        return str(int(amount))
    if amount == amount.quantize(Decimal("0.01")):
        return f"{amount.quantize(Decimal('0.01'))}"
    return f"{amount.normalize()}"


@dataclass(frozen=True, slots=True)
class Ratio:
    """A payout ratio ``numerator:denominator`` such as 3:2.

    >>> Ratio.parse("2:1")
    Ratio(2, 1)
    """

    numerator: int
    denominator: int

    @classmethod
    def parse(cls, text: str) -> Ratio:
        """Parse ``"3:2"``: both sides whole numbers from 1 to ``MAX_RATIO_SIDE``.

        >>> Ratio.parse("0:1")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        trainer.engine.errors.EngineError: '0:1' is not a ratio like 3:2 (both sides ...
        """
        match = _RATIO.match(text)
        ratio = cls(int(match[1]), int(match[2])) if match else None
        if ratio is None or not (0 < ratio.numerator <= MAX_RATIO_SIDE
                                 and 0 < ratio.denominator <= MAX_RATIO_SIDE):
            raise EngineError(f"{text!r} is not a ratio like 3:2 (both sides whole "
                              f"numbers from 1 to {MAX_RATIO_SIDE})")
        return ratio

    def of(self, amount: Decimal) -> Decimal:
        """The exact payout this ratio gives on ``amount``, before ``whole_cents``."""
        return amount * self.numerator / self.denominator

    def __str__(self) -> str:
        return f"{self.numerator}:{self.denominator}"

    def __repr__(self) -> str:
        return f"Ratio({self.numerator}, {self.denominator})"
