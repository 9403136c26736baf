"""The instance folder's secret key: made whole once, refused in one line when unusable."""

from __future__ import annotations

from pathlib import Path

import pytest

from trainer.instance_folder import InstanceFolderError
from trainer.web import create_app
from trainer.web.secret_key import _write_whole, instance_secret


def test_a_key_is_made_once_and_kept(tmp_path: Path) -> None:
    instance = tmp_path / "instance"
    key = instance_secret(instance)
    assert len(key) == 64 and int(key, 16) >= 0
    assert instance_secret(instance) == key
    assert (instance / "secret_key").stat().st_mode & 0o777 == 0o600
    assert [p.name for p in instance.iterdir()] == ["secret_key"]  # no draft left behind


def test_a_key_already_there_wins(tmp_path: Path) -> None:
    """Another worker's key, written first, stands: the draft is dropped, not linked over."""
    (tmp_path / "secret_key").write_text("k" * 40 + "\n", encoding="ascii")
    assert instance_secret(tmp_path) == "k" * 40
    assert [p.name for p in tmp_path.iterdir()] == ["secret_key"]


def test_a_key_linked_in_first_by_another_worker_stands(tmp_path: Path) -> None:
    """The race itself: this worker's draft finds a key in place and is dropped."""
    path = tmp_path / "secret_key"
    path.write_text("k" * 40, encoding="ascii")
    _write_whole(path, "n" * 64)
    assert path.read_text(encoding="ascii") == "k" * 40
    assert [p.name for p in tmp_path.iterdir()] == ["secret_key"]


def test_without_hard_links_the_key_is_written_in_place(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def no_links(_source: object, _target: object) -> None:
        raise PermissionError(1, "Operation not permitted")

    monkeypatch.setattr("trainer.web.secret_key.os.link", no_links)
    key = instance_secret(tmp_path)
    assert len(key) == 64 and (tmp_path / "secret_key").stat().st_mode & 0o777 == 0o600
    assert [p.name for p in tmp_path.iterdir()] == ["secret_key"]
    _write_whole(tmp_path / "secret_key", "n" * 64)  # and one there already stands
    assert instance_secret(tmp_path) == key


@pytest.mark.parametrize(("content", "said"), [
    ("", "the secret key is shorter than 32 characters (delete the file"),
    ("short\n", "the secret key is shorter than 32 characters"),
    ("ключ" * 10, "cannot read the secret key (not ASCII text)"),
])
def test_an_unusable_key_is_refused_naming_the_file(tmp_path: Path, content: str,
                                                    said: str,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """An empty key (a crash while it was written, before keys were linked in whole) would
    sign with '' and fail every page: the app does not start on it."""
    (tmp_path / "secret_key").write_text(content, encoding="utf-8")
    monkeypatch.setenv("TRAINER_INSTANCE", str(tmp_path))
    monkeypatch.delenv("TRAINER_SECRET_KEY", raising=False)
    with pytest.raises(InstanceFolderError) as refused:
        create_app({"DATABASE": str(tmp_path / "t.db")})
    assert str(refused.value).startswith(f"{tmp_path / 'secret_key'}: {said}")


def test_a_key_that_cannot_be_read_is_refused(tmp_path: Path) -> None:
    (tmp_path / "secret_key").mkdir()
    with pytest.raises(InstanceFolderError, match=r"cannot read the secret key \(Is a directory\)"):
        instance_secret(tmp_path)
