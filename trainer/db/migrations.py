"""Append-only schema migrations (sqlite-utils' built-in ``Migrations``).

Never edit a migration once it has shipped: add ``m00N_...`` below it.
"""

from __future__ import annotations

import json
import sqlite3

from sqlite_utils import Database, Migrations

from trainer.db import rollups
from trainer.db.connection import SetupError, setup_lock

migrations = Migrations("trainer")


@migrations()
def m001_users_sessions_attempts(db: Database) -> None:
    """Users, drill sessions, the questions issued in them and the attempts answering them."""
    db.execute(
        """
        CREATE TABLE users (
            id INTEGER PRIMARY KEY,
            username TEXT NOT NULL UNIQUE COLLATE NOCASE,
            role TEXT NOT NULL CHECK (role IN ('trainee', 'supervisor')),
            password_hash TEXT NOT NULL,
            active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
            created_at TEXT NOT NULL
        )
        """
    )
    db.execute(
        """
        CREATE TABLE drill_sessions (
            id INTEGER PRIMARY KEY,
            user_id INTEGER NOT NULL REFERENCES users(id),
            house TEXT NOT NULL,
            family TEXT NOT NULL,
            difficulty TEXT NOT NULL,
            length INTEGER NOT NULL CHECK (length > 0),
            seed INTEGER NOT NULL,
            started_at TEXT NOT NULL,
            finished_at TEXT
        )
        """
    )
    db.execute("CREATE INDEX drill_sessions_user ON drill_sessions(user_id, finished_at)")
    db.execute(
        """
        CREATE TABLE issued_questions (
            id INTEGER PRIMARY KEY,
            token TEXT NOT NULL UNIQUE,
            session_id INTEGER NOT NULL REFERENCES drill_sessions(id),
            user_id INTEGER NOT NULL REFERENCES users(id),
            position INTEGER NOT NULL,
            house TEXT NOT NULL,
            family TEXT NOT NULL,
            seed INTEGER NOT NULL,
            difficulty TEXT NOT NULL,
            question TEXT NOT NULL,
            issued_ms INTEGER NOT NULL,
            UNIQUE (session_id, position)
        )
        """
    )
    db.execute(
        """
        CREATE TABLE attempts (
            id INTEGER PRIMARY KEY,
            user_id INTEGER NOT NULL REFERENCES users(id),
            session_id INTEGER NOT NULL REFERENCES drill_sessions(id),
            question_id INTEGER NOT NULL UNIQUE REFERENCES issued_questions(id),
            position INTEGER NOT NULL,
            house TEXT NOT NULL,
            family TEXT NOT NULL,
            seed INTEGER NOT NULL,
            difficulty TEXT NOT NULL,
            question TEXT NOT NULL,
            answer TEXT NOT NULL,
            expected TEXT NOT NULL,
            correct INTEGER NOT NULL CHECK (correct IN (0, 1)),
            explanation TEXT NOT NULL,
            elapsed_ms INTEGER NOT NULL,
            answered_at TEXT NOT NULL
        )
        """
    )
    db.execute("CREATE INDEX attempts_user_family ON attempts(user_id, family, id)")
    db.execute("CREATE INDEX attempts_session ON attempts(session_id, position)")


