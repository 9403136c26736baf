"""The stack floor for bench/web_bench.py: the trainer app doing nothing but its per-request work.

``create_app()`` itself -- sessions, Flask-Login loading the user from SQLite,
CSRF, the security headers, the same database -- with one extra route,
``POST /bench/floor``, that requires a login and returns a short fragment.  The
benchmark's trainees POST their answer form to it with their session cookie and
CSRF token, so each request pays what every trainee request pays before any
drill work.  Served like ``trainer serve`` (``python bench/floor_app.py HOST PORT
WORKERS THREADS``, with ``TRAINER_DATABASE`` and ``TRAINER_INSTANCE`` naming the
benchmark's database and instance folder, so the app's cookies are valid here).
"""

from __future__ import annotations

import sys

from flask import Flask
from flask_login import current_user, login_required

from trainer.cli.web import serve_wsgi
from trainer.web import create_app


def floor_app() -> Flask:
    """The trainer app plus ``POST /bench/floor`` (a login, no drill work)."""
    # no WAL checkpointer here: the app's workers checkpoint their own commits, and CPU
    # spent on them must not move into this process
    app = create_app({"MIGRATE_ON_START": False, "DB_BACKGROUND": False})

    @app.post("/bench/floor")
    @login_required
    def floor() -> str:
        return f'<section id="drill" data-state="floor">{int(current_user.id)}</section>'

    return app


if __name__ == "__main__":
    host, port, workers, threads = sys.argv[1], *map(int, sys.argv[2:5])
    serve_wsgi(floor_app, host, port, workers, threads)
