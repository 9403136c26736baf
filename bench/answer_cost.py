"""What one drill answer costs inside the app, warm and as a serving worker meets it.

The trainer app is called directly (``app.wsgi_app``, as gunicorn calls it) with a real
SQLite file: one logged-in trainee answers blackjack payouts (htmx POSTs, each bringing
the next question) in sessions of 200, and the wall time of each call is taken; so is
each POST to the bare endpoint of bench/web_bench.py (bench/bare_flask_app.py: Flask,
one SQLite insert, one template).  Three ways, taken in turn, in reverse order every
other round, so that the machine's drift falls on all of them alike:

- ``warm``: answer after answer, as a benchmark loop does -- the CPU caches keep what
  the last answer touched;
- ``cold``: before each answer, a buffer (``--evict-mib``, default 4) is read through,
  which evicts from the core's own caches (L1, L2: 1 MiB here) what the answer touched,
  and some of the shared L3 (32 MiB here), as the other worker and the load client do
  between two answers of one gunicorn worker; ``--evict-mib 64`` empties every level;
- ``cold+writer``: as ``cold``, and another connection commits to the database before
  each answer, which makes SQLite drop this connection's page cache, as the other
  worker's commits do (the bare endpoint opens a connection per request: it has no
  page cache to lose).

Run: .venv/bin/python bench/answer_cost.py [--answers 3000] [--rounds 5]
(figures go to docs/benchmarks.md, "Web answer latency and throughput", by hand).
"""

from __future__ import annotations

import argparse
import importlib
import io
import os
import re
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from flask import Flask
from werkzeug.test import EnvironBuilder

from trainer.db import connect
from trainer.db.users import create_user
from trainer.web import create_app
from trainer.web.auth import hash_password

CSRF = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"')
TOKEN = re.compile(r'name="token" value="([^"]+)"')
CACHE_LINE = 64


class Trainee:
    """One logged-in trainee answering through the WSGI app itself."""

    def __init__(self, app: Flask) -> None:
        self.app = app
        client = app.test_client()
        self.csrf = _match(CSRF, client.get("/login").get_data(as_text=True))
        client.post("/login", data={"username": "t", "password": "pw",
                                    "csrf_token": self.csrf})
        # logging in renewed the session's CSRF token
        self.csrf = _match(CSRF, client.get("/").get_data(as_text=True))
        self.client = client
        self.cookie = f"session={client.get_cookie('session').value}"  # type: ignore[union-attr]
        self.user_agent = str(client.environ_base["HTTP_USER_AGENT"])
        self.url, self.token = self._start()

    def _start(self) -> tuple[str, str]:
        started = self.client.post("/drills", data={
            "csrf_token": self.csrf, "house": "europoker", "family": "blackjack-payout",
            "difficulty": "medium", "length": "200"})
        url = started.headers["Location"]
        return url, _match(TOKEN, self.client.get(url).get_data(as_text=True))

    def answer(self) -> float:
        """One answer (a new session after the last); its wall time in microseconds."""
        environ = EnvironBuilder(
            path=f"{self.url}/answer", method="POST", data=f"token={self.token}&amount=52.50",
            content_type="application/x-www-form-urlencoded",
            environ_base={"REMOTE_ADDR": "127.0.0.1", "HTTP_USER_AGENT": self.user_agent},
            headers={"Cookie": self.cookie, "X-CSRFToken": self.csrf, "HX-Request": "true"},
        ).get_environ()
        status: list[str] = []

        def start_response(line: str, _headers: Any, _exc: Any = None) -> None:
            status.append(line)

        started = time.perf_counter()
        body = b"".join(self.app.wsgi_app(environ, start_response))
        elapsed = (time.perf_counter() - started) * 1e6
        assert status[0].startswith("200"), (status, body[:300])
        ahead = TOKEN.search(body.decode())
        if ahead:
            self.token = ahead.group(1)
        else:
            self.url, self.token = self._start()
        return elapsed


class BareClient:
    """POSTs to the bare endpoint's WSGI app."""

    def __init__(self, work: Path) -> None:
        os.environ["BARE_DATABASE"] = str(work / "bare.db")
        sys.path.insert(0, str(Path(__file__).parent))
        self.app: Flask = importlib.import_module("bare_flask_app").app
        self.environ = EnvironBuilder(
            path="/answer", method="POST", data="answer=hit",
            content_type="application/x-www-form-urlencoded",
            environ_base={"REMOTE_ADDR": "127.0.0.1"}).get_environ()
        self.body = self.environ["wsgi.input"].read()

    def answer(self) -> float:
        """One POST; its wall time in microseconds."""
        environ = dict(self.environ, **{"wsgi.input": io.BytesIO(self.body)})
        status: list[str] = []
        started = time.perf_counter()
        b"".join(self.app.wsgi_app(environ, lambda line, *_args: status.append(line)))
        elapsed = (time.perf_counter() - started) * 1e6
        assert status[0].startswith("200"), status
        return elapsed


def _match(pattern: re.Pattern[str], text: str) -> str:
    found = pattern.search(text)
    assert found, text[:300]
    return found.group(1)


def evict_cpu_caches(buffer: bytearray) -> None:
    """Read one byte of every cache line of the buffer."""
    buffer[::CACHE_LINE].count(1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--answers", type=int, default=3000, help="answers per way and round")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--evict-mib", type=float, default=4.0,
                        help="the buffer read between two requests in the cold ways")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="answer-cost-"))
    app = create_app({"DATABASE": str(work / "trainer.db"), "SECRET_KEY": "bench"})
    db = connect(app.config["DATABASE"])
    create_user(db, "t", "trainee", hash_password("pw", "pbkdf2:sha256:1000"))
    db.close()
    clients: dict[str, Trainee | BareClient] = {"answer": Trainee(app),
                                                "bare": BareClient(work)}
    other = sqlite3.connect(app.config["DATABASE"], isolation_level=None)
    other.execute("CREATE TABLE bench_writer (n INTEGER)")
    other.execute("INSERT INTO bench_writer VALUES (0)")
    buffer = bytearray(int(args.evict_mib * 1024 * 1024))

    def write() -> None:
        other.execute("UPDATE bench_writer SET n = n + 1")

    ways: dict[str, list[Callable[[], None]]] = {
        "warm": [], "cold": [lambda: evict_cpu_caches(buffer)],
        "cold+writer": [lambda: evict_cpu_caches(buffer), write],
    }
    for client in clients.values():
        for _ in range(200):  # templates compiled, caches filled
            client.answer()
    means: dict[tuple[str, str], list[float]] = {}
    for round_ in range(args.rounds):
        for way, before in list(ways.items())[::1 if round_ % 2 == 0 else -1]:
            for name, client in clients.items():
                times = []
                for _ in range(args.answers):
                    for step in before:
                        step()
                    times.append(client.answer())
                means.setdefault((name, way), []).append(statistics.fmean(times))
    print(f"in-process, mean µs per request over {args.answers} requests, median of "
          f"{args.rounds} rounds (the rounds), {args.evict_mib:g} MiB read between two "
          "requests when cold:")
    for way in ways:
        answer, bare = (statistics.median(means[(name, way)]) for name in clients)
        print(f"  {way:12s} answer {answer:6.0f} µs, bare {bare:5.0f} µs, bare / answer "
              f"{bare / answer:.2f}  ({', '.join(f'{v:.0f}' for v in means[('answer', way)])}"
              f" / {', '.join(f'{v:.0f}' for v in means[('bare', way)])})")


if __name__ == "__main__":
    main()