@migrations()
def m002_supervisor_exams(db: Database) -> None:
    """Exams (issue 6): the exam, who it is assigned to, each sitting and its answers.

    An exam answer is written once (``answered_at IS NULL`` guards the update)
    and a sitting's result is stored when its last question is answered.
    """
    db.execute(
        """
        CREATE TABLE exams (
            id INTEGER PRIMARY KEY,
            title TEXT NOT NULL,
            houses TEXT NOT NULL,
            families TEXT NOT NULL,
            difficulty TEXT NOT NULL,
            questions INTEGER NOT NULL CHECK (questions > 0),
            pass_mark INTEGER NOT NULL CHECK (pass_mark BETWEEN 0 AND 100),
            time_limit_s INTEGER NOT NULL CHECK (time_limit_s > 0),
            attempts_allowed INTEGER NOT NULL CHECK (attempts_allowed > 0),
            created_by INTEGER NOT NULL REFERENCES users(id),
            created_at TEXT NOT NULL
        )
        """
    )
    db.execute(
        """
        CREATE TABLE exam_assignments (
            exam_id INTEGER NOT NULL REFERENCES exams(id),
            user_id INTEGER NOT NULL REFERENCES users(id),
            assigned_by INTEGER NOT NULL REFERENCES users(id),
            assigned_at TEXT NOT NULL,
            PRIMARY KEY (exam_id, user_id)
        )
        """
    )
    db.execute(
        """
        CREATE TABLE exam_sittings (
            id INTEGER PRIMARY KEY,
            exam_id INTEGER NOT NULL REFERENCES exams(id),
            user_id INTEGER NOT NULL REFERENCES users(id),
            number INTEGER NOT NULL CHECK (number > 0),
            seed INTEGER NOT NULL,
            started_at TEXT NOT NULL,
            finished_at TEXT,
            correct INTEGER,
            total INTEGER NOT NULL,
            passed INTEGER CHECK (passed IN (0, 1)),
            elapsed_ms INTEGER,
            UNIQUE (exam_id, user_id, number)
        )
        """
    )
    db.execute("CREATE INDEX exam_sittings_user ON exam_sittings(user_id, exam_id)")
    db.execute(
        """
        CREATE TABLE exam_answers (
            id INTEGER PRIMARY KEY,
            sitting_id INTEGER NOT NULL REFERENCES exam_sittings(id),
            position INTEGER NOT NULL,
            token TEXT NOT NULL UNIQUE,
            house TEXT NOT NULL,
            family TEXT NOT NULL,
            seed INTEGER NOT NULL,
            difficulty TEXT NOT NULL,
            question TEXT NOT NULL,
            issued_ms INTEGER NOT NULL,
            answer TEXT,
            expected TEXT,
            correct INTEGER CHECK (correct IN (0, 1)),
            explanation TEXT,
            elapsed_ms INTEGER,
            timed_out INTEGER NOT NULL DEFAULT 0 CHECK (timed_out IN (0, 1)),
            answered_at TEXT,
            UNIQUE (sitting_id, position)
        )
        """
    )
    db.execute("CREATE INDEX attempts_answered_at ON attempts(answered_at)")


@migrations()
def m003_login_failures(db: Database) -> None:
    """Failed logins (issue 7): login throttling per account and per address, shared by workers."""
    db.execute(
        """
        CREATE TABLE login_failures (
            id INTEGER PRIMARY KEY,
            key TEXT NOT NULL,
            at_ms INTEGER NOT NULL
        )
        """
    )
    db.execute("CREATE INDEX login_failures_key ON login_failures(key, at_ms)")
    db.execute("CREATE INDEX login_failures_at ON login_failures(at_ms)")


@migrations()
def m004_streak_from_the_index(db: Database) -> None:
    """The session index carries ``correct``: a streak is read from the index alone, without
    visiting each attempt's row (a row holds the whole question)."""
    db.execute("DROP INDEX attempts_session")
    db.execute("CREATE INDEX attempts_session ON attempts(session_id, position, correct)")


@migrations()
def m005_questions_sent_ahead(db: Database) -> None:
    """Whether a question went out ahead, with the previous answer's feedback: only then may
    the browser's report of how long it stayed hidden come off its time.  A question left
    unanswered past the first of its session counts as sent ahead, as every one did before."""
    db.execute("ALTER TABLE issued_questions ADD COLUMN sent_ahead INTEGER NOT NULL DEFAULT 0"
               " CHECK (sent_ahead IN (0, 1))")
    db.execute("UPDATE issued_questions SET sent_ahead = 1 WHERE position > 0 AND NOT EXISTS"
               " (SELECT 1 FROM attempts a WHERE a.question_id = issued_questions.id)")


