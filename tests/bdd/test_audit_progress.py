"""The audit's progress is a bar on a terminal and nothing at all off one."""

from __future__ import annotations

import io
from pathlib import Path

from tests.cli.helpers import run_cli
from trainer.audit.progress import terminal_progress
from trainer.audit.runner import run_features

DEALER = Path(__file__).resolve().parents[2] / "features" / "europoker" / "dealer.feature"
FAILING = """@europoker @dealer
Feature: one wrong rule
  Scenario: the dealer stands on 16
    Given the house rules "europoker"
    When the dealer holds T♠ 6♦
    Then the dealer stands
"""


class Terminal(io.StringIO):
    """A stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def test_a_terminal_gets_a_bar_with_the_failures_so_far(tmp_path):
    feature = tmp_path / "wrong.feature"
    feature.write_text(FAILING, encoding="utf-8")
    terminal = Terminal()
    run = run_features([feature], progress=terminal_progress(terminal))
    assert len(run.failed) == 1
    shown = terminal.getvalue()
    assert "auditing 1 scenarios" in shown
    assert "100%" in shown and "1 failed" in shown
    assert shown.endswith("\n")


def test_off_a_terminal_there_is_no_progress_at_all(capsys):
    assert terminal_progress(io.StringIO()) is None
    cli = run_cli(capsys, "audit", "--features", str(DEALER))
    assert cli.code == 0
    assert cli.err == ""
    assert "auditing" not in cli.out


class CtrlC:
    """A progress during which the auditor presses Ctrl-C, after the first scenario."""

    def start(self, total: int) -> None:
        """Nothing to draw."""

    def advance(self, failed: bool) -> None:
        raise KeyboardInterrupt

    def finish(self) -> None:
        """Nothing to end."""


def test_ctrl_c_stops_the_audit_without_a_summary_or_reports(capsys, monkeypatch, tmp_path):
    monkeypatch.setattr("trainer.cli.audit.terminal_progress", lambda stream: CtrlC())
    cli = run_cli(capsys, "audit", "--features", str(DEALER), "--report", str(tmp_path))
    assert cli.code == 130 and cli.out == ""  # pytest alone ended the run as if done
    assert cli.err.strip() == "trainer: interrupted"
    assert list(tmp_path.iterdir()) == []
