"""The audit step library, in dealer language: one module per area of the features.

Given steps put things on the table (they return a new ``audit_house`` or
``audit_table``); When steps deal the dealer's cards; Then steps only ask
the engine and assert. ``shared`` holds the fixtures the steps share and
``ru`` the Russian steps. Importing any module of the package registers
every step, in the order of :data:`LIBRARY`.
"""

from __future__ import annotations

import importlib

LIBRARY = (
    "house", "bets", "dealer", "payouts", "options", "insurance", "shoe", "deal", "readings",
    "ru",
)
"""The step modules, imported in this order: ``trainer audit --steps`` lists each keyword's
steps in the order they were registered."""

for _module in LIBRARY:
    importlib.import_module(f"{__name__}.{_module}")
