"""Every runtime dependency ``pip install`` brings with the ``trainer`` command is one the
package imports: none is installed for nothing."""

from __future__ import annotations

import ast
import re
import tomllib
from importlib.metadata import packages_distributions
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _normal(distribution: str) -> str:
    return re.sub(r"[-_.]+", "-", distribution).lower()


def _imported_modules(folder: Path) -> set[str]:
    """The top-level modules the Python files under ``folder`` import (not relatively)."""
    modules = set()
    for path in folder.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                modules |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                modules.add(node.module.split(".")[0])
    return modules


def test_every_runtime_dependency_is_imported_by_the_package() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    declared = {_normal(re.split(r"[\s<>=!~;\[]", requirement, maxsplit=1)[0])
                for requirement in project["dependencies"]}
    providers = packages_distributions()
    imported = {_normal(distribution) for module in _imported_modules(ROOT / "trainer")
                for distribution in providers.get(module, [])}
    assert sorted(declared - imported) == []
