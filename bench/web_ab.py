"""A/B two source trees of the app, served side by side: CPU per answer on the same minutes.

This machine's speed drifts by 10-20 % from minute to minute, more than most changes to
an answer's cost, so two runs of bench/web_bench.py one after the other cannot tell a
5 % change from the drift.  Here both trees are served at once (``trainer serve``, two
sync workers each, a database of their own), and the same saturating load (wrk with
bench/web_load.lua, 8 trainees answering blackjack payouts and dealer draws in sessions
of 200) alternates between them, round after round, in A-B then B-A order.  Each run
reports the servers' CPU per answer and answers/s; the median of the rounds and of
each round's B/A ratio is the result.

Run: .venv/bin/python bench/web_ab.py OLD_TREE [NEW_TREE] [--rounds 6] [--seconds 8]
(NEW_TREE defaults to this checkout; a tree is served with ``PYTHONPATH`` set to it, so
``git worktree add /tmp/old HEAD~1`` gives the tree before the last commit.)
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
import web_bench  # the bench's own helpers, next to this file

CLIENTS = 8


@dataclass
class Served:
    """One tree under ``trainer serve``, with its trainees' database and the runs on it."""

    name: str
    process: subprocess.Popen[bytes]
    port: int
    work: Path
    runs: list[tuple[float, float]] = field(default_factory=list)
    """(CPU ms per answer, answers/s) of each round."""


def serve(name: str, tree: Path, users: int) -> Served:
    """Create the trainees and start ``trainer serve`` on the tree's code."""
    work = Path(tempfile.mkdtemp(prefix=f"web-ab-{name}-"))
    env = os.environ | {"TRAINER_INSTANCE": str(work / "instance"), "PYTHONPATH": str(tree)}
    database = work / "trainer.db"
    for n in range(users):
        subprocess.run([web_bench.VENV_BIN / "trainer", "create-user", f"trainee{n}",
                        "--role", "trainee", "--database", str(database)],
                       input=web_bench.PASSWORD + "\n", text=True, env=env, check=True,
                       capture_output=True)
    port = web_bench.free_port()
    process = subprocess.Popen([web_bench.VENV_BIN / "trainer", "serve", "--host", "127.0.0.1",
                                "--port", str(port), "--workers", "2", "--threads", "1",
                                "--database", str(database)], env=env)
    return Served(name, process, port, work)


def load(served: Served, first_trainee: int, seconds: float) -> tuple[float, float]:
    """Fresh trainees answering as fast as they can; CPU ms per answer and answers/s."""
    ready = asyncio.run(web_bench.ready_trainees(served.port, first_trainee, CLIENTS))
    before = web_bench.tree_cpu_seconds(served.process.pid)
    run = web_bench.run_wrk(served.port, CLIENTS, seconds, ready, served.work)
    cpu, _words = web_bench.cpu_ms_per(before, web_bench.tree_cpu_seconds(served.process.pid),
                                       run.answers)
    return cpu, run.rate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old", type=Path, help="tree A (say, a worktree of the last commit)")
    parser.add_argument("new", type=Path, nargs="?", default=web_bench.ROOT,
                        help="tree B (default: this checkout)")
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--seconds", type=int, default=8, help="each run's length (wrk: whole s)")
    args = parser.parse_args()
    if shutil.which("wrk") is None:
        parser.error("wrk is needed (Debian: apt-get install wrk)")
    users = CLIENTS * (args.rounds + 1)
    print(f"creating {users} trainees for each tree ...", file=sys.stderr)
    trees = [serve("A", args.old.resolve(), users), serve("B", args.new.resolve(), users)]
    try:
        for served in trees:
            web_bench.wait_listening(served.port)
            load(served, 0, 4)  # templates compiled, caches filled
        for round_ in range(1, args.rounds + 1):
            for served in trees if round_ % 2 else trees[::-1]:
                served.runs.append(load(served, CLIENTS * round_, args.seconds))
                cpu, rate = served.runs[-1]
                print(f"round {round_} {served.name}: {rate:.0f} answers/s, server CPU "
                      f"{cpu:.2f} ms per answer", flush=True)
    finally:
        for served in trees:
            served.process.terminate()
            served.process.wait(timeout=30)
            shutil.rmtree(served.work, ignore_errors=True)
    a, b = trees
    for served, tree in ((a, args.old), (b, args.new)):
        print(f"{served.name} ({tree}): median CPU per answer "
              f"{statistics.median(c for c, _ in served.runs):.3f} ms, median "
              f"{statistics.median(r for _, r in served.runs):.0f} answers/s")
    ratios = [rb / ra for (ra, _), (rb, _) in zip(a.runs, b.runs, strict=True)]
    print(f"B / A CPU per answer, round by round: {', '.join(f'{r:.2f}' for r in ratios)}; "
          f"median {statistics.median(ratios):.2f}")


if __name__ == "__main__":
    main()
