"""Web app benchmark: trainees answering drills under ``trainer serve`` on a real SQLite file.

(a) Paced load, the users' target: ``--trainees`` trainees (default 1,000), each answering
    once every ``--every`` seconds (default 3, jittered ±25 %), for ``--seconds``.  Each
    trainee answers as a browser with htmx does: POST the answer, read the feedback
    fragment, which carries the next question; a finished session opens another.  The
    client (asyncio, raw HTTP/1.1) keeps a trainee's connection when the server keeps it
    alive and connects again when the server closes it, as a browser does; an answer is
    timed from the moment the trainee sends it (connecting included) to the whole
    fragment, on a fixed schedule that a slow answer does not push back.  Reports
    p50/p95/p99 (target: p99 ≤ 50 ms) and the server's CPU an answer.
(b) Saturation: ``--clients`` connections answering as fast as they can (wrk with
    bench/web_load.lua, in C): answers a second and the server's CPU an answer (recorded,
    no target).

Every client runs on this machine, beside the server.  Afterwards the attempts in SQLite
are counted against the feedback fragments received: none may be lost.  (b) needs
Debian's ``wrk`` (``apt-get install wrk``).

Run: .venv/bin/python bench/web_bench.py [--trainees 1000] [--every 3] [--seconds 60]
[--clients 8] [--saturation-seconds 20] [--workers 2] [--threads 1]
(figures go to docs/benchmarks.md, "Web answer latency and throughput", by hand).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import resource
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from trainer.db import connect, migrate
from trainer.db.users import create_user
from trainer.web.auth import hash_password

ROOT = Path(__file__).resolve().parents[1]
VENV_BIN = Path(sys.executable).parent
LOAD_SCRIPT = ROOT / "bench" / "web_load.lua"
PASSWORD = "bench-password"
TOKEN = re.compile(rb'name="token" value="([^"]+)"')
CSRF = re.compile(rb'name="csrf_token" type="hidden" value="([^"]+)"')
WRK_LINE = re.compile(r"^WRK (.*)$", re.M)
ANSWERS = {"dealer-draw": {"choice": "hit"}, "blackjack-payout": {"amount": "52.50"}}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class Response:
    status: int
    headers: dict[str, str]
    body: bytes


@dataclass
class Client:
    """One simulated browser: a cookie jar and raw HTTP/1.1 requests on a connection it
    keeps while the server keeps it alive (gthread workers) and opens again when the
    server closed it (sync workers close it after every response)."""

    port: int
    cookies: dict[str, str] = field(default_factory=dict)
    csrf: str = ""
    stream: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None

    async def request(self, method: str, path: str, form: dict[str, str] | None = None,
                      htmx: bool = False) -> Response:
        body = urllib.parse.urlencode(form or {}).encode()
        lines = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{self.port}"]
        if self.cookies:
            lines.append("Cookie: " + "; ".join(f"{k}={v}" for k, v in self.cookies.items()))
        if htmx:
            lines += ["HX-Request: true", f"HX-Current-URL: http://127.0.0.1:{self.port}{path}"]
        if method == "POST":
            lines += ["Content-Type: application/x-www-form-urlencoded",
                      f"Content-Length: {len(body)}"]
            if self.csrf:
                lines.append(f"X-CSRFToken: {self.csrf}")
        raw = ("\r\n".join(lines) + "\r\n\r\n").encode() + body
        try:
            return await self._exchange(raw)
        except (ConnectionError, asyncio.IncompleteReadError):  # closed while idle: once more
            self.close()
            return await self._exchange(raw)

    async def _exchange(self, raw: bytes) -> Response:
        if self.stream is None:
            self.stream = await asyncio.open_connection("127.0.0.1", self.port)
        reader, writer = self.stream
        writer.write(raw)
        await writer.drain()
        head = (await reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
        headers: dict[str, str] = {}
        for line in head[1:]:
            name, _, value = line.partition(":")
            if name.lower() == "set-cookie":
                key, _, val = value.strip().split(";", 1)[0].partition("=")
                self.cookies[key] = val
            elif name:
                headers[name.lower()] = value.strip()
        payload = await reader.readexactly(int(headers.get("content-length", "0")))
        if headers.get("connection", "").lower() == "close":
            self.close()
        return Response(int(head[0].split()[1]), headers, payload)

    def close(self) -> None:
        if self.stream is not None:
            self.stream[1].close()
            self.stream = None


def _found(pattern: re.Pattern[bytes], response: Response) -> str:
    match = pattern.search(response.body)
    assert match, (response.status, response.body[:300])
    return match.group(1).decode()


@dataclass
class Trainee:
    """A logged-in trainee in a drill session, holding its first question's token."""

    client: Client
    family: str
    url: str
    token: str

    async def answer(self) -> bool:
        """POST an answer to the question on screen; whether its feedback came back.  A
        finished session is followed by a new one (not timed)."""
        response = await self.client.request("POST", f"{self.url}/answer",
                                             {"token": self.token, **ANSWERS[self.family]},
                                             htmx=True)
        ahead = TOKEN.search(response.body)
        if ahead:
            self.token = ahead.group(1).decode()
        else:
            await self._next_session()
        return response.status == 200 and b'data-state="feedback"' in response.body

    async def _next_session(self) -> None:
        started = await self.client.request("POST", "/drills", {
            "csrf_token": self.client.csrf, "house": "europoker", "family": self.family,
            "difficulty": "medium", "length": "200"})
        assert started.status == 303, (started.status, started.body[:300])
        self.url = started.headers["location"]
        self.token = _found(TOKEN, await self.client.request("GET", self.url, htmx=True))

    def listing_line(self) -> str:
        """The trainee as bench/web_load.lua reads it: one tab-separated line."""
        return "\t".join([f"session={self.client.cookies['session']}", self.client.csrf,
                          self.url, self.token, urllib.parse.urlencode(ANSWERS[self.family])])


