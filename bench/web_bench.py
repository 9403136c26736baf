"""Web app benchmark: the answer round trip under ``trainer serve`` (gunicorn, real SQLite file).

(a) 50 simulated trainees, each answering about once a second (POST the answer,
    read the feedback fragment, which carries the next question, think, answer it):
    the POST round trip (request -> feedback fragment, attempt committed),
    p50/p95/p99.  Client: asyncio, raw HTTP/1.1 on keep-alive connections.
(b) Saturation: closed-loop clients answering as fast as they can (one POST per
    answer, as a trainee's browser with htmx does; a new session's first question
    is a GET), answers/s; and the same clients POSTing to a bare Flask + SQLite
    insert + pre-compiled template endpoint (bench/bare_flask_app.py) served the
    same way, requests/s.  Between the two, with wrk, the same trainees POST their
    answer form to the *stack floor* (bench/floor_app.py: the app's own session,
    login, CSRF and headers, no drill work), which splits an answer's cost into
    what every request pays and what the drill itself does.  Client: ``wrk``
    (Debian's, C) with bench/web_load.lua, one thread per connection, each
    connection one logged-in trainee; or ``--client asyncio`` for the Python
    client (no stack floor).  The client's own CPU is reported too: it shares the
    server's cores.

Every client runs on the same machine as the server.  Afterwards the attempts in
SQLite are counted against the feedback fragments received.

Run: .venv/bin/python bench/web_bench.py [--workers 2] [--threads 1] [--trainees 50]
[--repeat 3] (figures go to docs/benchmarks.md, "Web answer latency and
throughput", by hand).  This machine's speed
drifts by 10-20 % from minute to minute, so (b) alternates app and bare runs ``--repeat``
times and reports each pair's ratio and their median; ``--seconds 0`` skips (a).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import resource
import shutil
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VENV_BIN = Path(sys.executable).parent
LOAD_SCRIPT = ROOT / "bench" / "web_load.lua"
PASSWORD = "bench-password"
TOKEN = re.compile(rb'name="token" value="([^"]+)"')
CSRF = re.compile(rb'name="csrf_token" type="hidden" value="([^"]+)"')
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
    """One simulated browser: a cookie jar and raw HTTP/1.1 requests on a kept-alive
    connection (reopened when the server closes it)."""

    port: int
    cookies: dict[str, str] = field(default_factory=dict)
    csrf: str = ""
    sent: int = 0
    stream: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None

    async def request(self, method: str, path: str, form: dict[str, str] | None = None,
                      htmx: bool = False) -> Response:
        body = urllib.parse.urlencode(form or {}).encode()
        self.sent += 1
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


async def log_in(client: Client, username: str) -> None:
    page = await client.request("GET", "/login")
    match = CSRF.search(page.body)
    assert match, page.body[:300]
    client.csrf = match.group(1).decode()
    response = await client.request("POST", "/login", {
        "username": username, "password": PASSWORD, "csrf_token": client.csrf})
    assert response.status in (302, 303), (response.status, response.body[:300])
    home = await client.request("GET", "/")  # logging in renewed the session's CSRF token
    match = CSRF.search(home.body)
    assert match, home.body[:300]
    client.csrf = match.group(1).decode()


async def start_session(client: Client, family: str, house: str = "europoker") -> str:
    response = await client.request("POST", "/drills", {
        "csrf_token": client.csrf, "house": house, "family": family,
        "difficulty": "medium", "length": "200"})
    assert response.status == 303, (response.status, response.body[:500])
    return response.headers["location"]


@dataclass
class Trainee:
    """A logged-in simulated trainee in a drill session, holding the question on screen."""

    client: Client
    family: str
    url: str
    token: str | None = None

    async def first_question(self) -> None:
        """GET the session's question (only a session's first: each answer brings the next)."""
        question = await self.client.request("GET", self.url, htmx=True)
        match = TOKEN.search(question.body)
        assert question.status == 200 and match, (question.status, question.body[:300])
        self.token = match.group(1).decode()

    async def answer(self) -> tuple[float, bool]:
        """POST an answer to the question on screen; the round trip in ms, and whether the
        feedback came back.  A finished session is followed by a new one."""
        if self.token is None:
            self.url = await start_session(self.client, self.family)
            await self.first_question()
        started = time.perf_counter()
        response = await self.client.request("POST", f"{self.url}/answer",
                                             {"token": str(self.token), **ANSWERS[self.family]},
                                             htmx=True)
        elapsed = (time.perf_counter() - started) * 1000
        ok = response.status == 200 and b'data-state="feedback"' in response.body
        ahead = TOKEN.search(response.body)
        self.token = ahead.group(1).decode() if ahead else None
        return elapsed, ok


async def ready_trainee(port: int, n: int) -> Trainee:
    """Log a trainee in, open a long session and show its first question (not measured)."""
    client = Client(port)
    family = "dealer-draw" if n % 2 else "blackjack-payout"
    await log_in(client, f"trainee{n}")
    trainee = Trainee(client, family, await start_session(client, family))
    await trainee.first_question()
    client.close()  # its connection belongs to this event loop; the run opens its own
    return trainee


async def ready_trainees(port: int, first: int, count: int) -> list[Trainee]:
    # one at a time: logging in hashes a password (scrypt), which is not what we measure
    return [await ready_trainee(port, n) for n in range(first, first + count)]


@dataclass
class Run:
    """What a load run measured."""

    answers: int
    failures: int
    seconds: float
    latencies: list[float]
    requests: int
    client_cpu: float | None = None
    """CPU seconds the load client itself used (wrk only; it shares the server's cores)."""

    @property
    def rate(self) -> float:
        return self.answers / self.seconds


async def trainee_loop(trainee: Trainee, n: int, seconds: float, run: Run, think: bool) -> None:
    rng = random.Random(n)
    if think:
        await asyncio.sleep(rng.random())  # spread the trainees over the first second
    until = time.perf_counter() + seconds
    while time.perf_counter() < until:
        cycle = time.perf_counter()
        elapsed, ok = await trainee.answer()
        if ok:
            run.latencies.append(elapsed)
            run.answers += 1
        else:
            run.failures += 1
        if think:  # about one answer a second, with some jitter
            rest = rng.uniform(0.8, 1.2) - (time.perf_counter() - cycle)
            if rest > 0:
                await asyncio.sleep(rest)


async def run_trainees(trainees: list[Trainee], seconds: float, think: bool) -> Run:
    run = Run(0, 0, seconds, [], 0)
    sent = sum(t.client.sent for t in trainees)
    started = time.perf_counter()
    await asyncio.gather(*(trainee_loop(t, n, seconds, run, think)
                           for n, t in enumerate(trainees)))
    run.seconds = time.perf_counter() - started
    run.requests = sum(t.client.sent for t in trainees) - sent
    for trainee in trainees:
        trainee.client.close()
    return run


async def run_bare_asyncio(port: int, clients: int, seconds: float) -> Run:
    run = Run(0, 0, seconds, [], 0)

    async def loop() -> None:
        client = Client(port)
        until = time.perf_counter() + seconds
        while time.perf_counter() < until:
            started = time.perf_counter()
            response = await client.request("POST", "/answer", {"answer": "hit"})
            run.latencies.append((time.perf_counter() - started) * 1000)
            run.answers += response.status == 200
            run.failures += response.status != 200
        client.close()

    started = time.perf_counter()
    await asyncio.gather(*(loop() for _ in range(clients)))
    run.seconds = time.perf_counter() - started
    run.requests = run.answers + run.failures
    return run


WRK_LINE = re.compile(r"^WRK (.*)$", re.M)


def run_wrk(port: int, connections: int, seconds: float, trainees: list[Trainee] | None,
            work: Path, floor: bool = False) -> Run:
    """wrk with bench/web_load.lua: the trainees' flow (or, ``floor``, their POSTs to the
    stack floor), or (no trainees) the bare endpoint."""
    env = dict(os.environ)
    env.pop("WEB_BENCH_FLOOR", None)
    if floor:
        env["WEB_BENCH_FLOOR"] = "1"
    url = f"http://127.0.0.1:{port}/"
    if trainees is not None:
        listing = work / "trainees.tsv"
        listing.write_text("".join(
            "\t".join([f"session={t.client.cookies['session']}", t.client.csrf, t.url,
                       str(t.token), urllib.parse.urlencode(ANSWERS[t.family])]) + "\n"
            for t in trainees))
        env["WEB_BENCH_TRAINEES"] = str(listing)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run(["wrk", "-t", str(connections), "-c", str(connections), "-d",
                          f"{seconds:.0f}s", "-s", str(LOAD_SCRIPT), url],
                         env=env, capture_output=True, text=True, check=True).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    client_cpu = (after.ru_utime - children.ru_utime) + (after.ru_stime - children.ru_stime)
    match = WRK_LINE.search(out)
    assert match, out
    got = {k: float(v) for k, v in (item.split("=") for item in match.group(1).split())}
    # wrk reports percentiles, not every latency: keep them as a stand-in sample
    sample = [got["p50"], got["p95"], got["p99"], got["max"]]
    return Run(int(got["answered"]), int(got["refused"]), got["seconds"], sample,
               int(got["requests"]), client_cpu)


def wait_listening(port: int, timeout: float = 30) -> None:
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"nothing listening on port {port}")


