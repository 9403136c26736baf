"""Reading answers as a dealer gives them, and refusing what is not an answer.

Money: ``52.50``, ``52,50``, ``52.5``, ``$52.50``. A net may carry a sign:
``-10``, ``+15``, ``0``. Several nets (one per box) are separated by ``;``,
``|``, spaces or new lines: ``0; -10; 10``. Chips: ``2x25 1x2.50`` (count x
chip; ``×`` and ``*`` work too) or a mapping ``{"25": 2, "2.50": 1}``.
Totals: ``soft 17``, ``hard 14``, ``s17``, ``17`` (a bare number is read as
hard), ``bust``. Anything else raises ``NotAnAnswer``.

>>> parse_money_answer("$52,50")
Decimal('52.50')
>>> parse_net("-7.50")
Decimal('-7.50')
>>> parse_chips("2x25 1x2.50")
{Decimal('25'): 2, Decimal('2.50'): 1}
>>> parse_total("s17")
('soft', 17)
>>> parse_money_answer("abc")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
trainer.drills.answers.NotAnAnswer: 'abc' is not an amount (use digits ... e.g. 1250.50)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal
from enum import Enum

from trainer.engine.errors import EngineError, MoneyError
from trainer.engine.money import parse_money


class NotAnAnswer(EngineError):
    """An answer that cannot be read (not an amount, not a choice...): not a wrong answer.

    ``boxes``: the boxes (from 1) whose nets do not read, for a table's answer, in the
    order the message names them (the first leads it)."""

    def __init__(self, message: str, boxes: tuple[int, ...] = ()) -> None:
        super().__init__(message)
        self.boxes = boxes


class AnswerKind(Enum):
    """How a question is answered."""

    ACTION = "action"
    """One of ``choices`` (e.g. hit / stand)."""
    ACTIONS = "actions"
    """Every allowed action among ``choices``, e.g. ``stand, split`` (``none`` for none)."""
    YES_NO = "yes-no"
    """``yes`` or ``no``."""
    MONEY = "money"
    """An amount paid or returned (never negative)."""
    NET = "net"
    """A signed amount: + the dealer pays, - the dealer takes, 0 a push."""
    NETS = "nets"
    """One signed amount per box, left to right."""
    CHIPS = "chips"
    """Chips by denomination adding up to the amount paid."""
    TOTAL = "total"
    """A hand's total: ``soft 17``, ``hard 14`` or ``bust``."""


Answer = str | int | Decimal | Sequence[object] | Mapping[str, object]
"""What ``check`` accepts: text as typed, or structured data from a form or JSON."""

_SIGNED = re.compile(r"^([+\-\u2212])?\s*(.+)$")
_SUMMED_CHIPS = re.compile(r"^([0-9][0-9.,]*)\s*\((.*)\)$")
_CHIP = re.compile(r"^([0-9]+)\s*[x×*]\s*(\S+)$", re.IGNORECASE)
_SPLIT_LIST = re.compile(r"[;|\n\s]+")
_TOTAL = re.compile(r"^(soft|hard|s|h)?\s*([0-9]{1,2})\s*(soft|hard|s|h)?$")
_BUST = re.compile(r"^bust(?:ed)?(?:\s+([0-9]{1,2}))?$")
_NET_HINT = ("use + or - and digits with at most two decimals, no thousands separator, "
             "e.g. -10 or 1250.50")
HIGHEST_BUST = 30
"""The highest total a hand can reach: 20, then a ten."""


def _text(answer: object, what: str) -> str:
    if isinstance(answer, bool):
        raise NotAnAnswer(f"{answer!r} is not {what}")
    if isinstance(answer, int | Decimal):
        return str(answer)
    if not isinstance(answer, str):
        raise NotAnAnswer(f"{answer!r} is not {what}")
    return answer


def parse_money_answer(answer: object) -> Decimal:
    """An amount paid: no sign, at most two decimals."""
    text = _text(answer, "an amount")
    try:
        return parse_money(text)
    except MoneyError as exc:
        raise NotAnAnswer(str(exc)) from None


