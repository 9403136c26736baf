"""Who may see what: supervisor-only views, and the 403 for everyone else."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from flask import abort
from flask_login import current_user, login_required


def is_supervisor() -> bool:
    return bool(current_user.is_authenticated and getattr(current_user, "role", None)
                == "supervisor")


def supervisor_required(view: Callable[..., Any]) -> Callable[..., Any]:
    """Logged in (else the login page; htmx: ``HX-Redirect``) as a supervisor (else 403)."""

    @wraps(view)
    @login_required
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        if not is_supervisor():
            abort(403)
        return view(*args, **kwargs)

    return wrapper


def trainee_required(view: Callable[..., Any]) -> Callable[..., Any]:
    """Logged in as a trainee (exams are sat by trainees), else 403."""

    @wraps(view)
    @login_required
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        if getattr(current_user, "role", None) != "trainee":
            abort(403)
        return view(*args, **kwargs)

    return wrapper
