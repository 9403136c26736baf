"""Sittings their trainee walked out of (``trainer.db.exams.lapsed_sittings``), closed
and scored as abandoned."""

from __future__ import annotations

from flask import current_app, g
from flask_login import current_user

from trainer.db import exams as exams_db
from trainer.db import now_ms
from trainer.web.database import get_db
from trainer.web.exams import bp


def limit_ms(exam: exams_db.Exam) -> int:
    """A question's time in a sitting: the exam's limit plus the network's grace."""
    grace = int(current_app.config["EXAM_GRACE_MS"])
    return exam.time_limit_s * 1000 + grace


def close_abandoned() -> None:
    """Close and score every sitting its trainee walked out of (see ``lapsed_sittings``):
    the open question expires, the questions never asked count as wrong.  Run (once a
    request, for a logged-in user) before any page or export reads sittings, so a walk-out
    is a failed, flagged record for everyone alike, whoever looks first."""
    if not current_user.is_authenticated or g.get("abandoned_closed"):
        return
    g.abandoned_closed = True
    db = get_db()
    grace = int(current_app.config["EXAM_GRACE_MS"])
    quiet = int(current_app.config["EXAM_ABANDON_MS"])
    now = now_ms()
    for found in exams_db.lapsed_sittings(db, now, grace, quiet):
        exam = exams_db.get_exam(db, found.exam_id)
        assert exam is not None
        exams_db.abandon(
            db, found.id, pass_mark=exam.pass_mark, quiet_since_ms=now - limit_ms(exam) - quiet,
            limit_ms=limit_ms(exam))


@bp.before_request
def _close_abandoned_first() -> None:
    close_abandoned()
