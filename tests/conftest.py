"""Every test runs on an instance folder of its own run, never the checkout's ``instance/``:
a developer's ``settings.toml`` (or database, or secret key) there must not change a test."""

from __future__ import annotations

import os
import shutil
import tempfile

import pytest

_INSTANCE = tempfile.mkdtemp(prefix="trainer-test-instance-")


def pytest_configure(config: pytest.Config) -> None:
    os.environ["TRAINER_INSTANCE"] = _INSTANCE


def pytest_unconfigure(config: pytest.Config) -> None:
    shutil.rmtree(_INSTANCE, ignore_errors=True)
