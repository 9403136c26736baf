"""A drill answer's server time in-process, against the target of a 5 ms median.

One logged-in trainee answers mixed sessions (every drill family a house has: actions,
payouts, chips, totals, ticks, a table's nets) at three houses in turn, through the
Flask test client on a real SQLite file, as htmx does: each POST brings the feedback and
the next question.  The wall time of each POST is taken (the test client's own work
included), and its CPU time, which other work on a busy machine disturbs much less;
answers are whatever the page offers first, so some are wrong, none refused.

Run: .venv/bin/python bench/answer_time.py [--answers 1500] [--runs 3]
(figures go to docs/benchmarks.md, "Web answer latency and throughput", by hand).
"""

from __future__ import annotations

import argparse
import re
import statistics
import tempfile
import time
from itertools import cycle
from pathlib import Path

from flask import Flask
from flask.testing import FlaskClient

from trainer.db import connect
from trainer.db.users import create_user
from trainer.web import create_app
from trainer.web.auth import hash_password

HOUSES = ("europoker", "classic-single-deck", "spanish-21")
SESSION_LENGTH = 200
CSRF = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"')
TOKEN = re.compile(r'name="token" value="([^"]+)"')
CHOICE = re.compile(r'name="choice" value="([^"]+)"')
CHIP = re.compile(r'name="(chip-[0-9.]+)"')
NET = re.compile(r'name="(net-[0-9]+)"')


class Trainee:
    """One logged-in trainee answering mixed sessions, house after house."""

    def __init__(self, app: Flask) -> None:
        self.client: FlaskClient = app.test_client()
        self.csrf = _match(CSRF, self.client.get("/login").get_data(as_text=True))
        self.client.post("/login", data={"username": "t", "password": "pw",
                                         "csrf_token": self.csrf})
        self.csrf = _match(CSRF, self.client.get("/").get_data(as_text=True))
        self.houses = cycle(HOUSES)
        self.url, self.question = self._start()

    def _start(self) -> tuple[str, str]:
        started = self.client.post("/drills", data={
            "csrf_token": self.csrf, "house": next(self.houses), "family": "mixed",
            "difficulty": "medium", "length": str(SESSION_LENGTH)})
        url = started.headers["Location"]
        return url, self.client.get(url).get_data(as_text=True)

    def answer(self) -> tuple[float, float]:
        """One answer (a new session after the last); its wall and CPU time in ms."""
        form = _answer_form(self.question)
        started, cpu_started = time.perf_counter(), time.thread_time()
        response = self.client.post(f"{self.url}/answer", data=form, headers={
            "X-CSRFToken": self.csrf, "HX-Request": "true"})
        elapsed = (time.perf_counter() - started) * 1e3
        cpu = (time.thread_time() - cpu_started) * 1e3
        body = response.get_data(as_text=True)
        assert response.status_code == 200, (response.status_code, form, body[:500])
        ahead = body.find('id="q-ahead"')
        if ahead >= 0:
            self.question = body[ahead:]
        else:
            self.url, self.question = self._start()
        return elapsed, cpu


def _answer_form(question: str) -> dict[str, str]:
    """An answer the question's form accepts: its first choice, no ticks, each net 0, a
    chip of each kind for a chips question, else an amount."""
    form = {"token": _match(TOKEN, question)}
    if choice := CHOICE.search(question):
        form["choice"] = choice.group(1)
    elif 'name="pick"' in question:
        form["multi"] = "1"
    elif nets := NET.findall(question):
        form.update(dict.fromkeys(nets, "0"))
    elif 'name="amount"' in question:
        form["amount"] = "17" if 'inputmode="decimal"' not in question else "15"
    else:
        form.update(dict.fromkeys(CHIP.findall(question), "1"))
    return form


def _match(pattern: re.Pattern[str], text: str) -> str:
    found = pattern.search(text)
    assert found, text[:300]
    return found.group(1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--answers", type=int, default=1500, help="answers timed a run")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--warm-up", type=int, default=200, help="answers not timed first")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="answer-time-") as work:
        measure(create_app({"DATABASE": str(Path(work) / "trainer.db"), "SECRET_KEY": "bench"}),
                args)


def measure(app: Flask, args: argparse.Namespace) -> None:
    """Answer ``args.runs`` runs of ``args.answers`` and print each run's figures."""
    db = connect(app.config["DATABASE"])
    create_user(db, "t", "trainee", hash_password("pw", "pbkdf2:sha256:1000"))
    db.close()
    trainee = Trainee(app)
    for _ in range(args.warm_up):
        trainee.answer()
    medians, p99s, cpus = [], [], []
    for run in range(1, args.runs + 1):
        walls, cpu = zip(*(trainee.answer() for _ in range(args.answers)), strict=True)
        medians.append(statistics.median(walls))
        p99s.append(sorted(walls)[int(len(walls) * 0.99)])
        cpus.append(statistics.median(cpu))
        print(f"run {run}: {args.answers} answers, median {medians[-1]:.2f} ms, "
              f"p99 {p99s[-1]:.2f} ms, CPU median {cpus[-1]:.2f} ms")
    print(f"median of {args.runs} runs: median {statistics.median(medians):.2f} ms, "
          f"p99 {statistics.median(p99s):.2f} ms, CPU median {statistics.median(cpus):.2f} ms "
          "(target: median under 5 ms)")


if __name__ == "__main__":
    main()
