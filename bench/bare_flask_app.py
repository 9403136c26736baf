"""The baseline for bench/web_bench.py: a bare Flask endpoint, one SQLite insert, one template.

Served by gunicorn exactly like ``trainer serve`` (``python bench/bare_flask_app.py
HOST PORT WORKERS THREADS`` calls the same ``serve_wsgi``), with the same SQLite
settings: WAL, synchronous=NORMAL, a connection per request, one idle connection
kept open per worker.

``BARE_VARIANT`` picks one of three readings of the issue's "bare Flask endpoint":
``insert`` (the default, above), ``kept`` (the same insert on one connection a worker
keeps, as the app keeps one per thread) or ``plain`` (no database, no template: the
form read and a constant fragment returned).  A fourth, ``wsgi``, is no Flask at all:
a bare WSGI callable that reads the form and returns ``plain``'s fragment, the least any
Python endpoint served this way can cost.
"""

from __future__ import annotations

import os
import sqlite3
import sys
import time
from collections.abc import Callable, Iterable
from typing import Any
from urllib.parse import parse_qs

from flask import Flask, g, request

DATABASE = os.environ.get("BARE_DATABASE", "/tmp/bare.db")
VARIANT = os.environ.get("BARE_VARIANT", "insert")
if VARIANT not in ("insert", "kept", "plain", "wsgi"):
    print(f"BARE_VARIANT {VARIANT!r} is not one of insert, kept, plain, wsgi", file=sys.stderr)
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


PLAIN_FRAGMENT = '<section id="drill" data-state="feedback"></section>'


@app.post("/answer")
def answer() -> str:
    given = request.form.get("answer", "")
    if VARIANT == "plain":
        return PLAIN_FRAGMENT
    cursor = get_db().execute("INSERT INTO attempts (answer, at) VALUES (?, ?)",
                              (given, time.time()))
    return TEMPLATE.render(ok=given == "hit", answer=given, id=cursor.lastrowid)


def bare_wsgi(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
    """``wsgi``: the form read and ``plain``'s fragment returned, with no framework at all."""
    length = int(environ.get("CONTENT_LENGTH") or 0)
    parse_qs(environ["wsgi.input"].read(length).decode())
    body = PLAIN_FRAGMENT.encode()
    start_response("200 OK", [("Content-Type", "text/html; charset=utf-8"),
                              ("Content-Length", str(len(body)))])
    return [body]


served = bare_wsgi if VARIANT == "wsgi" else app
"""What the workers serve: the bare WSGI callable for ``wsgi``, else the Flask app."""


if __name__ == "__main__":
    import importlib

    from trainer.cli.web import serve_wsgi

    host, port, workers, threads = sys.argv[1], *map(int, sys.argv[2:5])
    # each worker imports the module itself (after the fork), with its own idle connection
    serve_wsgi(lambda: importlib.import_module("bare_flask_app").served, host, port, workers,
               threads)
