"""``WholeNumber``: the one click type of every whole-number option, in ASCII digits."""

from __future__ import annotations

import re
from typing import Any

import click

ASCII_WHOLE = re.compile(r"[0-9]+")
"""ASCII digits: ``int`` and ``str.isdigit`` also take ``５``, ``٣``, ``1_000`` and spaces."""
_SIGNED = re.compile(r"-?[0-9]+")


class WholeNumber(click.IntRange):
    """A whole number written in ASCII digits (a leading ``-`` for a negative one), from
    ``min`` to ``max`` when they are given; anything else is refused naming the value."""

    name = "integer"

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> Any:
        if isinstance(value, str) and not _SIGNED.fullmatch(value):
            self.fail(f"{value!r} is not a whole number in ASCII digits (0-9)", param, ctx)
        return super().convert(value, param, ctx)

    def _describe_range(self) -> str:
        """The range for ``--help``; none for a number without bounds (click: ``x<=None``)."""
        return "" if self.min is None and self.max is None else super()._describe_range()
