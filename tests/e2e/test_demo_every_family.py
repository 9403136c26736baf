"""The README's run path in a real browser: ``trainer demo`` (gunicorn, the embedded SQLite
file), log in as the demo trainee with the password it prints, and finish a drill of every
family, each answered right through the page -- every answer then stands in SQLite."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.dealt import ATTEMPTS
from trainer.db import connect
from trainer.db.users import find_user
from trainer.drills import load_families

from .conftest import pending_question

FAMILIES = load_families()
TRAINER = Path(sys.executable).with_name("trainer")
LOGIN_LINE = re.compile(r"trainee\s+user (\S+)\s+password (\S+)")


class Demo:
    """``trainer demo`` running in its own instance folder, and how to log in to it."""

    def __init__(self, folder: Path) -> None:
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            self.port = int(sock.getsockname()[1])
        self.url = f"http://127.0.0.1:{self.port}"
        self.database = folder / "instance" / "trainer.db"  # the default: the instance folder
        env = os.environ | {"TRAINER_INSTANCE": str(folder / "instance"),
                            "PYTHONUNBUFFERED": "1"}
        env.pop("TRAINER_DATABASE", None)
        self.output = folder / "demo.log"
        with self.output.open("w") as log:  # the child keeps its own copy of the file
            self.process = subprocess.Popen(
                [TRAINER, "demo", "--host", "127.0.0.1", "--port", str(self.port),
                 "--workers", "2"], env=env, stdout=log, stderr=subprocess.STDOUT)
        try:
            self._wait_listening()
            match = LOGIN_LINE.search(self.output.read_text())
            assert match, "trainer demo printed no trainee login:\n" + self.output.read_text()
        except BaseException:
            self.stop()
            raise
        self.username, self.password = match.group(1), match.group(2)

    def _wait_listening(self) -> None:
        """Wait for the login page: the demo claims its port before it makes its accounts
        and prints them, so a connection alone may come before the printout."""
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and self.process.poll() is None:
            try:
                with urllib.request.urlopen(f"{self.url}/login", timeout=5) as page:
                    assert page.status == 200
            except OSError:  # refused, reset, or the URLError wrapping either
                time.sleep(0.1)
                continue
            return
        raise AssertionError(f"trainer demo is not listening on port {self.port}:\n"
                             + self.output.read_text())

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Demo]:
    server = Demo(tmp_path_factory.mktemp("demo"))
    try:
        yield server
    finally:
        server.stop()


def _answer_right(page: Any, stored: dict[str, Any]) -> None:
    """Give the stored expected answer the way a trainee would on this kind of question."""
    kind, expected = stored["answer_kind"], stored["expected"]
    if kind in ("action", "yes-no"):
        page.click(f"button[name=choice][value='{expected}']")
    elif kind == "actions":
        for pick in (p for p in expected.split(",") if p and p != "none"):
            page.check(f"input[name=pick][value='{pick}']")
        page.click("fieldset.multi button[type=submit]")
    elif kind == "nets":
        for index, net in enumerate(expected.split(";")):
            page.fill(f"input[name=net-{index}]", net)
        page.click("fieldset.nets button[type=submit]")
    else:  # an amount typed as a dealer types it, with a decimal comma
        assert kind in ("money", "total", "net"), kind
        page.fill("#amount", expected.replace(".", ","))
        page.keyboard.press("Enter")


def test_demo_trainee_finishes_a_drill_of_every_family(browser: Any, demo: Demo) -> None:
    db = connect(demo.database)
    try:  # the demo's generated history comes before
        history = db.execute("SELECT max(id) FROM answers").fetchone()[0]
    finally:
        db.close()
    assert history, "trainer demo gave its trainees no history"
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{demo.url}/login")
    page.fill("#username", demo.username)
    page.fill("#password", demo.password)
    page.click("form.login button[type=submit]")
    page.wait_for_selector(f"text=Hello, {demo.username}")

    for name, family in sorted(FAMILIES.items()):
        page.goto(f"{demo.url}/")
        page.select_option("#house", family.houses[0])
        page.select_option("#family", name)
        page.select_option("#difficulty", family.default_difficulty)
        page.fill("#length", "1")
        page.click(".start-form button[type=submit]")
        page.wait_for_selector("[data-state=question]")
        match = re.search(r"/drills/(\d+)$", page.url)
        assert match, page.url
        stored = pending_question(demo.database, int(match.group(1)))
        assert stored["family"] == name
        _answer_right(page, stored)
        page.wait_for_selector("[data-state=feedback]")
        assert page.inner_text(".verdict h2") == "Right", (name, stored["expected"])
        page.click("[data-next]")
        page.wait_for_selector("#summary")
        assert "100%" in page.inner_text("[data-accuracy]"), name
    assert errors == []
    page.close()

    db = connect(demo.database)
    try:
        trainee = find_user(db, demo.username)
        assert trainee is not None and trainee.role == "trainee"
        answers = db.execute(f"SELECT family, correct, expected, answer FROM {ATTEMPTS}"
                             " WHERE user_id = ? AND id > ? ORDER BY id",
                             [trainee.id, history]).fetchall()
    finally:
        db.close()
    assert [family for family, *_ in answers] == sorted(FAMILIES)
    assert all(correct == 1 for _, correct, _, _ in answers), answers
