"""One trainee's page: accuracy over time, weakest families, the attempt log, exam
sittings, the way to the floor."""

from __future__ import annotations

import datetime
from typing import Any

from flask import abort

from trainer.db import accounts, reports
from trainer.web import charts, clock
from trainer.web.database import get_db
from trainer.web.exams.walkouts import exam_clock
from trainer.web.forms import ActionForm
from trainer.web.questions import catalogue
from trainer.web.questions.houses_view import house_titles
from trainer.web.roles import console_required
from trainer.web.supervisor import bp, console
from trainer.web.supervisor.attempts import log_page
from trainer.web.supervisor.path import steps_at


def _trainee_or_404(user_id: int) -> accounts.Account:
    account = accounts.get_account(get_db(), user_id)
    if account is None or account.role != "trainee":  # a supervisor has no drill record
        abort(404)
    return account


def chart_range(filters: reports.Filters, today: datetime.date,
                first: datetime.date | None) -> tuple[datetime.date, datetime.date, int]:
    """The chart's first and last day and its step in days (at most about 60 points).

    The range is the filter's, else the last 30 days; it never starts before the
    first answer (``first``) nor ends after today.
    """
    end = min(filters.date_to, today) if filters.date_to else today
    start = filters.date_from or end - datetime.timedelta(days=29)
    if first is not None and start < first:
        start = min(first, end)
    start = min(start, end)
    span = (end - start).days + 1
    step = 1 if span <= 62 else 7 if span <= 7 * 60 else -(-span // 60)
    return start, end, step


@bp.get("/trainees/<int:user_id>")
@console_required
def trainee(user_id: int) -> Any:
    """One trainee: accuracy over time, weakest families, the attempt log, exam sittings."""
    db = get_db()
    account = _trainee_or_404(user_id)
    form, filters = console.filter_form()
    base = reports.Filters(filters.date_from, filters.date_to, filters.house, user_id)
    by_day = reports.tallies(db, base, by=("day", "family"))
    start, end, step = chart_range(filters, clock.today(),
                                   min((t.day for t in by_day if t.day), default=None))
    points = reports.series(
        [t for t in by_day if t.day and start <= t.day <= end], start, end, step)
    period = (f"{'per day' if step == 1 else 'per week' if step == 7 else f'per {step} days'}, "
              f"{start.isoformat()} to {end.isoformat()}")
    chart = charts.line_chart(
        [charts.Point(p.day.strftime("%d %b"), p.correct, p.answered) for p in points],
        title=f"{account.username}: accuracy {period}",
    )
    by_family: dict[str, list[reports.Tallied]] = {}
    for t in by_day:
        if t.family is not None:
            by_family.setdefault(t.family, []).append(t)
    par = catalogue.par_ms()
    family_scores = {name: reports.tallied_score(items, par)
                     for name, items in by_family.items()}
    log_filters = reports.Filters(filters.date_from, filters.date_to, filters.house, user_id,
                                  filters.family, filters.correct)
    log, paging = log_page(db, log_filters)
    sittings = reports.exam_results(db, reports.Filters(user_id=user_id), finished_only=False,
                                      clock=exam_clock())
    path_house, path_steps = steps_at(user_id, filters.house)
    return console.page("supervisor/_trainee.html",
        path_house=path_house, path_steps=path_steps, action_form=ActionForm(),
        account=account, form=form, chart=chart, period=period,
        overall=reports.tallied_score(by_day, par), cost=reports.payout_cost(by_day),
        family_scores=family_scores, weakest=reports.weakest(family_scores),
        titles=catalogue.family_titles(), houses=house_titles(), log=log, **paging,
        sittings=sittings,
        qs=console.query_string(form),
        export_qs=console.query_string(form, {"trainee": user_id}, drop=("exam",)),
        retries=reports.count_retries(db, log_filters),
    )
