"""One way to read a TOML file: each table's keys declared with how their values are read.

A schema is a tuple of ``Key``s, each with a *reader*: a function that returns the
value read (an enum member, a ``Decimal``...) or raises ``ValueError`` saying what the
value must be.  ``read_table`` checks a parsed table against its schema; an unknown key,
a missing one or a refused value raises one ``SchemaError`` naming the file, the key
(dotted, as TOML writes it) and the value (as the file wrote it).  House profiles, drill
families, chip sets and the operator's settings are all read so.

>>> from enum import Enum
>>> class Rule(Enum):
...     STAND = "stand"
...     HIT = "hit"
>>> SCHEMA = (Key("decks", whole(1, 8), "decks in the shoe"),
...           Key("soft_17", Table((Key("value", one_of(Rule)),)), default=OPTIONAL))
>>> read_table({"decks": 2, "soft_17": {"value": "hit"}}, SCHEMA, "my.toml")
{'decks': 2, 'soft_17': {'value': <Rule.HIT: 'hit'>}}
>>> read_table({"decks": 2, "soft_17": {"value": "S17"}}, SCHEMA, "my.toml")
Traceback (most recent call last):
...
trainer.toml_schema.SchemaError: my.toml: soft_17.value = "S17": must be one of stand, hit
>>> read_table({}, SCHEMA, "my.toml")
Traceback (most recent call last):
...
trainer.toml_schema.SchemaError: my.toml: missing key 'decks' (decks in the shoe)
"""

from __future__ import annotations

import datetime
import json
import re
import sys
import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

Reader = Callable[[Any], Any]
"""Reads one TOML value, or raises ``ValueError`` saying what it must be."""


class _Marker:
    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return self.name


REQUIRED: Any = _Marker("REQUIRED")
"""The default of a key a table must hold."""
OPTIONAL: Any = _Marker("OPTIONAL")
"""The default of a key a table may leave out, and that ``read_table`` then leaves out too."""
_NO_VALUE: Any = _Marker("NO_VALUE")


@dataclass(frozen=True, slots=True)
class Key:
    """One key of a table: its name, how its value is read, and what it holds when left out."""

    name: str
    read: Reader
    meaning: str = ""
    """Said when the key is missing, e.g. ``decks in the shoe``."""
    default: Any = REQUIRED
    """The value read when the key is left out (``REQUIRED``, ``OPTIONAL`` or a value)."""


class SchemaError(ValueError):
    """A key of a TOML file that is missing, unknown, or holds a value its reader refuses."""

    def __init__(self, path: tuple[str | int, ...], problem: str, value: Any = _NO_VALUE,
                 origin: str = "") -> None:
        super().__init__(path, problem, value, origin)
        self.path = path
        """The key, outermost first (a whole number: an item of a list)."""
        self.problem = problem
        self.value = value
        """The value refused (absent for a key missing or unknown)."""
        self.origin = origin
        """The file."""

    @property
    def key(self) -> str:
        """The key as TOML writes it: ``difficulty.easy.tricky``, ``houses[1]``."""
        return key_text(self.path)

    def under(self, *outer: str | int) -> SchemaError:
        """The same refusal, of a table held under the key ``outer``."""
        return SchemaError((*outer, *self.path), self.problem, self.value, self.origin)

    def __str__(self) -> str:
        where = f"{self.origin}: " if self.origin else ""
        if self.value is _NO_VALUE:
            return f"{where}{self.problem.format(key=repr(self.key))}"
        return f"{where}{self.key} = {toml_text(self.value)}: {self.problem}"


def read_table(data: dict[str, Any], keys: Sequence[Key], origin: str = "") -> dict[str, Any]:
    """The values of the table ``data`` read by its ``keys``, by key name, in the keys'
    order; ``origin`` names the file in the ``SchemaError``."""
    try:
        return Table(keys)(data)
    except SchemaError as exc:
        raise SchemaError(exc.path, exc.problem, exc.value, origin) from None


@dataclass(frozen=True, slots=True)
class Table:
    """A reader of a table holding ``keys`` (and no other)."""

    keys: Sequence[Key]

    def __call__(self, data: Any) -> dict[str, Any]:
        if not isinstance(data, dict):
            raise ValueError(f"must be a table of {', '.join(k.name for k in self.keys)}")
        known = [key.name for key in self.keys]
        for name in data:
            if name not in known:
                raise SchemaError((name,), f"unknown key {{key}} (known: {', '.join(known)})")
        read: dict[str, Any] = {}
        for key in self.keys:
            if key.name in data:
                read[key.name] = _read(key.name, key.read, data[key.name])
            elif key.default is REQUIRED:
                meaning = f" ({key.meaning})" if key.meaning else ""
                raise SchemaError((key.name,), f"missing key {{key}}{meaning}")
            elif key.default is not OPTIONAL:
                read[key.name] = key.default
        return read


