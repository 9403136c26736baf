"""Run features against the engine with pytest-bdd, in-process, and gather the results.

The features are bound to a throw-away test module in a temporary directory
(``scenarios(...)``), and pytest runs it with the audit plugin, its own
minimal configuration (so a project's ``pytest.ini`` never interferes) and
the cucumber JSON and JUnit XML reports switched on.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import pytest
from pytest_bdd.feature import features as parsed_features

from trainer.audit.collect import Collector
from trainer.audit.cucumber_report import rewrite_cucumber_json
from trainer.audit.html_report import write_html
from trainer.audit.inputs import checked_features, nameable_houses
from trainer.audit.junit_report import add_suite_properties
from trainer.audit.progress import Progress
from trainer.audit.results import AuditRun, AuditSubject
from trainer.engine.houses import find_house, load_house_file
from trainer.odds.edge_flags import edge_flag

CUCUMBER_JSON = "cucumber.json"
JUNIT_XML = "junit.xml"
HTML_REPORT = "report.html"
REPORTS = (CUCUMBER_JSON, JUNIT_XML, HTML_REPORT)

_MODULE = '''"""Scenarios bound by trainer audit."""
from pytest_bdd import scenarios

scenarios(*{paths!r})
'''


_INI = "[pytest]\ndisable_test_id_escaping_and_forfeit_all_rights_to_community_support = true\n"
"""The audit's whole pytest configuration: test ids as written (``A♠``, Russian words), not
``\\u2660`` escapes, in junit.xml, cucumber.json and the reports a CI shows."""

_PYTEST_ENVIRONMENT = {"PYTEST_ADDOPTS": None, "PYTEST_PLUGINS": None,
                       "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}
"""What the audit's pytest is run with: none of a shell's or a CI's options (a ``-k`` would
leave rules out, a ``-x`` stop at the first failure) and no plugin but its own."""


@contextmanager
def _without_pytest_environment() -> Iterator[None]:
    """Set :data:`_PYTEST_ENVIRONMENT` for the run; put the caller's variables back after."""
    saved = {name: os.environ.get(name) for name in _PYTEST_ENVIRONMENT}
    try:
        for name, value in _PYTEST_ENVIRONMENT.items():
            _set_variable(name, value)
        yield
    finally:
        for name, value in saved.items():
            _set_variable(name, value)


def _set_variable(name: str, value: str | None) -> None:
    if value is None:
        os.environ.pop(name, None)
    else:
        os.environ[name] = value


def run_features(
    places: Sequence[Path],
    *,
    rules_name: str | None = None,
    rules_file: Path | None = None,
    report_dir: Path | None = None,
    progress: Progress | None = None,
) -> AuditRun:
    """Run the features in ``places``; the house under audit (if any) replaces named houses.

    Features that cannot be read or parsed raise :class:`AuditInputError` before the run,
    and a report place taken by anything but a plain file raises :class:`ReportError`.
    """
    files = checked_features(places, nameable_houses(rules_file),
                             under_audit=rules_name is not None or rules_file is not None)
    if report_dir is not None:
        refuse_report_places(report_dir)
    run = AuditRun(AuditSubject(tuple(p.resolve() for p in places), rules_name,
                                rules_file.resolve() if rules_file else None))
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="trainer-audit-") as temp:
        work = Path(temp)
        # A fresh module name per run: pytest caches imported test modules in sys.modules.
        module = work / f"test_trainer_audit_{uuid.uuid4().hex}.py"
        module.write_text(_MODULE.format(paths=[str(f) for f in files]), encoding="utf-8")
        (work / "pytest.ini").write_text(_INI, encoding="utf-8")
        args = [
            str(module), "-c", str(work / "pytest.ini"), "--rootdir", str(work),
            "-p", "pytest_bdd.plugin", "-p", "trainer.audit.plugin", "-p", "no:cacheprovider",
            "-p", "no:terminal", "--import-mode=importlib", "--capture=no",
            "--cucumber-json", str(work / CUCUMBER_JSON), "--junitxml", str(work / JUNIT_XML),
            "-o", "junit_suite_name=trainer-audit", "-o", "junit_logging=no",
        ]
        for file in files:
            args += ["--audit-features", str(file)]
        if rules_file is not None:
            args += ["--audit-rules-file", str(rules_file)]
        elif rules_name is not None:
            args += ["--audit-rules", rules_name]
        collector = Collector(run, progress)
        try:
            with _without_pytest_environment():
                code = pytest.main(args, plugins=[collector])
        finally:
            for name in [n for n in sys.modules if module.stem in n]:
                del sys.modules[name]
            for file in files:  # pytest-bdd caches parsed features by path, for the process
                parsed_features.pop(str(file), None)
        if collector.interrupted:  # no summary of a part of the run, and no reports
            raise KeyboardInterrupt
        if code not in (pytest.ExitCode.OK, pytest.ExitCode.TESTS_FAILED) and not run.errors:
            run.errors.append(f"pytest stopped with exit code {int(code)}")
        played = [load_house_file(rules_file) if rules_file else find_house(name)
                  for name in run.profiles()]
        run.edges = [edge_flag(house) for house in played]
        run.seconds = time.perf_counter() - started
        if report_dir is not None:
            _write_reports(run, work, report_dir)
    return run


class ReportError(OSError):
    """A report that cannot be written where ``--report`` points; the message names it."""


def refuse_report_places(report_dir: Path) -> None:
    """Raise ReportError when a report file's place is taken by something that is not a
    plain file: a folder cannot be written over, a named pipe or device would hang the
    audit or swallow its report, and a symbolic link would write the report over the file
    it points to (or wherever a dangling one leads)."""
    for name in REPORTS:
        path = report_dir / name
        if path.is_symlink():
            kind = "a symbolic link"
        elif path.exists() and not path.is_file():
            kind = "a folder" if path.is_dir() else "not a plain file"
        else:
            continue
        raise ReportError(f"{path} is {kind}, where the report would be written")


def _write_reports(run: AuditRun, work: Path, report_dir: Path) -> None:
    """Copy pytest's cucumber.json and junit.xml into ``report_dir`` and write report.html."""
    target = report_dir
    try:
        report_dir.mkdir(parents=True, exist_ok=True)
        for name in (CUCUMBER_JSON, JUNIT_XML):
            if (work / name).exists():
                target = report_dir / name
                shutil.copyfile(work / name, target)
                run.reports[name] = target
                if name == CUCUMBER_JSON:
                    rewrite_cucumber_json(target)
                else:
                    add_suite_properties(target, run)
        target = report_dir / HTML_REPORT
        run.reports[HTML_REPORT] = write_html(run, target)
    except OSError as exc:
        raise ReportError(f"{target}: cannot write the report ({exc.strerror or exc})") from None
