"""``trainer audit``: run the Gherkin house-rule features against the engine."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import click

from trainer.audit.catalogue import CATALOGUE, StepEntry
from trainer.audit.inputs import AuditInputError
from trainer.audit.json_report import audit_json
from trainer.audit.locate import house_features, shipped_features_dir
from trainer.audit.progress import terminal_progress
from trainer.audit.report import summary_text
from trainer.audit.runner import ReportError, refuse_report_places, run_features
from trainer.cli.house_option import refuse_both
from trainer.cli.once import OnceOptionsCommand
from trainer.cli.value_checks import not_empty, too_long, usable_path
from trainer.engine.houses import find_house, load_house_file


def _catalogue() -> list[StepEntry]:
    """Every step of the library (importing the plugin registers them all)."""
    import trainer.audit.plugin  # noqa: F401 - registers every step in the catalogue

    return CATALOGUE


def _steps_json() -> list[dict[str, str]]:
    """Every step as JSON: its language, keyword, pattern, example and meaning."""
    return [{"language": e.language, "keyword": e.keyword, "kinds": " ".join(e.kinds),
             "pattern": e.pattern, "example": e.example_line(), "meaning": e.meaning}
            for e in _catalogue()]


def _steps_listing() -> str:
    lines = []
    for language, title in (("en", "English"), ("ru", "Russian (# language: ru)")):
        lines.append(f"{title} steps")
        for kind in ("given", "when", "then"):
            entries = [e for e in _catalogue() if e.language == language and e.kinds[0] == kind]
            for entry in entries:
                also = f" (also {'/'.join(entry.kinds[1:])})" if len(entry.kinds) > 1 else ""
                pattern = re.sub(r"\{(\w+):\w+\}", r"{\1}", entry.pattern)
                lines.append(f"  {entry.keyword} {pattern}{also}")
                lines.append(f"      e.g. {entry.example_line()}")
                if entry.meaning:
                    lines.append(f"      {entry.meaning}")
        lines.append("")
    lines.append("Types: {cards} A♠ K♦ or As Kd; {amount} 15, 22.50, 22,50; "
                 "{total} soft 17 / hard 12 / bust 22; {action} hit|stand|double|split|surrender.")
    return "\n".join(lines)


def _places(rules_name: str | None, rules_file: str | None, features: str | None) -> list[Path]:
    if features:
        place = Path(features)
        if not place.exists():
            raise click.BadParameter(f"{features!r} does not exist", param_hint="--features")
        return [place]
    root = shipped_features_dir()
    if root is None:
        raise click.UsageError(
            "this copy of the trainer has no shipped features; give --features DIR"
        )
    if rules_file:
        name = load_house_file(rules_file).name
        found = None if too_long(root / name) else house_features(root, name)
        if found is None:
            raise click.UsageError(
                f"no shipped features for house {name!r} (from {rules_file}); give --features DIR"
            )
        return [found]
    if rules_name:
        found = house_features(root, rules_name)
        if found is None:
            raise click.UsageError(f"no shipped features for house {rules_name!r}")
        return [found]
    return [root]


@click.command("audit", cls=OnceOptionsCommand)
@click.option("--rules", "rules_name",
              help="Audit one shipped house (its features, or --features).")
@click.option("--rules-file", "rules_file", type=click.Path(dir_okay=False, exists=True),
              help="Audit your own house profile; it replaces the house named in the features.")
@click.option("--features", "features", type=click.Path(), callback=usable_path,
              help="A directory (or file) of .feature files; default: the shipped features.")
@click.option("--report", "report", type=click.Path(file_okay=False), callback=not_empty,
              help="Write cucumber.json, junit.xml and report.html into this directory.")
@click.option("--steps", "list_steps", is_flag=True, help="List every step with an example.")
@click.option("--quiet", is_flag=True, help="No progress bar (there is none off a terminal).")
@click.option("--json", "as_json", is_flag=True,
              help="Print the result (or the steps) as JSON on stdout.")
def audit_command(
    rules_name: str | None, rules_file: str | None, features: str | None, report: str | None,
    list_steps: bool, quiet: bool, as_json: bool,
) -> None:
    """Run the house-rule features against the engine; exit 1 when any rule fails."""
    if list_steps:
        if rules_name or rules_file or features or report:
            raise click.UsageError("--steps lists the steps and runs nothing: it takes only "
                                   "--json")
        click.echo(json.dumps(_steps_json(), ensure_ascii=False) if as_json else _steps_listing())
        return
    refuse_both(rules_name, rules_file)
    if rules_file:
        load_house_file(rules_file)
    if rules_name:  # before anything else: with --features too, where it had crashed pytest
        find_house(rules_name)
    places = _places(rules_name, rules_file, features)
    if report:
        try:  # before the run: a report that cannot be written is bad input, not a failure
            Path(report).mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise click.BadParameter(f"{report}: cannot write there ({exc.strerror})",
                                     param_hint="--report") from None
        try:
            refuse_report_places(Path(report))
        except ReportError as exc:
            raise click.BadParameter(str(exc), param_hint="--report") from None
    try:
        run = run_features(
            places,
            rules_name=rules_name,
            rules_file=Path(rules_file) if rules_file else None,
            report_dir=Path(report) if report else None,
            progress=None if quiet else terminal_progress(sys.stderr),
        )
    except (AuditInputError, ReportError) as exc:
        raise click.ClickException(str(exc)) from None
    if as_json:
        click.echo(json.dumps(audit_json(run), ensure_ascii=False))
    else:
        click.echo(summary_text(run))
        for name, path in run.reports.items():
            click.echo(f"{name}: {path}")
    if not run.ok:
        for edge in run.edges_failed:
            click.echo(f"trainer: {edge.house} requires a house edge; its computed edge is "
                       f"{edge.house_edge}%", err=True)
        if not run.failed and not run.errors and not run.edges_failed:
            click.echo("trainer: every scenario was skipped: nothing was audited", err=True)
        sys.exit(1)
