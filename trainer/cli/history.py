"""``trainer generate-history``: a realistic history in a new database, for demos and
benchmarks (``trainer.history``)."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import click

from trainer.cli.database_option import database_errors
from trainer.cli.json_option import echo_result, json_flag
from trainer.cli.once import OnceOptionsCommand
from trainer.cli.value_checks import in_existing_folder
from trainer.cli.whole_number import WholeNumber

PASSWORD = "generated-history"
"""Every generated account's password (a generated database is never for real trainees)."""
MOST_TRAINEES = 2_000
"""Each new account is checked against every name before it (look-alikes): more is slow."""
MOST_DAYS = 3_650
MOST_A_DAY = 500
"""Answers a trainee may give a day, on average: more do not fit in working hours."""


@click.command("generate-history", cls=OnceOptionsCommand)
@click.option("--database", required=True, type=click.Path(dir_okay=False),
              callback=in_existing_folder,
              help="The SQLite file to fill: a new one (or one without accounts).")
@click.option("--answers", type=WholeNumber(min=1), required=True,
              help="Answers in all: drill answers, retries of mistakes and exam answers.")
@click.option("--trainees", type=WholeNumber(1, MOST_TRAINEES), default=300,
              show_default=True)
@click.option("--days", type=WholeNumber(1, MOST_DAYS), default=365, show_default=True,
              help="Days of history, ending yesterday (UTC).")
@click.option("--seed", type=WholeNumber(), default=1, show_default=True,
              help="The same seed (on the same day) writes the same rows.")
@json_flag
def generate_history_command(database: str, answers: int, trainees: int, days: int,
                             seed: int, as_json: bool) -> None:
    """Fill a new database with a training centre's history, written through the code a
    live answer takes; every account's password is "generated-history"."""
    from trainer import history
    from trainer.db import connect, migrate
    from trainer.web.auth import hash_password

    if answers > MOST_A_DAY * trainees * days:
        raise click.BadParameter(
            f"{answers} is more than {MOST_A_DAY} answers a trainee a day: --trainees "
            f"{trainees} over --days {days} give at most {MOST_A_DAY * trainees * days:,}",
            param_hint="'--answers'")
    path = Path(database)
    with database_errors(path):
        if path.exists():
            _refuse_occupied(path)
        db = connect(path)
        try:
            migrate(db)
            staff, supervisor = history.staff(trainees, hash_password(PASSWORD))
            started = time.perf_counter()
            with click.progressbar(length=answers, label="generating", file=sys.stderr) as bar:
                made = history.build(db, answers=answers, trainees=staff, supervisor=supervisor,
                                     days=days, seed=seed, progress=bar.update)
            seconds = time.perf_counter() - started
        finally:
            db.close()
    echo_result(as_json, made.to_json() | {"database": str(path), "seconds": round(seconds, 1)},
                f"{path}: {made.summary()}, in {seconds:,.0f} s")


def _refuse_occupied(path: Path) -> None:
    """Refuse a file that holds data (it is read, never changed)."""
    from trainer import history
    from trainer.db import connect

    db = connect(path, wal=False)
    try:
        refusal = history.occupied(db)
    finally:
        db.close()
    if refusal is not None:
        raise click.BadParameter(f"{path}: {refusal}: a history goes into a new file",
                                 param_hint="'--database'")
