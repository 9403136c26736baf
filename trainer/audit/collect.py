"""A pytest plugin object that gathers one ``ScenarioResult`` per test and shows progress."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

import pytest

from trainer.audit.progress import Progress
from trainer.audit.readings import readings_of
from trainer.audit.results import AuditRun, ScenarioResult, area_of, house_of
from trainer.audit.table import AuditFailure


class Collector:
    """Passed to ``pytest.main(plugins=[...])``; fills ``run`` as the tests report."""

    def __init__(self, run: AuditRun, progress: Progress | None) -> None:
        self.run = run
        self.progress = progress
        self.interrupted = False
        self._failures: dict[str, BaseException] = {}

    @pytest.hookimpl
    def pytest_keyboard_interrupt(self) -> None:
        """Ctrl-C: pytest stops the run and returns; the audit must not report it as a result."""
        self.interrupted = True

    @pytest.hookimpl
    def pytest_collection_modifyitems(self, items: list[pytest.Item]) -> None:
        """Start the progress: this many scenarios will run."""
        if self.progress is not None:
            self.progress.start(len(items))

    @pytest.hookimpl
    def pytest_sessionfinish(self) -> None:
        """End the progress."""
        if self.progress is not None:
            self.progress.finish()

    @pytest.hookimpl
    def pytest_collectreport(self, report: pytest.CollectReport) -> None:
        """A feature that cannot be loaded is an error of the audit."""
        if report.failed:
            self.run.errors.append(f"cannot load the features: {last_error(report.longreprtext)}")

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_makereport(
        self, item: pytest.Item, call: pytest.CallInfo[None]
    ) -> Generator[None, pytest.TestReport, pytest.TestReport]:
        """Keep the exception of a failing scenario (its expected and actual values)."""
        report = yield
        if call.excinfo is not None and (report.failed or hasattr(report, "wasxfail")):
            self._failures[item.nodeid] = call.excinfo.value
        return report

    @pytest.hookimpl
    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        """Turn each finished test into a ``ScenarioResult``."""
        if report.when == "call" or (report.when == "setup" and not report.passed):
            self._record(report)

    def _record(self, report: pytest.TestReport) -> None:
        props: dict[str, Any] = dict(report.user_properties)
        if "scenario" not in props:  # pytest-bdd's registry of scenarios moved or changed
            self.run.errors.append(f"{report.nodeid}: pytest-bdd named no scenario for it, "
                                   "so the report could not name what it checked")
        feature = str(props.get("feature", report.fspath))
        tags = set(str(props.get("tags", "")).split())
        own_tags = set(str(props.get("scenario_tags", "")).split())
        house = str(props.get("house") or house_of(tags, feature))
        name = str(props.get("scenario") or report.nodeid)
        error = self._failures.pop(report.nodeid, None)
        expected = actual = message = None
        if isinstance(error, AuditFailure):
            expected, actual = error.expected, error.actual
        # an expected failure is still a rule the engine does not honour, not a skip
        failed = report.failed or (report.skipped and hasattr(report, "wasxfail"))
        if failed:
            message = str(error) if error is not None else report.longreprtext.strip()
        self.run.results.append(ScenarioResult(
            house, area_of(own_tags, tags, feature), feature, name,
            "failed" if failed else report.outcome,
            reading="reading" in tags, readings=readings_of(report.user_properties),
            expected=expected, actual=actual, message=message,
            test_id=str(props.get("test_id", report.nodeid.rsplit("::", 1)[-1])),
            profile=str(props.get("profile", "")),
            example=str(props.get("example", "")),
        ))
        if self.progress is not None:
            self.progress.advance(failed)


def last_error(text: str) -> str:
    """The last ``E ...`` block of a pytest traceback (the error itself), on a few lines."""
    lines = text.strip().splitlines()
    block: list[str] = []
    for line in reversed(lines):
        if line.startswith("E "):
            block.append(line[1:].strip())
        elif block:
            break
    return "\n  ".join(reversed(block)) if block else (lines[-1] if lines else "")
