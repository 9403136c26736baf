"""The console's dashboard: the trainees' table, the heat map trainee × family, the
latest exam results."""

from __future__ import annotations

import datetime
from dataclasses import replace
from typing import Any
from urllib.parse import urlencode

from flask import url_for

from trainer.db import accounts, reports
from trainer.web import charts, clock
from trainer.web.database import get_db
from trainer.web.exams.walkouts import exam_clock
from trainer.web.questions import catalogue
from trainer.web.questions.houses_view import house_titles
from trainer.web.roles import console_required
from trainer.web.supervisor import bp, console

TREND_DAYS = 60  # days tallied for the 7- and 30-day trends (and the periods before them)
TRAINEES_A_PAGE = 50
"""Trainees the dashboard's table and heat map show at a time, by name."""
LATEST_RESULTS = 10
"""Exam results the dashboard lists, the latest first (the Exams pages list them all)."""


@bp.get("/")
@console_required
def index() -> Any:
    """The dashboard: trainees table, heat map trainee × family, latest exam results."""
    db = get_db()
    form, filters = console.filter_form()
    filters = reports.Filters(filters.date_from, filters.date_to, filters.house)
    every_trainee = accounts.list_accounts(db, "trainee")
    first = min(console.int_arg("from", 0) or 0, max(0, len(every_trainee) - 1))
    first -= first % TRAINEES_A_PAGE
    trainees = every_trainee[first:first + TRAINEES_A_PAGE]
    shown = tuple(t.id for t in trainees)
    by_family = reports.tallies(db, replace(filters, user_ids=shown), by=("user_id", "family"))
    today = clock.today()
    recent = reports.tallies(
        db, reports.Filters(date_from=today - datetime.timedelta(days=TREND_DAYS - 1),
                            house=filters.house, user_ids=shown), by=("user_id", "day"),
        rights_only=True)
    lines = reports.trainee_lines(trainees, by_family, recent, catalogue.par_ms(), today)
    titles = catalogue.family_titles()
    used = {t.family for t in by_family if t.family is not None}
    columns = [(name, title) for name, title in titles.items() if name in used]
    columns += [(name, name) for name in sorted(used - set(titles))]
    rows = [(str(line.user_id), line.username) for line in lines if line.score.answered]
    cells = {(str(line.user_id), family): (s.correct, s.answered)
             for line in lines for family, s in line.families.items()}
    qs = console.query_string(form, drop=("family", "result", "trainee", "exam"))  # not read here
    pages = {str(line.user_id): url_for(".trainee", user_id=line.user_id) + qs
             for line in lines}
    heat = charts.heat_map(
        rows, columns, cells, title="Accuracy by trainee and drill family", row_links=pages,
        cell_links={(row, family): f"{pages[row]}{'&' if qs else '?'}"
                                   f"{urlencode({'family': family})}#log"
                    for row, family in cells
                    if family in titles},  # a retired family: its page has no such filter
    )
    month_start = today - datetime.timedelta(days=29)
    by_user: dict[int | None, list[reports.Tallied]] = {}
    for t in recent:
        by_user.setdefault(t.user_id, []).append(t)
    sparks = {line.user_id: charts.sparkline(
        [p.accuracy for p in reports.daily(by_user.get(line.user_id, []), month_start, today)],
        title=f"{line.username}: daily accuracy, 30 days") for line in lines}
    every_result = reports.exam_results(db, filters, clock=exam_clock())
    results = every_result[:LATEST_RESULTS]
    return console.page("supervisor/_dashboard.html",
        form=form, lines=lines, heat=heat, sparks=sparks, results=results, qs=qs,
        results_in_all=len(every_result),
        houses=house_titles(), filters=filters,
        total=sum(t.answered for t in reports.tallies(db, filters, by=())),
        first=first, trainees_in_all=len(every_trainee), page_size=TRAINEES_A_PAGE,
        retries=reports.count_retries(db, filters),
    )