def tree_cpu_seconds(pid: int) -> tuple[float, float]:
    """User and system CPU seconds of a process and its children (gunicorn master + workers)."""
    tick = os.sysconf("SC_CLK_TCK")
    user = system = 0.0
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
        user += int(fields[11]) / tick
        system += int(fields[12]) / tick
    return user, system


def cpu_ms_per(before: tuple[float, float], after: tuple[float, float],
               count: int) -> tuple[float, str]:
    """CPU milliseconds per answer (or request) between two readings, and it in words."""
    user, system = ((b - a) / count * 1000 for a, b in zip(before, after, strict=True))
    return user + system, f"{user + system:.2f} ms (user {user:.2f}, system {system:.2f})"


def client_cpu_words(run: Run, per: str) -> str:
    """The load client's CPU per answer or request, when it was a separate process (wrk)."""
    if run.client_cpu is None:
        return ""
    return f"; client CPU {run.client_cpu / run.answers * 1000:.2f} ms per {per}"


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def summary(run: Run) -> str:
    if len(run.latencies) == 4:  # wrk's p50, p95, p99, max
        p50, p95, p99, top = run.latencies
    else:
        p50, p95, p99 = (percentile(run.latencies, p) for p in (50, 95, 99))
        top = max(run.latencies)
    return (f"p50 {p50:.1f} ms, p95 {p95:.1f} ms, p99 {p99:.1f} ms, max {top:.1f} ms "
            f"({run.answers} answers, {run.failures} failures)")


