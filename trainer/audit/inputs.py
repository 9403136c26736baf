"""The features an audit is given: found, read as UTF-8 text and parsed, or refused in one line.

A bad input (no feature files, a binary or non-UTF-8 file, a Gherkin syntax
error, a scenario that cannot be audited as written) is an :class:`AuditInputError`
before anything runs, so that ``trainer audit`` can tell it from a rule the engine
does not honour.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from pathlib import Path

from pytest_bdd.exceptions import GherkinParseError
from pytest_bdd.parser import Examples, FeatureParser

from trainer.audit.scenario_checks import ScenarioShapeError, check_scenarios
from trainer.engine.houses import house_names, load_house_file

_LOCATION = re.compile(r"^\(\d+:\d+\): ")
_UNKNOWN = "Unknown parsing error: Parser errors:"
PYTEST_MARKERS = frozenset({"xfail", "skipif", "parametrize", "usefixtures",
                            "filterwarnings", "tryfirst", "trylast"})
"""pytest's own markers, which pytest-bdd would make of tags of these names: an ``@xfail``
reported a failing rule as skipped, so they are refused (``@skip`` is the audit's own)."""


def nameable_houses(rules_file: Path | None) -> list[str]:
    """The houses a feature may name: the shipped ones, and the house a ``--rules-file``
    profile declares (it plays in their place, as does a shipped house under audit)."""
    names = house_names()
    if rules_file is not None and (own := load_house_file(rules_file).name) not in names:
        names.append(own)
    return names


class AuditInputError(ValueError):
    """Features that cannot be audited; the message names the file (and line)."""


def _feature_files(places: Sequence[Path]) -> list[Path]:
    """Every ``.feature`` file in ``places`` (files or directories), sorted and resolved."""
    files: list[Path] = []
    for place in places:
        found = [place] if place.is_file() else sorted(place.rglob("*.feature"))
        files.extend(file for file in found if file.is_file())
    return [file.resolve() for file in files]


def checked_features(places: Sequence[Path], houses: Collection[str],
                     under_audit: bool) -> list[Path]:
    """The feature files of ``places``: each UTF-8 Gherkin, at least one scenario in all,
    every scenario auditable, naming only ``houses`` and playing the house under audit
    only when ``under_audit``."""
    files = _feature_files(places)
    where = ", ".join(str(place) for place in places)
    if not files:
        raise AuditInputError(f"no .feature files in {where}")
    scenarios = sum(_scenario_count(file, houses, under_audit) for file in files)
    if not scenarios:
        raise AuditInputError(f"no scenarios in the features of {where}")
    return files


def _scenario_count(file: Path, houses: Collection[str], under_audit: bool) -> int:
    """How many scenarios ``file`` holds; refuse it when it is not a Gherkin text file."""
    try:
        data = file.read_bytes()
    except OSError as exc:
        raise AuditInputError(f"{file}: cannot read ({exc.strerror})") from None
    if b"\0" in data:
        raise AuditInputError(f"{file}: a binary file, not a Gherkin feature")
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise AuditInputError(f"{file}: not UTF-8 text (byte {exc.start})") from None
    if data.startswith(b"\xef\xbb\xbf"):  # the Gherkin parser reads it as a bad first token
        raise AuditInputError(f"{file}: starts with a byte-order mark (save it as UTF-8 "
                              "without one)")
    try:
        feature = FeatureParser(str(file.parent), file.name).parse()
    except GherkinParseError as exc:
        near = f" ({exc.line_content.strip()!r})" if exc.line_content.strip() else ""
        error = _first_error(exc.message)
        raise AuditInputError(f"{file}, line {exc.line}{near}: {error}") from None
    except KeyError as exc:  # pytest-bdd's reading of a document without a Feature
        if exc.args != ("feature",):
            raise
        raise AuditInputError(f"{file}: no 'Feature:' line (empty, or only comments)") from None
    tags = set(feature.tags).union(*(scenario.tags for scenario in feature.scenarios.values()))
    if clashing := sorted(tags & PYTEST_MARKERS):
        raise AuditInputError(f"{file}: the tag @{clashing[0]} is one of pytest's own markers "
                              "and would change how a rule is reported (use @skip to skip)")
    for scenario in feature.scenarios.values():
        _refuse_repeated_rows(file, scenario.examples)
    try:
        check_scenarios(file, feature, houses, under_audit)
    except ScenarioShapeError as exc:
        raise AuditInputError(str(exc)) from None
    return len(feature.scenarios)


def _refuse_repeated_rows(file: Path, tables: Sequence[Examples]) -> None:
    """Refuse an Examples table that lists one row twice: both would run under one name."""
    for table in tables:
        seen: set[tuple[str, ...]] = set()
        for row in table.examples:
            if tuple(row) in seen:
                values = ", ".join(f"{key}={value}"
                                   for key, value in zip(table.example_params, row, strict=True))
                raise AuditInputError(f"{file}, line {table.line_number}: the Examples list "
                                      f"the row {values} twice")
            seen.add(tuple(row))


def _first_error(message: str) -> str:
    """The first line of a Gherkin parser message, without its ``(line:column)`` prefix."""
    lines = [line for line in message.replace(_UNKNOWN, "").splitlines() if line.strip()]
    return _LOCATION.sub("", lines[0].strip()) if lines else "not valid Gherkin"