@migrations()
def m006_questions_planned_then_shown(db: Database) -> None:
    """A session's questions are stored when it starts and shown one at a time: ``shown_ms``
    is when the trainee was shown a question (its clock; NULL until then), ``issued_ms`` when
    it was stored.  Every question stored so far was shown when it was stored.

    Code from before m006 cannot share the database with code after it (it reads the last
    stored question as the pending one): stop every worker to upgrade past it, and do not
    roll back past it."""
    db.execute("ALTER TABLE issued_questions ADD COLUMN shown_ms INTEGER")
    db.execute("UPDATE issued_questions SET shown_ms = issued_ms")


@migrations()
def m007_login_generations(db: Database) -> None:
    """``users.login_generation``: part of every login's session cookie; logging out or a new
    password moves it on, which ends every login made before (a signed cookie copied off a
    shared training-room PC no longer works).  Logins from before m007 end too."""
    db.execute("ALTER TABLE users ADD COLUMN login_generation INTEGER NOT NULL DEFAULT 0")


@migrations()
def m008_reported_waits(db: Database) -> None:
    """``attempts.waited_ms``: the part of the time since a question was shown that came off
    its ``elapsed_ms`` because the browser reported it waiting hidden behind the previous
    feedback, so the server's whole clock (the two added) stays on record.  0 for every
    attempt before m008 (what came off then is not known)."""
    db.execute("ALTER TABLE attempts ADD COLUMN waited_ms INTEGER NOT NULL DEFAULT 0")


@migrations()
def m009_retries_of_mistakes(db: Database) -> None:
    """Retrying a session's mistakes: ``drill_sessions.retry_of`` names the session whose
    wrong answers a retry asks again, and ``attempts.retry`` marks the answers given in
    one.  The trainee has just seen those answers, so a retry is practice: its attempts are
    recorded like any other but left out of the scores and the supervisor's figures.

    An answer takes its ``retry`` from its session as it is inserted: stop every worker to
    upgrade past m009 (code from before it would record a retry's answers as scored)."""
    db.execute("ALTER TABLE drill_sessions ADD COLUMN retry_of INTEGER"
               " REFERENCES drill_sessions(id)")
    db.execute("ALTER TABLE attempts ADD COLUMN retry INTEGER NOT NULL DEFAULT 0"
               " CHECK (retry IN (0, 1))")
    db.execute("CREATE INDEX drill_sessions_retry_of ON drill_sessions(retry_of)"
               " WHERE retry_of IS NOT NULL")


@migrations()
def m010_exams_withdrawn(db: Database) -> None:
    """``exams.withdrawn_at``: a supervisor withdrew the exam (a mistake, or out of date): no
    sitting starts any more, one under way may be finished, and every result stands."""
    db.execute("ALTER TABLE exams ADD COLUMN withdrawn_at TEXT")


@migrations()
def m011_open_sittings(db: Database) -> None:
    """An index of the sittings not finished: before pages and exports, the app looks for
    sittings walked out of, and without it that look read every sitting ever sat."""
    db.execute("CREATE INDEX exam_sittings_open ON exam_sittings(id)"
               " WHERE finished_at IS NULL")


@migrations()
def m012_timed_out_times_capped(db: Database) -> None:
    """A timed-out exam answer's time is its limit (the question's time limit and the grace),
    as ``record_answer`` stores it now: before, the time away past the limit was stored
    and swelled the sitting's answering time.  The grace then was always the default 2 s;
    each sitting holding such an answer gets its time summed again."""
    capped = ("(SELECT e.time_limit_s * 1000 + 2000 FROM exam_sittings s"
              " JOIN exams e ON e.id = s.exam_id WHERE s.id = exam_answers.sitting_id)")
    db.execute(f"UPDATE exam_answers SET elapsed_ms = {capped}"
               f" WHERE timed_out = 1 AND elapsed_ms > {capped}")
    db.execute("UPDATE exam_sittings SET elapsed_ms = (SELECT coalesce(sum(a.elapsed_ms), 0)"
               " FROM exam_answers a WHERE a.sitting_id = exam_sittings.id)"
               " WHERE finished_at IS NOT NULL AND id IN"
               " (SELECT sitting_id FROM exam_answers WHERE timed_out = 1)")


