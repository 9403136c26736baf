"""Helpers shared by the supervisor console's views: filters, ids, CSV, pages."""

from __future__ import annotations

import csv
import io
import itertools
import re
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any
from urllib.parse import urlencode

from flask import Response, render_template, request

from trainer.db import reports
from trainer.web.htmx import render
from trainer.web.questions import catalogue
from trainer.web.questions.houses_view import house_titles
from trainer.web.security import MAX_ID as MAX_ID  # re-exported: the exam pages read it here
from trainer.web.supervisor.forms import FilterForm

FILTER_KEYS = ("date_from", "date_to", "house", "family", "result")


def filter_form() -> tuple[FilterForm, reports.Filters]:
    """The filter form read from the query string, and the filters it means.

    Invalid values (a bad date, an unknown house) are shown beside their field
    and ignored, so the page still answers.
    """
    form = FilterForm(formdata=request.args)
    form.house.choices = {"": "All houses"} | house_titles()
    form.family.choices = {"": "All drills"} | catalogue.family_titles()
    form.validate()
    def ok(name: str) -> Any:
        field = getattr(form, name)
        return None if field.errors else field.data
    result = ok("result")
    # an end before the start is refused on the end date, and the range goes as a whole:
    # the start alone was applied ("0 answers from tomorrow to today")
    start, end = form.date_from.data, form.date_to.data
    backwards = not form.date_from.errors and bool(start and end and end < start)
    filters = reports.Filters(
        date_from=None if backwards else ok("date_from"),
        date_to=None if form.date_to.errors else form.date_to.data,
        house=ok("house") or None,
        family=ok("family") or None,
        correct={"right": True, "wrong": False}.get(result or ""),
    )
    return form, filters


def export_refusal(form: FilterForm, ids: Mapping[str, Callable[[int], bool]],
                   unfiltered: Sequence[str] = ()) -> Any:
    """A 400 naming every bad filter of an export (None: all good).  A page shows a bad
    filter beside its field and ignores it; a file has nowhere to say so, so it is not
    made at all rather than quietly made of every row.  ``ids`` maps each id filter
    (``trainee``, ``exam``) to whether an id names one; ``unfiltered`` names filters the
    export cannot apply (an exam sitting has no one drill family): given, they are refused."""
    problems = [f"{name}={request.args.get(name, '')!r}: {' '.join(field.errors)}"
                for name, field in ((n, getattr(form, n)) for n in FILTER_KEYS) if field.errors]
    problems += [f"{name}={request.args[name]!r}: this file is not filtered by {name}"
                 for name in unfiltered if request.args.get(name, "").strip()]
    problems += [f"{name}={request.args[name]!r}: not a whole number" for name in ids
                 if request.args.get(name, "").strip() and _id_text(name) is None]
    problems += [f"{name}={_shown_id(name)!r}: no {name} has this id"
                 for name, exists in ids.items() if unknown_id(name, exists)]
    if not problems:
        return None
    return render_template("error.html", title="Not exported",
                           message="Bad filters: " + "; ".join(problems).rstrip(".") + ".",
                           code=400), 400


def int_arg(name: str, default: int | None = None) -> int | None:
    """A whole number from the query string (anything else, ``-3`` too, reads as
    ``default``); out of SQLite's range reads as -1 (no match)."""
    raw = _id_text(name)
    if raw is None:
        return default
    digits = raw.lstrip("0")  # int() refuses thousands of digits, zeros in front too
    if len(digits) > len(str(MAX_ID)):
        return -1
    value = int(digits or "0")
    return value if value <= MAX_ID else -1


def unknown_id(name: str, exists: Callable[[int], bool]) -> bool:
    """Whether the query string's ``name`` is a whole number that names nothing."""
    value = int_arg(name)
    return value is not None and (value == -1 or not exists(value))


def unknown_id_message(name: str) -> str:
    """What a page says beside a filter whose id names nothing, and does instead."""
    return f"No {name} has the id {_shown_id(name)}: showing every {name}."


def _shown_id(name: str) -> str:
    raw = _id_text(name) or ""
    return raw if len(raw) <= 24 else raw[:24] + "…"


def _id_text(name: str) -> str | None:
    """The query string's ``name`` when it reads as a whole number, else None."""
    raw = request.args.get(name, "").strip()
    return raw if raw.isascii() and raw.isdecimal() else None  # not a full-width ``１``


def cursor_arg(name: str) -> tuple[int, int] | None:
    """A keyset page's start from the query string, ``MS-ID`` (the time and id of the row
    it starts after); None for none, or anything else (the list starts at its newest)."""
    raw = request.args.get(name, "")
    moment, dash, row = raw.partition("-")
    if not dash or not all(part.isascii() and part.isdecimal() and len(part) <= 18
                           for part in (moment, row)):
        return None
    return int(moment), int(row)


