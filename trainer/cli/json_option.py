"""``--json``: every command takes it (the contract); some print JSON whatever is given."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import click


def json_flag(function: Callable[..., Any]) -> Callable[..., Any]:
    """Add ``--json`` (passed as ``as_json``) to a command that also prints text."""
    return click.option("--json", "as_json", is_flag=True, help="Print JSON.")(function)


def json_always(function: Callable[..., Any]) -> Callable[..., Any]:
    """Accept ``--json`` on a command whose output is always JSON (it changes nothing)."""
    return click.option(
        "--json", is_flag=True, expose_value=False,
        help="Print JSON (the output is JSON already; accepted as on every command).",
    )(function)


def echo_result(as_json: bool, data: dict[str, Any], text: str) -> None:
    """Print ``data`` as one JSON line, or ``text`` for a person."""
    click.echo(json.dumps(data, ensure_ascii=False) if as_json else text)
