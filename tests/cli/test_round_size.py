"""``trainer settle`` reads a round of at most ``ROUND_MAX_BYTES`` (a house profile's limit):
a bigger one, or an endless stream (``/dev/zero``), is refused in one line, exit 2, after
reading one byte more than the limit (and what stdin's buffer holds), never the whole of it."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli.helpers import run_cli
from trainer.cli.play import ROUND_MAX_BYTES
from trainer.engine.houses import PROFILE_MAX_BYTES

Capsys = pytest.CaptureFixture[str]
TRAINER = str(Path(sys.executable).parent / "trainer")
ROUND = json.dumps({"dealer": ["9h", "Td"], "hands": [{"bet": "35", "cards": ["As", "Kd"]}]})
TOO_BIG = "more than 1,000,000 bytes; a round is at most 1,000,000"


class Spaces(io.RawIOBase):
    """``size`` bytes of JSON whitespace, counting how many were read."""

    def __init__(self, size: int) -> None:
        self.left, self.given = size, 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        count = min(len(buffer), self.left)
        buffer[:count] = b" " * count
        self.left -= count
        self.given += count
        return count


def test_the_limit_is_a_house_profiles() -> None:
    assert ROUND_MAX_BYTES == PROFILE_MAX_BYTES == 1_000_000


def test_a_stream_past_the_limit_is_refused_having_read_little_more(capsys: Capsys) -> None:
    spaces = Spaces(4 * ROUND_MAX_BYTES)
    stdin = io.TextIOWrapper(io.BufferedReader(spaces), encoding="utf-8")
    run = run_cli(capsys, "settle", "--rules", "europoker", stdin=stdin)
    assert (run.code, run.out) == (2, "")
    assert run.err == f"trainer: error: stdin: {TOO_BIG}\n"
    assert spaces.given <= ROUND_MAX_BYTES + 1 + io.DEFAULT_BUFFER_SIZE  # stdin's buffer


def test_a_round_of_the_limit_is_settled(capsys: Capsys, tmp_path: Path) -> None:
    path = tmp_path / "round.json"
    path.write_text(ROUND.ljust(ROUND_MAX_BYTES), encoding="utf-8")
    run = run_cli(capsys, "settle", "--rules", "europoker", str(path))
    assert run.code == 0, run.err
    assert json.loads(run.out)["net"] == "52.50"


@pytest.mark.parametrize("given", ["a file", "a pipe"])
def test_a_round_one_byte_past_the_limit_is_refused(tmp_path: Path, given: str) -> None:
    path = tmp_path / "round.json"
    path.write_text(ROUND.ljust(ROUND_MAX_BYTES + 1), encoding="utf-8")
    if given == "a file":
        run = subprocess.run([TRAINER, "settle", "--rules", "europoker", str(path)],
                             capture_output=True, text=True, timeout=120)
        where = path
    else:
        run = subprocess.run(f"cat '{path}' | '{TRAINER}' settle --rules europoker",
                             shell=True, capture_output=True, text=True, timeout=120)
        where = "stdin"
    assert (run.returncode, run.stdout) == (2, "")
    assert run.stderr == f"trainer: error: {where}: {TOO_BIG}\n"


@pytest.mark.parametrize("args", [[], ["/dev/zero"]])
def test_dev_zero_is_refused_within_a_memory_cap(args: list[str]) -> None:
    """Under a 512 MiB cap on its address space: reading the whole stream would end in a
    MemoryError (exit 1, a traceback), not in this refusal."""
    command = " ".join([f"ulimit -v {512 * 1024}; exec '{TRAINER}' settle --rules europoker",
                        *args, "</dev/zero"])
    run = subprocess.run(["sh", "-c", command], capture_output=True, text=True, timeout=120)
    where = args[0] if args else "stdin"
    assert (run.returncode, run.stdout) == (2, "")
    assert run.stderr == f"trainer: error: {where}: {TOO_BIG}\n"
