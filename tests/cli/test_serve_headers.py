"""``trainer serve`` (gunicorn) names no server in its responses: no ``Server: gunicorn``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import urllib.error
import urllib.request
from email.message import Message
from pathlib import Path

TRAINER = str(Path(sys.executable).parent / "trainer")


def _headers(url: str) -> Message:
    try:
        with urllib.request.urlopen(url, timeout=60) as response:
            return response.headers
    except urllib.error.HTTPError as refused:  # a 404 is gunicorn's response all the same
        return refused.headers


def test_served_pages_send_no_server_header(tmp_path: Path) -> None:
    env = os.environ | {"TRAINER_INSTANCE": str(tmp_path / "instance")}
    with subprocess.Popen([TRAINER, "serve", "--port", "0", "--workers", "1", "--json",
                           "--database", str(tmp_path / "t.db")],
                          stdout=subprocess.PIPE, text=True, env=env) as server:
        try:
            assert server.stdout is not None
            url = json.loads(server.stdout.readline())["url"]  # listening: requests wait
            for page in ("login", "no-such-page"):
                headers = _headers(url + page)
                assert headers["Content-Type"], page  # a response of the app's
                assert "Server" not in headers, (page, headers["Server"])
        finally:
            server.terminate()
