"""The operator's ``settings.toml`` in the instance folder: read, checked, applied."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from tests.cli.helpers import run_cli
from tests.web.conftest import FAST_HASH, PASSWORD, Auth
from trainer.db import connect
from trainer.db.users import create_user
from trainer.web import create_app
from trainer.web.auth import hash_password
from trainer.web.settings import FILE_NAME, SETTINGS, SettingsError, read_settings

EVERY_SETTING = """\
drill_length = 7
exam_grace_seconds = 5
exam_abandon_minutes = 30
login_max_failures_account = 2
login_max_failures_address = 50
login_throttle_window_minutes = 60
session_hours = 8
secure_cookies = true
"""


def test_a_missing_file_sets_nothing(tmp_path: Path) -> None:
    assert read_settings(tmp_path / FILE_NAME) == {}


def test_every_setting_is_read_in_its_config_units(tmp_path: Path) -> None:
    path = tmp_path / FILE_NAME
    path.write_text(EVERY_SETTING, encoding="utf-8")
    assert read_settings(path) == {
        "DRILL_LENGTH": 7,
        "EXAM_GRACE_MS": 5000,
        "EXAM_ABANDON_MS": 30 * 60_000,
        "LOGIN_MAX_FAILURES_ACCOUNT": 2,
        "LOGIN_MAX_FAILURES_ADDRESS": 50,
        "LOGIN_THROTTLE_WINDOW_S": 3600,
        "PERMANENT_SESSION_LIFETIME": timedelta(hours=8),
        "SECURE_COOKIES": True,
    }


@pytest.mark.parametrize(("text", "message"), [
    ("drill_length = 0", "drill_length = 0: must be a whole number from 1 to 200"),
    ("drill_length = 201", "drill_length = 201: must be a whole number from 1 to 200"),
    ("drill_length = 7.0", "drill_length = 7.0: must be a whole number from 1 to 200"),
    ('drill_length = "7"', 'drill_length = "7": must be a whole number from 1 to 200'),
    ("drill_length = true", "drill_length = true: must be a whole number from 1 to 200"),
    ("exam_grace_seconds = -1", "exam_grace_seconds = -1: must be a whole number from 0 to 60"),
    ("session_hours = 0", "session_hours = 0: must be a whole number from 1 to 168"),
    ("secure_cookies = 1", "secure_cookies = 1: must be true or false"),
    ("drill_lenght = 7", "unknown key 'drill_lenght' (known: drill_length, "
     "exam_grace_seconds, exam_abandon_minutes, login_max_failures_account, "
     "login_max_failures_address, login_throttle_window_minutes, session_hours, "
     "secure_cookies, path_in_order, mastery_window, mastery_minimum, practised_percent, "
     "practised_par_percent, fluent_percent, fluent_par_percent, floor_ready_percent, "
     "floor_ready_par_percent)"),
    ("mastery_minimum = 31", "mastery_minimum (31) must be 1 to mastery_window (30), at most "
     "50"),
    ("mastery_window = 51", "mastery_window = 51: must be a whole number from 1 to 50"),
    ("fluent_percent = 99", "each level's bar must be at least the one below it"),
    ("fluent_par_percent = 250", "each level's bar must be at least the one below it"),
    ("drill_length = [7", "not valid TOML (Unclosed array (at end of document))"),
])
def test_a_bad_file_is_refused_naming_the_key_and_value(
        tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / FILE_NAME
    path.write_text(text + "\n", encoding="utf-8")
    with pytest.raises(SettingsError) as refused:
        read_settings(path)
    assert str(refused.value) == f"{path}: {message}"


@pytest.mark.parametrize(("text", "message"), [
    ("drill_length = " + "1" * 5000, "a number of more than 4300 digits"),
    ("drill_length = " + "[" * 100_000 + "]" * 100_000, "not valid TOML (nested too deeply)"),
])
def test_a_file_tomllib_cannot_read_is_refused_without_a_traceback(
        tmp_path: Path, text: str, message: str) -> None:
    """``tomllib`` raises a bare ValueError past Python's 4300-digit limit for int() and a
    RecursionError for arrays nested deep: refused in one line, as a house profile is."""
    path = tmp_path / FILE_NAME
    path.write_text(text + "\n", encoding="utf-8")
    with pytest.raises(SettingsError) as refused:
        read_settings(path)
    assert str(refused.value) == f"{path}: {message}"


def test_a_file_saved_with_a_byte_order_mark_is_read(tmp_path: Path) -> None:
    """Windows Notepad may save ``settings.toml`` with a UTF-8 BOM (a round file is read so)."""
    path = tmp_path / FILE_NAME
    path.write_bytes("\ufeffdrill_length = 7\n".encode())
    assert read_settings(path) == {"DRILL_LENGTH": 7}


def _app_with_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str) -> FlaskClient:
    instance = tmp_path / "instance"
    instance.mkdir()
    (instance / FILE_NAME).write_text(text, encoding="utf-8")
    monkeypatch.setenv("TRAINER_INSTANCE", str(instance))
    app = create_app({"TESTING": True, "DB_BACKGROUND": False})
    db = connect(app.config["DATABASE"])
    create_user(db, "tina", "trainee", hash_password(PASSWORD, FAST_HASH))
    db.close()
    return app.test_client()


def test_the_app_applies_the_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The drill length is the start form's default; two failed logins lock the account."""
    client = _app_with_settings(tmp_path, monkeypatch,
                                "drill_length = 7\nlogin_max_failures_account = 2\n")
    auth = Auth(client)
    assert auth.login(password="wrong one").status_code == 200
    assert auth.login(password="wrong two").status_code == 200
    assert auth.login().status_code == 429
    client.application.config["LOGIN_THROTTLE"] = False
    assert auth.login().status_code == 303
    assert 'name="length" type="number" value="7"' in client.get("/").get_data(as_text=True)


