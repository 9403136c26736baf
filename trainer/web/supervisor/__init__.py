"""The supervisor console: dashboard, trainee detail, attempt log, replays, CSV export.

Only supervisors may enter (``supervisor_required``: anonymous → the login
page, or ``HX-Redirect`` for htmx; a trainee → 403).  Accounts and exams are
nested blueprints (``supervisor.accounts``, ``supervisor.exams``).  Filters
are GET forms, so every view is a bookmarkable URL that works without
JavaScript; the charts are inline SVG from ``trainer.web.charts``.
"""

from __future__ import annotations

import datetime
from dataclasses import replace
from typing import Any
from urllib.parse import urlencode

from flask import Blueprint, abort, current_app, render_template, request, url_for
from sqlite_utils import Database

from trainer.db import accounts as accounts_db
from trainer.db import exams as exams_db
from trainer.db import reports
from trainer.web import charts, clock
from trainer.web.database import get_db, streamed
from trainer.web.exams.review import sitting_review
from trainer.web.exams.walkouts import exam_clock
from trainer.web.forms import ActionForm
from trainer.web.questions import catalogue
from trainer.web.questions.houses_view import house_titles
from trainer.web.roles import supervisor_required
from trainer.web.settings import mastery_thresholds
from trainer.web.supervisor import console
from trainer.web.supervisor.accounts import bp as accounts_bp
from trainer.web.supervisor.exams import bp as exams_bp
from trainer.web.supervisor.path import bp as path_bp
from trainer.web.supervisor.path import steps_at
from trainer.web.trainee import learning_path

__all__ = ["bp", "supervisor_required"]

bp = Blueprint("supervisor", __name__, url_prefix="/supervisor")
bp.register_blueprint(accounts_bp)
bp.register_blueprint(exams_bp)
bp.register_blueprint(path_bp)

LOG_PAGE = 50
TREND_DAYS = 60  # days tallied for the 7- and 30-day trends (and the periods before them)
TRAINEES_A_PAGE = 50
"""Trainees the dashboard's table and heat map show at a time, by name."""
LATEST_RESULTS = 10
"""Exam results the dashboard lists, the latest first (the Exams pages list them all)."""


@bp.get("/")
@supervisor_required
def index() -> Any:
    """The dashboard: trainees table, heat map trainee × family, latest exam results."""
    db = get_db()
    form, filters = console.filter_form()
    filters = reports.Filters(filters.date_from, filters.date_to, filters.house)
    every_trainee = accounts_db.list_accounts(db, "trainee")
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


def _trainee_or_404(user_id: int) -> accounts_db.Account:
    account = accounts_db.get_account(get_db(), user_id)
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
@supervisor_required
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
    log, paging = _log_page(db, log_filters)
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


def _log_page(db: Database, filters: reports.Filters) -> tuple[list[reports.LogRow],
                                                               dict[str, Any]]:
    """The asked-for page of the filtered log (see ``_keyset_page``)."""
    return _keyset_page(db, filters, console.cursor_arg("older"), console.cursor_arg("newer"))


def _keyset_page(db: Database, filters: reports.Filters, older: tuple[int, int] | None,
                 newer: tuple[int, int] | None) -> tuple[list[reports.LogRow], dict[str, Any]]:
    """A page of the log by keyset: the rows answered before ``older``, else after
    ``newer``, else the newest (and the newest again for a page past either end); for the
    template, its ``count`` and the cursors of the pages ``newer`` and ``older`` than it
    (None where there is none)."""
    if older is None and newer is not None:
        rows = reports.attempt_log(db, filters, limit=LOG_PAGE + 1, before=newer)
        more_newer, log = len(rows) > LOG_PAGE, rows[-LOG_PAGE:]
        more_older = True
    else:
        rows = reports.attempt_log(db, filters, limit=LOG_PAGE + 1, after=older)
        more_older, log = len(rows) > LOG_PAGE, rows[:LOG_PAGE]
        more_newer = older is not None
    if not log and (older or newer):
        return _keyset_page(db, filters, None, None)
    return log, {"count": reports.count_attempts(db, filters),
                 "newer": _cursor_text(log[0]) if more_newer and log else None,
                 "older": _cursor_text(log[-1]) if more_older and log else None}


def _cursor_text(row: reports.LogRow) -> str:
    answered_ms, row_id = row.cursor
    return f"{answered_ms}-{row_id}"


@bp.get("/attempts")
@supervisor_required
def attempts() -> Any:
    """The attempt log of every trainee, filtered, 50 to a page."""
    db = get_db()
    form, filters = console.filter_form()
    trainees = accounts_db.list_accounts(db, "trainee")
    unknown = console.unknown_id("trainee", {t.id for t in trainees}.__contains__)
    trainee_id = None if unknown else console.int_arg("trainee")
    filters = reports.Filters(filters.date_from, filters.date_to, filters.house, trainee_id,
                              filters.family, filters.correct)
    log, paging = _log_page(db, filters)
    return console.page("supervisor/_attempts.html",
        form=form, log=log, **paging, retries=reports.count_retries(db, filters),
        titles=catalogue.family_titles(), houses=house_titles(),
        trainees=trainees, trainee_id=trainee_id,
        trainee_error=console.unknown_id_message("trainee") if unknown else None,
        qs=console.query_string(form, drop=("exam", "trainee") if unknown
                                else ("exam",)),  # attempts have no exam
    )


