"""Every shipped feature runs in the test suite, so CI audits every house on every change."""

from pathlib import Path

from pytest_bdd import scenarios

FEATURES = Path(__file__).resolve().parents[2] / "features"

scenarios(str(FEATURES))
