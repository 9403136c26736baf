"""The drill families by name, as every page names and times them: titles and par times."""

from __future__ import annotations

from trainer.web.questions import drill_source


def family_titles() -> dict[str, str]:
    return {f.name: f.title for f in drill_source.families()}


def par_ms() -> dict[str, int]:
    return {f.name: int(f.par_seconds * 1000) for f in drill_source.families()}
