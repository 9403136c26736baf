"""``trainer generate-history``: a realistic history in a new database, written through the
recording code, exactly N answers, the same rows for the same seed; bad values exit 2."""

from __future__ import annotations

import datetime
import json
import sqlite3
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path
from statistics import median

import pytest
from click.testing import CliRunner

from tests.cli.helpers import run_cli
from trainer.cli import cli
from trainer.drills import load_families

Capsys = pytest.CaptureFixture[str]
SMALL = ["--answers", "2000", "--trainees", "5", "--days", "30"]
DRILLS = "q.session_id IS NOT NULL AND a.retry = 0"


def _generate(path: Path, *args: str) -> dict[str, object]:
    result = CliRunner().invoke(cli, ["generate-history", "--database", str(path), *args,
                                      "--json"])
    assert result.exit_code == 0, result.output
    return dict(json.loads(result.stdout))


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, object]]:
    path = tmp_path_factory.mktemp("history") / "history.db"
    return path, _generate(path, *SMALL)


@pytest.fixture
def db(built: tuple[Path, dict[str, object]]) -> Iterator[sqlite3.Connection]:
    with closing(sqlite3.connect(built[0])) as conn:
        yield conn


def _one(db: sqlite3.Connection, sql: str) -> object:
    return db.execute(sql).fetchone()[0]


def _accuracy(db: sqlite3.Connection, where: str) -> float:
    return float(_one(db, "SELECT avg(a.correct) FROM answers a JOIN questions q"
                          f" ON q.id = a.question_id WHERE {DRILLS} AND {where}"))


def test_the_answers_table_holds_exactly_the_answers_asked_for(
        built: tuple[Path, dict[str, object]], db: sqlite3.Connection) -> None:
    """N counts every answer: drill answers, retries of mistakes and exam answers."""
    _path, made = built
    assert _one(db, "SELECT count(*) FROM answers") == made["answers"] == 2000
    assert _one(db, "SELECT count(*) FROM answers WHERE retry = 1") == made["retry_answers"]
    assert _one(db, "SELECT count(*) FROM answers a JOIN questions q ON q.id = a.question_id"
                    " WHERE q.sitting_id IS NOT NULL") == made["exam_answers"]
    assert _one(db, "SELECT count(*) FROM users WHERE role = 'trainee'") == 5
    assert _one(db, "SELECT count(*) FROM users WHERE role = 'supervisor'") == 1


def test_every_family_and_house_is_drilled(db: sqlite3.Connection) -> None:
    families = load_families()
    drilled = {row for row in db.execute("SELECT DISTINCT family, house FROM questions")}
    assert {family for family, _house in drilled} == set(families)
    assert {house for _family, house in drilled} == {
        house for family in families.values() for house in family.houses}
    assert {row[0] for row in db.execute("SELECT DISTINCT difficulty FROM questions")} == {
        "easy", "medium", "hard"}


def test_accuracy_rises_over_the_days_and_is_lower_in_hard_families(
        db: sqlite3.Connection) -> None:
    first, last = db.execute("SELECT min(answered_ms), max(answered_ms) FROM answers").fetchone()
    third = (last - first) // 3
    early = _accuracy(db, f"a.answered_ms < {first + third}")
    late = _accuracy(db, f"a.answered_ms >= {last - third}")
    assert late > early + 0.03, (early, late)
    assert _accuracy(db, "q.family = 'table-settlement'") < _accuracy(
        db, "q.family = 'dealer-draw'") - 0.1


def test_answers_take_about_each_familys_par(db: sqlite3.Connection) -> None:
    for family in load_families().values():
        times = [ms for (ms,) in db.execute(
            "SELECT a.elapsed_ms FROM answers a JOIN questions q ON q.id = a.question_id"
            f" WHERE {DRILLS} AND q.family = ?", [family.name])]
        assert 0.6 < median(times) / (family.par_seconds * 1000) < 1.8, family.name


