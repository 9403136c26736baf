"""Load and crash (issue 7): nothing acknowledged is ever lost or doubled.

Starts ``trainer serve`` (gunicorn, several workers) on 127.0.0.1 at a free
port with a fresh SQLite file, then N simulated trainees (threads, one
``http.client`` connection each) log in, start a drill session and answer
continuously -- GET the question fragment, POST the answer with htmx headers --
until each has had a fixed number of answers acknowledged (a 200 carrying the
feedback fragment).  Afterwards the database must hold exactly one attempt per
acknowledged answer: none lost, none doubled, no other attempts, and the
server's log must show no error.

``--crash``: when half the answers are acknowledged the gunicorn master's
whole process group is killed with SIGKILL and the server is started again on
the same port and file.  Trainees whose requests fail meanwhile retry the same
request (the same question token) until the server answers; the check after
the run is the same, so every answer acknowledged before the kill survived it
and the answer in flight at the kill was recorded once, not twice.

Reports throughput (acknowledged answers per second of the answering phase)
and the answer POST latency, p50/p99 (answers retried across the outage are
left out of the latency figures and counted separately).

``--think S``: each trainee pauses about S seconds after each feedback (a
person reading it), instead of answering flat out; the latency then measures
the server, not the queue of 50 clients waiting on a 2-core machine.

Run: .venv/bin/python bench/load_crash.py [--trainees 50] [--answers 40]
     [--workers 4] [--crash | --both] [--think 1.0]
Bounded: a fixed count of answers, a 120 s cap on any wait, loopback only.
"""

from __future__ import annotations

import argparse
import http.client
import os
import random
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from trainer.db import connect, migrate, now_iso  # noqa: E402
from trainer.db.connection import iso_at  # noqa: E402
from trainer.db.users import create_user  # noqa: E402
from trainer.web.auth import hash_password  # noqa: E402

PASSWORD = "load-test-password"
HOST = "127.0.0.1"
CSRF = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"')
TOKEN = re.compile(r'name="token" value="([^"]+)"')
CHOICE = re.compile(r'name="choice" value="([^"]+)"')
WAIT_S = 120.0  # the longest any single request may keep failing (the outage included)
CONNECTION_ERRORS = (ConnectionError, http.client.HTTPException, TimeoutError, OSError)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


class Server:
    """``trainer serve`` in its own process group (so SIGKILL takes master and workers)."""

    def __init__(self, directory: Path, port: int, workers: int) -> None:
        self.directory = directory
        self.database = directory / "trainer.db"
        self.port = port
        self.workers = workers
        self.log = directory / "server.log"
        self.process: subprocess.Popen[bytes] | None = None
        self.starts = 0

    def start(self) -> None:
        env = os.environ | {"TRAINER_INSTANCE": str(self.directory / "instance")}
        env.pop("TRAINER_DATABASE", None)
        with open(self.log, "ab") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "trainer", "serve", "--host", HOST, "--port",
                 str(self.port), "--workers", str(self.workers), "--database",
                 str(self.database)],
                cwd=ROOT, env=env, stdout=log, stderr=log, start_new_session=True)
        self.starts += 1
        deadline = time.monotonic() + WAIT_S
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"trainer serve exited: {self.log.read_text()[-2000:]}")
            try:
                conn = http.client.HTTPConnection(HOST, self.port, timeout=5)
                conn.request("GET", "/login")
                response = conn.getresponse()
                ok = response.status == 200
                csp = response.getheader("Content-Security-Policy") or ""
                conn.close()
                if ok:
                    if "script-src 'self'" not in csp:  # served as in production
                        raise RuntimeError("trainer serve sent no Content-Security-Policy")
                    return
            except CONNECTION_ERRORS:
                pass
            time.sleep(0.1)
        raise RuntimeError("trainer serve did not answer within the wait")

    def kill(self) -> None:
        """SIGKILL the master's process group: no shutdown, no flush, like a power cut
        to the processes (the OS still holds what SQLite wrote)."""
        assert self.process is not None
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=30)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:  # the workers die with the group
            try:
                os.killpg(self.process.pid, 0)
            except ProcessLookupError:
                return
            time.sleep(0.05)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=30)

    def errors(self) -> list[str]:
        text = self.log.read_text(errors="replace") if self.log.exists() else ""
        return [line for line in text.splitlines()
                if "Traceback" in line or "[ERROR]" in line or "Exception" in line]


