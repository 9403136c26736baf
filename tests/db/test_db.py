"""The SQLite layer against a real file: migrations, WAL, users, sessions, attempts."""

from __future__ import annotations

import sqlite3
import threading
from dataclasses import replace
from pathlib import Path

import pytest
from sqlite_utils import Database

from tests.dealt import kept
from trainer.db import connect, migrate, migrations, write_transaction
from trainer.db import drilling as d
from trainer.db import exams as exams_db
from trainer.db import questions as qs
from trainer.db import scores as sc
from trainer.db.users import (
    UserExistsError,
    create_user,
    end_logins,
    find_user,
    get_user,
    set_active,
    set_password,
)


@pytest.fixture
def trainee(db: Database) -> int:
    return create_user(db, "tina", "trainee", "hash").id


def new_question(session: d.SessionRow, position: int, token: str = "") -> qs.NewQuestion:
    return qs.NewQuestion(position, session.family, session.difficulty, 100 + position, "stand",
                          token or f"tok-{session.id}-{position}", 0, f'{{"n": {position}}}')


def issue(db: Database, session: d.SessionRow, position: int, token: str = "",
          shown_ms: int = 1_000) -> qs.QuestionRow:
    """Store the question at ``position`` and show it at ``shown_ms``."""
    qs.store_questions(db, session, [new_question(session, position, token)])
    stored = qs.question_at(db, session.id, position)
    assert stored is not None
    qs.show_question(db, stored.id, shown_ms)
    shown = qs.question_at(db, session.id, position)
    assert shown is not None and shown.shown_ms == shown_ms
    return shown


def answer(db: Database, question: qs.QuestionRow, correct: bool = True,
           answered_ms: int = 3_500, length: int = 3) -> d.Recorded:
    return d.record_attempt(db, question, answer="hit", correct=correct,
                            answered_ms=answered_ms,
                            session_length=length)


def test_migrations_create_the_tables_once(tmp_path: Path) -> None:
    path = tmp_path / "fresh.db"
    database = connect(path)
    applied = migrate(database)
    assert applied[0] == "m001_users_sessions_attempts"
    assert migrate(database) == []
    assert migrations.pending(database) == []
    assert {"users", "drill_sessions", "questions", "answers"} <= set(
        database.table_names())
    assert [m.name for m in migrations.applied(database)] == applied
    assert path.is_file()


def test_wal_mode_and_busy_timeout(db: Database) -> None:
    assert db.journal_mode == "wal"
    assert db.execute("PRAGMA busy_timeout").fetchone()[0] == 5000
    assert db.execute("PRAGMA foreign_keys").fetchone()[0] == 1


def test_the_wal_shrinks_back_after_a_burst_of_writes(tmp_path: Path) -> None:
    """A burst (a backfill, a migration) grows the WAL past the limit; once checkpointed,
    the next write starts it again at the limit, not at its peak."""
    path = tmp_path / "burst.db"
    database = connect(path)
    assert database.execute("PRAGMA journal_size_limit").fetchone()[0] == 32 * 1024 * 1024
    database.execute("PRAGMA wal_autocheckpoint = 0")
    database.execute("CREATE TABLE scratch (blob BLOB)")
    with write_transaction(database):
        for _ in range(40):
            database.execute("INSERT INTO scratch VALUES (zeroblob(1024 * 1024))")
    wal = path.with_name("burst.db-wal")
    assert wal.stat().st_size > 40 * 1024 * 1024
    database.execute("PRAGMA wal_checkpoint(PASSIVE)")
    with write_transaction(database):
        database.execute("INSERT INTO scratch VALUES (1)")
    assert wal.stat().st_size <= 32 * 1024 * 1024
    database.close()


def test_m006_starts_every_stored_question_clock_where_it_was(tmp_path: Path) -> None:
    """Before m006 a question was stored when it was shown: its clock stays where it was."""
    database = connect(tmp_path / "old.db")
    migrations.apply(database, stop_before="m006_questions_planned_then_shown")
    user = database.execute("INSERT INTO users (username, role, password_hash, created_at)"
                            " VALUES ('tina', 'trainee', 'h', 'then')").lastrowid
    database.execute("INSERT INTO drill_sessions (id, user_id, house, family, difficulty,"
                     " length, seed, started_at) VALUES (1, ?, 'europoker', 'dealer-draw',"
                     " 'easy', 3, 1, 'then')", [user])
    database.execute("INSERT INTO issued_questions (token, session_id, user_id, position, house,"
                     " family, seed, difficulty, question, issued_ms, sent_ahead) VALUES"
                     " ('t0', 1, ?, 0, 'europoker', 'dealer-draw', 1, 'easy', '{}', 7000, 1)",
                     [user])
    assert migrate(database) == ["m006_questions_planned_then_shown", "m007_login_generations",
                                 "m008_reported_waits", "m009_retries_of_mistakes",
                                 "m010_exams_withdrawn", "m011_open_sittings",
                                 "m012_timed_out_times_capped", "m013_breaks_set_aside",
                                     "m014_start_tokens", "m015_attempt_grants",
                                     "m016_one_answer_record", "m017_drill_days",
                                     "m018_path_unlocks",
                                     "m019_full_names", "m020_mistakes", "m021_four_roles"]
    question = qs.pending_question(database, 1)
    assert question is not None
    assert (question.issued_ms, question.shown_ms, question.sent_ahead) == (7_000, 7_000, True)