def test_the_days_are_yesterday_and_before_at_working_hours(db: sqlite3.Connection) -> None:
    yesterday = datetime.datetime.now(datetime.UTC).date() - datetime.timedelta(days=1)
    days = {datetime.date.fromisoformat(day) for (day,) in db.execute(
        "SELECT DISTINCT date(answered_ms / 1000, 'unixepoch') FROM answers")}
    assert max(days) == yesterday and min(days) == yesterday - datetime.timedelta(days=29)
    hours = {int(hour) for (hour,) in db.execute(
        "SELECT DISTINCT strftime('%H', answered_ms / 1000, 'unixepoch') FROM answers")}
    assert min(hours) == 8 and max(hours) <= 19
    # rows are stamped when they happened, not when they were written
    assert _one(db, "SELECT count(*) FROM drill_sessions s WHERE s.started_at > s.finished_at"
                    " OR date(s.started_at) != date(s.finished_at)") == 0
    joined = {day for (day,) in db.execute(
        "SELECT DISTINCT date(created_at) FROM users WHERE role = 'trainee'")}
    assert len(joined) > 1  # some trainees joined during the month
    assert _one(db, "SELECT count(*) FROM answers a JOIN users u ON u.id = a.user_id"
                    " WHERE date(a.answered_ms / 1000, 'unixepoch') < date(u.created_at)") == 0


def test_mistakes_are_retried_and_every_session_is_closed(db: sqlite3.Connection) -> None:
    retries = db.execute("SELECT id, retry_of, length FROM drill_sessions"
                         " WHERE retry_of IS NOT NULL").fetchall()
    assert retries
    for retry_id, first_id, length in retries:
        asked = db.execute("SELECT family, difficulty, seed FROM questions"
                           " WHERE session_id = ? ORDER BY position", [retry_id]).fetchall()
        missed = db.execute(
            "SELECT q.family, q.difficulty, q.seed FROM questions q JOIN answers a"
            " ON a.question_id = q.id WHERE q.session_id = ? AND a.correct = 0"
            " ORDER BY q.position", [first_id]).fetchall()
        assert asked == missed and len(asked) == length
    assert _one(db, "SELECT count(*) FROM answers a JOIN questions q ON q.id = a.question_id"
                    " WHERE a.retry = 1 AND q.session_id NOT IN (SELECT id FROM drill_sessions"
                    " WHERE retry_of IS NOT NULL)") == 0
    assert _one(db, "SELECT count(*) FROM drill_sessions WHERE finished_at IS NULL") == 0


def test_wrong_payouts_keep_what_they_would_have_paid(db: sqlite3.Connection) -> None:
    """As a live answer does: a wrong payout its cents over or under, a right one none, a
    question that asks no payout nothing; the rollups sum them."""
    assert _one(db, "SELECT count(*) FROM answers WHERE NOT correct AND NOT timed_out"
                    " AND (overpaid_cents > 0 OR underpaid_cents > 0)")
    assert _one(db, "SELECT count(*) FROM answers WHERE correct"
                    " AND (overpaid_cents > 0 OR underpaid_cents > 0)") == 0
    assert _one(db, "SELECT count(*) FROM answers a JOIN questions q ON q.id = a.question_id"
                    " WHERE q.family = 'dealer-draw' AND a.overpaid_cents IS NOT NULL") == 0
    assert _one(db, "SELECT sum(overpaid_cents) FROM drill_totals") == _one(
        db, "SELECT sum(a.overpaid_cents) FROM answers a JOIN questions q"
            " ON q.id = a.question_id WHERE q.session_id IS NOT NULL AND a.retry = 0")


def test_exam_sittings_are_finished_with_their_results(db: sqlite3.Connection) -> None:
    sittings = db.execute("SELECT s.id, s.finished_at, s.correct, s.total, s.passed,"
                          " e.pass_mark FROM exam_sittings s JOIN exams e ON e.id = s.exam_id"
                          ).fetchall()
    assert sittings
    for sitting_id, finished_at, correct, total, passed, pass_mark in sittings:
        right = db.execute("SELECT count(*), sum(a.correct) FROM questions q JOIN answers a"
                           " ON a.question_id = q.id WHERE q.sitting_id = ?",
                           [sitting_id]).fetchone()
        assert finished_at is not None and right == (total, correct)
        assert passed == (correct * 100 >= pass_mark * total)


def test_the_same_seed_writes_the_same_rows(tmp_path: Path,
                                            built: tuple[Path, dict[str, object]]) -> None:
    again, other = tmp_path / "again.db", tmp_path / "other.db"
    _generate(again, *SMALL)
    _generate(other, *SMALL, "--seed", "2")
    assert _rows(again) == _rows(built[0])
    assert _rows(other)["answers"] != _rows(again)["answers"]


def _rows(path: Path) -> dict[str, list[tuple[object, ...]]]:
    """Every table's rows, but the accounts' password hashes (salted at random)."""
    with closing(sqlite3.connect(path)) as conn:
        tables = [name for (name,) in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite%'"
            " AND name != '_sqlite_migrations'")]
        rows = {table: sorted(conn.execute(f"SELECT * FROM [{table}]").fetchall(), key=repr)
                for table in tables}
        rows["users"] = conn.execute("SELECT id, username, role, active, created_at"
                                     " FROM users").fetchall()
    return rows