def parse_net(answer: object) -> Decimal:
    """A signed amount: ``-10``, ``+15``, ``0``, ``−7,50``."""
    text = _text(answer, "an amount").strip()
    match = _SIGNED.match(text)
    if match is None:
        raise NotAnAnswer(f"{text!r} is not an amount (e.g. 15, -10, 0)")
    sign, rest = match.groups()
    try:
        amount = parse_money(rest)
    except MoneyError:
        raise NotAnAnswer(f"{text!r} is not an amount ({_NET_HINT})") from None
    return -amount if sign in ("-", "\u2212") else amount


def parse_nets(answer: object, boxes: int) -> list[Decimal]:
    """One signed amount per box, in box order; every one that does not read is named by
    its box, the first leading the message (``Box 2: ...``: a page marks that box's field).

    >>> parse_nets("x; 10; 1..5", 3)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    trainer.drills.answers.NotAnAnswer: Box 1: 'x' and box 3: '1..5' are not amounts (use + ...
    """
    items = _net_items(answer)
    if len(items) != boxes:
        raise NotAnAnswer(
            f"give one amount per box: {boxes} expected, {len(items)} given "
            "(separate them with ; e.g. 0; -10; 15)"
        )
    nets: list[Decimal] = []
    refused: list[tuple[int, object, NotAnAnswer]] = []
    for box, item in enumerate(items, start=1):
        try:
            nets.append(parse_net(item))
        except NotAnAnswer as exc:
            refused.append((box, item, exc))
    if refused:
        raise NotAnAnswer(_refused_boxes(refused), tuple(box for box, _, _ in refused))
    return nets


def _net_items(answer: object) -> list[object]:
    """A table's answer as one item a box: text split, or a list as given."""
    if isinstance(answer, str):
        glued: list[object] = []
        # "+ 15" written with a space: glue a lone sign to the amount after it
        for item in (part for part in _SPLIT_LIST.split(answer.strip()) if part):
            if glued and glued[-1] in ("+", "-", "\u2212"):
                glued[-1] = f"{glued[-1]}{item}"
            else:
                glued.append(item)
        return glued
    if isinstance(answer, Sequence):
        return list(answer)  # one item a box, as typed (a lone sign is refused)
    raise NotAnAnswer(f"{answer!r} is not a list of amounts (e.g. 0; -10; 15)")


def _refused_boxes(refused: Sequence[tuple[int, object, NotAnAnswer]]) -> str:
    """The message for the nets that do not read, by box: one box keeps its net's own
    message; several are listed as typed, ``Box 2: 'abc' and box 4: '1..5' are not ...``."""
    if len(refused) == 1:
        box, _, exc = refused[0]
        return f"Box {box}: {exc}"
    named = [f"{box}: {_quoted(item)}" for box, item, _ in refused]
    return f"Box {', box '.join(named[:-1])} and box {named[-1]} are not amounts ({_NET_HINT})"


def _quoted(answer: object) -> str:
    """An answer as a refusal quotes it: as ``_text`` reads it, stripped (a number as its
    digits), or as its ``repr`` when ``_text`` cannot read it."""
    try:
        return repr(_text(answer, "an amount").strip())
    except NotAnAnswer:
        return repr(answer)