def _read(where: str | int, reader: Reader, value: Any) -> Any:
    """``value`` read by ``reader``; a refusal names it as held under ``where``."""
    try:
        return reader(value)
    except SchemaError as exc:
        raise exc.under(where) from None
    except ValueError as exc:
        raise SchemaError((where,), str(exc), value) from None


def table_of(reader: Reader, keys: type[Enum] | None = None,
             non_empty: bool = False) -> Reader:
    """A reader of a table of any keys (or the values of the enum ``keys``, read as its
    members), each value read by ``reader``."""

    def read(data: Any) -> dict[Any, Any]:
        if not isinstance(data, dict) or (non_empty and not data):
            raise ValueError("must be a table" + (" of at least one key" if non_empty else ""))
        known = [member.value for member in keys] if keys is not None else None
        table = {}
        for name, value in data.items():
            if known is not None and name not in known:
                raise SchemaError((name,), f"unknown key {{key}} (known: {', '.join(known)})")
            table[keys(name) if keys is not None else name] = _read(name, reader, value)
        return table

    return read


def list_of(reader: Reader, non_empty: bool = False) -> Reader:
    """A reader of a list, each item read by ``reader``, as a tuple."""

    def read(data: Any) -> tuple[Any, ...]:
        if not isinstance(data, list) or (non_empty and not data):
            raise ValueError("must be a list" + (" of at least one item" if non_empty else ""))
        return tuple(_read(index, reader, item) for index, item in enumerate(data))

    return read


def boolean(value: Any) -> bool:
    """A TOML boolean as it is."""
    if not isinstance(value, bool):
        raise ValueError("must be true or false")
    return value


def whole(low: int, high: int) -> Reader:
    """A reader of a whole number from ``low`` to ``high`` (not a boolean)."""

    def read(value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise ValueError(f"must be a whole number from {low} to {high}")
        return value

    return read


def share(value: Any) -> float:
    """A share from 0 to 1, whole or not."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 1:
        raise ValueError("must be a share from 0 to 1")
    return float(value)


def string(value: Any) -> str:
    """A string as it is, empty or not."""
    if not isinstance(value, str):
        raise ValueError("must be a string")
    return value


def text(value: Any) -> str:
    """A string with more than spaces in it, as it is."""
    if not isinstance(value, str) or not value.strip():
        raise ValueError("must be a non-empty string")
    return value


def one_of(kind: type[Enum]) -> Reader:
    """A reader of one of the string values of the enum ``kind``, as its member."""
    values = [member.value for member in kind]

    def read(value: Any) -> Enum:
        if value not in values:
            raise ValueError(f"must be one of {', '.join(values)}")
        return kind(value)

    return read


def choice(options: Sequence[str]) -> Reader:
    """A reader of one of the strings ``options``."""

    def read(value: Any) -> str:
        if value not in options:
            raise ValueError(f"must be one of {', '.join(options)}")
        return str(value)

    return read


def parse_toml(text: str) -> dict[str, Any]:
    """``text`` read as TOML, or ``ValueError`` saying in a few words why it cannot be."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(f"not valid TOML ({exc})") from None
    except RecursionError:
        raise ValueError("not valid TOML (nested too deeply)") from None
    except ValueError:  # a whole number past Python's digit limit for int()
        raise ValueError(f"a number of more than {sys.get_int_max_str_digits()} "
                         "digits") from None


_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
"""A TOML key written without quotes; any other is quoted."""


def key_text(path: Sequence[str | int]) -> str:
    """A key as TOML writes it, an item of a list by its place from 0.

    >>> key_text(("bonuses", "value", "7-7-7 suited")), key_text(("houses", 1))
    ('bonuses.value."7-7-7 suited"', 'houses[1]')
    """
    written = ""
    for part in path:
        if isinstance(part, int):
            written += f"[{part}]"
        else:
            name = part if _BARE_KEY.fullmatch(part) else toml_text(part)
            written += f".{name}" if written else name
    return written


def toml_text(value: Any) -> str:
    """A parsed TOML value as a file writes it, for an error quoting it: ``true`` (not
    Python's ``True``), ``"S17"``, ``{ x = 1 }``, ``[1, 2]``.

    >>> toml_text({"five-card-21": 2, "7-7-7 suited": True})
    '{ five-card-21 = 2, "7-7-7 suited" = true }'
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, Mapping):
        inner = ", ".join(f"{key_text((key,))} = {toml_text(item)}"
                          for key, item in value.items())
        return f"{{ {inner} }}" if inner else "{}"
    if isinstance(value, list):
        return "[" + ", ".join(toml_text(item) for item in value) + "]"
    if isinstance(value, datetime.date | datetime.time):
        return value.isoformat()
    return str(value)