@migrations()
def m013_breaks_set_aside(db: Database) -> None:
    """``set_aside_ms`` on issued questions and attempts: when a drill question shown again
    after a break (5 minutes) restarts its clock, the time before the restart is added up
    on the question and kept with its attempt, so the server's whole clock stays on record
    (``elapsed_ms + waited_ms + set_aside_ms``).  0 before m013 (not known then)."""
    db.execute("ALTER TABLE issued_questions ADD COLUMN set_aside_ms INTEGER NOT NULL DEFAULT 0")
    db.execute("ALTER TABLE attempts ADD COLUMN set_aside_ms INTEGER NOT NULL DEFAULT 0")


@migrations()
def m014_start_tokens(db: Database) -> None:
    """``drill_sessions.start_token``: each Start (or Drill again) button carries a token of
    its own, so a double click or a resent form opens one session, not two.  Unique per
    trainee; NULL for sessions before m014 and for retries."""
    db.execute("ALTER TABLE drill_sessions ADD COLUMN start_token TEXT")
    db.execute("CREATE UNIQUE INDEX drill_sessions_start_token"
               " ON drill_sessions (user_id, start_token)")


@migrations()
def m015_attempt_grants(db: Database) -> None:
    """``exam_attempt_grants``: one more attempt at an exam for one trainee, allowed by a
    supervisor after the exam's own were used up (a sitting ended by a mistaken
    deactivation, a fire drill), with who allowed it, when and why, so the record says
    how a trainee came to sit an exam more often than it allows."""
    db.execute(
        """
        CREATE TABLE exam_attempt_grants (
            id INTEGER PRIMARY KEY,
            exam_id INTEGER NOT NULL REFERENCES exams(id),
            user_id INTEGER NOT NULL REFERENCES users(id),
            granted_by INTEGER NOT NULL REFERENCES users(id),
            granted_at TEXT NOT NULL,
            reason TEXT NOT NULL CHECK (length(trim(reason)) > 0)
        )
        """
    )
    db.execute("CREATE INDEX exam_attempt_grants_trainee"
               " ON exam_attempt_grants (exam_id, user_id)")


