"""The audit's progress: a bar on a terminal, and nothing at all anywhere else.

A log, a pipe or CI gets no dots and no carriage returns; ``trainer audit``
prints its summary on stdout either way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, TextIO

import click

if TYPE_CHECKING:
    from click._termui_impl import ProgressBar


class Progress(Protocol):
    """Told how many scenarios will run, then of each one as it finishes."""

    def start(self, total: int) -> None:
        """``total`` scenarios are about to run."""

    def advance(self, failed: bool) -> None:
        """One more scenario finished (``failed`` when its rule does not hold)."""

    def finish(self) -> None:
        """The run is over."""


class TerminalBar:
    """click's progress bar on a terminal, with the failures so far after it."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.failed = 0
        self._bar: ProgressBar[int] | None = None

    def start(self, total: int) -> None:
        """Draw an empty bar for ``total`` scenarios."""
        self._bar = click.progressbar(
            length=total, label=f"auditing {total} scenarios", file=self.stream,
            item_show_func=lambda failed: f"{failed} failed" if failed else None,
        )
        self._bar.render_progress()

    def advance(self, failed: bool) -> None:
        """Move the bar on by one scenario."""
        self.failed += failed
        if self._bar is not None:
            self._bar.update(1, self.failed)

    def finish(self) -> None:
        """End the bar's line."""
        if self._bar is not None:
            self._bar.render_finish()


def terminal_progress(stream: TextIO) -> Progress | None:
    """A bar on ``stream`` when it is a terminal, else None: no progress output at all."""
    return TerminalBar(stream) if stream.isatty() else None
