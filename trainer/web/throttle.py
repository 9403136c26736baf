"""Login throttling: too many failed logins for one account, or from one address, wait.

The failures are rows in SQLite (``trainer.db.throttle``), so the several
gunicorn workers count together.  Within ``LOGIN_THROTTLE_WINDOW_S`` (15 min)
an account may fail ``LOGIN_MAX_FAILURES_ACCOUNT`` times (5) and an address
``LOGIN_MAX_FAILURES_ADDRESS`` times (20); after that every login for that
account or from that address -- even with the right password -- is refused
with 429 and a message saying when to try again, until the oldest failure in
the window ages out.  A login counts as failed from the moment it is let
through to its password check, so logins racing one another are counted one
after another; a successful one clears the account's count (and its own).  The
account key is the name typed, known or not, so the refusal says nothing
about which accounts exist, and it is the name's ``username_key``: every way
of writing a name that logs in to one account (``Zoë`` with its accent
composed or not, any case) counts against that account.
``LOGIN_THROTTLE=False`` turns it off (tests); the three figures are operator
settings (``trainer.web.settings``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import current_app, render_template, request

from trainer.db import now_ms
from trainer.db import throttle as store
from trainer.text_rules import username_key
from trainer.web.database import get_db


def _config(name: str) -> int:
    return int(current_app.config[name])


def _enabled() -> bool:
    return bool(current_app.config.get("LOGIN_THROTTLE", True))


def account_key(username: str) -> str:
    return "account:" + username_key(username.strip())


def address_key() -> str:
    return "address:" + (request.remote_addr or "unknown")


@dataclass(frozen=True, slots=True)
class Refusal:
    """A login that must wait: what to tell the user, and the ``Retry-After`` seconds."""

    message: str
    retry_after_s: int

    def page(self, template: str, **context: Any) -> tuple[str, int, dict[str, str]]:
        """``template`` with the message as its ``error``: a 429 saying when to try again."""
        return (render_template(template, error=self.message, **context), 429,
                {"Retry-After": str(self.retry_after_s)})


def claim(username: str) -> Refusal | tuple[int, ...]:
    """Count a login as failed against the account name and the address before its password
    is checked (logins racing in several workers are counted one after another): the rows
    counting it, for :func:`succeeded` to forgive, or the refusal when either is locked."""
    if not _enabled():
        return ()
    window_ms = _config("LOGIN_THROTTLE_WINDOW_S") * 1000
    now = now_ms()
    limits = ((account_key(username), _config("LOGIN_MAX_FAILURES_ACCOUNT")),
              (address_key(), _config("LOGIN_MAX_FAILURES_ADDRESS")))
    claimed = store.claim(get_db(), limits, now, now - window_ms)
    if claimed.locked_key is None:
        return claimed.rows
    what = "this account" if claimed.locked_key == limits[0][0] else "this computer"
    wait_s = max(1, -(-(claimed.oldest_ms + window_ms - now) // 1000))
    minutes = -(-wait_s // 60)
    return Refusal(f"Too many failed logins for {what}. Try again in {minutes} minute"
                   f"{'s' if minutes != 1 else ''}, or ask a supervisor (an admin, for a "
                   "staff account) to reset the password.",
                   wait_s)


def succeeded(username: str, rows: tuple[int, ...]) -> None:
    """A successful login: forget the account's failures, and this login's own ``rows``."""
    if _enabled():
        store.forgive(get_db(), account_key(username), rows)