@bp.get("/readiness")
@supervisor_required
def readiness() -> Any:
    """Every trainee's level in each drill a house deals and their readiness for its floor;
    ``?ready=1`` lists only those ready for it."""
    houses = learning_path.house_families()
    house = request.args.get("house", "")
    if house not in houses:
        house = next(iter(houses), "")
    only_ready = request.args.get("ready") == "1"
    trainees = accounts_db.list_accounts(get_db(), "trainee")
    standing = learning_path.readiness([t.id for t in trainees], [house])
    rows = [(t, standing[t.id][house]) for t in trainees if house in standing[t.id]]
    if only_ready:
        rows = [(t, r) for t, r in rows if r.ready]
    titles = catalogue.family_titles()
    thresholds = mastery_thresholds(current_app.config)
    return console.page("supervisor/_readiness.html",
        house=house, houses=house_titles(), only_ready=only_ready, rows=rows,
        families=[(name, titles.get(name, name)) for name in houses.get(house, [])],
        ready_count=sum(r.ready for _t, r in rows), thresholds=thresholds,
        bars=sorted(thresholds.bars.items()))


@bp.get("/sittings/<int:sitting_id>")
@supervisor_required
def sitting(sitting_id: int) -> Any:
    """An exam sitting question by question, each replayed with its cards."""
    db = get_db()
    found = exams_db.get_sitting(db, sitting_id, exam_clock())
    if found is None:
        abort(404)
    return render_template("supervisor/sitting.html", **sitting_review(found))


# ------------------------------------------------------------------ export


def _is_trainee(user_id: int) -> bool:
    found = accounts_db.get_account(get_db(), user_id)
    return found is not None and found.role == "trainee"


def _is_exam(exam_id: int) -> bool:
    return exams_db.get_exam(get_db(), exam_id) is not None


def _trainee_filter(filters: reports.Filters) -> reports.Filters:
    trainee_id = console.int_arg("trainee")
    return reports.Filters(filters.date_from, filters.date_to, filters.house, trainee_id,
                           filters.family, filters.correct)


@bp.get("/export/attempts.csv")
@supervisor_required
def export_attempts() -> Any:
    """Every attempt matching the current filters (date range, house, trainee, drill, result)."""
    form, filters = console.filter_form()
    if (refusal := console.export_refusal(form, {"trainee": _is_trainee},
                                          unfiltered=("exam",))) is not None:
        return refusal
    chosen, names = _trainee_filter(filters), accounts_db.full_names(get_db())
    rows = streamed(lambda db: reports.every_attempt(db, chosen))
    return console.csv_response(
        f"attempts-{clock.today().isoformat()}.csv",
        ["attempt_id", "answered_at", "trainee", "house", "family", "difficulty", "answer",
         "expected", "correct", "seconds", "session_id", "question", "reported_wait_seconds",
         "retry", "set_aside_seconds", "full_name"],
        ([r.id, r.answered_at, r.username, r.house, r.family, r.difficulty, r.answer,
          r.expected, "yes" if r.correct else "no", console.seconds_text(r.elapsed_ms),
          r.session_id, r.position + 1, console.seconds_text(r.waited_ms),
          "yes" if r.retry else "no", console.seconds_text(r.set_aside_ms),
          names.get(r.user_id, "")] for r in rows),
    )


@bp.get("/export/exam-results.csv")
@supervisor_required
def export_exam_results() -> Any:
    """Every finished exam sitting matching the current filters (date range, house, trainee)."""
    form, filters = console.filter_form()
    if (refusal := console.export_refusal(form, {"trainee": _is_trainee, "exam": _is_exam},
                                          unfiltered=("family", "result"))) is not None:
        return refusal
    chosen, exam_id = _trainee_filter(filters), console.int_arg("exam")
    names = accounts_db.full_names(get_db())
    seen_at = exam_clock()  # read here: the rows are read on another connection
    rows = streamed(lambda db: reports.exam_results(db, chosen, exam_id=exam_id,
                                                    clock=seen_at))
    return console.csv_response(
        f"exam-results-{clock.today().isoformat()}.csv",
        ["sitting_id", "exam_id", "trainee", "exam", "houses", "attempt", "attempts_allowed",
         "started_at", "finished_at", "correct", "questions", "score_percent", "pass_mark",
         "passed", "seconds", "questions_asked", "abandoned", "full_name"],
        ([r.sitting.id, r.sitting.exam_id, r.username, r.exam_title, ";".join(r.houses),
          r.sitting.number, r.attempts_allowed, r.sitting.started_at, r.sitting.finished_at,
          r.sitting.correct, r.sitting.total, r.sitting.percent, r.pass_mark,
          "yes" if r.sitting.passed else "no",
          console.seconds_text(r.sitting.elapsed_ms), r.sitting.asked,
          "yes" if r.sitting.abandoned else "no", names.get(r.sitting.user_id, "")]
         for r in rows),
    )