@dataclass
class Stats:
    acknowledged: list[str] = field(default_factory=list)  # question tokens
    latencies: list[float] = field(default_factory=list)
    retried_answers: int = 0
    retried_tokens: list[str] = field(default_factory=list)
    connection_failures: int = 0
    errors: list[str] = field(default_factory=list)


class Trainee:
    """One simulated trainee: a cookie jar and an HTTP connection to the server."""

    def __init__(self, name: str, port: int, stats: Stats, lock: threading.Lock) -> None:
        self.name = name
        self.port = port
        self.stats = stats
        self.lock = lock
        self.cookies: dict[str, str] = {}
        self.conn = http.client.HTTPConnection(HOST, port, timeout=30)
        self.csrf = ""

    def request(self, method: str, path: str, form: dict[str, str] | None = None,
                htmx: bool = False) -> tuple[int, dict[str, str], str, bool]:
        """One request, retried on connection errors (the server may be restarting).

        Returns status, headers, body, and whether it had to be retried."""
        body = urllib.parse.urlencode(form) if form is not None else None
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        if htmx:
            headers["HX-Request"] = "true"
        retried = False
        deadline = time.monotonic() + WAIT_S
        while True:
            try:
                self.conn.request(method, path, body=body, headers=headers)
                response = self.conn.getresponse()
                text = response.read().decode("utf-8", "replace")
                break
            except CONNECTION_ERRORS as exc:
                self.conn.close()
                with self.lock:
                    self.stats.connection_failures += 1
                if time.monotonic() > deadline:
                    raise RuntimeError(
                        f"{self.name}: {method} {path} kept failing: {exc!r}") from exc
                retried = True
                time.sleep(0.1)
        for header, value in response.getheaders():
            if header.lower() == "set-cookie":
                name, _, rest = value.partition("=")
                self.cookies[name.strip()] = rest.split(";", 1)[0]
        if response.getheader("Connection", "").lower() == "close":
            self.conn.close()
        return response.status, dict(response.getheaders()), text, retried

    def fail(self, message: str) -> None:
        with self.lock:
            self.stats.errors.append(f"{self.name}: {message}")

    def login(self) -> None:
        status, _h, page, _r = self.request("GET", "/login")
        match = CSRF.search(page)
        assert status == 200 and match, (status, page[:300])
        status, _headers, page, _r = self.request("POST", "/login", {
            "username": self.name, "password": PASSWORD, "csrf_token": match.group(1)})
        if status != 303:
            raise RuntimeError(f"{self.name}: login answered {status}: {page[:300]}")

    def start_session(self, house: str, family: str, length: int) -> str:
        status, _h, page, _r = self.request("GET", "/")
        match = CSRF.search(page)
        assert status == 200 and match, (status, page[:300])
        self.csrf = match.group(1)
        status, headers, page, _r = self.request("POST", "/drills", {
            "csrf_token": self.csrf, "house": house, "family": family, "difficulty": "easy",
            "length": str(length)})
        if status != 303:
            raise RuntimeError(f"{self.name}: start answered {status}: {page[:300]}")
        return headers["Location"]

    def run(self, answers: int, house: str, family: str, ready: threading.Barrier,
            think: float = 0.0) -> None:
        try:
            self.login()
            url = self.start_session(house, family, max(answers, 1) + 5)
            ready.wait()
            done = 0
            while done < answers:
                status, _h, page, _r = self.request("GET", url, htmx=True)
                token, choice = TOKEN.search(page), CHOICE.search(page)
                if status != 200 or not token or not choice:
                    self.fail(f"question page {status}: {page[:200]}")
                    return
                form = {"csrf_token": self.csrf, "token": token.group(1),
                        "choice": choice.group(1)}
                started = time.perf_counter()
                status, _h, page, retried = self.request("POST", f"{url}/answer", form,
                                                         htmx=True)
                elapsed = time.perf_counter() - started
                if status != 200 or 'data-state="feedback"' not in page:
                    self.fail(f"answer {status}: {page[:200]}")
                    return
                with self.lock:
                    self.stats.acknowledged.append(token.group(1))
                    if retried:
                        self.stats.retried_answers += 1
                        self.stats.retried_tokens.append(token.group(1))
                    else:
                        self.stats.latencies.append(elapsed)
                done += 1
                if think:  # a trainee reading the feedback and the next cards
                    time.sleep(think * (0.5 + random.random()))
        except Exception as exc:  # every failure is reported, none hidden
            self.fail(repr(exc))
        finally:
            self.conn.close()


