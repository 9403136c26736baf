"""The audit's summary: a table of house × rule area and every failure, as text."""

from __future__ import annotations

from trainer.audit.results import STATUSES, AuditRun, ScenarioResult, status_counts


def summary_text(run: AuditRun) -> str:
    """House × rule area: how many passed, failed, skipped; then each failure's expected/actual."""
    rows: list[tuple[str, ...]] = [("house", "rule area", *STATUSES)]
    for (house, area), results in run.by_area().items():
        rows.append((house, area, *(str(n) for n in status_counts(results).values())))
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = []
    for index, row in enumerate(rows):
        lines.append("  ".join(
            cell.ljust(widths[i]) if i < 2 else cell.rjust(widths[i]) for i, cell in enumerate(row)
        ).rstrip())
        if index == 0:
            lines.append("  ".join("-" * w for w in widths))
    lines.append("")
    lines.extend(edge_lines(run))
    lines.append(f"{counts_text(run)} in {run.seconds:.1f} s")
    for result in run.failed:
        lines.append("")
        lines.append(f"FAILED {result.house} / {result.area}: {result.title}")
        lines.append(f"  feature:  {result.feature}")
        if result.expected is not None:
            lines.append(f"  expected: {result.expected}")
            lines.append(f"  actual:   {result.actual}")
        elif result.message:
            lines.append(f"  error:    {actual_text(result)}")
    for error in run.errors:
        lines.append("")
        lines.append(f"ERROR {error}")
    return "\n".join(lines)


def edge_lines(run: AuditRun) -> list[str]:
    """The computed house edge of every house played, then each flag (the edge is the
    player's, or a house that requires a house edge lacks one) with the readings behind it."""
    if not run.edges:
        return []
    width = max(len(edge.house) for edge in run.edges)
    lines = []
    for edge in run.edges:
        verdict = ("FAILED: requires a house edge" if edge.fails
                   else "FLAG: the player has the edge" if edge.favours_player else "ok")
        lines.append(f"{edge.house:<{width}}  house edge {edge.house_edge:>6}%  {verdict}")
    for edge in run.edges:
        lines.extend(edge.lines())
    return [*lines, ""]


def counts_text(run: AuditRun) -> str:
    """``650 passed, 7 failed`` (and ``, 2 skipped`` when any were)."""
    counts = run.counts()
    text = f"{counts['passed']} passed, {counts['failed']} failed"
    return text + (f", {counts['skipped']} skipped" if counts["skipped"] else "")


def actual_text(result: ScenarioResult) -> str:
    """What the engine did: the failure's actual value, else the last line of its error."""
    if result.actual is not None:
        return result.actual
    lines = (result.message or "").strip().splitlines()
    return lines[-1] if lines else ""
