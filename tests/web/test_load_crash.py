"""Load and crash, small (issue 7): ``trainer serve`` under gunicorn, 10 trainees x 10 answers.

The full count (50 trainees) runs in ``bench/load_crash.py``; here CI proves the
same properties: every acknowledged answer is in the database exactly once,
with a clean run and with the server SIGKILLed mid-run and restarted.
No timing is asserted (latencies go to docs/benchmarks.md).
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench" / "load_crash.py"


def _bench() -> Any:
    name = "trainer_bench_load_crash"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, BENCH)
        assert spec and spec.loader
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


@pytest.mark.parametrize("crash", [False, True], ids=["clean", "sigkill-and-restart"])
def test_every_acknowledged_answer_is_stored_once(tmp_path: Path, crash: bool) -> None:
    report = _bench().run(trainees=10, answers=10, workers=2, crash=crash,
                          directory=tmp_path / "run")
    print(report.text())
    assert not report.errors, report.errors
    assert not report.server_errors, report.server_errors
    assert report.acknowledged == 100
    assert report.in_database == 100
    assert report.lost == 0 and report.doubled == 0
    assert report.unacknowledged_in_database == 0
    if crash:
        assert report.server_starts == 2
        assert report.killed_after is not None and 0 < report.killed_after < 100
    assert report.ok