@migrations()
def m016_one_answer_record(db: Database) -> None:
    """One record of questions and answers for drills and exams, compact (issue 32).

    ``questions`` holds every question dealt, in a drill session or an exam sitting, by
    what regenerates it (house, family, difficulty, seed, and the drills' deal version
    that dealt it: ``dealt_by``, 0 before m016) and its expected answer (for the log and
    the CSV without regenerating); ``answers`` holds what is the trainee's: the
    answer, right or wrong, its times.  A question's body and an answer's explanation are
    no longer stored: the drills regenerate them.  Questions dealt before m016 keep the
    body and explanation they were shown with in ``question_snapshots`` (a later release
    may deal them otherwise), so every answer replays as it was; an explanation is kept as
    its lines (a JSON list: a table's were joined with " | ").  Drill attempts keep
    their ids (the log and the CSV name them); exam answers are numbered after them.
    Times become milliseconds since the epoch (``answered_ms``).

    Stop every worker to upgrade past m016: code from before it reads the old tables."""
    db.execute(
        """
        CREATE TABLE questions (
            id INTEGER PRIMARY KEY,
            session_id INTEGER REFERENCES drill_sessions(id),
            sitting_id INTEGER REFERENCES exam_sittings(id),
            position INTEGER NOT NULL,
            token TEXT NOT NULL,
            house TEXT NOT NULL,
            family TEXT NOT NULL,
            difficulty TEXT NOT NULL,
            seed INTEGER NOT NULL,
            expected TEXT NOT NULL,
            issued_ms INTEGER NOT NULL,
            shown_ms INTEGER,
            sent_ahead INTEGER NOT NULL DEFAULT 0 CHECK (sent_ahead IN (0, 1)),
            set_aside_ms INTEGER NOT NULL DEFAULT 0,
            dealt_by INTEGER NOT NULL DEFAULT 0,
            CHECK ((session_id IS NULL) <> (sitting_id IS NULL))
        )
        """
    )
    db.execute(
        """
        CREATE TABLE answers (
            id INTEGER PRIMARY KEY,
            question_id INTEGER NOT NULL REFERENCES questions(id),
            user_id INTEGER NOT NULL REFERENCES users(id),
            answer TEXT NOT NULL,
            correct INTEGER NOT NULL CHECK (correct IN (0, 1)),
            elapsed_ms INTEGER NOT NULL,
            waited_ms INTEGER NOT NULL DEFAULT 0,
            retry INTEGER NOT NULL DEFAULT 0 CHECK (retry IN (0, 1)),
            timed_out INTEGER NOT NULL DEFAULT 0 CHECK (timed_out IN (0, 1)),
            answered_ms INTEGER NOT NULL
        )
        """
    )
    db.execute(
        """
        CREATE TABLE question_snapshots (
            question_id INTEGER PRIMARY KEY REFERENCES questions(id),
            question TEXT NOT NULL,
            explanation TEXT
        )
        """
    )
    # milliseconds since the epoch; 0 for a time that is not ISO 8601 (never written so)
    ms = "coalesce(CAST(round((julianday({}) - 2440587.5) * 86400000.0) AS INTEGER), 0)"
    db.execute(
        "INSERT INTO questions (id, session_id, position, token, house, family, difficulty,"
        " seed, expected, issued_ms, shown_ms, sent_ahead, set_aside_ms)"
        " SELECT q.id, q.session_id, q.position, q.token, q.house, q.family, q.difficulty,"
        " q.seed, coalesce(a.expected, json_extract(q.question, '$.expected_text'), ''),"
        " q.issued_ms, q.shown_ms, q.sent_ahead, q.set_aside_ms"
        " FROM issued_questions q LEFT JOIN attempts a ON a.question_id = q.id ORDER BY q.id"
    )
    db.execute(
        "INSERT INTO question_snapshots (question_id, question, explanation)"
        " SELECT q.id, q.question, a.explanation"
        " FROM issued_questions q LEFT JOIN attempts a ON a.question_id = q.id ORDER BY q.id"
    )
    db.execute(
        "INSERT INTO answers (id, question_id, user_id, answer, correct, elapsed_ms, waited_ms,"
        f" retry, answered_ms) SELECT id, question_id, user_id, answer, correct, elapsed_ms,"
        f" waited_ms, retry, {ms.format('answered_at')} FROM attempts ORDER BY id"
    )
    first = int(db.execute("SELECT coalesce(max(id), 0) FROM questions").fetchone()[0])
    db.execute(
        "INSERT INTO questions (id, sitting_id, position, token, house, family, difficulty,"
        " seed, expected, issued_ms, shown_ms) SELECT ? + e.id, e.sitting_id, e.position,"
        " e.token, e.house, e.family, e.difficulty, e.seed,"
        " coalesce(e.expected, json_extract(e.question, '$.expected_text'), ''), e.issued_ms,"
        " e.issued_ms FROM exam_answers e ORDER BY e.id", [first]
    )
    db.execute(
        "INSERT INTO question_snapshots (question_id, question, explanation)"
        " SELECT ? + id, question, explanation FROM exam_answers ORDER BY id", [first]
    )
    db.execute(
        "INSERT INTO answers (question_id, user_id, answer, correct, elapsed_ms, timed_out,"
        f" answered_ms) SELECT ? + e.id, s.user_id, e.answer, e.correct, e.elapsed_ms,"
        f" e.timed_out, {ms.format('e.answered_at')} FROM exam_answers e"
        " JOIN exam_sittings s ON s.id = e.sitting_id WHERE e.answered_at IS NOT NULL"
        " ORDER BY e.answered_at, e.id", [first]
    )
    _explanations_as_lines(db)
    for table in ("attempts", "issued_questions", "exam_answers"):
        db.execute(f"DROP TABLE {table}")
    db.execute("CREATE UNIQUE INDEX questions_session ON questions (session_id, position)"
               " WHERE session_id IS NOT NULL")
    db.execute("CREATE UNIQUE INDEX questions_sitting ON questions (sitting_id, position)"
               " WHERE sitting_id IS NOT NULL")
    db.execute("CREATE UNIQUE INDEX answers_question ON answers (question_id)")
    db.execute("CREATE INDEX answers_user ON answers (user_id, answered_ms)")
    db.execute("CREATE INDEX answers_time ON answers (answered_ms)")


