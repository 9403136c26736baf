"""The supervisor console (issue 6 fills it in): only supervisors may enter."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from flask import Blueprint, abort, render_template
from flask_login import current_user, login_required

bp = Blueprint("supervisor", __name__, url_prefix="/supervisor")


def supervisor_required(view: Callable[..., Any]) -> Callable[..., Any]:
    """Logged in as a supervisor, else 403."""

    @wraps(view)
    @login_required
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        if getattr(current_user, "role", None) != "supervisor":
            abort(403)
        return view(*args, **kwargs)

    return wrapper


@bp.get("/")
@supervisor_required
def index() -> Any:
    return render_template("supervisor/index.html")
