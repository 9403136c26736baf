"""An exam sitting reviewed question by question."""

from __future__ import annotations

from typing import Any

from flask import abort, render_template

from trainer.db import exams as exams_db
from trainer.web.database import get_db
from trainer.web.exams.review import sitting_review
from trainer.web.exams.walkouts import exam_clock
from trainer.web.roles import console_required
from trainer.web.supervisor import bp


@bp.get("/sittings/<int:sitting_id>")
@console_required
def sitting(sitting_id: int) -> Any:
    """An exam sitting question by question, each replayed with its cards."""
    db = get_db()
    found = exams_db.get_sitting(db, sitting_id, exam_clock())
    if found is None:
        abort(404)
    return render_template("supervisor/sitting.html", **sitting_review(found))
