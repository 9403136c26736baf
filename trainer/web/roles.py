"""Who may see what: supervisor-only and trainee-only views, and the 403 for everyone else."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from flask import abort
from flask_login import current_user, login_required

View = Callable[..., Any]


def is_supervisor() -> bool:
    return bool(current_user.is_authenticated and getattr(current_user, "role", None)
                == "supervisor")


def _only(role: str) -> Callable[[View], View]:
    """A decorator: logged in (else the login page; htmx: ``HX-Redirect``) with ``role``
    (else 403).  The view is marked with the role (:func:`role_of_view`)."""

    def decorate(view: View) -> View:
        @wraps(view)
        @login_required
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            if getattr(current_user, "role", None) != role:
                abort(403)
            return view(*args, **kwargs)

        wrapper.required_role = role  # type: ignore[attr-defined]
        return wrapper

    return decorate


supervisor_required = _only("supervisor")
"""Supervisors only: the console, accounts, exams as set and marked."""

trainee_required = _only("trainee")
"""Trainees only: exams are sat by trainees."""


def role_of_view(view: View | None) -> str | None:
    """The one role a view is for (None: any visitor its own checks let in)."""
    return getattr(view, "required_role", None)
