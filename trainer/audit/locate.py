"""Where the shipped features are: the repository checkout, else the installed copy.

In a checkout (or an editable install) the features are the top-level
``features/`` directory next to the ``trainer`` package. An installed wheel
carries them as data files under ``<prefix>/share/trainer/features/`` (the
``[tool.setuptools.data-files]`` table of ``pyproject.toml``).
"""

from __future__ import annotations

import site
import sys
import sysconfig
from pathlib import Path

import trainer

_PACKAGE = Path(trainer.__file__).resolve().parent
_SHARE = Path("share") / "trainer" / "features"


def candidate_dirs() -> list[Path]:
    """Places a copy of the trainer may keep its features, checkout first."""
    prefixes = [sysconfig.get_path("data"), sys.prefix, site.getuserbase()]
    return [_PACKAGE.parent / "features", *(Path(p) / _SHARE for p in prefixes if p)]


def shipped_features_dir() -> Path | None:
    """The directory of the shipped features, or None when this copy has none."""
    for candidate in candidate_dirs():
        if candidate.is_dir() and any(candidate.rglob("*.feature")):
            return candidate
    return None


def house_features(root: Path, house: str) -> Path | None:
    """The features of one house (``root/<house>/``), or None."""
    place = root / house
    return place if place.is_dir() else None
