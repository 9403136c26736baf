"""The trainee's pages, one blueprint: home (``home``), a drill session (``drill_flow``),
its summary (``session_summary``), the mistakes brought back (``mistakes_practice``), the
daily challenge (``daily_challenge``) and an attempt replayed (``replay``).

Each view module declares its routes on ``bp`` beside its views; they are imported
below, once ``bp`` exists, so that importing the package registers every route
(Flask's "larger applications" pattern).
"""

from __future__ import annotations

from flask import Blueprint

bp = Blueprint("trainee", __name__)

from trainer.web.trainee import (  # noqa: E402 - the views need bp, above
    daily_challenge,
    drill_flow,
    home,
    mistakes_practice,
    replay,
    session_summary,
)

__all__ = ["bp", "daily_challenge", "drill_flow", "home", "mistakes_practice", "replay",
           "session_summary"]
