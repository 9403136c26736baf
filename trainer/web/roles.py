"""Who may see and do what, and the 403 for everyone else.

- ``admin``: every account (create, name, reset a password, deactivate), and the console;
- ``supervisor``: the console, and trainees' accounts only;
- ``auditor``: the rules of each house (``auditor`` blueprint), never a trainee's data;
- ``trainee``: drills and exams.

Any logged-in user drills on their own account; only trainees' answers make the console's
figures.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from flask import abort
from flask_login import current_user, login_required

from trainer.db.users import ROLES

View = Callable[..., Any]

CONSOLE_ROLES = frozenset({"admin", "supervisor"})
"""The roles that see the supervisor console and every trainee's record.  Admins too: the
accounts page is part of the console, and deciding whom to deactivate or reset needs the
trainee's record beside it."""


def sees_trainees() -> bool:
    """Whether the logged-in user may see any trainee's attempts and results."""
    return bool(current_user.is_authenticated
                and getattr(current_user, "role", None) in CONSOLE_ROLES)


def manages(manager_role: str, account_role: str) -> bool:
    """Whether a ``manager_role`` creates, names, resets and deactivates accounts of
    ``account_role``: an admin every account, a supervisor trainees' only."""
    return manager_role == "admin" or (manager_role == "supervisor"
                                       and account_role == "trainee")


def roles_managed_by(manager_role: str) -> tuple[str, ...]:
    """The roles a ``manager_role`` creates accounts of, in ``ROLES`` order."""
    return tuple(role for role in ROLES if manages(manager_role, role))


def refusal_to_manage(account_role: str) -> str:
    """What a user who may not manage an ``account_role`` account is told."""
    return (f"Only an admin manages {account_role} accounts; a supervisor manages "
            "trainees' accounts.")


def _only(*roles: str) -> Callable[[View], View]:
    """A decorator: logged in (else the login page; htmx: ``HX-Redirect``) with one of
    ``roles`` (else 403).  The view is marked with them (:func:`roles_of_view`)."""
    allowed = frozenset(roles)

    def decorate(view: View) -> View:
        @wraps(view)
        @login_required
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            if getattr(current_user, "role", None) not in allowed:
                abort(403)
            return view(*args, **kwargs)

        wrapper.required_roles = allowed  # type: ignore[attr-defined]
        return wrapper

    return decorate


console_required = _only(*CONSOLE_ROLES)
"""Supervisors and admins: the console, accounts, exams as set and marked."""

trainee_required = _only("trainee")
"""Trainees only: exams are sat by trainees."""

auditor_required = _only("auditor")
"""Auditors only: their landing page."""


def roles_of_view(view: View | None) -> frozenset[str] | None:
    """The roles a view is for (None: any visitor its own checks let in)."""
    return getattr(view, "required_roles", None)
