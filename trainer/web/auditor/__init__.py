"""The auditor's pages, one blueprint (``auditor``): for now a landing page with the rules
of each house as the drills apply them, and what an auditor may do.

Auditors see no trainee's data and not the supervisor console (``trainer.web.roles``).
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, render_template

from trainer.web.questions.houses_view import house_facts, house_titles
from trainer.web.roles import auditor_required

bp = Blueprint("auditor", __name__, url_prefix="/auditor")


@bp.get("/")
@auditor_required
def index() -> Any:
    """Each shipped house, by title, with its key rules."""
    houses = [(title, house_facts(name)) for name, title in house_titles().items()]
    return render_template("auditor/home.html", houses=houses)