def test_secure_cookies_from_the_file_send_hsts(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    client = _app_with_settings(tmp_path, monkeypatch, "secure_cookies = true\n")
    assert "Strict-Transport-Security" in client.get("/login").headers


def test_secure_cookies_false_in_the_file_leaves_the_environment_s_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``secure_cookies = false`` is the default docs/operations.md shows: an operator
    copying that block keeps the Secure cookies and HSTS ``TRAINER_SECURE_COOKIES=1`` asked for."""
    monkeypatch.setenv("TRAINER_SECURE_COOKIES", "1")
    client = _app_with_settings(tmp_path, monkeypatch, "secure_cookies = false\n")
    assert client.application.config["SESSION_COOKIE_SECURE"] is True
    assert "Strict-Transport-Security" in client.get("/login").headers


@pytest.mark.parametrize("command", [["init-db"], ["serve", "--port", "0"],
                                     ["demo", "--port", "0"]])
def test_a_bad_settings_file_stops_the_command_in_one_line(
        capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch, command: list[str]) -> None:
    instance = tmp_path / "instance"
    instance.mkdir()
    (instance / FILE_NAME).write_text("exam_grace_seconds = 600\n", encoding="utf-8")
    monkeypatch.setenv("TRAINER_INSTANCE", str(instance))
    run = run_cli(capsys, *command)
    assert run.code == 2 and run.out == ""
    assert run.err == (f"trainer: error: {instance / FILE_NAME}: exam_grace_seconds = 600: "
                       "must be a whole number from 0 to 60\n")
    assert not (instance / "trainer.db").exists()


def test_the_operations_docs_show_every_setting_at_its_default(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The settings block of docs/operations.md lists every setting, each at its default."""
    docs = (Path(__file__).parents[2] / "docs" / "operations.md").read_text(encoding="utf-8")
    block = docs.split("```toml\n", 1)[1].split("```", 1)[0]
    path = tmp_path / FILE_NAME
    path.write_text(block, encoding="utf-8")
    shown = read_settings(path)
    assert sorted(shown) == sorted(setting.config for setting in SETTINGS)
    monkeypatch.setenv("TRAINER_INSTANCE", str(tmp_path / "defaults"))
    monkeypatch.delenv("TRAINER_SECURE_COOKIES", raising=False)
    app = create_app({"MIGRATE_ON_START": False})
    defaults = {"SECURE_COOKIES": False} | {
        key: app.config[key] for key in shown if key != "SECURE_COOKIES"}
    assert shown == defaults
