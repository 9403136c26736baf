"""Login throttling: too many failed logins for one account, or from one address, wait.

The failures are rows in SQLite (``trainer.db.throttle``), so the several
gunicorn workers count together.  Within ``LOGIN_THROTTLE_WINDOW_S`` (15 min)
an account may fail ``LOGIN_MAX_FAILURES_ACCOUNT`` times (5) and an address
``LOGIN_MAX_FAILURES_ADDRESS`` times (20); after that every login for that
account or from that address -- even with the right password -- is refused
with 429 and a message saying when to try again, until the oldest failure in
the window ages out.  A successful login clears the account's count.  The
account key is the name typed, known or not, so the refusal says nothing
about which accounts exist, and it is the name's ``username_key``: every way
of writing a name that logs in to one account (``Zoë`` with its accent
composed or not, any case) counts against that account.
``LOGIN_THROTTLE=False`` turns it off (tests).
"""

from __future__ import annotations

from flask import current_app, request

from trainer.db import now_ms
from trainer.db import throttle as store
from trainer.text_rules import username_key
from trainer.web.database import get_db

DEFAULTS = {
    "LOGIN_THROTTLE": True,
    "LOGIN_MAX_FAILURES_ACCOUNT": 5,
    "LOGIN_MAX_FAILURES_ADDRESS": 20,
    "LOGIN_THROTTLE_WINDOW_S": 15 * 60,
}


def _config(name: str) -> int:
    return int(current_app.config.get(name, DEFAULTS[name]))


def _enabled() -> bool:
    return bool(current_app.config.get("LOGIN_THROTTLE", True))


def account_key(username: str) -> str:
    return "account:" + username_key(username.strip())


def address_key() -> str:
    return "address:" + (request.remote_addr or "unknown")


def refusal(username: str) -> tuple[str, int] | None:
    """The message and Retry-After seconds when this login must wait, else None."""
    if not _enabled():
        return None
    window_ms = _config("LOGIN_THROTTLE_WINDOW_S") * 1000
    now = now_ms()
    db = get_db()
    for key, limit, what in (
        (account_key(username), _config("LOGIN_MAX_FAILURES_ACCOUNT"), "this account"),
        (address_key(), _config("LOGIN_MAX_FAILURES_ADDRESS"), "this computer"),
    ):
        count, oldest = store.failures_since(db, key, now - window_ms)
        if count >= limit and oldest is not None:
            wait_s = max(1, -(-(oldest + window_ms - now) // 1000))
            minutes = -(-wait_s // 60)
            return (f"Too many failed logins for {what}. Try again in {minutes} minute"
                    f"{'s' if minutes != 1 else ''}, or ask a supervisor to reset the "
                    "password.", wait_s)
    return None


def failed(username: str) -> None:
    """Count a failed login against the account name and the address."""
    if not _enabled():
        return
    now = now_ms()
    window_ms = _config("LOGIN_THROTTLE_WINDOW_S") * 1000
    store.record_failure(get_db(), (account_key(username), address_key()), now, now - window_ms)


def succeeded(username: str) -> None:
    """A successful login: forget the account's failures."""
    if _enabled():
        store.clear(get_db(), account_key(username))