def count_attempts(database: Path) -> int:
    with sqlite3.connect(database) as conn:
        return int(conn.execute("SELECT count(*) FROM answers").fetchone()[0])


def saturate_app(port: int, database: Path, server: subprocess.Popen[bytes],
                 args: argparse.Namespace, ready: list[Trainee], work: Path) -> tuple[Run, float]:
    """(b) for the app: fresh trainees answering as fast as they can; the run and its CPU."""
    before = count_attempts(database)
    cpu_before = tree_cpu_seconds(server.pid)
    if args.client == "wrk":
        app = run_wrk(port, args.clients, args.saturation_seconds, ready, work)
    else:
        app = asyncio.run(run_trainees(ready, args.saturation_seconds, think=False))
    app_cpu, app_words = cpu_ms_per(cpu_before, tree_cpu_seconds(server.pid), app.answers)
    print(f"(b) app: {app.rate:.0f} answers/s ({app.requests / app.answers:.2f} requests "
          f"per answer), {summary(app)}; server CPU {app_words} per answer"
          f"{client_cpu_words(app, 'answer')}")
    committed = count_attempts(database) - before
    # wrk stops with up to one request in flight per connection: answered, not counted
    assert app.answers <= committed <= app.answers + args.clients, (app.answers, committed)
    print(f"    attempts committed in SQLite: {committed} for {app.answers} feedback "
          f"fragments received")
    return app, app_cpu


