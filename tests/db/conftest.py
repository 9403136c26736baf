"""Fixtures for the database tests: a migrated SQLite file of the test's own."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlite_utils import Database

from trainer.db import connect, migrate


@pytest.fixture
def db(tmp_path: Path) -> Database:
    database = connect(tmp_path / "trainer.db")
    migrate(database)
    return database
