"""All of the trainer's SQL: one SQLite file through sqlite-utils, migrations, small queries.

Nothing outside this package writes SQL. Open a database with :func:`connect`,
bring it up to date with :func:`migrate`; the query modules take the
``Database`` as their first argument.
"""

from trainer.db.connection import (
    SetupError,
    checkpoint,
    connect,
    database_problem,
    default_path,
    now_iso,
    now_ms,
    write_transaction,
)
from trainer.db.migrations import migrate, migrations

__all__ = [
    "SetupError",
    "checkpoint",
    "connect",
    "database_problem",
    "default_path",
    "migrate",
    "migrations",
    "now_iso",
    "now_ms",
    "write_transaction",
]
