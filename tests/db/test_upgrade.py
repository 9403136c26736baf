"""A database written by the m015 release upgrades in place and reads as it did.

``fixtures/m015.db`` was built by that release (``build_m015_fixture.py`` in its tree)
and ``fixtures/m015-figures.json`` holds what its report functions and CSV exports read
from it: every figure is compared after the upgrade.
"""

from __future__ import annotations

import csv
import dataclasses
import io
import json
import re
import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlite_utils import Database

from trainer.db import connect, drilling, migrate, reports, rollups, scores
from trainer.db import exams as exams_db
from trainer.db.migrations import _explanations_as_lines
from trainer.web import create_app

FIXTURES = Path(__file__).with_name("fixtures")
BEFORE: dict[str, Any] = json.loads((FIXTURES / "m015-figures.json").read_text())


@pytest.fixture(scope="module")
def upgraded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, Database]]:
    path = tmp_path_factory.mktemp("upgrade") / "m015.db"
    shutil.copy(FIXTURES / "m015.db", path)
    db = connect(path)
    assert migrate(db) == ["m016_one_answer_record", "m017_drill_days", "m018_path_unlocks",
                           "m019_full_names", "m020_mistakes", "m021_four_roles"]
    yield path, db
    db.close()


def plain(row: Any, *properties: str) -> dict[str, Any]:
    """A row as the figures file holds it: its fields (and ``properties``) as JSON reads."""
    fields = dataclasses.asdict(row) | {name: getattr(row, name) for name in properties}
    return json.loads(json.dumps(fields, default=str))


def without(row: dict[str, Any], *names: str) -> dict[str, Any]:
    return {k: v for k, v in row.items() if k not in names}


def as_kept(row: dict[str, Any]) -> dict[str, Any]:
    """A row read now in the old shape: its kept body as ``question``, its kept explanation's
    lines joined as the old release joined a table's (`` | ``)."""
    kept = row.pop("kept_lines")
    assert row.pop("dealt_by") == 0  # dealt before m016: replayed from its snapshot
    return without(row, "snapshot", "answered_ms") | {
        "question": row["snapshot"], "explanation": None if kept is None else " | ".join(kept)}


def facts_by_day(facts: list[dict[str, Any]]) -> dict[tuple[Any, ...], tuple[int, int, int]]:
    """The old figures' facts (every drill answer but retries) counted as the day rollups
    count them: answered, right, and the milliseconds they took."""
    days: dict[tuple[Any, ...], tuple[int, int, int]] = {}
    for fact in facts:
        key = (fact["user_id"], fact["answered_at"][:10], fact["house"], fact["family"])
        answered, correct, elapsed = days.get(key, (0, 0, 0))
        days[key] = (answered + 1, correct + fact["correct"], elapsed + fact["elapsed_ms"])
    return days


def rolled_up(db: Database) -> dict[tuple[Any, ...], tuple[int, int, int]]:
    rows = db.execute("SELECT user_id, day, house, family, answered, correct, elapsed_ms"
                      " FROM drill_days WHERE answered > 0").fetchall()
    return {(user, rollups.day_of(day).isoformat(), house, family): (answered, right, ms)
            for user, day, house, family, answered, right, ms in rows}


def test_every_attempt_replays_as_it_was(upgraded: tuple[Path, Database]) -> None:
    _path, db = upgraded
    for before in BEFORE["attempts"]:
        after = drilling.get_attempt(db, before["id"])
        assert after is not None
        assert as_kept(plain(after, "answered_at")) == before


def test_the_log_facts_and_scores_are_the_same(upgraded: tuple[Path, Database]) -> None:
    _path, db = upgraded
    log = [without(plain(r, "answered_at"), "answered_ms")
           for r in reports.attempt_log(db, limit=len(BEFORE["attempt_log"]) + 1)]
    assert log == BEFORE["attempt_log"]
    assert rolled_up(db) == facts_by_day(BEFORE["facts"])
    for user, families in BEFORE["family_scores"].items():  # the times: from the bins now
        assert {k: (v.answered, v.correct) for k, v in scores.family_scores(
            db, int(user)).items()} == {k: (v["answered"], v["correct"])
                                        for k, v in families.items()}
    for session_id, streaks in BEFORE["streaks"].items():
        assert [scores.streak(db, int(session_id), p) for p in range(len(streaks))] == streaks
    for before in BEFORE["sessions"]:
        after = drilling.get_session(db, before["id"])
        assert after is not None and plain(after) == before


