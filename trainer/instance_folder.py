"""Where the web app keeps its instance folder (the SQLite file, the secret key)."""

from __future__ import annotations

import os
from pathlib import Path

VARIABLE = "TRAINER_INSTANCE"


class InstanceFolderError(ValueError):
    """``TRAINER_INSTANCE`` names a folder the app cannot use, or what the folder holds
    (its ``settings.toml``) is refused; ``trainer`` exits 2 with the message."""


def instance_folder() -> str | None:
    """The folder ``TRAINER_INSTANCE`` names, resolved, or ``None`` for Flask's default.

    The folder itself is made when missing, but not its parents: a mistyped path must not
    start a new, empty database somewhere (the rule for ``--database`` too).
    """
    value = os.environ.get(VARIABLE)
    if not value:
        return None
    path = Path(value).resolve()
    if path.exists() and not path.is_dir():
        raise InstanceFolderError(f"{VARIABLE}: {value}: is a file, not a folder")
    if not path.exists() and not path.parent.is_dir():
        raise InstanceFolderError(
            f"{VARIABLE}: {value}: there is no folder {path.parent} (create it first)"
        )
    return str(path)


def make_folder(path: str | Path) -> Path:
    """The instance folder, made when missing (``InstanceFolderError``: it cannot be)."""
    folder = Path(path)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InstanceFolderError(
            f"{folder}: cannot make the instance folder ({exc.strerror})"
        ) from exc
    return folder
