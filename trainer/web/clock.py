"""Today, as every page reckons it: the date in UTC, unless the config pins it."""

from __future__ import annotations

import datetime

from flask import current_app


def today() -> datetime.date:
    """Today in UTC (``TODAY`` in the config pins it for tests)."""
    pinned = current_app.config.get("TODAY")
    if pinned:
        return datetime.date.fromisoformat(str(pinned))
    return datetime.datetime.now(datetime.UTC).date()
