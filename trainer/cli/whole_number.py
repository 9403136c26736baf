"""``WholeNumber``: the one click type of every whole-number option, in ASCII digits."""

from __future__ import annotations

import re
import sys
from typing import Any

import click

ASCII_WHOLE = re.compile(r"[0-9]+")
"""ASCII digits: ``int`` and ``str.isdigit`` also take ``５``, ``٣``, ``1_000`` and spaces."""
_SIGNED = re.compile(r"-?[0-9]+")


class WholeNumber(click.IntRange):
    """A whole number written in ASCII digits (a leading ``-`` for a negative one), from
    ``min`` to ``max`` when they are given; anything else is refused naming the value.
    Zeros in front count for nothing, however many (``007`` is 7)."""

    name = "integer"

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> Any:
        if not isinstance(value, str):
            return super().convert(value, param, ctx)
        if not _SIGNED.fullmatch(value):
            self.fail(f"{value!r} is not a whole number in ASCII digits (0-9)", param, ctx)
        sign, digits = ("-", value[1:]) if value.startswith("-") else ("", value)
        digits = digits.lstrip("0") or "0"
        number = sign + digits  # named as click names a number out of range: unquoted
        if self.min is not None and self.max is not None:  # past the longer bound's digits
            if len(digits) > max(len(str(abs(self.min))), len(str(abs(self.max)))):
                self.fail(f"{number} is not in the range {self._describe_range()}.", param, ctx)
        elif 0 < (limit := sys.get_int_max_str_digits()) < len(digits):  # 0: no limit
            self.fail(f"{number} has more digits than a number can ({limit:,})", param, ctx)
        return super().convert(int(number), param, ctx)

    def _describe_range(self) -> str:
        """The range for ``--help``; none for a number without bounds (click: ``x<=None``)."""
        return "" if self.min is None and self.max is None else super()._describe_range()