@migrations()
def m017_drill_days(db: Database) -> None:
    """Per-day and all-time rollups of drill answers (``trainer.db.rollups``), built from
    the answers recorded so far: the console's figures read them, not the answers.  An
    answer to a payout also keeps what it would have paid wrongly, over and under what was
    due, in cents (``overpaid_cents``, ``underpaid_cents``; NULL for a question that asks
    no payout, and for every answer recorded before: not worked out again)."""
    db.execute("ALTER TABLE answers ADD COLUMN overpaid_cents INTEGER")
    db.execute("ALTER TABLE answers ADD COLUMN underpaid_cents INTEGER")
    for table in rollups.CREATE:
        db.execute(table)
    # a dashboard's trends read answered and right by trainee and day from the index alone
    db.execute("CREATE INDEX drill_days_by_day ON drill_days (day, user_id, answered, correct)")
    rollups.backfill(db)


@migrations()
def m018_path_unlocks(db: Database) -> None:
    """Drills a supervisor opened for a trainee ahead of the learning path
    (``trainer.db.path_unlocks``): one row a trainee, house and drill, with who and when."""
    db.execute(
        """
        CREATE TABLE path_unlocks (
            user_id INTEGER NOT NULL REFERENCES users(id),
            house TEXT NOT NULL,
            family TEXT NOT NULL,
            opened_by INTEGER NOT NULL REFERENCES users(id),
            opened_at TEXT NOT NULL,
            PRIMARY KEY (user_id, house, family)
        ) WITHOUT ROWID
        """
    )


@migrations()
def m019_full_names(db: Database) -> None:
    """``users.full_name``: the person's name as a certificate prints it (issue 35); ""
    when none is given, and then the username stands in.  NOT NULL with "" rather than
    NULL: "no name" has one spelling, which every page and export reads without a NULL
    case, and a constant default adds the column without rewriting the table."""
    db.execute("ALTER TABLE users ADD COLUMN full_name TEXT NOT NULL DEFAULT ''")


@migrations()
def m020_mistakes(db: Database) -> None:
    """Each trainee's queue of mistakes to bring back over the days
    (``trainer.db.mistakes``): the question missed, when it is due and after how long."""
    db.execute(
        """
        CREATE TABLE mistakes (
            user_id INTEGER NOT NULL REFERENCES users(id),
            house TEXT NOT NULL,
            family TEXT NOT NULL,
            difficulty TEXT NOT NULL,
            seed INTEGER NOT NULL,
            expected TEXT NOT NULL,
            dealt_by INTEGER NOT NULL,
            due_day INTEGER NOT NULL,
            interval_days INTEGER NOT NULL,
            misses INTEGER NOT NULL,
            PRIMARY KEY (user_id, house, family, difficulty, seed)
        ) WITHOUT ROWID
        """
    )
    db.execute("CREATE INDEX mistakes_due ON mistakes (user_id, due_day)")


_TWO_ROLES = "CHECK (role IN ('trainee', 'supervisor'))"
_FOUR_ROLES = "CHECK (role IN ('admin', 'supervisor', 'auditor', 'trainee'))"


