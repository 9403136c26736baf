"""The secret key that signs sessions and CSRF tokens, kept in the instance folder so
every gunicorn worker (and every restart) signs alike."""

from __future__ import annotations

import os
import secrets
import tempfile
from pathlib import Path

from trainer.instance_folder import InstanceFolderError, make_folder

FILE_NAME = "secret_key"
SHORTEST = 32
"""The fewest characters a kept key may have (a new one has 64 hex digits)."""


def instance_secret(instance: str | Path) -> str:
    """The instance folder's key, made on first use.  A new key is written to a file of its
    own and linked into place whole, so a worker starting beside it never reads half a key;
    a key that cannot be read, or is too short to sign with, is refused in one line."""
    path = make_folder(instance) / FILE_NAME
    if not path.exists():
        _write_whole(path, secrets.token_hex(32))
    try:
        key = path.read_text(encoding="ascii").strip()
    except (OSError, UnicodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) else "not ASCII text"
        raise InstanceFolderError(f"{path}: cannot read the secret key ({reason})") from None
    if len(key) < SHORTEST:
        raise InstanceFolderError(
            f"{path}: the secret key is shorter than {SHORTEST} characters "
            "(delete the file and a new key is made; logged-in users log in again)")
    return key


def _write_whole(path: Path, key: str) -> None:
    """Write ``key`` to ``path`` unless a key is there already (another worker's wins)."""
    try:
        fd, draft = tempfile.mkstemp(dir=path.parent, prefix=f".{FILE_NAME}.")
    except OSError as exc:
        raise InstanceFolderError(
            f"{path.parent}: cannot write the secret key ({exc.strerror})") from None
    try:
        with os.fdopen(fd, "w", encoding="ascii") as file:  # mkstemp's mode: 0600
            file.write(key)
            file.flush()
            os.fsync(file.fileno())
        os.link(draft, path)  # fails if a key is there: it stands
    except FileExistsError:
        pass
    except OSError:  # a file system without hard links (vfat, some network mounts)
        _write_exclusive(path, key)
    finally:
        os.unlink(draft)


def _write_exclusive(path: Path, key: str) -> None:
    """Where files cannot be linked: create ``path`` only if missing and write the key."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return
    except OSError as exc:
        raise InstanceFolderError(f"{path}: cannot write the secret key ({exc.strerror})") from None
    with os.fdopen(fd, "w", encoding="ascii") as file:
        file.write(key)
        file.flush()
        os.fsync(file.fileno())
