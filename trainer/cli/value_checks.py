"""Checks of the text values commands take: an empty one (a path, a host, a difficulty)
names nothing, and a file's folder must exist."""

from __future__ import annotations

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


def in_existing_folder(ctx: click.Context, param: click.Parameter,
                       value: str | None) -> str | None:
    """Refuse an empty file path, or one whose folder does not exist (a typo must not make
    a new tree), naming ``TRAINER_DATABASE`` when the path came from there."""
    value = not_empty(ctx, param, value)
    if value is not None and not Path(value).parent.is_dir():
        raise click.BadParameter(
            f"{value}: there is no folder {Path(value).parent} (create it first)",
            param_hint=_env_hint(param, _from_env(ctx, param)))
    return value