async def ready_trainee(port: int, n: int) -> Trainee:
    """Log trainee ``n`` in, open a long session and read its first question (not measured)."""
    client = Client(port)
    client.csrf = _found(CSRF, await client.request("GET", "/login"))
    response = await client.request("POST", "/login", {
        "username": f"trainee{n}", "password": PASSWORD, "csrf_token": client.csrf})
    assert response.status in (302, 303), (response.status, response.body[:300])
    client.csrf = _found(CSRF, await client.request("GET", "/"))  # renewed at login
    trainee = Trainee(client, "dealer-draw" if n % 2 else "blackjack-payout", "", "")
    await trainee._next_session()
    client.close()  # its connection belongs to this event loop; the run opens its own
    return trainee


async def ready_trainees(port: int, first: int, count: int) -> list[Trainee]:
    return [await ready_trainee(port, n) for n in range(first, first + count)]


def create_trainees(database: Path, count: int) -> None:
    """``count`` trainee accounts, with a cheap password hash (logging in is not measured)."""
    db = connect(database)
    migrate(db)
    cheap = hash_password(PASSWORD, "pbkdf2:sha256:1000")
    for n in range(count):
        create_user(db, f"trainee{n}", "trainee", cheap)
    db.close()


@dataclass
class Run:
    """What one load run measured."""

    client: str
    answers: int
    refused: int
    seconds: float
    p50: float
    p95: float
    p99: float
    slowest: float
    client_cpu: float

    @property
    def rate(self) -> float:
        return self.answers / self.seconds

    def words(self) -> str:
        return (f"p50 {self.p50:.1f} ms, p95 {self.p95:.1f} ms, p99 {self.p99:.1f} ms, "
                f"max {self.slowest:.1f} ms; {self.answers} answers ({self.rate:.0f} a "
                f"second), {self.refused} refused; the client's ({self.client}) CPU "
                f"{self.client_cpu / max(self.answers, 1) * 1000:.2f} ms an answer")


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


async def paced_run(trainees: list[Trainee], every: float, seconds: float) -> Run:
    """Each trainee answers on its own schedule: the first answer within the first
    interval, then one every ``every`` seconds (±25 %), whatever the last one took."""
    times: list[float] = []
    refused = 0
    loop = asyncio.get_running_loop()
    started, cpu = loop.time(), time.process_time()
    until = started + seconds

    async def trainee_loop(trainee: Trainee, n: int) -> None:
        nonlocal refused
        rng = random.Random(n)
        due = started + rng.uniform(0, every)
        while due < until:
            await asyncio.sleep(max(0.0, due - loop.time()))
            sent = loop.time()
            if await trainee.answer():
                times.append((loop.time() - sent) * 1000)
            else:
                refused += 1
            due += every * rng.uniform(0.75, 1.25)
        trainee.client.close()

    await asyncio.gather(*(trainee_loop(t, n) for n, t in enumerate(trainees)))
    p50, p95, p99 = (percentile(times, p) for p in (50, 95, 99))
    return Run("asyncio", len(times), refused, loop.time() - started, p50, p95, p99,
               max(times), time.process_time() - cpu)


