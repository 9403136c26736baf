"""The supervisor console, one blueprint: the dashboard (``dashboard``), a trainee's page
(``trainees``), the attempt log (``attempts``), readiness (``readiness``), a sitting's
review (``sittings``) and the CSV exports (``export``).

Only supervisors and admins may enter (``console_required``: anonymous → the login
page, or ``HX-Redirect`` for htmx; a trainee or an auditor → 403).  Accounts, exams and a trainee's
path are nested blueprints (``supervisor.accounts``, ``supervisor.exams``,
``supervisor.path``).  Filters are GET forms, so every view is a bookmarkable URL that
works without JavaScript; the charts are inline SVG from ``trainer.web.charts``.  Each
view module declares its routes on ``bp`` beside its views; they are imported below,
once ``bp`` exists, so that importing the package registers every route.
"""

from __future__ import annotations

from flask import Blueprint

from trainer.web.supervisor.accounts import bp as accounts_bp
from trainer.web.supervisor.exams import bp as exams_bp
from trainer.web.supervisor.path import bp as path_bp

bp = Blueprint("supervisor", __name__, url_prefix="/supervisor")
bp.register_blueprint(accounts_bp)
bp.register_blueprint(exams_bp)
bp.register_blueprint(path_bp)

from trainer.web.supervisor import (  # noqa: E402 - the views need bp, above
    attempts,
    dashboard,
    export,
    readiness,
    sittings,
    trainees,
)

__all__ = ["attempts", "bp", "dashboard", "export", "readiness", "sittings", "trainees"]
