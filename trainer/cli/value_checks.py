"""Checks of the text values commands take: an empty one (a path, a host, a difficulty)
names nothing, a path must be short enough for the system, and a file's folder must exist."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import click


def _from_env(ctx: click.Context, param: click.Parameter) -> bool:
    return (param.name is not None and ctx.get_parameter_source(param.name)
            is click.core.ParameterSource.ENVIRONMENT)


def _env_hint(param: click.Parameter, from_env: bool) -> str | None:
    """``TRAINER_DATABASE`` (say) when the value came from the option's variable."""
    envvar = getattr(param, "envvar", None)
    return envvar if from_env and isinstance(envvar, str) else None


def not_empty(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """Refuse an empty value (``--database ""``, ``TRAINER_DATABASE=``, ``--host ""``): it
    names nothing, and must not pass for the default. Click reads an empty variable as
    unset, so the variable itself is looked at."""
    envvar = getattr(param, "envvar", None)
    from_env = value is None and isinstance(envvar, str) and os.environ.get(envvar) == ""
    if value == "" or from_env:
        raise click.BadParameter("'' is empty: it names nothing",
                                 param_hint=_env_hint(param, True) if from_env else None)
    return value


def too_long(path: str | os.PathLike[str]) -> bool:
    """Whether the system refuses ``path`` as too long (a name of more than 255 bytes, a
    path of more than 4,095), which any look at the file would raise, not answer."""
    try:
        os.stat(path)
    except OSError as exc:
        return exc.errno == errno.ENAMETOOLONG
    return False


def usable_path(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """Refuse an empty path, or one too long for the system, naming it (and
    ``TRAINER_DATABASE`` when the path came from there)."""
    value = not_empty(ctx, param, value)
    if value is not None and too_long(value):
        raise click.BadParameter(f"{value} is too long for this system "
                                 f"({os.strerror(errno.ENAMETOOLONG)})",
                                 param_hint=_env_hint(param, _from_env(ctx, param)))
    return value


def in_existing_folder(ctx: click.Context, param: click.Parameter,
                       value: str | None) -> str | None:
    """Refuse an empty file path, one too long, or one whose folder does not exist (a typo
    must not make a new tree), naming ``TRAINER_DATABASE`` when the path came from there."""
    value = usable_path(ctx, param, value)
    if value is not None and not Path(value).parent.is_dir():
        raise click.BadParameter(
            f"{value}: there is no folder {Path(value).parent} (create it first)",
            param_hint=_env_hint(param, _from_env(ctx, param)))
    return value