@dataclass
class Report:
    trainees: int
    answers_each: int
    workers: int
    crash: bool
    think: float
    acknowledged: int
    in_database: int
    lost: int
    doubled: int
    unacknowledged_in_database: int
    errors: list[str]
    server_errors: list[str]
    seconds: float
    throughput: float
    p50_ms: float
    p99_ms: float
    retried_answers: int
    committed_before_kill: int
    connection_failures: int
    killed_after: int | None
    server_starts: int

    @property
    def ok(self) -> bool:
        return (self.acknowledged == self.trainees * self.answers_each == self.in_database
                and not self.lost and not self.doubled and not self.unacknowledged_in_database
                and not self.errors and not self.server_errors)

    def text(self) -> str:
        lines = [
            f"{self.trainees} trainees x {self.answers_each} answers, {self.workers} gunicorn "
            f"workers, {f'think ~{self.think:.1f} s' if self.think else 'flat out'}"
            f"{', SIGKILL mid-run and restart' if self.crash else ''}",
            f"acknowledged {self.acknowledged}, attempts in the database {self.in_database}: "
            f"lost {self.lost}, doubled {self.doubled}, unacknowledged "
            f"{self.unacknowledged_in_database}",
            f"errors {len(self.errors)}, server log errors {len(self.server_errors)}",
            f"{self.seconds:.1f} s answering, {self.throughput:.0f} answers/s; answer POST "
            f"p50 {self.p50_ms:.1f} ms, p99 {self.p99_ms:.1f} ms",
        ]
        if self.crash:
            lines.append(f"killed after {self.killed_after} acknowledged answers; "
                         f"{self.retried_answers} answers retried across the restart "
                         f"({self.committed_before_kill} of them committed before the kill "
                         "and answered with the stored attempt on the retry), "
                         f"{self.connection_failures} failed connections while down; "
                         f"server started {self.server_starts} times")
        lines += [f"  error: {e}" for e in (self.errors + self.server_errors)[:10]]
        lines.append("OK" if self.ok else "FAILED")
        return "\n".join(lines)


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[int(q) - 1]