def saturate_floor(port: int, floor: subprocess.Popen[bytes], ready: list[Trainee],
                   args: argparse.Namespace, work: Path) -> tuple[Run, float]:
    """(b) for the stack floor: the same trainees POSTing their answer form to
    bench/floor_app.py (login, CSRF, session; no drill work); the run and its CPU."""
    cpu_before = tree_cpu_seconds(floor.pid)
    run = run_wrk(port, args.clients, args.saturation_seconds, ready, work, floor=True)
    assert run.failures == 0 and run.answers > 0, (run.failures, run.answers)
    cpu, words = cpu_ms_per(cpu_before, tree_cpu_seconds(floor.pid), run.answers)
    print(f"(b) stack floor (the app's per-request work, no drill): {run.rate:.0f} requests/s, "
          f"{summary(run)}; server CPU {words} per request{client_cpu_words(run, 'request')}")
    return run, cpu


BARE_VARIANTS = {"insert": "bare Flask + SQLite insert",
                 "kept": "bare Flask + SQLite insert on a kept connection",
                 "plain": "bare Flask, no database",
                 "wsgi": "bare WSGI, no Flask, no database"}
"""bench/bare_flask_app.py's ``BARE_VARIANT``s, as the report names them."""


def bare_variants(text: str) -> list[str]:
    """``--bare``: one variant or several, comma-separated (``all``: every one)."""
    names = list(BARE_VARIANTS) if text == "all" else text.split(",")
    unknown = [n for n in names if n not in BARE_VARIANTS]
    if unknown or not names:
        raise argparse.ArgumentTypeError(
            f"{text!r}: expected all, or some of {', '.join(BARE_VARIANTS)} separated by ','")
    return names