def test_concurrent_migrations_apply_once(tmp_path: Path) -> None:
    path = tmp_path / "race.db"
    applied: list[list[str]] = []

    def run() -> None:
        database = connect(path)
        applied.append(migrate(database))
        database.close()

    threads = [threading.Thread(target=run) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    probe = connect(path)
    total = len(migrations.applied(probe))
    probe.close()
    assert total >= 1
    assert sorted(len(a) for a in applied) == [0, 0, 0, total]


def test_look_alike_usernames_are_one_account(db: Database) -> None:
    """Full width and case beyond ASCII are the same name (NFKC, case folded); a name mixing
    scripts is refused; a name in one script other than Latin is welcome."""
    create_user(db, "alice", "trainee", "h")
    with pytest.raises(UserExistsError, match="user 'ａｌｉｃｅ' already exists \\(as 'alice'\\)"):
        create_user(db, "ａｌｉｃｅ", "trainee", "h")
    with pytest.raises(ValueError, match="mixes Cyrillic and Latin letters"):
        create_user(db, "аlice", "trainee", "h")
    assert create_user(db, "zoë", "trainee", "h").username == "zoë"
    with pytest.raises(UserExistsError, match="\\(as 'zoë'\\)"):
        create_user(db, "ZOË", "trainee", "h")
    assert create_user(db, "алиса", "trainee", "h").username == "алиса"


def test_a_name_that_only_looks_like_another_in_another_script_is_refused(db: Database) -> None:
    """Cyrillic асе and ВОВ read as Latin ace and BOB on a supervisor's screen: refused, and
    so is the other way round; Cyrillic names that look like no Latin one are welcome."""
    create_user(db, "ace", "trainee", "h")
    create_user(db, "BOB", "trainee", "h")
    create_user(db, "сор", "trainee", "h")  # Cyrillic
    create_user(db, "олег", "trainee", "h")
    with pytest.raises(UserExistsError, match=r"^user 'асе' looks the same as the existing "
                                              r"'ace' \(letters of another script\)$"):
        create_user(db, "асе", "trainee", "h")
    with pytest.raises(UserExistsError, match="the existing 'BOB'"):
        create_user(db, "ВОВ", "supervisor", "h")
    with pytest.raises(UserExistsError, match="the existing 'сор'"):
        create_user(db, "COP", "trainee", "h")  # Latin, beside a Cyrillic name
    assert create_user(db, "ася", "trainee", "h").username == "ася"
    assert create_user(db, "αβγ", "trainee", "h").username == "αβγ"
    create_user(db, "max", "trainee", "h")
    with pytest.raises(UserExistsError, match="the existing 'max'"):
        create_user(db, "ΜΑΧ", "trainee", "h")  # Greek capitals
    # one script: its readers tell these apart (Kazakh ү and у, Cyrillic һ and н)
    create_user(db, "Гулнара", "trainee", "h")
    assert create_user(db, "Гүлнара", "trainee", "h").username == "Гүлнара"
    create_user(db, "Нурлан", "trainee", "h")
    assert create_user(db, "Һурлан", "trainee", "h").username == "Һурлан"


def test_users(db: Database) -> None:
    user = create_user(db, "Tina", "trainee", "h1")
    assert user.username == "Tina" and user.role == "trainee" and user.active
    assert find_user(db, "tina") == user  # case-insensitive names
    with pytest.raises(UserExistsError, match="already exists"):
        create_user(db, "TINA", "supervisor", "h2")
    with pytest.raises(ValueError, match="role 'boss'"):
        create_user(db, "bob", "boss", "h")
    with pytest.raises(ValueError, match="invisible, control or unassigned character"):
        create_user(db, "Tina\u200b", "trainee", "h")
    assert create_user(db, "Мікалай", "trainee", "h").username == "Мікалай"  # any script
    for name in ("Марʼя", "スーパー"):  # modifier letters (ʼ, ー) belong to every script
        assert create_user(db, name, "trainee", "h").username == name
    # one account however the accent was typed (stored and looked up in NFC)
    assert create_user(db, "tin\u00e1", "trainee", "h").username == "tin\u00e1"
    with pytest.raises(UserExistsError):
        create_user(db, "tina\u0301", "trainee", "h")
    assert find_user(db, "tina\u0301") == find_user(db, "tin\u00e1")
    set_password(db, user.id, "h3")
    set_active(db, user.id, False)
    again = get_user(db, user.id)
    assert again is not None and again.password_hash == "h3" and not again.active
    assert get_user(db, 999) is None


def test_session_question_attempt_round_trip(db: Database, trainee: int) -> None:
    session = d.start_session(db, trainee, "europoker", "dealer-draw", "easy", 3, 42)
    assert session.answered == 0 and not session.finished
    assert qs.pending_question(db, session.id) is None
    q0 = issue(db, session, 0)
    assert qs.pending_question(db, session.id) == q0
    assert d.session_and_question(db, session.id, q0.token) == (session, q0)
    attempt, created = answer(db, q0)[:2]
    assert created
    assert attempt.elapsed_ms == 2_500  # measured from showing to answer on the server
    assert (attempt.house, attempt.family, attempt.seed, attempt.difficulty) == (
        "europoker", "dealer-draw", 100, "easy")
    assert attempt.snapshot == '{"n": 0}' and attempt.answer == "hit"
    assert attempt.expected == "stand" and attempt.correct
    assert qs.pending_question(db, session.id) is None
    assert d.get_session(db, session.id).answered == 1  # type: ignore[union-attr]
    again, answered = d.session_and_question(db, session.id, q0.token)
    assert again is not None and again.answered == 1
    assert answered == replace(q0, answered=True)


def test_a_token_is_found_only_in_its_own_session(db: Database, trainee: int) -> None:
    first = d.start_session(db, trainee, "europoker", "dealer-draw", "easy", 3, 1)
    second = d.start_session(db, trainee, "europoker", "dealer-draw", "easy", 3, 2)
    q0 = issue(db, first, 0)
    assert d.session_and_question(db, second.id, q0.token) == (second, None)
    assert d.session_and_question(db, first.id, "no-such-token") == (first, None)
    assert d.session_and_question(db, 999, q0.token) == (None, None)


def test_double_submit_records_one_attempt(db: Database, trainee: int) -> None:
    session = d.start_session(db, trainee, "europoker", "dealer-draw", "easy", 3, 42)
    q0 = issue(db, session, 0)
    first = answer(db, q0, correct=False)
    second = answer(db, q0, correct=True, answered_ms=9_999)
    assert first.created and not second.created
    assert second.attempt == first.attempt and not second.attempt.correct
    assert (first.streak, second.streak) == (0, None)  # a double submit reads no streak
    assert db.execute("SELECT count(*) FROM answers").fetchone()[0] == 1


def test_unique_constraints_hold_in_sql(db: Database, trainee: int) -> None:
    session = d.start_session(db, trainee, "europoker", "dealer-draw", "easy", 3, 42)
    q0 = issue(db, session, 0)
    answer(db, q0)
    with pytest.raises(sqlite3.IntegrityError):
        db.execute("INSERT INTO answers (question_id, user_id, answer, correct, elapsed_ms,"
                   " answered_ms) SELECT question_id, user_id, answer, correct, elapsed_ms,"
                   " answered_ms FROM answers")


def test_a_position_stored_twice_keeps_its_first_question(db: Database, trainee: int) -> None:
    session = d.start_session(db, trainee, "europoker", "dealer-draw", "easy", 3, 42)
    first = issue(db, session, 0, token="a")
    second = issue(db, session, 0, token="b")
    assert second == first and first.token == "a" and qs.issued_count(db, session.id) == 1


def test_a_session_stores_its_questions_when_it_starts(db: Database, trainee: int) -> None:
    dealt = [kept(i, "dealer-draw", "easy", 10 + i, f'{{"n": {i}}}', f"tok-{i}")
             for i in range(3)]
    session = d.start_session(db, trainee, "europoker", "dealer-draw", "easy", 3, 42, dealt)
    assert qs.issued_count(db, session.id) == 3
    q0 = qs.pending_question(db, session.id)
    assert q0 is not None and (q0.position, q0.token, q0.seed) == (0, "tok-0", 10)
    assert q0.shown_ms is None and not q0.sent_ahead
    with pytest.raises(ValueError, match="never shown"):  # no answer before it is shown
        answer(db, q0)
    qs.show_question(db, q0.id, 2_000)
    q0 = qs.pending_question(db, session.id)
    assert q0 is not None and q0.shown_ms == 2_000
    q1 = answer(db, q0, answered_ms=3_000).sent_ahead
    assert q1 is not None and (q1.position, q1.shown_ms, q1.sent_ahead) == (1, 3_000, True)
    assert qs.pending_question(db, session.id) == q1
    assert qs.question_at(db, session.id, 2).shown_ms is None  # type: ignore[union-attr]


def test_an_answer_sends_nothing_ahead_when_the_next_is_not_stored(db: Database,
                                                                    trainee: int) -> None:
    """A session started before sessions stored their questions: the next comes on its page."""
    session = d.start_session(db, trainee, "europoker", "dealer-draw", "easy", 3, 42)
    assert answer(db, issue(db, session, 0)).sent_ahead is None
    assert qs.pending_question(db, session.id) is None


def test_last_answer_finishes_the_session(db: Database, trainee: int) -> None:
    session = d.start_session(db, trainee, "europoker", "dealer-draw", "easy", 2, 42)
    assert answer(db, issue(db, session, 0), length=2).streak == 1
    assert not d.get_session(db, session.id).finished  # type: ignore[union-attr]
    assert [s.id for s in d.unfinished_sessions(db, trainee)] == [session.id]
    assert d.count_unfinished(db, trainee) == 1 and d.unfinished_sessions(db, trainee, 0) == []
    last = answer(db, issue(db, session, 1), length=2)
    assert last.sent_ahead is None and last.streak == 2  # the last answer has its streak
    done = d.get_session(db, session.id)
    assert done is not None and done.finished and done.answered == 2
    assert d.unfinished_sessions(db, trainee) == [] and d.count_unfinished(db, trainee) == 0
    assert [a.position for a in d.session_attempts(db, session.id)] == [0, 1]


def test_ending_a_session_early(db: Database, trainee: int) -> None:
    """Ended once, with its attempt kept and its unanswered question still stored; a second
    end, or ending a session already finished, changes nothing."""
    session = d.start_session(db, trainee, "europoker", "dealer-draw", "easy", 3, 42)
    answer(db, issue(db, session, 0), length=3)
    issue(db, session, 1)
    assert d.end_session(db, session.id) is True
    ended = d.get_session(db, session.id)
    assert ended is not None and ended.finished and ended.ended_early and ended.answered == 1
    assert d.count_unfinished(db, trainee) == 0
    assert [a.position for a in d.session_attempts(db, session.id)] == [0]
    assert qs.question_at(db, session.id, 1) is not None
    assert d.end_session(db, session.id) is False
    assert d.get_session(db, session.id) == ended
    left_out = qs.question_at(db, session.id, 1)
    assert left_out is not None
    with pytest.raises(d.SessionEndedError):  # an answer that raced the end
        answer(db, left_out, length=3)
    assert [a.position for a in d.session_attempts(db, session.id)] == [0]
    full = d.start_session(db, trainee, "europoker", "dealer-draw", "easy", 1, 43)
    answer(db, issue(db, full, 0), length=1)
    done = d.get_session(db, full.id)
    assert done is not None and done.finished and not done.ended_early
    assert d.end_session(db, full.id) is False


def test_a_retry_stores_the_mistakes_and_marks_its_attempts(db: Database, trainee: int) -> None:
    """m009: a retry holds its session's wrong answers' questions, in order, under new
    tokens; its attempts are marked, and the family scores leave them out."""
    session = d.start_session(db, trainee, "europoker", "dealer-draw", "easy", 3, 42)
    for position, ok in enumerate([False, True, False]):
        answer(db, issue(db, session, position), correct=ok, length=3)
    finished = d.get_session(db, session.id)
    assert finished is not None and finished.retry_of is None
    tokens = iter(["r0", "r1", "spare"])
    retried = d.start_retry(db, finished, lambda: next(tokens))
    assert retried is not None
    assert (retried.retry_of, retried.length, retried.seed, retried.answered) == (
        session.id, 2, 42, 0)
    again = [qs.question_at(db, retried.id, p) for p in (0, 1)]
    assert [(q.token, q.snapshot, q.seed) for q in again if q] == [
        ("r0", '{"n": 0}', 100), ("r1", '{"n": 2}', 102)]
    assert d.start_retry(db, finished, lambda: "unused") == retried  # still open: the same
    qs.show_question(db, again[0].id, 1_000)  # type: ignore[union-attr]
    shown = qs.question_at(db, retried.id, 0)
    assert shown is not None
    recorded = answer(db, shown, correct=True, length=2)
    assert recorded.attempt.retry and recorded.attempt == d.attempt_for_question(db, shown.id)
    score = sc.family_scores(db, trainee)["dealer-draw"]
    assert (score.answered, score.correct) == (3, 1)
    clean = d.start_session(db, trainee, "europoker", "dealer-draw", "easy", 1, 7)
    answer(db, issue(db, clean, 0), correct=True, length=1)
    assert d.start_retry(db, d.get_session(db, clean.id), lambda: "x") is None  # type: ignore[arg-type]


def test_a_retry_of_a_mixed_session_keeps_each_questions_family_and_difficulty(
        db: Database, trainee: int) -> None:
    """A retry copies each mistake as it was dealt; a retry of it goes back to the first."""
    dealt = [("dealer-draw", "easy", '{"q": 0}'), ("insurance", "hard", '{"q": 1}'),
             ("blackjack-payout", "medium", '{"q": 2}')]
    session = d.start_session(db, trainee, "europoker", "mixed", "hard", 3, 9, [
        kept(p, family, level, 50 + p, text, f"m{p}")
        for p, (family, level, text) in enumerate(dealt)])
    for position in range(3):
        stored = qs.question_at(db, session.id, position)
        assert stored is not None
        qs.show_question(db, stored.id, 1_000)
        answer(db, qs.question_at(db, session.id, position), correct=position == 1,  # type: ignore[arg-type]
               length=3)
    first = d.get_session(db, session.id)
    assert first is not None
    tokens = iter(f"r{n}" for n in range(10))
    retried = d.start_retry(db, first, lambda: next(tokens))
    assert retried is not None and retried.family == "mixed"
    copies = [qs.question_at(db, retried.id, p) for p in (0, 1)]
    assert [(q.family, q.difficulty, q.seed, q.snapshot) for q in copies if q] == [
        ("dealer-draw", "easy", 50, '{"q": 0}'), ("blackjack-payout", "medium", 52, '{"q": 2}')]
    assert d.open_retry(db, session.id) == retried
    assert d.first_of_retries(db, retried) == first and d.first_of_retries(db, first) == first
    for position, copy in enumerate(copies):
        assert copy is not None
        qs.show_question(db, copy.id, 1_000)
        answer(db, qs.question_at(db, retried.id, position), correct=False, length=2)  # type: ignore[arg-type]
    assert d.open_retry(db, session.id) is None
    again = d.start_retry(db, d.get_session(db, retried.id), lambda: next(tokens))  # type: ignore[arg-type]
    assert again is not None and again.retry_of == retried.id and again.length == 2
    assert d.first_of_retries(db, again) == first


def test_finished_sessions_newest_first_with_their_right_answers(db: Database,
                                                                 trainee: int) -> None:
    """Finished and ended-early sessions, newest finish first; unfinished ones are not."""
    done = d.start_session(db, trainee, "europoker", "dealer-draw", "easy", 2, 1)
    answer(db, issue(db, done, 0), correct=True, length=2)
    answer(db, issue(db, done, 1), correct=False, length=2)
    ended = d.start_session(db, trainee, "europoker", "dealer-draw", "easy", 3, 2)
    answer(db, issue(db, ended, 0), correct=True, length=3)
    db.execute("UPDATE drill_sessions SET finished_at = '2999-01-01T00:00:00+00:00'"
               " WHERE id = ?", [done.id])  # finished last, so listed first
    assert d.end_session(db, ended.id)
    d.start_session(db, trainee, "europoker", "dealer-draw", "easy", 3, 3)  # unfinished
    results = d.finished_sessions(db, trainee)
    assert [(r.session.id, r.score.correct, r.score.answered) for r in results] == [
        (done.id, 1, 2), (ended.id, 1, 1)]
    assert results[0].score.percent == 50 and results[1].session.ended_early
    assert d.finished_sessions(db, trainee, limit=1) == results[:1]


def test_streak_and_family_scores(db: Database, trainee: int) -> None:
    session = d.start_session(db, trainee, "europoker", "dealer-draw", "easy", 6, 42)
    results = [True, False, True, True, True]
    recorded = [answer(db, issue(db, session, i), correct=ok,
                       answered_ms=1_000 + (i + 1) * 1_000, length=6).streak
                for i, ok in enumerate(results)]
    assert recorded == [1, 0, 1, 2, 3]  # each answer's streak, as its transaction read it
    assert sc.streak(db, session.id, 4) == 3
    assert sc.streak(db, session.id, 1) == 0
    scores = sc.family_scores(db, trainee)
    assert scores["dealer-draw"].answered == 5 and scores["dealer-draw"].correct == 4
    assert scores["dealer-draw"].accuracy == pytest.approx(0.8)
    assert scores["dealer-draw"].median_ms == 3_500  # 1 to 5 s: within the 3-4 s bin
    assert sc.family_scores(db, trainee, recent=2)["dealer-draw"].correct == 2


def test_family_scores_read_the_latest_outcomes_the_totals_keep(db: Database,
                                                                trainee: int) -> None:
    """The latest answers at each house, oldest first as kept; the median from their time
    bins, as the supervisor's pages work it out."""
    session = d.start_session(db, trainee, "europoker", "dealer-draw", "easy", 4, 42)
    for i, elapsed in enumerate([4_000, 1_000, 2_001, 3_000]):
        answer(db, issue(db, session, i), answered_ms=1_000 + elapsed, length=4)
    other = d.start_session(db, trainee, "spanish-21", "dealer-draw", "easy", 1, 42)
    answer(db, issue(db, other, 0), correct=False, answered_ms=1_500, length=1)
    assert sc.family_scores(db, trainee, recent=2)["dealer-draw"].median_ms == 2_500
    assert sc.family_scores(db, trainee, recent=3)["dealer-draw"].median_ms == 2_000
    both = sc.family_scores(db, trainee)["dealer-draw"]  # both houses' latest answers
    assert (both.answered, both.correct, both.median_ms) == (5, 4, 2_500)


def test_showing_again_restarts_only_an_unanswered_clock(db: Database, trainee: int) -> None:
    session = d.start_session(db, trainee, "europoker", "dealer-draw", "easy", 3, 42)
    q0 = issue(db, session, 0)
    qs.show_question(db, q0.id, 5_000)
    assert qs.question_at(db, session.id, 0).shown_ms == 5_000  # type: ignore[union-attr]
    answer(db, qs.question_at(db, session.id, 0), answered_ms=6_000)  # type: ignore[arg-type]
    qs.show_question(db, q0.id, 9_000)
    assert qs.question_at(db, session.id, 0).shown_ms == 5_000  # type: ignore[union-attr]
    assert d.attempt_for_question(db, q0.id).elapsed_ms == 1_000  # type: ignore[union-attr]


def test_a_restarted_clock_sets_the_time_before_aside(db: Database, trainee: int) -> None:
    """Each restart adds the time since the question was last shown; the attempt keeps the
    sum, so elapsed + set aside is the server's whole clock."""
    session = d.start_session(db, trainee, "europoker", "dealer-draw", "easy", 3, 42)
    q0 = issue(db, session, 0)
    qs.show_question(db, q0.id, 5_000)
    qs.show_question(db, q0.id, 400_000)
    qs.show_question(db, q0.id, 1_000_000)
    shown = qs.question_at(db, session.id, 0)
    assert shown is not None and (shown.shown_ms, shown.set_aside_ms) == (1_000_000, 999_000)
    answer(db, shown, answered_ms=1_002_500)
    attempt = d.attempt_for_question(db, q0.id)
    assert attempt is not None and (attempt.elapsed_ms, attempt.set_aside_ms) == (2_500, 999_000)


def test_write_transaction_rolls_back_and_nests(db: Database, trainee: int) -> None:
    with pytest.raises(RuntimeError), write_transaction(db):
        db.execute("UPDATE users SET role = 'supervisor' WHERE id = ?", [trainee])
        raise RuntimeError("boom")
    assert get_user(db, trainee).role == "trainee"  # type: ignore[union-attr]
    with write_transaction(db), write_transaction(db):
        db.execute("UPDATE users SET active = 0 WHERE id = ?", [trainee])
    assert not get_user(db, trainee).active  # type: ignore[union-attr]
    assert not db.conn.in_transaction


def test_writers_in_two_connections_wait_for_each_other(tmp_path: Path) -> None:
    path = tmp_path / "two.db"
    first = connect(path)
    migrate(first)
    user = create_user(first, "tina", "trainee", "h").id
    session = d.start_session(first, user, "europoker", "dealer-draw", "easy", 100, 1)
    errors: list[BaseException] = []

    def work(offset: int) -> None:
        conn = connect(path)
        try:
            for i in range(20):
                q = issue(conn, session, offset + i, token=f"t{offset + i}", shown_ms=0)
                d.record_attempt(conn, q, answer="a", correct=False,
                                 answered_ms=1, session_length=100)
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)
        finally:
            conn.close()

    threads = [threading.Thread(target=work, args=(n * 20,)) for n in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert first.execute("SELECT count(*) FROM answers").fetchone()[0] == 80


def test_a_write_transaction_holds_the_writers_queue(tmp_path: Path) -> None:
    """Writers queue on ``NAME-writers`` (flock) before SQLite's lock: none polls a busy file."""
    import fcntl
    import os

    path = tmp_path / "queue.db"
    db = connect(path)
    migrate(db)
    probe = os.open(tmp_path / "queue.db-writers", os.O_RDWR | os.O_CREAT)
    try:
        with write_transaction(db):
            with pytest.raises(BlockingIOError):
                fcntl.flock(probe, fcntl.LOCK_EX | fcntl.LOCK_NB)
            with write_transaction(db):  # nested: a savepoint, the queue already held
                pass
        fcntl.flock(probe, fcntl.LOCK_EX | fcntl.LOCK_NB)  # released with the commit
        fcntl.flock(probe, fcntl.LOCK_UN)
    finally:
        os.close(probe)
        db.close()


def test_one_transaction_records_the_answer_and_sends_the_next_ahead(db: Database,
                                                                       trainee: int) -> None:
    session = d.start_session(db, trainee, "europoker", "mixed", "easy", 3, 1)
    q0 = issue(db, session, 0, shown_ms=1_000)
    qs.store_questions(db, session, [kept(1, "insurance", "hard", 7, '{"n": 1}',
                                                    "tok-ahead")])
    attempt, created, q1, run = d.record_attempt(db, q0, answer="hit", correct=True,
                                                 answered_ms=5_000, session_length=3,
                                                 waited_ms=1_500)
    assert created and (attempt.elapsed_ms, attempt.waited_ms) == (4_000, 0)  # its own page
    assert run == 1  # the streak, read in the same transaction
    assert q1 == qs.pending_question(db, session.id)
    assert q1 is not None and (q1.position, q1.family, q1.difficulty, q1.seed, q1.token,
                               q1.shown_ms) == (1, "insurance", "hard", 7, "tok-ahead", 5_000)
    assert q1.sent_ahead and not q0.sent_ahead
    # a double submit sends nothing more
    again = d.record_attempt(db, q0, answer="stand", correct=False,
                             answered_ms=6_000, session_length=3)
    assert again == (attempt, False, None, None)
    assert qs.issued_count(db, session.id) == 2 and qs.pending_question(db, session.id) == q1
    # q1 came ahead with the feedback: the time it stayed hidden comes off its time
    second = d.record_attempt(db, q1, answer="hit", correct=True,
                              answered_ms=9_000, session_length=3,
                              waited_ms=1_500)
    assert (second.attempt.elapsed_ms, second.attempt.waited_ms) == (2_500, 1_500)
    assert d.attempt_for_question(db, q1.id) == second.attempt  # on record as returned


def test_a_reported_wait_comes_off_no_more_than_the_time_since_shown(db: Database,
                                                                     trainee: int) -> None:
    """A wait longer than the question was out (a forged one) takes the time to 0, and what
    came off is on record: the server's whole clock is elapsed + waited."""
    _session, q1 = _answered_with_one_sent_ahead(db, trainee)
    attempt = d.record_attempt(db, q1, answer="hit", correct=True,
                               answered_ms=5_000, session_length=3,
                               waited_ms=999_999_999).attempt
    assert (attempt.elapsed_ms, attempt.waited_ms) == (0, 3_000)
    assert d.session_attempts(db, q1.session_id)[-1] == attempt


def _answered_with_one_sent_ahead(db: Database,
                                  trainee: int) -> tuple[d.SessionRow, qs.QuestionRow]:
    """A session whose first question was answered at 2 s, the second sent ahead with it."""
    session = d.start_session(db, trainee, "europoker", "dealer-draw", "easy", 3, 1)
    q0 = issue(db, session, 0, shown_ms=1_000)
    qs.store_questions(db, session, [new_question(session, 1, "tok-ahead")])
    q1 = d.record_attempt(db, q0, answer="hit", correct=True, answered_ms=2_000,
                          session_length=3).sent_ahead
    assert q1 is not None and q1.sent_ahead
    return session, q1


def test_a_question_shown_again_is_no_longer_one_sent_ahead(db: Database, trainee: int) -> None:
    session, q1 = _answered_with_one_sent_ahead(db, trainee)
    qs.show_question(db, q1.id, 100_000)  # the trainee came back after a break
    resumed = qs.pending_question(db, session.id)
    assert resumed is not None and (resumed.shown_ms, resumed.sent_ahead) == (100_000, False)
    attempt = d.record_attempt(db, resumed, answer="hit", correct=True,
                               answered_ms=104_000, session_length=3,
                               waited_ms=99_000).attempt  # a forged wait is ignored
    assert (attempt.elapsed_ms, attempt.waited_ms) == (4_000, 0)


def test_a_streak_is_read_from_the_indexes(db: Database) -> None:
    """The session's questions by their index, each one's answer by its question."""
    plan = " ".join(str(row[-1]) for row in db.execute(
        "EXPLAIN QUERY PLAN SELECT a.correct FROM questions q JOIN answers a"
        " ON a.question_id = q.id WHERE q.session_id = ? AND q.position <= ?"
        " ORDER BY q.position DESC LIMIT 200", [1, 5]).fetchall())
    assert "SEARCH q USING COVERING INDEX questions_session" in plan, plan
    assert "SEARCH a USING INDEX answers_question" in plan, plan
    assert "TEMP B-TREE" not in plan, plan


def test_a_question_sent_ahead_then_shown_on_its_own_page_loses_the_flag(
        db: Database, trainee: int) -> None:
    """Its clock starts where the page says (when Next revealed it, or now)."""
    session, q1 = _answered_with_one_sent_ahead(db, trainee)
    qs.show_question(db, q1.id, 2_500)
    shown = qs.pending_question(db, session.id)
    assert shown is not None and (shown.shown_ms, shown.sent_ahead) == (2_500, False)


def test_logins_end_when_the_generation_moves_on(tmp_path: Path) -> None:
    """m007: an account starts at login generation 0; ending its logins or a new password
    moves it on by one each time, for that account only."""
    database = connect(tmp_path / "gen.db")
    migrate(database)
    tina = create_user(database, "tina", "trainee", "h")
    tom = create_user(database, "tom", "trainee", "h")
    assert (tina.login_generation, tom.login_generation) == (0, 0)
    end_logins(database, tina.id)
    set_password(database, tina.id, "h2")
    after = get_user(database, tina.id)
    assert after is not None and (after.login_generation, after.password_hash) == (2, "h2")
    assert find_user(database, "tom") == tom


def test_m012_caps_the_time_of_answers_timed_out_before_it(tmp_path: Path) -> None:
    """Before m012 a timed-out exam answer kept the time away past its limit."""
    database = connect(tmp_path / "old.db")
    migrations.apply(database, stop_before="m012_timed_out_times_capped")
    user = database.execute("INSERT INTO users (username, role, password_hash, created_at)"
                            " VALUES ('tina', 'trainee', 'h', 'then')").lastrowid
    exam = exams_db.create_exam(
        database, title="Old", houses=["europoker"], families=["dealer-draw"],
        difficulty="easy", questions=2, pass_mark=50, time_limit_s=30, attempts_allowed=1,
        created_by=user, assign_to=[user])
    sitting_id = database.execute(  # as the code of the time started it
        "INSERT INTO exam_sittings (exam_id, user_id, number, seed, started_at, total)"
        " VALUES (?, ?, 1, 1, 'then', 2)", [exam.id, user]).lastrowid
    for position, (elapsed, timed_out) in enumerate([(4_000, 0), (900_000, 1)]):
        database.execute(
            "INSERT INTO exam_answers (sitting_id, position, token, house, family, seed,"
            " difficulty, question, issued_ms, answer, correct, elapsed_ms, timed_out,"
            " answered_at) VALUES (?, ?, ?, 'europoker', 'dealer-draw', 1, 'easy', '{}', 0,"
            " 'hit', 0, ?, ?, 'then')", [sitting_id, position, f"t{position}", elapsed,
                                          timed_out])
    database.execute("UPDATE exam_sittings SET finished_at = 'then', correct = 0, passed = 0,"
                     " elapsed_ms = 904000 WHERE id = ?", [sitting_id])
    assert migrate(database) == ["m012_timed_out_times_capped", "m013_breaks_set_aside",
                                 "m014_start_tokens", "m015_attempt_grants",
                                 "m016_one_answer_record", "m017_drill_days", "m018_path_unlocks",
                                 "m019_full_names", "m020_mistakes", "m021_four_roles"]
    times = [answer.elapsed_ms for answer in exams_db.sitting_answers(database, sitting_id)]
    assert times == [4_000, 32_000]  # the limit and the 2 s grace of the time
    assert database.execute("SELECT elapsed_ms FROM exam_sittings").fetchone()[0] == 36_000


def test_an_answer_times_its_question_as_it_stands_when_recorded(db: Database,
                                                                 trainee: int) -> None:
    """Read before another tab showed it again after a break: the answer's time runs from
    that showing, and the break before it is set aside once, not counted twice."""
    session = d.start_session(db, trainee, "europoker", "dealer-draw", "easy", 3, 42)
    stale = issue(db, session, 0, shown_ms=1_000)
    qs.show_question(db, stale.id, 400_000)  # another tab, after a break: the clock restarts
    attempt = answer(db, stale, answered_ms=401_000).attempt
    assert (attempt.elapsed_ms, attempt.set_aside_ms) == (1_000, 399_000)
    assert d.attempt_for_question(db, stale.id) == attempt


@pytest.mark.parametrize("role", ["admin", "supervisor", "auditor", "trainee"])
def test_each_of_the_four_roles_is_stored(db: Database, role: str) -> None:
    assert create_user(db, f"a-{role}", role, "hash").role == role


def test_an_unknown_role_is_refused_by_the_code_and_by_the_table(db: Database) -> None:
    with pytest.raises(ValueError, match="role 'root' is not one of admin, supervisor"):
        create_user(db, "root", "root", "hash")
    with pytest.raises(sqlite3.IntegrityError, match="CHECK"):
        db.execute("INSERT INTO users (username, role, password_hash, created_at)"
                   " VALUES ('root', 'root', 'hash', '2026-01-01')")