def parse_chips(answer: object, chip_set: Iterable[Decimal] | None = None) -> dict[Decimal, int]:
    """Chip counts by denomination; with ``chip_set``, refuse chips the table does not use.

    A verdict gives chips back with their sum first, ``77.50 (3x25 1x2.50)``: that reads
    as the chips in brackets, when they add up to the sum.

    >>> parse_chips("77.50 (3x25 1x2.50)")
    {Decimal('25'): 3, Decimal('2.50'): 1}
    """
    pairs: list[tuple[object, object]] = []
    if isinstance(answer, str) and (summed := _SUMMED_CHIPS.match(answer.strip())):
        stack = parse_chips(summed.group(2), chip_set)
        total = sum((d * n for d, n in stack.items()), Decimal(0))
        if parse_money_answer(summed.group(1)) != total:
            raise NotAnAnswer(f"{answer!r}: those chips add up to {total}, not "
                              f"{summed.group(1)}")
        return stack
    if isinstance(answer, Mapping):
        pairs = [(denomination, count) for denomination, count in answer.items()]
    elif isinstance(answer, str):
        compact = re.sub(r"\s*([x×*])\s*", r"\1", answer.strip(), flags=re.IGNORECASE)
        for token in re.split(r"(?:[;+]|,(?![0-9])|\s)+", compact):
            if not token:
                continue
            match = _CHIP.match(token)
            if match is None:
                raise NotAnAnswer(
                    f"{token!r} is not a chip count (write count x chip, e.g. 2x25 1x2.50)"
                )
            pairs.append((match.group(2), match.group(1)))
    else:
        raise NotAnAnswer(f"{answer!r} is not a set of chips (e.g. 2x25 1x2.50)")
    allowed = None if chip_set is None else set(chip_set)
    chips: dict[Decimal, int] = {}
    for denomination_text, count_text in pairs:
        denomination = parse_money_answer(denomination_text)
        if isinstance(count_text, bool):
            raise NotAnAnswer(f"{count_text!r} is not a number of chips")
        try:
            count = int(str(count_text).strip())
        except ValueError:
            raise NotAnAnswer(f"{count_text!r} is not a number of chips") from None
        if count < 0:
            raise NotAnAnswer(f"{count_text!r} is not a number of chips (negative)")
        if allowed is not None and denomination not in allowed:
            shown = ", ".join(_chip_text(c) for c in sorted(allowed))
            raise NotAnAnswer(f"{denomination_text!r} is not a chip at this table ({shown})")
        key = next((c for c in chips if c == denomination), denomination)
        chips[key] = chips.get(key, 0) + count
    return chips


def _chip_text(amount: Decimal) -> str:
    return f"{amount:.2f}" if amount != amount.to_integral_value() else str(int(amount))


def chips_text(chips: Mapping[Decimal, int]) -> str:
    """Chips as a dealer would list them, largest first: ``2x25 1x2.50``."""
    shown = [f"{count}x{_chip_text(d)}" for d, count in sorted(chips.items(), reverse=True)
             if count]
    return " ".join(shown) or "no chips"


def parse_total(answer: object) -> tuple[str, int]:
    """``("soft", 17)``, ``("hard", 14)`` or ``("bust", 0)``; a bare number is hard.

    ``bust``, ``busted``, ``bust 24`` and a hard total of 22 to 30 read as bust; a soft
    total is 12 to 21 (an ace counted as 11 without going over), and nothing a hand
    cannot total is taken.
    """
    text = _text(answer, "a total").strip().lower()
    refusal = NotAnAnswer(f"{text!r} is not a total (e.g. soft 17, hard 14, bust)")
    if (bust := _BUST.match(text)) is not None:
        if bust.group(1) is not None and not 21 < int(bust.group(1)) <= HIGHEST_BUST:
            raise refusal
        return ("bust", 0)
    match = _TOTAL.match(text)
    if match is None or (match.group(1) and match.group(3)):
        raise refusal
    soft = (match.group(1) or match.group(3) or "hard").startswith("s")
    total = int(match.group(2))
    if soft and not 12 <= total <= 21:
        raise NotAnAnswer(f"{text!r} is not a total: a soft total is 12 to 21")
    if not 2 <= total <= HIGHEST_BUST:
        raise refusal
    return ("bust", 0) if total > 21 else ("soft" if soft else "hard", total)


def parse_choice(answer: object, choices: Sequence[str]) -> str:
    """One of ``choices``; a unique prefix (``h`` for hit, ``y`` for yes) is enough."""
    text = _text(answer, "a choice").strip().lower()
    if text in choices:
        return text
    matches = [c for c in choices if text and c.startswith(text)]
    if len(matches) == 1:
        return matches[0]
    raise NotAnAnswer(f"{text!r} is not one of {', '.join(choices)}")


def parse_choices(answer: object, choices: Sequence[str]) -> frozenset[str]:
    """Several of ``choices`` (comma or space separated, or a list); ``none`` for none."""
    if isinstance(answer, str):
        parts = [p for p in re.split(r"[,;/\s]+", answer.strip().lower()) if p]
    elif isinstance(answer, Sequence):
        parts = [_text(p, "a choice").strip().lower() for p in answer]
    else:
        raise NotAnAnswer(f"{answer!r} is not a list of choices ({', '.join(choices)})")
    if parts == ["none"] or (not parts and not isinstance(answer, str)):
        return frozenset()
    if not parts:
        raise NotAnAnswer(f"give one or more of {', '.join(choices)} (or none)")
    return frozenset(parse_choice(part, choices) for part in parts)
