"""The exams assigned to a trainee: their list page, and the home page's list."""

from __future__ import annotations

from typing import Any

from flask import render_template
from flask_login import current_user

from trainer.db import exams as exams_db
from trainer.web.database import get_db
from trainer.web.exams import bp
from trainer.web.exams.walkouts import exam_clock
from trainer.web.forms import ActionForm
from trainer.web.questions import catalogue
from trainer.web.questions.houses_view import house_titles
from trainer.web.roles import trainee_required


@bp.app_context_processor
def assigned_exams_context() -> dict[str, Any]:
    """``assigned_exams()`` for the home page (only queried when a template calls it)."""

    def assigned_exams() -> list[exams_db.Assigned]:
        if not current_user.is_authenticated or current_user.role != "trainee":
            return []
        return exams_db.assigned_exams(get_db(), current_user.id, exam_clock())

    return {"assigned_exams": assigned_exams, "exam_start_form": ActionForm}


@bp.get("/")
@trainee_required
def index() -> Any:
    mine = exams_db.assigned_exams(get_db(), current_user.id, exam_clock())
    return render_template("exams/index.html", assigned=mine,
                           houses=house_titles(), titles=catalogue.family_titles(),
                           start_form=ActionForm())
