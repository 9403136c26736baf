"""The baseline for bench/web_bench.py: a bare Flask endpoint, one SQLite insert, one template.

Served by gunicorn exactly like ``trainer serve`` (``python bench/bare_flask_app.py
HOST PORT WORKERS THREADS`` calls the same ``serve_wsgi``), with the same SQLite
settings: WAL, synchronous=NORMAL, a connection per request, one idle connection
kept open per worker.

``BARE_VARIANT`` picks one of three readings of the issue's "bare Flask endpoint":
``insert`` (the default, above), ``kept`` (the same insert on one connection a worker
keeps, as the app keeps one per thread) or ``plain`` (no database, no template: the
form read and a constant fragment returned).
"""

from __future__ import annotations

import os
import sqlite3
import sys
import time

from flask import Flask, g, request

DATABASE = os.environ.get("BARE_DATABASE", "/tmp/bare.db")
VARIANT = os.environ.get("BARE_VARIANT", "insert")
if VARIANT not in ("insert", "kept", "plain"):
    print(f"BARE_VARIANT {VARIANT!r} is not one of insert, kept, plain", file=sys.stderr)
    sys.exit(2)

app = Flask(__name__)
TEMPLATE = app.jinja_env.from_string(
    '<section id="drill" data-state="feedback"><h2>{{ "Right" if ok else "Wrong" }}</h2>'
    "<p>Your answer: <strong>{{ answer }}</strong> (attempt {{ id }})</p></section>"
)

_setup = sqlite3.connect(DATABASE, isolation_level=None, timeout=5)
_setup.execute("PRAGMA journal_mode=wal")
_setup.execute(
    "CREATE TABLE IF NOT EXISTS attempts (id INTEGER PRIMARY KEY, answer TEXT, at REAL)"
)
# Kept open for the worker's life, as trainer.web does: closing the last connection in WAL
# mode checkpoints and deletes the WAL file, an fsync on every request.
_anchor = _setup


def _open() -> sqlite3.Connection:
    db = sqlite3.connect(DATABASE, isolation_level=None, timeout=5)
    db.execute("PRAGMA synchronous=NORMAL")
    return db


_kept = _open() if VARIANT == "kept" else None


def get_db() -> sqlite3.Connection:
    if _kept is not None:
        return _kept
    if "db" not in g:
        g.db = _open()
    db: sqlite3.Connection = g.db
    return db


@app.teardown_appcontext
def close_db(_error: BaseException | None) -> None:
    db = g.pop("db", None)
    if db is not None:
        db.close()


@app.post("/answer")
def answer() -> str:
    given = request.form.get("answer", "")
    if VARIANT == "plain":
        return '<section id="drill" data-state="feedback"></section>'
    cursor = get_db().execute("INSERT INTO attempts (answer, at) VALUES (?, ?)",
                              (given, time.time()))
    return TEMPLATE.render(ok=given == "hit", answer=given, id=cursor.lastrowid)


if __name__ == "__main__":
    import importlib

    from trainer.cli.web import serve_wsgi

    host, port, workers, threads = sys.argv[1], *map(int, sys.argv[2:5])
    # each worker imports the module itself (after the fork), with its own idle connection
    serve_wsgi(lambda: importlib.import_module("bare_flask_app").app, host, port, workers,
               threads)
