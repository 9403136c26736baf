"""Sittings their trainee walked out of (``trainer.db.exams.lapsed_sittings``): shown
closed on every read, closed for good in one place.

Reads never write: every page and export reads sittings at ``exam_clock()``, which
shows a walk-out closed and scored as abandoned without storing anything.  It is stored
by ``close_walk_outs`` alone, on the trainee's own way back into a sitting (starting an
exam, opening or answering a sitting: ``trainer.web.exams.sitting``).
"""

from __future__ import annotations

from flask import current_app

from trainer.db import exams as exams_db
from trainer.db import now_ms
from trainer.web.database import get_db


def exam_clock() -> exams_db.ExamClock:
    """The exam clock now, with the operator's grace and abandon allowances."""
    config = current_app.config
    return exams_db.ExamClock(now_ms(), int(config["EXAM_GRACE_MS"]),
                              int(config["EXAM_ABANDON_MS"]))


def close_walk_outs(user_id: int) -> int:
    """Close and score, as abandoned, every sitting of this trainee they walked out of: the
    open question expires, the questions never asked count as wrong.  How many closed."""
    db = get_db()
    clock = exam_clock()
    closed = 0
    for found in exams_db.lapsed_sittings(db, clock, user_id):
        exam = exams_db.get_exam(db, found.exam_id)
        assert exam is not None
        closed += exams_db.abandon(
            db, found.id, pass_mark=exam.pass_mark,
            quiet_since_ms=clock.quiet_since_ms(exam.time_limit_s),
            limit_ms=clock.limit_ms(exam.time_limit_s))
    return closed
