"""The catalogue of audit steps: every step's keyword, wording and an example.

Steps are declared with :func:`step`, which registers them with pytest-bdd
(typed ``parsers.parse`` patterns) and records them here so that
``trainer audit --steps`` can list them and an unknown step can be answered
with the closest known ones.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from pytest_bdd import given, parsers, then, when

from trainer.audit.words import TYPES

F = TypeVar("F", bound=Callable[..., Any])

_DECORATORS = {"given": given, "when": when, "then": then}
_KEYWORDS = {
    "en": {"given": "Given", "when": "When", "then": "Then"},
    "ru": {"given": "Дано", "when": "Когда", "then": "Тогда"},
}


@dataclass(frozen=True, slots=True)
class StepEntry:
    """One step of the library: where it may appear, its pattern and an example."""

    kinds: tuple[str, ...]
    pattern: str
    example: str
    meaning: str
    language: str

    @property
    def keyword(self) -> str:
        """The Gherkin keyword the step is listed under (``Given``, ``Тогда``, ...)."""
        return _KEYWORDS[self.language][self.kinds[0]]

    def example_line(self) -> str:
        """The example as it is written in a feature."""
        return f"{self.keyword} {self.example}"


CATALOGUE: list[StepEntry] = []
_PARSERS: dict[str, list[parsers.parse]] = {"given": [], "when": [], "then": []}


def step(
    kinds: str,
    pattern: str,
    example: str,
    target: str | None = None,
    language: str = "en",
) -> Callable[[F], F]:
    """Declare a step: ``kinds`` is ``given``, ``when``, ``then`` or e.g. ``given when``.

    The docstring of the decorated function is the step's meaning in the
    catalogue; ``target`` is the fixture a Given/When step sets.
    """
    kind_list = tuple(kinds.split())

    def attach(function: F) -> F:
        for kind in kind_list:
            parser = parsers.parse(pattern, extra_types=TYPES)
            _DECORATORS[kind](parser, target_fixture=target, stacklevel=2)(function)
            _PARSERS[kind].append(parser)
        meaning = (function.__doc__ or "").strip().splitlines()[0] if function.__doc__ else ""
        CATALOGUE.append(StepEntry(kind_list, pattern, example, meaning, language))
        return function

    return attach


def read_step(kind: str, text: str) -> tuple[str, dict[str, Any]] | None:
    """The pattern of the ``kind`` step that reads ``text`` and the values it reads there."""
    for parser in _PARSERS.get(kind, ()):
        if parser.is_matching(text):
            return parser.name, parser.parse_arguments(text)
    return None


def closest_steps(text: str, count: int = 3) -> list[str]:
    """The example lines of the known steps that read most like ``text``."""
    by_example = {entry.example: entry.example_line() for entry in CATALOGUE}
    by_pattern = {entry.pattern: entry.example_line() for entry in CATALOGUE}
    scored: dict[str, float] = {}
    for key, line in [*by_example.items(), *by_pattern.items()]:
        ratio = difflib.SequenceMatcher(None, text.lower(), key.lower()).ratio()
        scored[line] = max(scored.get(line, 0.0), ratio)
    ranked = sorted(scored, key=lambda line: -scored[line])
    return ranked[:count]
