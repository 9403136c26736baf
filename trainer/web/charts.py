"""Charts drawn on the server as inline SVG: pure functions, no client-side framework.

Every chart carries its numbers as text too (labels in the cells, a
``<title>`` on every point), uses dark ink on white and a colour scale that
stays legible in grey, so it reads on screen, in print and to a screen reader.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from html import escape

from markupsafe import Markup

from trainer.db.scores import whole_percent
from trainer.text_rules import short
from trainer.web.templating import seconds

INK = "#1b1b1b"
GRID = "#c9c9c9"
EMPTY = "#f1f1f1"
LINE = "#0b5d3b"
REFERENCE = "#b3261e"
CHAR_WIDTH = 7
"""About how wide a character is at the charts' font size (12 px), in px."""


def _e(text: object) -> str:
    return escape(str(text), quote=True)


def _n(value: float) -> str:
    """A coordinate with at most one decimal (compact, stable output)."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def percent(correct: int, answered: int) -> str:
    """``5`` of ``8`` → ``63%`` (as every page rounds it); nothing answered → ``–``.

    >>> percent(5, 8), percent(2, 2), percent(0, 0)
    ('63%', '100%', '–')
    """
    whole = whole_percent(correct, answered)
    return "–" if whole is None else f"{whole}%"


def colour(accuracy: float | None) -> str:
    """A fill for an accuracy: red (0) through amber (0.5) to green (1); grey for none.

    >>> colour(0.0), colour(0.5), colour(1.0), colour(None)
    ('#d7301f', '#f2c14e', '#1a9850', '#f1f1f1')
    """
    if accuracy is None:
        return EMPTY
    a = min(1.0, max(0.0, accuracy))
    low, mid, high = (0xD7, 0x30, 0x1F), (0xF2, 0xC1, 0x4E), (0x1A, 0x98, 0x50)
    start, end, t = (low, mid, a * 2) if a <= 0.5 else (mid, high, (a - 0.5) * 2)
    rgb = tuple(round(s + (e - s) * t) for s, e in zip(start, end, strict=True))
    return "#" + "".join(f"{c:02x}" for c in rgb)


def text_colour(fill: str) -> str:
    """Black or white, whichever reads better on ``fill`` (``#rrggbb``).

    >>> text_colour("#ffffff"), text_colour("#1b1b1b")
    ('#1b1b1b', '#ffffff')
    """
    r, g, b = (int(fill[i:i + 2], 16) for i in (1, 3, 5))
    return INK if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "#ffffff"


@dataclass(frozen=True, slots=True)
class Point:
    """One point of a time series: its label (a day), right answers of those answered."""

    label: str
    correct: int = 0
    answered: int = 0

    @property
    def value(self) -> float | None:
        """The accuracy, 0–1 (None: nothing answered)."""
        return self.correct / self.answered if self.answered else None


def _svg_open(width: int, height: int, title: str, css: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart {_e(css)}" role="img"'
        f' viewBox="0 0 {width} {height}" width="{width}" height="{height}"'
        f' preserveAspectRatio="xMinYMin meet" aria-label="{_e(title)}"'
        f' font-family="system-ui, sans-serif" font-size="12">'
        f"<title>{_e(title)}</title>"
    )


def runs(values: Sequence[float | None]) -> list[list[tuple[int, float]]]:
    """The unbroken runs of values, each as (index, value) pairs: a day without answers
    (None) ends a run, so both charts leave the same gaps.

    >>> runs([0.5, None, 1.0, 0.75, None])
    [[(0, 0.5)], [(2, 1.0), (3, 0.75)]]
    """
    found: list[list[tuple[int, float]]] = [[]]
    for index, value in enumerate(values):
        if value is None:
            found.append([])
        else:
            found[-1].append((index, value))
    return [run for run in found if run]


@dataclass(frozen=True, slots=True)
class _Mark:
    """A point as a time series draws it: its label, its height on the chart's axis (None:
    a gap), that value as its circle says it, and its tooltip."""

    label: str
    value: float | None
    shown: str
    tip: str


def _time_series(marks: Sequence[_Mark], *, title: str, css: str,
                 ticks: Sequence[tuple[float, str]], ceiling: float = 1.0, width: int,
                 height: int, reference: float | None = None,
                 reference_label: str = "") -> Markup:
    """``marks`` over time on an axis from 0 to ``ceiling`` (gridlines at ``ticks``, each a
    value and its label); marks without a value leave a gap in the line.

    ``reference`` draws a dashed horizontal line (a pass mark, say) at that value.
    """
    left, right, top, bottom = 44, 12, 14, 34
    plot_w, plot_h = width - left - right, height - top - bottom
    parts = [_svg_open(width, height, title, css)]

    def y_of(value: float) -> float:
        return top + plot_h * (1 - value / ceiling)

    def x_of(index: int) -> float:
        if len(marks) <= 1:
            return left + plot_w / 2
        return left + plot_w * index / (len(marks) - 1)

    for tick, label in ticks:
        y = _n(y_of(tick))
        parts.append(f'<line x1="{left}" y1="{y}" x2="{width - right}" y2="{y}"'
                     f' stroke="{GRID}" stroke-width="1"/>')
        parts.append(f'<text x="{left - 6}" y="{y}" text-anchor="end" dominant-baseline="middle"'
                     f' fill="{INK}">{_e(label)}</text>')
    if reference is not None:
        y = _n(y_of(reference))
        parts.append(f'<line class="reference" x1="{left}" y1="{y}" x2="{width - right}"'
                     f' y2="{y}" stroke="{REFERENCE}" stroke-width="1.5"'
                     f' stroke-dasharray="6 4"/>')
        if reference_label:
            parts.append(f'<text x="{width - right}" y="{_n(y_of(reference) - 4)}"'
                         f' text-anchor="end" fill="{REFERENCE}">{_e(reference_label)}</text>')
    for run in runs([m.value for m in marks]):
        if len(run) > 1:  # a lone day is its circle, drawn below with every day's
            line = " ".join(f"{_n(x_of(i))},{_n(y_of(value))}" for i, value in run)
            parts.append(f'<polyline points="{line}" fill="none" stroke="{LINE}"'
                         f' stroke-width="2.5" stroke-linejoin="round"/>')
    for index, mark in enumerate(marks):
        if mark.value is None:
            continue
        parts.append(f'<circle class="point" cx="{_n(x_of(index))}" cy="{_n(y_of(mark.value))}"'
                     f' r="3.5" fill="{LINE}" data-value="{_e(mark.shown)}">'
                     f"<title>{_e(mark.tip)}</title></circle>")
    step = max(1, (len(marks) + 6) // 7)
    for index, mark in enumerate(marks):
        if index % step == 0 or index == len(marks) - 1:
            half = len(mark.label) * CHAR_WIDTH / 2  # the last day's label must not be cut
            x = min(max(x_of(index), half), width - half)
            parts.append(f'<text x="{_n(x)}" y="{height - bottom + 18}"'
                         f' text-anchor="middle" fill="{INK}">{_e(mark.label)}</text>')
    parts.append(f'<line x1="{left}" y1="{top + plot_h}" x2="{width - right}"'
                 f' y2="{top + plot_h}" stroke="{INK}" stroke-width="1"/>')
    if not any(m.value is not None for m in marks):
        parts.append(f'<text x="{_n(left + plot_w / 2)}" y="{_n(top + plot_h / 2)}"'
                     f' text-anchor="middle" fill="{INK}">No answers in this period</text>')
    parts.append("</svg>")
    return Markup("".join(parts))


def line_chart(points: Sequence[Point], *, title: str, width: int = 640, height: int = 240,
               reference: float | None = None, reference_label: str = "") -> Markup:
    """Accuracy (0–100 %) over time; days without answers leave a gap in the line.

    ``reference`` draws a dashed horizontal line (a pass mark, say) at that value.
    """
    marks = []
    for point in points:
        shown = percent(point.correct, point.answered)
        marks.append(_Mark(point.label, point.value, shown,
                           f"{point.label}: {shown} ({point.answered} answered)"))
    return _time_series(marks, title=title, css="line-chart",
                        ticks=[(tick, f"{round(tick * 100)}%") for tick in (0, 0.25, 0.5, 0.75, 1)],
                        width=width, height=height, reference=reference,
                        reference_label=reference_label)


@dataclass(frozen=True, slots=True)
class ParPoint:
    """One point of a series of times against their par: its label, the median time of
    the answers and the par it is set against (None: nothing answered), and how many."""

    label: str
    median_ms: int | None = None
    par_ms: int | None = None
    answered: int = 0

    @property
    def value(self) -> float | None:
        """The median as a share of the par (1.0: on the par; None: no median or par)."""
        if self.median_ms is None or not self.par_ms:
            return None
        return self.median_ms / self.par_ms


def par_scale(top: float) -> tuple[float, float]:
    """The top of a time-against-par axis and its gridlines' step, in shares of the par,
    for a highest value ``top``: 0–200 % by halves of the par, else by whole pars (or more:
    at most five steps), up to the first step at or above ``top``.

    >>> par_scale(1.3), par_scale(2.3), par_scale(4.0), par_scale(7.2)
    ((2.0, 0.5), (3.0, 1.0), (4.0, 1.0), (8.0, 2.0))
    """
    if top <= 2:
        return 2.0, 0.5
    step = math.ceil(math.ceil(top) / 4)
    return float(step * math.ceil(top / step)), float(step)


def par_chart(points: Sequence[ParPoint], *, title: str, width: int = 640,
              height: int = 240) -> Markup:
    """Median times as a share of their par over time, the par a dashed line at 100 %
    (below it: faster than the par); points without answers leave a gap in the line."""
    ceiling, step = par_scale(max((p.value for p in points if p.value is not None), default=0))
    ticks = [(step * i, f"{round(step * i * 100)}%") for i in range(round(ceiling / step) + 1)]
    marks = []
    for point in points:
        if point.median_ms is None or not point.par_ms:
            marks.append(_Mark(point.label, None, "–", f"{point.label}: no answers"))
            continue
        shown = percent(point.median_ms, point.par_ms)
        marks.append(_Mark(point.label, point.value, shown,
                           f"{point.label}: median {seconds(point.median_ms)}, {shown} of the par"
                           f" of {seconds(point.par_ms)} ({point.answered} answered)"))
    return _time_series(marks, title=title, css="line-chart par-chart", ticks=ticks,
                        ceiling=ceiling, width=width, height=height, reference=1.0,
                        reference_label="par")


def heat_map(rows: Sequence[tuple[str, str]], columns: Sequence[tuple[str, str]],
             cells: Mapping[tuple[str, str], tuple[int, int]], *, title: str,
             row_links: Mapping[str, str] | None = None,
             cell_links: Mapping[tuple[str, str], str] | None = None, cell: int = 56,
             label_width: int = 150, max_label: int = 26) -> Markup:
    """Rows × columns of accuracy: each cell is coloured and says ``85%`` and ``n=20``.

    ``rows``/``columns`` are (key, label) pairs; ``cells`` maps (row key, column
    key) to (correct, answered); a row label links to ``row_links[row key]``, and a cell
    with answers to ``cell_links[(row key, column key)]`` (a tooltip is out of reach on a
    touch screen: the linked page names the drill in full).
    Column labels longer than ``max_label`` characters, and row labels too long for
    ``label_width``, are shortened with ``…``; the full label is the label's ``<title>``
    (a tooltip) and in each cell's.
    """
    labels = [short(label, max_label) for _key, label in columns]
    row_chars = (label_width - 12) // CHAR_WIDTH
    reach = int(max((len(label) for label in labels), default=0) * 6.5 * 0.71) + 12
    header_height = max(40, reach)
    width = label_width + cell * max(1, len(columns)) + max(8, reach - cell // 2)
    height = header_height + cell * max(1, len(rows)) + 8
    parts = [_svg_open(width, height, title, "heat-map")]
    for j, label in enumerate(labels):
        x = label_width + cell * j + cell / 2
        parts.append(f'<text x="{_n(x)}" y="{header_height - 6}" fill="{INK}"'
                     f' transform="rotate(-45 {_n(x)} {header_height - 6})">{_e(label)}'
                     f'<title>{_e(columns[j][1])}</title></text>')
    for i, (row_key, row_label) in enumerate(rows):
        y = header_height + cell * i
        label = (f'<text x="{label_width - 8}" y="{_n(y + cell / 2)}" text-anchor="end"'
                 f' dominant-baseline="middle" fill="{INK}">{_e(short(row_label, row_chars))}'
                 f'<title>{_e(row_label)}</title></text>')
        link = (row_links or {}).get(row_key)
        parts.append(f'<a href="{_e(link)}">{label}</a>' if link else label)
        for j, (col_key, col_label) in enumerate(columns):
            x = label_width + cell * j
            correct, answered = cells.get((row_key, col_key), (0, 0))
            accuracy = correct / answered if answered else None
            fill = colour(accuracy)
            ink = text_colour(fill)
            shown = percent(correct, answered)
            tip = (f"{row_label} · {col_label}: {shown}"
                   + (f" ({correct} of {answered})" if answered else " (no answers)"))
            drawn = (
                f'<g class="cell" data-row="{_e(row_key)}" data-column="{_e(col_key)}"'
                f' data-value="{shown}"><title>{_e(tip)}</title>'
                f'<rect x="{x + 1}" y="{y + 1}" width="{cell - 2}" height="{cell - 2}"'
                f' fill="{fill}" stroke="#ffffff"/>'
                f'<text x="{_n(x + cell / 2)}" y="{_n(y + cell / 2 - 3)}" text-anchor="middle"'
                f' font-weight="700" fill="{ink}">{shown}</text>'
                + (f'<text x="{_n(x + cell / 2)}" y="{_n(y + cell / 2 + 12)}"'
                   f' text-anchor="middle" font-size="10" fill="{ink}">n={answered}</text>'
                   if answered else "")
                + "</g>"
            )
            target = (cell_links or {}).get((row_key, col_key)) if answered else None
            parts.append(f'<a href="{_e(target)}">{drawn}</a>' if target else drawn)
    if not rows or not columns:
        parts.append(f'<text x="{label_width}" y="{header_height + 20}" fill="{INK}">'
                     "No answers in this period</text>")
    parts.append("</svg>")
    return Markup("".join(parts))


def sparkline(values: Sequence[float | None], *, title: str, width: int = 120,
              height: int = 28) -> Markup:
    """A small accuracy line (0–1) for a table cell; gaps where there is no value."""
    parts = [_svg_open(width, height, title, "sparkline")]
    pad = 3
    n = len(values)
    parts.append(f'<line x1="{pad}" y1="{_n(height / 2)}" x2="{width - pad}"'
                 f' y2="{_n(height / 2)}" stroke="{GRID}" stroke-width="1"'
                 ' stroke-dasharray="2 2"/>')
    for run in runs(values):
        coords = [(pad + (width - 2 * pad) * (i / (n - 1) if n > 1 else 0.5),
                   pad + (height - 2 * pad) * (1 - value)) for i, value in run]
        if len(coords) > 1:
            line = " ".join(f"{_n(x)},{_n(y)}" for x, y in coords)
            parts.append(f'<polyline points="{line}" fill="none" stroke="{LINE}"'
                         ' stroke-width="1.5"/>')
        else:  # a day between two gaps: a dot, as the line chart draws one
            parts.append(f'<circle cx="{_n(coords[0][0])}" cy="{_n(coords[0][1])}" r="2"'
                         f' fill="{LINE}"/>')
    parts.append("</svg>")
    return Markup("".join(parts))
