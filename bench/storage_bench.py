"""How many bytes of database one answer costs, on a generated stretch of history.

Trainees drill sessions of 20 questions of every family at every house that drills it,
85 % right, two to twenty seconds an answer, spread over ``--days`` days; one exam
sitting of 10 questions comes with about every 6,000 answers.  Every question is made
by the real drills (its expected answer is the drills' own text) and every answer is
written through the recording code a live answer takes (``drilling.record_attempt``,
``exams.record_answer``), so the rows are the rows the app writes.  Afterwards the WAL
is checkpointed and the file measured, table by table and index by index (``dbstat``).

Run: .venv/bin/python bench/storage_bench.py [--answers 200000] [--trainees 300]
[--days 365] [--database PATH]  (figures go to BENCHMARKS.md, "Storage", by hand).
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from sqlite_utils import Database

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from trainer.db import connect, drilling, migrate
from trainer.db import exams as exams_db
from trainer.db.connection import checkpoint
from trainer.db.questions import NewQuestion, question_at, show_question
from trainer.db.users import create_user
from trainer.drills import DEAL_VERSION, Question, generate, load_families

SESSION = 20
EXAM_EVERY = 6_000
DAY_MS = 86_400_000
START_MS = 1_765_000_000_000  # 2025-12-06: a year before these figures


@dataclass(frozen=True, slots=True)
class Dealt:
    """A real question and the answers a trainee gives to it, right and wrong."""

    house: str
    family: str
    difficulty: str
    seed: int
    expected: str
    wrong: str


def pool(per_pair: int) -> list[Dealt]:
    """``per_pair`` questions of every family at every house and difficulty it has."""
    dealt = []
    for family in load_families().values():
        for house in family.houses:
            for difficulty in family.levels:
                for seed in range(per_pair):
                    question = generate(house, family, seed, difficulty)
                    dealt.append(Dealt(house, family.name, difficulty, seed,
                                       question.expected_text, _wrong(question)))
    return dealt


def _wrong(question: Question) -> str:
    """An answer a trainee gets wrong, written as the app records answers."""
    if question.choices:
        return next((c for c in question.choices if c != question.answer_text), "none")
    text = question.answer_text
    return text.replace("5", "0", 1) if "5" in text else "1"


def answers(total: int, trainees: int, days: int, dealt: list[Dealt],
            rng: random.Random) -> Iterator[tuple[int, int, list[Dealt]]]:
    """(trainee, start of the session in ms, its questions) until ``total`` answers."""
    made = 0
    while made < total:
        trainee = rng.randrange(trainees)
        day = rng.randrange(days)
        at = START_MS + day * DAY_MS + rng.randrange(8 * 3_600_000, 18 * 3_600_000)
        count = min(SESSION, total - made)
        house = rng.choice(dealt).house
        at_house = [d for d in dealt if d.house == house]
        yield trainee, at, [rng.choice(at_house) for _ in range(count)]
        made += count


def build(path: Path, total: int, trainees: int, days: int, seed: int) -> float:
    """Fill ``path`` with ``total`` answers; the seconds it took."""
    rng = random.Random(seed)
    db = connect(path)
    migrate(db)
    users = [create_user(db, f"trainee{n:03d}", "trainee", "x").id for n in range(trainees)]
    boss = create_user(db, "boss", "supervisor", "x").id
    dealt = pool(per_pair=8)
    exam = exams_db.create_exam(
        db, title="Payouts", houses=["europoker"], families=["blackjack-payout"],
        difficulty="medium", questions=10, pass_mark=80, time_limit_s=60,
        attempts_allowed=1000, created_by=boss, assign_to=users)
    exam_questions = [d for d in dealt if (d.house, d.family) == ("europoker",
                                                                   "blackjack-payout")]
    started = time.perf_counter()
    done = 0
    next_exam = EXAM_EVERY
    for number, (trainee, at, questions) in enumerate(answers(total, trainees, days, dealt,
                                                              rng)):
        _drill(db, users[trainee], at, questions, number, rng)
        done += len(questions)
        if done >= next_exam:
            next_exam += EXAM_EVERY
            _sit(db, exam, users[trainee], at + 3_600_000, exam_questions, rng)
        if number % 500 == 0:
            print(f"\r{done:,} of {total:,} answers", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    checkpoint(db)
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    return time.perf_counter() - started


def _drill(db: Database, user: int, at: int, questions: list[Dealt], number: int,
           rng: random.Random) -> None:
    house = questions[0].house
    new = [NewQuestion(p, d.family, d.difficulty, d.seed, d.expected, f"{number:011d}{p:011d}",
                       DEAL_VERSION) for p, d in enumerate(questions)]
    session = drilling.start_session(db, user, house, "mixed", "medium", len(new), number, new)
    for position, question in enumerate(questions):
        stored = question_at(db, session.id, position)
        assert stored is not None
        show_question(db, stored.id, at)
        shown = question_at(db, session.id, position)
        assert shown is not None
        right = rng.random() < 0.85
        at += rng.randrange(2_000, 20_000)
        drilling.record_attempt(db, shown, answer=question.expected if right else question.wrong,
                                correct=right, answered_ms=at, session_length=len(questions),
                                send_next=False)


def _sit(db: Database, exam: exams_db.Exam, user: int, at: int, questions: list[Dealt],
         rng: random.Random) -> None:
    try:
        sitting = exams_db.start_sitting(db, exam, user, rng.randrange(2**31))
    except exams_db.ExamError:  # passed it already
        return
    for position in range(exam.questions):
        d = rng.choice(questions)
        new = NewQuestion(position, d.family, d.difficulty, d.seed, d.expected,
                          f"x{sitting.id:010d}{position:011d}", DEAL_VERSION)
        asked = exams_db.issue(db, sitting, new, d.house, issued_ms=at)
        assert asked is not None
        at += rng.randrange(2_000, 20_000)
        right = rng.random() < 0.85
        exams_db.record_answer(db, asked, answer=d.expected if right else d.wrong,
                               correct=right, answered_ms=at, limit_ms=62_000,
                               pass_mark=exam.pass_mark)


def measure(path: Path) -> None:
    """The file's bytes per answer, and each table's and index's share."""
    db = connect(path)
    answered = int(db.execute("SELECT count(*) FROM answers").fetchone()[0])
    page = int(db.execute("PRAGMA page_size").fetchone()[0])
    pages = int(db.execute("PRAGMA page_count").fetchone()[0])
    free = int(db.execute("PRAGMA freelist_count").fetchone()[0])
    rows = db.execute("SELECT name, sum(pgsize) FROM dbstat GROUP BY name"
                      " ORDER BY sum(pgsize) DESC").fetchall()
    db.close()
    wal = path.with_name(path.name + "-wal")
    print(f"answers: {answered:,}")
    print(f"file: {path.stat().st_size:,} bytes ({pages:,} pages of {page}, {free} free); "
          f"WAL {wal.stat().st_size if wal.exists() else 0:,} bytes")
    print(f"bytes per answer: {(pages - free) * page / answered:.1f}")
    for name, size in rows:
        if size / answered >= 0.05:  # the tables of accounts and exams round to nothing
            print(f"  {name:<28} {size / answered:7.1f} bytes per answer")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--answers", type=int, default=200_000)
    parser.add_argument("--trainees", type=int, default=300)
    parser.add_argument("--days", type=int, default=365)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--database", type=Path, help="keep the database here (new file)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        path = args.database or Path(scratch) / "history.db"
        if path.exists():
            parser.error(f"{path} exists: name a new file")
        seconds = build(path, args.answers, args.trainees, args.days, args.seed)
        print(f"built in {seconds:.0f} s")
        measure(path)


if __name__ == "__main__":
    main()