def query_string(form: FilterForm, extra: dict[str, Any] | None = None,
                 drop: Sequence[str] = ()) -> str:
    """The filters the page applied (and ``extra``) as a query string, for links and exports:
    a bad filter, shown beside its field and ignored, is left out, so a link or an export
    shows what the page shows."""
    params = {k: request.args.get(k, "") for k in FILTER_KEYS if not getattr(form, k).errors}
    params.update({k: raw for k in ("trainee", "exam") if (raw := _id_text(k)) is not None})
    params.update({k: str(v) for k, v in (extra or {}).items()})
    kept = {k: v for k, v in params.items() if v and k not in drop}
    return ("?" + urlencode(kept)) if kept else ""


_FORMULA_START = ("=", "@", "\t", "\r")
_RISKY_ASCII = "=@\t\r+-"
"""The ASCII first characters a cell may need quoting for (any other ASCII one is safe)."""


def csv_cell(value: object) -> str:
    """A cell a spreadsheet will not run as a formula.

    ``=…``, ``@…``, ``+cmd``, ``-cmd`` get a leading ``'``, and so do their full-width
    forms (``＝…``: a spreadsheet with East Asian input reads them alike); signed
    amounts (``-10``, ``+15``, ``0; -10; +15``) are answers and stay as they are.

    >>> csv_cell("=1+1"), csv_cell("-10"), csv_cell("+15"), csv_cell("-2+3"), csv_cell(None)
    ("'=1+1", '-10', '+15', "'-2+3", '')
    >>> csv_cell("＝1+1"), csv_cell("－cmd")
    ("'＝1+1", "'－cmd")
    """
    text = "" if value is None else str(value)
    if not text or (text[0].isascii() and text[0] not in _RISKY_ASCII):
        return text  # most cells: a digit or a letter first (an export streams millions)
    first = unicodedata.normalize("NFKC", text[:1])
    if first.startswith(_FORMULA_START) or (
        first in ("-", "+") and not all(_is_number(p.strip()) for p in text.split(";"))
    ):
        return "'" + text
    return text


def _is_number(text: str) -> bool:
    """A plain signed decimal amount: ``-10``, ``+52.50``, ``7,5``."""
    return re.fullmatch(r"[+-]?[0-9]+(?:[.,][0-9]+)?", text) is not None


CSV_CHUNK_ROWS = 500
"""Rows an export writes out at a time: a few tens of kilobytes."""


def csv_response(filename: str, header: Sequence[str], rows: Iterable[Sequence[object]]
                 ) -> Response:
    """A CSV download streamed as ``rows`` yields them, ``CSV_CHUNK_ROWS`` at a time (a
    year of answers never sits in memory: ``rows`` reads from a connection of its own,
    ``streamed``).  Text cells are quoted against formulas (``csv_cell``); numbers are
    written as they are."""

    def lines() -> Iterator[str]:
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\r\n")
        cells = ([csv_cell(v) if isinstance(v, str) else v for v in row] for row in rows)
        chunk: list[Sequence[object]] = [header]
        while chunk:
            writer.writerows(chunk)
            yield buffer.getvalue()
            buffer.seek(0)
            buffer.truncate()
            chunk = list(itertools.islice(cells, CSV_CHUNK_ROWS))

    response = Response(lines(), mimetype="text/csv")
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.headers["Cache-Control"] = "no-store"
    return response


def seconds_text(ms: int | None) -> str:
    """Milliseconds as exact decimal seconds for a CSV: ``2345`` → ``2.345``."""
    if ms is None:
        return ""
    return f"{ms // 1000}.{ms % 1000:03d}"


_TITLES = {
    "supervisor/_dashboard.html": "Supervisor dashboard",
    "supervisor/_trainee.html": "Trainee",
    "supervisor/_attempts.html": "Attempt log",
    "supervisor/_readiness.html": "Readiness",
    "supervisor/_accounts.html": "Accounts",
    "supervisor/_password.html": "Reset a password",
    "supervisor/_exams.html": "Exams",
    "supervisor/_exam_form.html": "New exam",
    "supervisor/_exam.html": "Exam",
    "supervisor/_withdraw.html": "Withdraw an exam",
}


def page(fragment: str, status: int = 200, **context: Any) -> tuple[str, int]:
    """A console page: the fragment alone for htmx, else inside ``supervisor/page.html``."""
    context.setdefault("title", _TITLES.get(fragment, "Supervisor"))
    return render("supervisor/page.html", fragment, status, content=fragment, **context)
