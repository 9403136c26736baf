"""No console page reads the answers (or the questions) from end to end.

At a year of a training centre those tables hold 10 million rows: a page that scans them
takes seconds to minutes.  Every statement the console's pages and exports run is caught
as it runs and its plan read (``EXPLAIN QUERY PLAN``; the plans do not depend on how much
data there is: the database has no ANALYZE statistics).  A full scan of either table
fails, and so does a walk of a whole index of theirs, unless the statement stops at a
LIMIT (the newest page of the attempt log walks the time index until it has its page).
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlite_utils import Database

import trainer.web.database
from tests.web.test_supervisor_routes import GET_ROUTES, world  # noqa: F401 - a fixture
from trainer.db import connect

BIG = ("answers", "questions")
MORE_ROUTES = [
    "/supervisor/?house=europoker&date_from=2026-11-01",
    "/supervisor/trainees/{tina}?date_from=2026-01-01&date_to=2026-12-31&house=europoker",
    "/supervisor/attempts?family=dealer-draw",
    "/supervisor/attempts?house=europoker&result=wrong&date_from=2026-11-01",
    "/supervisor/attempts?older=1796678333538-19",
    "/supervisor/attempts?trainee={tina}&newer=1-1",
    "/supervisor/export/attempts.csv?family=dealer-draw&result=right",
    "/supervisor/export/exam-results.csv?trainee={tina}",
]


def aliases(sql: str) -> set[str]:
    """The names a statement gives the big tables (their own, and ``FROM answers a``)."""
    named = set(BIG)
    for table in BIG:
        named |= set(re.findall(rf"\b{table}\s+(?:AS\s+)?([a-z]\w*)", sql, re.I)) - {
            "on", "where", "join", "group", "order", "limit", "left", "using", "set",
            "values", "select"}
    return named


def whole_walks(db: Database, sql: str) -> list[str]:
    """The steps of the statement's plan that read a big table from end to end."""
    plan = [row[3] for row in db.execute(f"EXPLAIN QUERY PLAN {sql}").fetchall()]
    big = aliases(sql)
    walks = []
    for step in plan:
        scanned = re.match(r"SCAN (\w+)(.*)", step)
        if scanned is None or scanned[1] not in big:
            continue
        if "INDEX" not in scanned[2] or not re.search(r"\bLIMIT\b", sql, re.I):
            walks.append(step)
    return walks


@pytest.fixture
def traced(app: Flask, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every statement the app runs from now on, with its values."""
    statements: list[str] = []
    opened: Callable[..., Database] = trainer.web.database.connect

    def tracing(*args: Any, **kwargs: Any) -> Database:
        db = opened(*args, **kwargs)
        db.conn.set_trace_callback(statements.append)
        return db

    app.config["DB_REUSE_CONNECTIONS"] = False
    monkeypatch.setattr(trainer.web.database, "connect", tracing)
    return statements


def test_no_console_page_walks_the_answers(app: Flask, client: FlaskClient, auth: Any,
                                           world: dict[str, int],  # noqa: F811
                                           traced: list[str]) -> None:
    auth.login("sue")
    traced.clear()
    for route in GET_ROUTES + MORE_ROUTES:
        response = client.get(route.format(**world))
        assert response.status_code == 200, route
        response.get_data()  # a streamed export runs its queries as it is read
    statements = {s for s in traced if s.lstrip().upper().startswith(("SELECT", "WITH"))}
    assert any("drill_days" in s for s in statements)  # the figures were read
    assert any("answers" in s for s in statements)  # and the log
    db = connect(app.config["DATABASE"])
    try:
        walks = {sql: found for sql in statements if (found := whole_walks(db, sql))}
    finally:
        db.close()
    assert walks == {}


def test_the_check_sees_a_walk() -> None:
    """The detector is not blind: a count of every answer, or an unindexed filter, is one."""
    db = Database(sqlite3.connect(":memory:"))
    db.execute("CREATE TABLE answers (id INTEGER PRIMARY KEY, user_id INT, answered_ms INT)")
    db.execute("CREATE INDEX answers_time ON answers (answered_ms)")
    assert whole_walks(db, "SELECT count(*) FROM answers a WHERE a.user_id = 3")
    assert whole_walks(db, "SELECT * FROM answers ORDER BY answered_ms DESC")
    assert not whole_walks(db, "SELECT * FROM answers ORDER BY answered_ms DESC LIMIT 51")
    assert not whole_walks(db, "SELECT * FROM answers WHERE answered_ms > 5")
