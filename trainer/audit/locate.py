"""Where the shipped features are: the repository checkout, else the installed package data.

In a checkout (or an editable install) the features are the top-level
``features/`` directory next to the ``trainer`` package. A built wheel
carries a copy as package data under ``trainer/features/`` (mapped from the
top-level directory by ``pyproject.toml``).
"""

from __future__ import annotations

from pathlib import Path

import trainer

_PACKAGE = Path(trainer.__file__).resolve().parent


def shipped_features_dir() -> Path | None:
    """The directory of the shipped features, or None when this copy has none."""
    for candidate in (_PACKAGE.parent / "features", _PACKAGE / "features"):
        if candidate.is_dir() and any(candidate.rglob("*.feature")):
            return candidate
    return None


def house_features(root: Path, house: str) -> Path | None:
    """The features of one house (``root/<house>/``), or None."""
    place = root / house
    return place if place.is_dir() else None