def run(trainees: int = 50, answers: int = 40, workers: int = 4, crash: bool = False,
        house: str = "europoker", family: str = "dealer-draw",
        directory: Path | None = None, think: float = 0.0) -> Report:
    """The whole scenario; returns the report (``report.ok`` says whether it held)."""
    with tempfile.TemporaryDirectory(prefix="load-crash-") as scratch:
        where = directory or Path(scratch)
        where.mkdir(parents=True, exist_ok=True)
        server = Server(where, free_port(), workers)
        db = connect(server.database)
        migrate(db)
        names = [f"load{i:03d}" for i in range(trainees)]
        hashed = hash_password(PASSWORD)
        for name in names:
            create_user(db, name, "trainee", hashed)
        db.close()
        stats, lock = Stats(), threading.Lock()
        killed_after: int | None = None
        killed_at = ""
        server.start()
        try:
            ready = threading.Barrier(trainees + 1)
            threads = [threading.Thread(target=Trainee(n, server.port, stats, lock).run,
                                        args=(answers, house, family, ready, think),
                                        daemon=True)
                       for n in names]
            for thread in threads:
                thread.start()
            ready.wait(timeout=WAIT_S)
            started = time.perf_counter()
            if crash:
                target = trainees * answers // 2
                deadline = time.monotonic() + WAIT_S
                while time.monotonic() < deadline:
                    with lock:
                        count = len(stats.acknowledged)
                    if count >= target or not any(t.is_alive() for t in threads):
                        break
                    time.sleep(0.005)
                with lock:
                    killed_after = len(stats.acknowledged)
                server.kill()
                killed_at = now_iso()
                server.start()
            for thread in threads:
                thread.join(timeout=WAIT_S * 2)
            seconds = time.perf_counter() - started
        finally:
            server.stop()
        return _report(server, stats, trainees, answers, workers, crash, think, seconds,
                       killed_after, killed_at)


def _report(server: Server, stats: Stats, trainees: int, answers: int, workers: int,
            crash: bool, think: float, seconds: float, killed_after: int | None,
            killed_at: str) -> Report:
    db = connect(server.database)
    try:
        stored = [row[0] for row in db.execute(
            "SELECT q.token FROM answers a JOIN questions q ON q.id = a.question_id")]
        per_question = db.execute(
            "SELECT count(*) FROM (SELECT question_id FROM answers GROUP BY question_id"
            " HAVING count(*) > 1)").fetchone()[0]
        integrity = db.execute("PRAGMA integrity_check").fetchone()[0]
        early = sum(
            1 for token in stats.retried_tokens for (answered_ms,) in db.execute(
                "SELECT a.answered_ms FROM answers a JOIN questions q"
                " ON q.id = a.question_id WHERE q.token = ?", [token])
            if killed_at and iso_at(answered_ms) < killed_at)
    finally:
        db.close()
    acked = set(stats.acknowledged)
    in_db = set(stored)
    errors = list(stats.errors)
    if integrity != "ok":
        errors.append(f"integrity_check: {integrity}")
    if len(acked) != len(stats.acknowledged):
        errors.append("a question token was acknowledged twice")
    return Report(
        trainees=trainees, answers_each=answers, workers=workers, crash=crash, think=think,
        acknowledged=len(stats.acknowledged), in_database=len(stored),
        lost=len(acked - in_db), doubled=len(stored) - len(in_db) + int(per_question),
        unacknowledged_in_database=len(in_db - acked), errors=errors,
        server_errors=server.errors(), seconds=seconds,
        throughput=len(stats.acknowledged) / seconds if seconds else 0.0,
        p50_ms=_percentile(stats.latencies, 50) * 1000,
        p99_ms=_percentile(stats.latencies, 99) * 1000,
        retried_answers=stats.retried_answers, committed_before_kill=early,
        connection_failures=stats.connection_failures,
        killed_after=killed_after, server_starts=server.starts,
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--trainees", type=int, default=50)
    parser.add_argument("--answers", type=int, default=40, help="answers per trainee")
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--crash", action="store_true", help="SIGKILL and restart mid-run")
    parser.add_argument("--both", action="store_true", help="a clean run, then a crash run")
    parser.add_argument("--think", type=float, default=0.0,
                        help="mean seconds a trainee pauses between answers (0: flat out)")
    args = parser.parse_args()
    ok = True
    for crash in ((False, True) if args.both else (args.crash,)):
        report = run(args.trainees, args.answers, args.workers, crash, think=args.think)
        print(report.text(), flush=True)
        print()
        ok = ok and report.ok
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