def test_every_sitting_and_exam_answer_is_the_same(upgraded: tuple[Path, Database]) -> None:
    """An exam answer is numbered as its question now: everything else reads as before."""
    _path, db = upgraded
    for before in BEFORE["sittings"]:
        after = exams_db.get_sitting(db, before["id"])
        assert after is not None and plain(after) == before
    for sitting_id, answers in BEFORE["exam_answers"].items():
        after = [without(as_kept(plain(a, "answered_at")), "id")
                 for a in exams_db.sitting_answers(db, int(sitting_id))]
        assert after == [without(a, "id") for a in answers]
    assert [plain(r) for r in reports.exam_results(db)] == BEFORE["exam_results"]


def test_the_csv_exports_are_the_same(upgraded: tuple[Path, Database]) -> None:
    path, _db = upgraded
    app = create_app({"TESTING": True, "SECRET_KEY": "upgrade", "DATABASE": str(path)})
    client = app.test_client()
    page = client.get("/login").get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)
    assert token
    client.post("/login", data={"username": "sue", "password": "correct horse",
                                "csrf_token": token.group(1)})
    for name, url in (("attempts_csv", "/supervisor/export/attempts.csv"),
                      ("exam_results_csv", "/supervisor/export/exam-results.csv")):
        text = client.get(url).get_data(as_text=True)
        rows = list(csv.reader(io.StringIO(text)))
        assert rows[0][-1] == "full_name"  # a column added since, last: no one has a name
        assert [row[:-1] for row in rows] == BEFORE[name] and {row[-1] for row in rows[1:]} <= {
            ""}, name


def test_the_old_tables_are_gone_and_questions_are_kept_as_shown(
        upgraded: tuple[Path, Database]) -> None:
    """The bodies and explanations of the questions dealt before stay as they were shown."""
    _path, db = upgraded
    names = set(db.table_names())
    assert not {"attempts", "issued_questions", "exam_answers"} & names
    with sqlite3.connect(f"file:{FIXTURES / 'm015.db'}?mode=ro", uri=True) as old:
        issued = old.execute("SELECT (SELECT count(*) FROM issued_questions)"
                             " + (SELECT count(*) FROM exam_answers)").fetchone()[0]
    dealt = db.execute("SELECT count(*) FROM questions").fetchone()[0]
    kept = db.execute("SELECT count(*) FROM question_snapshots").fetchone()[0]
    answered = db.execute("SELECT count(*) FROM answers").fetchone()[0]
    exam_answers = sum(len(a) for a in BEFORE["exam_answers"].values())
    assert (dealt, kept) == (issued, issued) == (63, 63)  # one left when its session ended
    assert answered == len(BEFORE["attempts"]) + exam_answers == 62


def test_kept_explanations_become_lines_in_chunks(tmp_path: Path) -> None:
    """m016 splits a table's explanation (" | ") into lines a chunk of rows at a time, and
    keeps any other as one line, so a large history upgrades in flat memory."""
    db = Database(tmp_path / "snapshots.db")
    db.execute("CREATE TABLE question_snapshots (question_id INTEGER PRIMARY KEY,"
               " question TEXT NOT NULL, explanation TEXT)")
    kept = {1: "box 1: win | box 2: lose", 2: "europoker: S17", 3: None,
            4: "box 1: push | box 2: win | box 3: lose", 5: "a | b"}
    for question, text in kept.items():
        db.execute("INSERT INTO question_snapshots VALUES (?, '{}', ?)", [question, text])
    _explanations_as_lines(db, chunk=1)
    stored = dict(db.execute("SELECT question_id, explanation FROM question_snapshots"))
    assert {q: (None if text is None else json.loads(text)) for q, text in stored.items()} == {
        1: ["box 1: win", "box 2: lose"], 2: ["europoker: S17"], 3: None,
        4: ["box 1: push", "box 2: win", "box 3: lose"], 5: ["a", "b"]}
