"""Operator settings: ``settings.toml`` in the instance folder, read when the app is built.

A casino sets the drill length, the exam timing allowances, login throttling and
how long a login lasts there, in plain units (seconds, minutes, hours).  Every key
is checked: an unknown key, a wrong type or a value out of range stops the app
(``trainer serve`` and ``trainer demo`` exit 2) with one line naming the file, the
key and the value.  A missing file leaves every default as it is.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any

from trainer.db.mastery import Bar, Thresholds
from trainer.db.rollups import RECENT_KEPT
from trainer.instance_folder import InstanceFolderError
from trainer.toml_schema import (
    OPTIONAL,
    Key,
    Reader,
    SchemaError,
    boolean,
    parse_toml,
    read_table,
    whole,
)
from trainer.web.forms import DRILL_LENGTH_RANGE

FILE_NAME = "settings.toml"
DEFAULT_THRESHOLDS = Thresholds()


class SettingsError(InstanceFolderError):
    """The settings file cannot be read, or one of its values is refused."""


@dataclass(frozen=True, slots=True)
class Setting:
    """One key of ``settings.toml``: the Flask config key it sets and how its value is read."""

    key: str
    config: str
    meaning: str
    parse: Reader
    """The config value for a value in the file, or ``ValueError`` saying what is allowed."""
    default: Any
    """The config value without the file."""


def _whole(low: int, high: int, to_config: Callable[[int], Any] = int) -> Reader:
    """A reader of a whole number from ``low`` to ``high``, converted to its config value."""
    check = whole(low, high)
    return lambda value: to_config(check(value))


SETTINGS = (
    Setting("drill_length", "DRILL_LENGTH", "questions a drill session offers",
            _whole(*DRILL_LENGTH_RANGE), 20),
    Setting("exam_grace_seconds", "EXAM_GRACE_MS",
            "allowance on top of an exam question's time limit (network, rendering)",
            _whole(0, 60, lambda seconds: seconds * 1000), 2000),
    Setting("exam_abandon_minutes", "EXAM_ABANDON_MS",
            "how long past a question's limit a sitting left alone is closed",
            _whole(1, 24 * 60, lambda minutes: minutes * 60_000), 10 * 60_000),
    Setting("login_max_failures_account", "LOGIN_MAX_FAILURES_ACCOUNT",
            "failed logins one account name may have within the window", _whole(1, 1000), 5),
    Setting("login_max_failures_address", "LOGIN_MAX_FAILURES_ADDRESS",
            "failed logins one address may have within the window", _whole(1, 100_000), 20),
    Setting("login_throttle_window_minutes", "LOGIN_THROTTLE_WINDOW_S",
            "how long a failed login counts", _whole(1, 24 * 60, lambda m: m * 60), 15 * 60),
    Setting("session_hours", "PERMANENT_SESSION_LIFETIME",
            "how long a login lasts before its owner logs in again",
            _whole(1, 7 * 24, lambda hours: timedelta(hours=hours)), timedelta(hours=12)),
    Setting("secure_cookies", "SECURE_COOKIES",
            "behind HTTPS: Secure cookies and HSTS (or TRAINER_SECURE_COOKIES=1)",
            boolean, False),
    Setting("path_in_order", "PATH_IN_ORDER",
            "each drill opens when the one before it on the learning path is practised",
            boolean, False),
    Setting("mastery_window", "MASTERY_WINDOW",
            "a trainee's latest answers in a drill at a house that its level is judged on",
            _whole(1, RECENT_KEPT), DEFAULT_THRESHOLDS.window),
    Setting("mastery_minimum", "MASTERY_MINIMUM",
            "answers in a drill at a house before any level counts",
            _whole(1, RECENT_KEPT), DEFAULT_THRESHOLDS.minimum),
    *(setting for level, bar in DEFAULT_THRESHOLDS.bars.items() for setting in (
        Setting(f"{level.name.lower()}_percent", f"MASTERY_{level.name}_PERCENT",
                f"accuracy {level.title} asks, in percent", _whole(1, 100), bar.percent),
        Setting(f"{level.name.lower()}_par_percent", f"MASTERY_{level.name}_PAR_PERCENT",
                f"median time {level.title} allows, in percent of the drill's par",
                _whole(10, 1000), bar.par_percent))),
)
"""Every key ``settings.toml`` may hold."""

_SCHEMA = tuple(Key(setting.key, setting.parse, setting.meaning, OPTIONAL) for setting in SETTINGS)
"""The file: any of the settings, each read as its ``parse`` says."""

DEFAULTS = {setting.config: setting.default for setting in SETTINGS}
"""The config each setting gives when the file does not set it."""


def mastery_thresholds(config: Mapping[str, Any]) -> Thresholds:
    """The mastery thresholds ``config`` sets (each key, or its default)."""
    def value(key: str) -> int:
        return int(config.get(key, DEFAULTS[key]))

    return Thresholds(value("MASTERY_WINDOW"), value("MASTERY_MINIMUM"), {
        level: Bar(value(f"MASTERY_{level.name}_PERCENT"),
                   value(f"MASTERY_{level.name}_PAR_PERCENT"))
        for level in DEFAULT_THRESHOLDS.bars})


def read_settings(path: Path) -> dict[str, Any]:
    """The config values ``path`` sets (none when it does not exist)."""
    try:
        text = path.read_bytes()
    except FileNotFoundError:
        return {}
    except OSError as exc:
        raise SettingsError(f"{path}: cannot read it ({exc.strerror})") from exc
    try:
        data = parse_toml(text.decode("utf-8-sig"))  # Notepad may begin it with a BOM
    except UnicodeDecodeError as exc:
        raise SettingsError(f"{path}: not UTF-8 text (byte {exc.start})") from None
    except ValueError as exc:
        raise SettingsError(f"{path}: {exc}") from None
    try:
        read = read_table(data, _SCHEMA, str(path))
    except SchemaError as exc:
        raise SettingsError(str(exc)) from exc
    config = {setting.config: read[setting.key] for setting in SETTINGS if setting.key in read}
    if (problem := mastery_thresholds(config).problem()) is not None:
        raise SettingsError(f"{path}: {problem}")
    return config
