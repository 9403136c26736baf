"""Browser tests: pip playwright driving Debian chromium against a real server thread.

Never ``playwright install``: the browser is ``/usr/bin/chromium`` (the Makefile's
test set-up installs it with apt when it is missing).
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from werkzeug.serving import make_server

from tests.dealt import dealt_body
from trainer.db import connect, questions
from trainer.db.users import create_user
from trainer.web import create_app
from trainer.web.auth import hash_password

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--no-first-run", "--disable-quic",
]
PASSWORD = "correct horse"
TAP_AGAIN_MS = 450
"""trainer.js's TAP_AGAIN_MS (400) and a little: a tap this soon after the last, where it
landed, on what the last brought, is taken for the same tap again."""


class LiveServer:
    """The app served by werkzeug on 127.0.0.1, an ephemeral port, in a thread."""

    def __init__(self, database: Path) -> None:
        self.database = database
        self.app = create_app({"SECRET_KEY": "e2e", "DATABASE": str(database),
                               "DRILL_LENGTH": 20, "STRICT_TEMPLATES": True})
        db = connect(database)
        for name in ("tina", "nojs", "tom"):
            create_user(db, name, "trainee", hash_password(PASSWORD, "pbkdf2:sha256:1000"))
        db.close()
        self.server = make_server("127.0.0.1", 0, self.app, threaded=True)
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> LiveServer:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(timeout=5)


def pending_question(database: Path, session_id: int) -> dict[str, Any]:
    """The question now on screen, as the server stored it (the test's answer key)."""
    db = connect(database)
    try:
        question = questions.pending_question(db, session_id)
        assert question is not None
        return dict(json.loads(dealt_body(question)))
    finally:
        db.close()


@pytest.fixture(scope="module")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with LiveServer(tmp_path_factory.mktemp("e2e") / "trainer.db") as server:
        yield server


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: run `make test` (it apt-installs chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                             args=CHROMIUM_ARGS)
        yield browser
        browser.close()