def test_progress_goes_to_stderr_and_one_line_sums_it_up(capsys: Capsys,
                                                         tmp_path: Path) -> None:
    run = run_cli(capsys, "generate-history", "--database", str(tmp_path / "h.db"),
                  "--answers", "30", "--trainees", "1", "--days", "2")
    assert run.code == 0, run.err
    assert run.out.count("\n") == 1 and run.out.startswith(f"{tmp_path / 'h.db'}: 30 answers")
    assert "generating" in run.err


def test_a_database_without_accounts_takes_a_history(capsys: Capsys, tmp_path: Path) -> None:
    path = tmp_path / "empty.db"
    assert run_cli(capsys, "init-db", "--database", str(path)).code == 0
    run = run_cli(capsys, "generate-history", "--database", str(path), "--answers", "25",
                  "--trainees", "1", "--days", "1", "--json")
    assert run.code == 0, run.err
    assert json.loads(run.out)["answers"] == 25


@pytest.mark.parametrize(("args", "message"), [
    (["--answers", "0"], "Invalid value for '--answers': 0 is not in the range x>=1."),
    (["--answers", "-5"], "Invalid value for '--answers': -5 is not in the range x>=1."),
    (["--answers", "10", "--trainees", "0"],
     "Invalid value for '--trainees': 0 is not in the range 1<=x<=2000."),
    (["--answers", "10", "--days", "0"],
     "Invalid value for '--days': 0 is not in the range 1<=x<=3650."),
    (["--answers", "10", "--seed", "x"],
     "Invalid value for '--seed': 'x' is not a whole number in ASCII digits (0-9)"),
    (["--answers", "1001", "--trainees", "2", "--days", "1"],
     "Invalid value for '--answers': 1001 is more than 500 answers a trainee a day:"
     " --trainees 2 over --days 1 give at most 1,000"),
    ([], "Missing option '--answers'."),
])
def test_a_bad_value_exits_2_naming_it(capsys: Capsys, tmp_path: Path, args: list[str],
                                       message: str) -> None:
    path = tmp_path / "h.db"
    run = run_cli(capsys, "generate-history", "--database", str(path), *args)
    assert (run.code, run.out, run.err) == (2, "", f"trainer: error: {message}\n")
    assert not path.exists()


def test_a_database_that_holds_data_is_refused_untouched(
        capsys: Capsys, built: tuple[Path, dict[str, object]]) -> None:
    path = built[0]
    before = path.read_bytes()
    run = run_cli(capsys, "generate-history", "--database", str(path), "--answers", "10")
    assert (run.code, run.out) == (2, "")
    assert run.err == (f"trainer: error: Invalid value for '--database': {path}: it holds 6 "
                       "accounts: a history goes into a new file\n")
    assert path.read_bytes() == before


@pytest.mark.parametrize(("content", "refusal"), [
    (b"not a database", "not a trainer database (file is not a database)"),
])
def test_a_file_that_is_no_database_is_refused(capsys: Capsys, tmp_path: Path, content: bytes,
                                               refusal: str) -> None:
    path = tmp_path / "notes.db"
    path.write_bytes(content)
    run = run_cli(capsys, "generate-history", "--database", str(path), "--answers", "10")
    assert (run.code, run.out, run.err) == (2, "", f"trainer: error: {path}: {refusal}\n")
    assert path.read_bytes() == content


def test_another_programs_database_is_refused(capsys: Capsys, tmp_path: Path) -> None:
    path = tmp_path / "other.db"
    with closing(sqlite3.connect(path)) as conn:
        conn.execute("CREATE TABLE notes (text)")
    run = run_cli(capsys, "generate-history", "--database", str(path), "--answers", "10")
    assert (run.code, run.out) == (2, "")
    assert run.err == (f"trainer: error: Invalid value for '--database': {path}: it holds "
                       "tables that are not a trainer database's: a history goes into a new "
                       "file\n")


@pytest.mark.parametrize(("database", "message"), [
    ("", "Invalid value for '--database': '' is empty: it names nothing"),
    ("no-such-folder/h.db", "Invalid value for '--database': no-such-folder/h.db: there is no"
                            " folder no-such-folder (create it first)"),
])
def test_a_database_path_naming_nothing_is_refused(capsys: Capsys, database: str,
                                                   message: str) -> None:
    run = run_cli(capsys, "generate-history", "--database", database, "--answers", "10")
    assert (run.code, run.out, run.err) == (2, "", f"trainer: error: {message}\n")
