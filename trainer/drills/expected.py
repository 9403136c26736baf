"""The expected answer as data, typed by how the question is answered.

A question's expected answer is the engine's own value, never its text:

=========== =========================================================
kind        expected
=========== =========================================================
``money``   the amount paid, a ``Decimal``
``chips``   the amount paid, a ``Decimal`` (its fewest chips are derived)
``net``     the signed net, a ``Decimal``
``nets``    one signed net a box, ``Nets``
``total``   the hand's ``HandTotal`` (a bust keeps its total)
``yes-no``  ``True`` for yes
``action``  the dealer's ``DealerAction``, or the ``Offer`` against an up card
``actions`` the ``Action`` set allowed, a frozenset (empty for none)
=========== =========================================================

``answer_text`` writes it as a trainee would type it (what ``check`` reads, what
``trainer drill --answer`` takes); ``shown_text`` as a verdict shows it; ``read_expected``
reads the text of a question stored in JSON back into its value.

>>> from decimal import Decimal as D
>>> answer_text(AnswerKind.NETS, Nets((D(15), D(-10), D(0))))
'+15;-10;0'
>>> read_expected(AnswerKind.ACTIONS, "double,split") == {Action.DOUBLE, Action.SPLIT}
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from enum import Enum

from trainer.drills.answers import AnswerKind, NotAnAnswer, chips_text, parse_chips
from trainer.drills.chips import chips_total, fewest_chips
from trainer.engine.dealer import DealerAction
from trainer.engine.hands import HandTotal
from trainer.engine.money import format_money
from trainer.engine.options import PLAY_ORDER, Action, Offer


@dataclass(frozen=True, slots=True)
class Nets:
    """A table's answer: one signed net a box, left to right (+ the dealer pays)."""

    boxes: tuple[Decimal, ...]


Expected = Decimal | Nets | HandTotal | bool | DealerAction | Offer | frozenset[Action]
"""An expected answer, as the table above types it by kind."""

CHOICE_ENUMS: tuple[type[DealerAction] | type[Offer], ...] = (DealerAction, Offer)
"""The enums a one-of-the-choices question answers with, told apart by their values."""


def signed(amount: Decimal) -> str:
    """A net with its sign: ``+15``, ``-10``, ``0`` (never ``-0``)."""
    text = format_money(amount + Decimal(0))
    return f"+{text}" if amount > 0 else text


def answer_text(kind: AnswerKind, expected: Expected,
                chips: Sequence[Decimal] = ()) -> str:
    """The expected answer as a trainee would type it: ``hit``, ``52.50``, ``+15;-10;0``,
    ``double,split`` (``none``), ``yes``, ``soft 17`` (``bust 24``), in chips the fewest
    that make the amount out of ``chips``, ``2x25 1x2.50``."""
    match expected:
        case bool():
            return "yes" if expected else "no"
        case Enum():
            return str(expected.value)
        case frozenset():
            return ",".join(a.value for a in PLAY_ORDER if a in expected) or "none"
        case HandTotal():
            return str(expected)
        case Nets():
            return ";".join(signed(net) for net in expected.boxes)
        case Decimal() if kind is AnswerKind.CHIPS:
            return chips_text(_fewest(expected, chips))
        case Decimal() if kind is AnswerKind.NET:
            return signed(expected)
        case Decimal():
            return format_money(expected)
    raise TypeError(f"{expected!r} is no expected answer")  # pragma: no cover - typed above


def shown_text(kind: AnswerKind, expected: Expected, chips: Sequence[Decimal] = ()) -> str:
    """The expected answer as a verdict shows it: a table's nets spaced, ``+15; -10; 0``,
    chips with their sum first, ``77.50 (3x25 1x2.50)``, anything else as typed."""
    match expected:
        case Nets():
            return "; ".join(signed(net) for net in expected.boxes)
        case Decimal() if kind is AnswerKind.CHIPS:
            return f"{format_money(expected)} ({answer_text(kind, expected, chips)})"
    return answer_text(kind, expected, chips)


def read_expected(kind: AnswerKind, text: str, choices: Sequence[str] = (),
                  shown: str = "") -> Expected:
    """The expected answer that ``answer_text`` wrote (a stored question's JSON), as its
    value; a bust stored as ``bust`` alone (before its total was kept) is read from how
    it was ``shown``, ``bust 24``."""
    match kind:
        case AnswerKind.MONEY | AnswerKind.NET:
            return Decimal(text)
        case AnswerKind.CHIPS:
            return chips_total(parse_chips(text))
        case AnswerKind.NETS:
            return Nets(tuple(Decimal(part) for part in text.split(";")))
        case AnswerKind.TOTAL:
            word, _, total = (shown if text == "bust" else text).partition(" ")
            return HandTotal(int(total), word == "soft")
        case AnswerKind.YES_NO:
            return text == "yes"
        case AnswerKind.ACTIONS:
            return frozenset(Action(part) for part in text.split(",") if part not in ("", "none"))
        case AnswerKind.ACTION:
            return choice_enum(choices)(text)
    raise NotAnAnswer(f"unknown answer kind {kind!r}")  # pragma: no cover - matched above


def choice_enum(choices: Sequence[str]) -> type[DealerAction] | type[Offer]:
    """The enum whose values the choices of a one-of question are (hit/stand: the dealer's
    action; insurance/even-money/nothing: the offer)."""
    for enum in CHOICE_ENUMS:
        if set(choices) <= {member.value for member in enum}:
            return enum
    raise ValueError(f"no enum answers the choices {', '.join(choices)}")


def _fewest(amount: Decimal, chips: Sequence[Decimal]) -> dict[Decimal, int]:
    stack = fewest_chips(amount, chips)
    if stack is None:  # pragma: no cover - a question in chips is only dealt when one does
        raise ValueError(f"no stack of {', '.join(map(str, chips))} makes {amount}")
    return stack