@migrations(transactional=False)
def m021_four_roles(db: Database) -> None:
    """``users.role``: admin, supervisor, auditor or trainee (issue 37); existing accounts
    keep theirs.  SQLite cannot change a CHECK in place, so the table is rebuilt its
    documented way: foreign keys off (which no transaction can do, so this migration opens
    its own), a copy, the old table dropped, the copy renamed.  Done, it does nothing: a
    crash between its commit and its record applies it again harmlessly."""
    (sql,) = db.execute(
        "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'users'").fetchone()
    if _TWO_ROLES not in sql:
        return
    copy = sql.replace(_TWO_ROLES, _FOUR_ROLES).replace("CREATE TABLE users",
                                                        "CREATE TABLE users_new", 1)
    db.execute("PRAGMA foreign_keys = OFF")
    try:
        with db.atomic():
            db.execute(copy)
            db.execute("INSERT INTO users_new SELECT * FROM users")
            db.execute("DROP TABLE users")
            db.execute("ALTER TABLE users_new RENAME TO users")
            if db.execute("PRAGMA foreign_key_check").fetchone() is not None:
                raise SetupError("m021: a row names a user the users table lacks")
    finally:
        db.execute("PRAGMA foreign_keys = ON")


def _explanations_as_lines(db: Database, chunk: int = 500) -> None:
    """m016: each kept explanation as a JSON list of its lines.  A table's explanation joined
    its lines with " | "; the others are one line.  Done in chunks, so memory stays flat
    however many answers a database holds."""
    db.execute("UPDATE question_snapshots SET explanation = json_array(explanation)"
               " WHERE explanation IS NOT NULL AND instr(explanation, ' | ') = 0")
    after = -1
    while rows := db.execute(
            "SELECT question_id, explanation FROM question_snapshots WHERE question_id > ?"
            " AND instr(explanation, ' | ') > 0 ORDER BY question_id LIMIT ?",
            [after, chunk]).fetchall():
        db.conn.executemany("UPDATE question_snapshots SET explanation = ? WHERE question_id = ?",
                            [(json.dumps(text.split(" | "), ensure_ascii=False), question)
                             for question, text in rows])
        after = rows[-1][0]


def migrate(db: Database) -> list[str]:
    """Apply pending migrations; returns the names applied.

    Several gunicorn workers may start at once, so a file lock next to the
    database serialises them: the first applies, the others find nothing pending.
    """
    path = _database_file(db)
    if path is None:
        return _apply(db)
    with setup_lock(path):
        return _apply(db)


def unknown_migrations(conn: sqlite3.Connection) -> list[str]:
    """The migrations the database records as applied that this release does not have (a
    newer release wrote it), in the order applied; none for a database this release made."""
    table = conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?",
                         (Migrations.migrations_table,)).fetchone()
    if table is None:
        return []
    scratch = Database(memory=True)  # on an empty database every migration is pending
    try:
        known = {m.name for m in migrations.pending(scratch)}
    finally:
        scratch.close()
    rows = conn.execute(f"SELECT name FROM {Migrations.migrations_table} "
                        "WHERE migration_set = ? ORDER BY rowid", (migrations.name,))
    return [name for (name,) in rows if name not in known]


def newer_release_problem(where: str, unknown: list[str]) -> str:
    """Why a database with the ``unknown`` migrations is refused, naming it ``where``."""
    return (f"{where}: written by a newer release of the trainer (migration {unknown[0]!r} "
            "is unknown to this one); use that release with it")


def _apply(db: Database) -> list[str]:
    if unknown := unknown_migrations(db.conn):  # its tables are not the ones this code knows
        raise SetupError(newer_release_problem(_database_file(db) or "the database", unknown))
    pending = [m.name for m in migrations.pending(db)]
    if pending:
        migrations.apply(db)
    return pending


def _database_file(db: Database) -> str | None:
    """The connection's main database file (None for an in-memory database)."""
    row = db.execute("PRAGMA database_list").fetchone()
    filename = row[2] if row else ""
    return str(filename) if filename else None
