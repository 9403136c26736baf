"""Web app benchmark: the answer round trip under ``trainer serve`` (gunicorn, real SQLite file).

(a) 50 simulated trainees, each answering about once a second (POST the answer,
    read the feedback fragment, which carries the next question, think, answer it):
    the POST round trip (request -> feedback fragment, attempt committed),
    p50/p95/p99.
(b) Saturation: closed-loop clients answering as fast as they can (one POST per
    answer, as a trainee's browser with htmx does; a GET only for a session's first
    question), answers/s; and the same clients POSTing to a bare Flask + SQLite
    insert + pre-compiled template endpoint (bench/bare_flask_app.py) served the
    same way, requests/s.

The load generator is asyncio with raw HTTP/1.1 sockets (one connection per
request, as gunicorn's sync workers close them), in this process, on the same
machine as the server.

Run: .venv/bin/python bench/web_bench.py [--workers 4] [--trainees 50] [--seconds 30]
(figures go to BENCHMARKS.md, "Web app", by hand)
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VENV_BIN = Path(sys.executable).parent
PASSWORD = "bench-password"
TOKEN = re.compile(rb'name="token" value="([^"]+)"')
CSRF = re.compile(rb'name="csrf_token" type="hidden" value="([^"]+)"')


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class Response:
    status: int
    headers: dict[str, str]
    cookies: dict[str, str]
    body: bytes


@dataclass
class Client:
    """One simulated browser: a cookie jar and raw HTTP/1.1 requests."""

    port: int
    cookies: dict[str, str] = field(default_factory=dict)
    csrf: str = ""
    sent: int = 0

    async def request(self, method: str, path: str, form: dict[str, str] | None = None,
                      htmx: bool = False) -> Response:
        body = urllib.parse.urlencode(form or {}).encode()
        self.sent += 1
        lines = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{self.port}",
                 "Connection: close"]
        if self.cookies:
            lines.append("Cookie: " + "; ".join(f"{k}={v}" for k, v in self.cookies.items()))
        if htmx:
            lines += ["HX-Request: true", f"HX-Current-URL: http://127.0.0.1:{self.port}{path}"]
        if method == "POST":
            lines += ["Content-Type: application/x-www-form-urlencoded",
                      f"Content-Length: {len(body)}"]
            if self.csrf:
                lines.append(f"X-CSRFToken: {self.csrf}")
        reader, writer = await asyncio.open_connection("127.0.0.1", self.port)
        writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
        await writer.drain()
        raw = await reader.read()
        writer.close()
        head, _, payload = raw.partition(b"\r\n\r\n")
        head_lines = head.decode("latin-1").split("\r\n")
        status = int(head_lines[0].split()[1])
        headers: dict[str, str] = {}
        for line in head_lines[1:]:
            name, _, value = line.partition(":")
            if name.lower() == "set-cookie":
                cookie = value.strip().split(";", 1)[0]
                key, _, val = cookie.partition("=")
                self.cookies[key] = val
            else:
                headers[name.lower()] = value.strip()
        return Response(status, headers, self.cookies, payload)


async def log_in(client: Client, username: str) -> None:
    page = await client.request("GET", "/login")
    match = CSRF.search(page.body)
    assert match, page.body[:300]
    client.csrf = match.group(1).decode()
    response = await client.request("POST", "/login", {
        "username": username, "password": PASSWORD, "csrf_token": client.csrf})
    assert response.status in (302, 303), (response.status, response.body[:300])


async def start_session(client: Client, family: str, house: str = "europoker") -> str:
    response = await client.request("POST", "/drills", {
        "csrf_token": client.csrf, "house": house, "family": family,
        "difficulty": "medium", "length": "200"})
    assert response.status == 303, (response.status, response.body[:500])
    return response.headers["location"]


ANSWERS = {"dealer-draw": {"choice": "hit"}, "blackjack-payout": {"amount": "52.50"}}


@dataclass
class Trainee:
    """A logged-in simulated trainee in a drill session, holding the question on screen."""

    client: Client
    family: str
    url: str
    token: str | None = None


async def answer_once(trainee: Trainee) -> tuple[float, bool]:
    """POST an answer (first GETting the question if none is on screen); the POST's round trip.

    As a trainee's browser with htmx does: the feedback fragment carries the next
    question, so the next answer needs no GET.
    """
    client = trainee.client
    if trainee.token is None:
        question = await client.request("GET", trainee.url, htmx=True)
        match = TOKEN.search(question.body) if question.status == 200 else None
        if match is None:  # the session finished: start another
            return 0.0, False
        trainee.token = match.group(1).decode()
    started = time.perf_counter()
    response = await client.request("POST", f"{trainee.url}/answer",
                                    {"token": trainee.token, **ANSWERS[trainee.family]},
                                    htmx=True)
    elapsed = (time.perf_counter() - started) * 1000
    ok = response.status == 200 and b'data-state="feedback"' in response.body
    ahead = TOKEN.search(response.body)
    trainee.token = ahead.group(1).decode() if ahead else None
    return elapsed, ok


async def ready_trainee(port: int, n: int) -> Trainee:
    """Log a trainee in and open a long session (not measured)."""
    client = Client(port)
    family = "dealer-draw" if n % 2 else "blackjack-payout"
    await log_in(client, f"trainee{n}")
    return Trainee(client, family, await start_session(client, family))


async def trainee_loop(trainee: Trainee, n: int, seconds: float,
                       latencies: list[float], failures: list[int], think: bool) -> int:
    rng = random.Random(n)
    done = 0
    if think:
        await asyncio.sleep(rng.random())  # spread the trainees over the first second
    until = time.perf_counter() + seconds
    while time.perf_counter() < until:
        cycle = time.perf_counter()
        elapsed, ok = await answer_once(trainee)
        if ok:
            latencies.append(elapsed)
            done += 1
        else:
            failures.append(1)
            trainee.url = await start_session(trainee.client, trainee.family)
        if think:  # about one answer a second, with some jitter
            rest = rng.uniform(0.8, 1.2) - (time.perf_counter() - cycle)
            if rest > 0:
                await asyncio.sleep(rest)
    return done


async def ready_trainees(port: int, trainees: int) -> list[Trainee]:
    # one at a time: logging in hashes a password (scrypt), which is not what we measure
    return [await ready_trainee(port, n) for n in range(trainees)]


async def run_trainees(ready: list[Trainee], seconds: float, think: bool
                       ) -> tuple[list[float], int, float]:
    latencies: list[float] = []
    failures: list[int] = []
    started = time.perf_counter()
    counts = await asyncio.gather(*(trainee_loop(t, n, seconds, latencies, failures, think)
                                    for n, t in enumerate(ready)))
    return latencies, len(failures), sum(counts) / (time.perf_counter() - started)


async def run_bare(port: int, clients: int, seconds: float) -> tuple[list[float], float]:
    latencies: list[float] = []

    async def loop() -> int:
        client = Client(port)
        count = 0
        until = time.perf_counter() + seconds
        while time.perf_counter() < until:
            started = time.perf_counter()
            response = await client.request("POST", "/answer", {"answer": "hit"})
            latencies.append((time.perf_counter() - started) * 1000)
            assert response.status == 200
            count += 1
        return count

    started = time.perf_counter()
    counts = await asyncio.gather(*(loop() for _ in range(clients)))
    return latencies, sum(counts) / (time.perf_counter() - started)


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
    """User + system CPU seconds of a process and its children (gunicorn master + workers)."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    pids = [pid]
    try:
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        children = []
    pids += [int(c) for c in children]
    for one in pids:
        try:
            fields = Path(f"/proc/{one}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / tick
    return total


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def summary(values: list[float]) -> str:
    return (f"p50 {percentile(values, 50):.1f} ms, p95 {percentile(values, 95):.1f} ms, "
            f"p99 {percentile(values, 99):.1f} ms, max {max(values):.1f} ms "
            f"({len(values)} answers)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--trainees", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--clients", type=int, default=32, help="saturation clients")
    parser.add_argument("--saturation-seconds", type=float, default=15.0)
    args = parser.parse_args()

    work = Path(tempfile.mkdtemp(prefix="web-bench-"))
    database = work / "trainer.db"
    env = os.environ | {"TRAINER_INSTANCE": str(work / "instance")}
    users = max(args.trainees, args.clients)
    print(f"creating {users} trainees in {database} ...", file=sys.stderr)
    for n in range(users):
        subprocess.run([VENV_BIN / "trainer", "create-user", f"trainee{n}", "--role",
                        "trainee", "--database", str(database)], input=PASSWORD + "\n",
                       text=True, env=env, check=True, capture_output=True)

    port = free_port()
    server = subprocess.Popen([VENV_BIN / "trainer", "serve", "--host", "127.0.0.1",
                               "--port", str(port), "--workers", str(args.workers),
                               "--database", str(database)], env=env)
    try:
        wait_listening(port)
        print(f"(a) {args.trainees} trainees answering about once a second for "
              f"{args.seconds:.0f} s ...", file=sys.stderr)
        ready = asyncio.run(ready_trainees(port, args.trainees))
        latencies, failures, rate = asyncio.run(run_trainees(ready, args.seconds, think=True))
        print(f"(a) answer round trip: {summary(latencies)}, {rate:.0f} answers/s, "
              f"{failures} failures")
        print(f"(b) saturation: {args.clients} clients answering, "
              f"{args.saturation_seconds:.0f} s ...", file=sys.stderr)
        ready = asyncio.run(ready_trainees(port, args.clients))
        cpu_before = tree_cpu_seconds(server.pid)
        sent_before = sum(t.client.sent for t in ready)
        sat_latencies, sat_failures, sat_rate = asyncio.run(
            run_trainees(ready, args.saturation_seconds, think=False))
        app_cpu = (tree_cpu_seconds(server.pid) - cpu_before) / len(sat_latencies) * 1000
        per_answer = (sum(t.client.sent for t in ready) - sent_before) / len(sat_latencies)
        print(f"(b) app: {sat_rate:.0f} answers/s ({per_answer:.2f} requests per answer), "
              f"answer POST {summary(sat_latencies)}, {sat_failures} failures; "
              f"server CPU {app_cpu:.2f} ms per answer")
        db_rows = subprocess.run(
            [sys.executable, "-c", "import sqlite3,sys; print(sqlite3.connect(sys.argv[1])"
             ".execute('select count(*) from attempts').fetchone()[0])", str(database)],
            capture_output=True, text=True, check=True).stdout.strip()
        print(f"    attempts committed in SQLite: {db_rows}")
    finally:
        server.terminate()
        server.wait(timeout=30)

    bare_port = free_port()
    bare = subprocess.Popen([VENV_BIN / "gunicorn", "--workers", str(args.workers), "--bind",
                             f"127.0.0.1:{bare_port}", "--log-level", "warning",
                             "--chdir", str(ROOT / "bench"), "bare_flask_app:app"],
                            env=env | {"BARE_DATABASE": str(work / "bare.db")})
    try:
        wait_listening(bare_port)
        cpu_before = tree_cpu_seconds(bare.pid)
        bare_latencies, bare_rate = asyncio.run(
            run_bare(bare_port, args.clients, args.saturation_seconds))
        bare_cpu = (tree_cpu_seconds(bare.pid) - cpu_before) / len(bare_latencies) * 1000
        print(f"(b) bare Flask + SQLite insert: {bare_rate:.0f} requests/s, "
              f"{summary(bare_latencies)}; server CPU {bare_cpu:.2f} ms per request")
    finally:
        bare.terminate()
        bare.wait(timeout=30)
    print(f"    app answers/s / bare requests/s = {sat_rate / bare_rate:.2f}")
    print(f"    CPU per answer / CPU per bare request = {app_cpu / bare_cpu:.1f}; "
          f"load average during the run {os.getloadavg()[0]:.1f}")
    print(f"    workers {args.workers}, CPUs {os.cpu_count()}, "
          f"median answer POST at saturation {statistics.median(sat_latencies):.1f} ms")


if __name__ == "__main__":
    main()
