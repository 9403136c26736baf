"""How many bytes of database one answer costs, on a generated stretch of history.

The history is ``trainer generate-history``'s (``trainer.history``): trainees joining
over ``--days`` days, drill sessions of every family at every house and level, retries of
mistakes and exam sittings, every row written through the recording code a live answer
takes.  Afterwards the WAL is checkpointed and the file measured, table by table and
index by index (``dbstat``).

Run: .venv/bin/python bench/storage_bench.py [--answers 200000] [--trainees 300]
[--days 365] [--database PATH]  (figures go to docs/benchmarks.md, "Storage", by hand).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

import click

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from trainer import history
from trainer.db import connect, migrate


def build(path: Path, total: int, trainees: int, days: int, seed: int) -> float:
    """Fill ``path`` with ``total`` answers; the seconds it took."""
    db = connect(path)
    migrate(db)
    staff, supervisor = history.staff(trainees, "x")  # no one logs in
    started = time.perf_counter()
    with click.progressbar(length=total, label="generating", file=sys.stderr) as bar:
        history.build(db, answers=total, trainees=staff, supervisor=supervisor, days=days,
                      seed=seed, progress=bar.update)
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    return time.perf_counter() - started


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