def saturating_run(port: int, trainees: list[Trainee], seconds: float, work: Path) -> Run:
    """wrk with bench/web_load.lua: a thread and a connection per trainee, each answering
    as soon as its feedback is back."""
    listing = work / "trainees.tsv"
    listing.write_text("".join(t.listing_line() + "\n" for t in trainees))
    env = dict(os.environ, WEB_BENCH_TRAINEES=str(listing))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run(["wrk", "-t", str(len(trainees)), "-c", str(len(trainees)),
                          "-d", f"{seconds:.0f}s", "--timeout", "10s", "-s", str(LOAD_SCRIPT),
                          f"http://127.0.0.1:{port}/"],
                         env=env, capture_output=True, text=True, check=True).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    match = WRK_LINE.search(out)
    assert match, out
    got = {k: float(v) for k, v in (item.split("=") for item in match.group(1).split())}
    return Run("wrk", int(got["answered"]), int(got["refused"]), got["seconds"], got["p50"],
               got["p95"], got["p99"], got["max"],
               (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime))


def wait_listening(port: int, timeout: float = 30) -> None:
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"nothing listening on port {port}")


def tree_cpu_seconds(pid: int) -> float:
    """CPU seconds (user and system) of a process and its children (gunicorn's workers)."""
    tick = os.sysconf("SC_CLK_TCK")
    try:
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        children = []
    total = 0.0
    for one in [pid, *(int(c) for c in children)]:
        try:
            fields = Path(f"/proc/{one}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / tick
    return total


def count_attempts(database: Path) -> int:
    with sqlite3.connect(database) as conn:
        return int(conn.execute("SELECT count(*) FROM answers").fetchone()[0])


def measured(label: str, server: subprocess.Popen[bytes], database: Path,
             load: Callable[[], Run]) -> None:
    """One load run: its round trips, the server's CPU an answer, and no answer lost."""
    attempts, cpu = count_attempts(database), tree_cpu_seconds(server.pid)
    run = load()
    cpu_ms = (tree_cpu_seconds(server.pid) - cpu) / max(run.answers, 1) * 1000
    stored = count_attempts(database) - attempts
    print(f"{label}: {run.words()}; server CPU {cpu_ms:.2f} ms an answer; "
          f"{stored} attempts stored")
    assert stored >= run.answers, f"{run.answers} feedbacks but {stored} attempts stored"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trainees", type=int, default=1000)
    parser.add_argument("--every", type=float, default=3.0, help="seconds between answers")
    parser.add_argument("--seconds", type=float, default=60.0, help="0 skips (a)")
    parser.add_argument("--clients", type=int, default=8, help="saturation connections")
    parser.add_argument("--saturation-seconds", type=float, default=20.0, help="0 skips (b)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--threads", type=int, default=1)
    args = parser.parse_args()

    work = Path(tempfile.mkdtemp(prefix="web-bench-"))
    database = work / "trainer.db"
    env = os.environ | {"TRAINER_INSTANCE": str(work / "instance")}
    create_trainees(database, args.trainees + args.clients)
    port = free_port()
    server = subprocess.Popen([VENV_BIN / "trainer", "serve", "--host", "127.0.0.1",
                               "--port", str(port), "--workers", str(args.workers),
                               "--threads", str(args.threads), "--database", str(database)],
                              env=env)
    try:
        wait_listening(port)
        print(f"logging {args.trainees + args.clients} trainees in ...", file=sys.stderr)
        if args.seconds > 0:
            paced = asyncio.run(ready_trainees(port, 0, args.trainees))
            print(f"(a) {args.trainees} trainees answering every {args.every:g} s for "
                  f"{args.seconds:.0f} s ...", file=sys.stderr)
            measured(f"(a) {args.trainees} trainees, an answer every {args.every:g} s",
                     server, database,
                     lambda: asyncio.run(paced_run(paced, args.every, args.seconds)))
        if args.saturation_seconds > 0:
            eager = asyncio.run(ready_trainees(port, args.trainees, args.clients))
            measured(f"(b) {args.clients} connections as fast as they can", server, database,
                     lambda: saturating_run(port, eager, args.saturation_seconds, work))
    finally:
        server.terminate()
        server.wait(timeout=30)
    print(f"    workers {args.workers} x {args.threads} thread(s), CPUs {os.cpu_count()}, "
          f"load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
