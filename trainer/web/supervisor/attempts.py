"""The attempt log: every trainee's attempts, filtered, a page at a time by keyset."""

from __future__ import annotations

from typing import Any

from sqlite_utils import Database

from trainer.db import accounts, reports
from trainer.web.database import get_db
from trainer.web.questions import catalogue
from trainer.web.questions.houses_view import house_titles
from trainer.web.roles import console_required
from trainer.web.supervisor import bp, console

LOG_PAGE = 50


def log_page(db: Database, filters: reports.Filters) -> tuple[list[reports.LogRow],
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
@console_required
def attempts() -> Any:
    """The attempt log of every trainee, filtered, 50 to a page."""
    db = get_db()
    form, filters = console.filter_form()
    trainees = accounts.list_accounts(db, "trainee")
    unknown = console.unknown_id("trainee", {t.id for t in trainees}.__contains__)
    trainee_id = None if unknown else console.int_arg("trainee")
    filters = reports.Filters(filters.date_from, filters.date_to, filters.house, trainee_id,
                              filters.family, filters.correct)
    log, paging = log_page(db, filters)
    return console.page("supervisor/_attempts.html",
        form=form, log=log, **paging, retries=reports.count_retries(db, filters),
        titles=catalogue.family_titles(), houses=house_titles(),
        trainees=trainees, trainee_id=trainee_id,
        trainee_error=console.unknown_id_message("trainee") if unknown else None,
        qs=console.query_string(form, drop=("exam", "trainee") if unknown
                                else ("exam",)),  # attempts have no exam
    )