def saturate_bare(port: int, bare: subprocess.Popen[bytes], variant: str,
                  args: argparse.Namespace, work: Path) -> tuple[Run, float]:
    """(b) for a bare endpoint, the same clients; the run and its CPU."""
    cpu_before = tree_cpu_seconds(bare.pid)
    if args.client == "wrk":
        plain = run_wrk(port, args.clients, args.saturation_seconds, None, work)
    else:
        plain = asyncio.run(run_bare_asyncio(port, args.clients, args.saturation_seconds))
    bare_cpu, bare_words = cpu_ms_per(cpu_before, tree_cpu_seconds(bare.pid), plain.answers)
    print(f"(b) {BARE_VARIANTS[variant]}: {plain.rate:.0f} requests/s, {summary(plain)}; "
          f"server CPU {bare_words} per request{client_cpu_words(plain, 'request')}")
    return plain, bare_cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--trainees", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--clients", type=int, default=8, help="saturation connections")
    parser.add_argument("--saturation-seconds", type=float, default=15.0)
    parser.add_argument("--repeat", type=int, default=3,
                        help="saturation pairs (app, then bare), for the median ratio")
    parser.add_argument("--bare", type=bare_variants, default=["insert"],
                        help="the bare endpoints, each measured in every pair (bench/"
                             "bare_flask_app.py's BARE_VARIANT): insert (on a connection a "
                             "request), kept (on one a worker keeps), plain (no database), "
                             "wsgi (no Flask either), comma-separated, or all")
    parser.add_argument("--client", choices=("wrk", "asyncio"),
                        default="wrk" if shutil.which("wrk") else "asyncio",
                        help="the saturation client (default: wrk when installed)")
    args = parser.parse_args()
    serving = [str(args.workers), str(args.threads)]

    work = Path(tempfile.mkdtemp(prefix="web-bench-"))
    database = work / "trainer.db"
    env = os.environ | {"TRAINER_INSTANCE": str(work / "instance")}
    users = args.trainees + args.clients * args.repeat
    print(f"creating {users} trainees in {database} ...", file=sys.stderr)
    for n in range(users):
        subprocess.run([VENV_BIN / "trainer", "create-user", f"trainee{n}", "--role",
                        "trainee", "--database", str(database)], input=PASSWORD + "\n",
                       text=True, env=env, check=True, capture_output=True)

    port, floor_port = free_port(), free_port()
    bare_ports = {variant: free_port() for variant in args.bare}
    server = subprocess.Popen([VENV_BIN / "trainer", "serve", "--host", "127.0.0.1",
                               "--port", str(port), "--workers", serving[0], "--threads",
                               serving[1], "--database", str(database)], env=env)
    bares = {variant: subprocess.Popen(
        [sys.executable, ROOT / "bench" / "bare_flask_app.py", "127.0.0.1", str(bare_port),
         *serving], env=env | {"BARE_DATABASE": str(work / f"bare-{variant}.db"),
                               "BARE_VARIANT": variant})
        for variant, bare_port in bare_ports.items()}
    floor = subprocess.Popen([sys.executable, ROOT / "bench" / "floor_app.py", "127.0.0.1",
                              str(floor_port), *serving],
                             env=env | {"TRAINER_DATABASE": str(database)})
    ratios: dict[str, list[tuple[float, float]]] = {variant: [] for variant in args.bare}
    floors: list[tuple[float, float]] = []
    try:
        for listening in (port, floor_port, *bare_ports.values()):
            wait_listening(listening)
        if args.seconds > 0:
            print(f"(a) {args.trainees} trainees answering about once a second for "
                  f"{args.seconds:.0f} s ...", file=sys.stderr)
            ready = asyncio.run(ready_trainees(port, 0, args.trainees))
            paced = asyncio.run(run_trainees(ready, args.seconds, think=True))
            print(f"(a) answer round trip: {summary(paced)}, {paced.rate:.0f} answers/s")
        for trial in range(args.repeat):
            then = "the stack floor and the bare endpoint" if args.client == "wrk" else \
                "the bare endpoint"
            print(f"(b) saturation {trial + 1} of {args.repeat}: {args.clients} {args.client} "
                  f"connections answering, then on {then}, "
                  f"{args.saturation_seconds:.0f} s each ...", file=sys.stderr)
            ready = asyncio.run(ready_trainees(port, args.trainees + trial * args.clients,
                                               args.clients))
            app, app_cpu = saturate_app(port, database, server, args, ready, work)
            stack = None
            if args.client == "wrk":
                stack, floor_cpu = saturate_floor(floor_port, floor, ready, args, work)
            first_rate = 0.0
            for variant in args.bare:
                plain, bare_cpu = saturate_bare(bare_ports[variant], bares[variant], variant,
                                                args, work)
                first_rate = first_rate or plain.rate
                ratios[variant].append((app.rate / plain.rate, app_cpu / bare_cpu))
                print(f"    app answers/s / {variant} requests/s = "
                      f"{ratios[variant][-1][0]:.2f}; CPU per answer / CPU per {variant} "
                      f"request = {ratios[variant][-1][1]:.1f}")
            if stack is not None:
                # an answer's CPU covers its share of new sessions' requests too
                beyond = app_cpu - floor_cpu * app.requests / app.answers
                floors.append((stack.rate / first_rate, beyond))
                print(f"    stack floor / {args.bare[0]} = {floors[-1][0]:.2f}; an answer's "
                      f"CPU beyond the floor {floors[-1][1]:.2f} ms")
    finally:
        for process in (server, floor, *bares.values()):
            process.terminate()
            process.wait(timeout=30)
    for variant, pairs in ratios.items():
        middle = sorted(pairs)[len(pairs) // 2]
        print(f"    median of {len(pairs)} pairs: app / {variant} = {middle[0]:.2f} "
              f"(CPU ratio {middle[1]:.1f})")
    print(f"    workers {args.workers} x {args.threads} thread(s), CPUs {os.cpu_count()}, "
          f"load average after the run {os.getloadavg()[0]:.1f}")
    if not floors:  # the asyncio client: no stack floor
        print("    (the Python client saturates itself before the bare endpoint -- 1,790 "
              "requests/s against wrk's 2,600-2,800 here -- so this ratio flatters the app; "
              "use wrk)")
        return
    stack_ratio = sorted(r for r, _ in floors)[len(floors) // 2]
    beyond = sorted(b for _, b in floors)[len(floors) // 2]
    print(f"    median stack floor / {args.bare[0]} = {stack_ratio:.2f}; an answer's CPU "
          f"beyond the floor {beyond:.2f} ms")


if __name__ == "__main__":
    main()
