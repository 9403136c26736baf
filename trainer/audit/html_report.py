"""The audit's self-contained HTML report: inline CSS, no scripts."""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any

from trainer.audit.collect import last_error
from trainer.audit.readings import Reading
from trainer.audit.report import actual_text, counts_text
from trainer.audit.results import AuditRun, ScenarioResult, status_counts

_CSS = """
body{font-family:system-ui,sans-serif;margin:2em;color:#222}
table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:.3em .6em}
th{background:#eee;text-align:left}.passed{color:#176f2c}.failed{color:#b00020;font-weight:bold}
.skipped,.undefined{color:#8a6d00}details{margin:.3em 0}summary{cursor:pointer}
ol{margin:.2em 0 .6em 1.5em}pre{white-space:pre-wrap;background:#fff4f4;padding:.5em}
.reading{background:#eef3ff;border-radius:3px;padding:0 .3em;font-size:.85em}
.note{background:#eef3ff;padding:.4em .8em;margin:.2em 0 .6em 1.5em}.note dd{margin:0 0 .3em 1em}
"""


_esc = html.escape


def write_html(run: AuditRun, path: Path) -> Path:
    """Write the self-contained HTML report (inline CSS, no scripts) and return its path."""
    parts = [
        "<!doctype html><html lang='en'><meta charset='utf-8'>",
        "<title>Rule audit</title>", f"<style>{_CSS}</style>",
        "<h1>Rule audit</h1>",
        f"<p class='{'passed' if run.ok else 'failed'}'>{counts_text(run)}"
        f" in {run.seconds:.1f} s</p>",
        *_audited_section(run),
        "<h2>Summary</h2><table><tr><th>House</th><th>Rule area</th><th>Passed</th>"
        "<th>Failed</th><th>Skipped</th><th>Failing scenarios</th></tr>",
    ]
    for (house, area), results in run.by_area().items():
        failures = "".join(
            f"<div>{_esc(r.title)}<br><small>expected {_esc(r.expected or '?')} — "
            f"actual {_esc(actual_text(r))}</small></div>" for r in results if r.status == "failed"
        )
        cells = "".join(f"<td class='{status if n else ''}'>{n}</td>"
                        for status, n in status_counts(results).items())
        parts.append(f"<tr><td>{_esc(house)}</td><td>{_esc(area)}</td>{cells}<td>{failures}</td></tr>")
    parts.append("</table>")
    parts.extend(_edge_section(run))
    for error in run.errors:
        parts.append(f"<pre>{_esc(error)}</pre>")
    parts.append("<h2>Scenarios</h2>")
    parts.extend(_scenario_sections(run))
    parts.append("</html>")
    path.write_text("\n".join(parts), encoding="utf-8")
    return path


def _edge_section(run: AuditRun) -> list[str]:
    """Each house's computed edge, flagged where it is the player's or a required house
    edge is missing, with every contested reading's effect."""
    if not run.edges:
        return []
    parts = ["<h2>House edge</h2><table><tr><th>House</th><th>House edge</th>"
             "<th>Verdict</th><th>Contested readings (each switched alone)</th></tr>"]
    for edge in run.edges:
        verdict, status = (("requires a house edge: failed", "failed") if edge.fails else
                           ("flag: the player has the edge", "failed") if edge.favours_player
                           else ("ok", "passed"))
        readings = "".join(f"<div>{_esc(reading.text())}</div>" for reading in edge.readings)
        parts.append(f"<tr><td>{_esc(edge.house)}</td><td>{edge.house_edge}%</td>"
                     f"<td class='{status}'>{verdict}</td><td>{readings or 'none'}</td></tr>")
    return [*parts, "</table>"]


def _audited_section(run: AuditRun) -> list[str]:
    """What was audited: the features, the house under audit, and every profile read."""
    subject = run.subject
    rows = [("Features", "<br>".join(_esc(str(place)) for place in subject.features))]
    if subject.rules_file is not None:
        rows.append(("Rules file", f"{_esc(str(subject.rules_file))} — the house under audit, "
                                   "in place of every house the features name"))
    if subject.rules_name is not None:
        rows.append(("Rules", f"{_esc(subject.rules_name)} — the house under audit"))
    rows.append(("House profiles", "<br>".join(
        f"{_esc(house)}: {_esc(profile)}" for house, profile in run.profiles().items()
    ) or "none"))
    return ["<h2>Audited</h2><table>",
            *(f"<tr><th>{name}</th><td>{value}</td></tr>" for name, value in rows), "</table>"]


def _scenario_sections(run: AuditRun) -> list[str]:
    """Each feature's scenarios with their steps (from cucumber.json) and recorded readings;
    then the scenarios cucumber.json leaves out (pytest-bdd writes none it did not run)."""
    cucumber = run.reports.get("cucumber.json")
    if cucumber is None or not cucumber.exists():
        return [part for result in run.results for part in _result_section(result, {})]
    by_id = {result.test_id: result for result in run.results}
    parts = []
    # by file path, so each house's features stay together (pytest-bdd orders them by
    # name, which puts a house's Russian features after every English one)
    features = json.loads(cucumber.read_text(encoding="utf-8"))
    for feature in sorted(features, key=lambda feature: str(feature.get("uri", ""))):
        parts.append(f"<h3>{_esc(feature.get('name', ''))}</h3>"
                     f"<p><small>{_esc(feature.get('uri', ''))}</small></p>")
        for element in feature.get("elements", []):
            result = by_id.pop(element.get("id", ""), None)
            if result is not None:
                parts.extend(_result_section(result, element))
    if by_id:
        parts.append("<h3>Not run</h3>")
        for result in by_id.values():
            parts.append(f"<p><small>{_esc(result.feature)}</small></p>")
            parts.extend(_result_section(result, {}))
    return parts


def _result_section(result: ScenarioResult, element: dict[str, Any]) -> list[str]:
    """One scenario: its name, status and tags, its steps (cucumber ``element``), its readings."""
    tags = " ".join(tag.get("name", "") for tag in element.get("tags", []))
    parts = [f"<details{' open' if result.status == 'failed' else ''}><summary "
             f"class='{result.status}'>{_title_html(result)} — {result.status}"
             f" <small>{_esc(tags)}</small></summary><ol>"]
    for s in element.get("steps", []):
        outcome = s.get("result", {})
        status = outcome.get("status", "")
        error = (f"<pre>{_esc(last_error(outcome['error_message']))}</pre>"
                 if outcome.get("error_message") else "")
        parts.append(f"<li class='{_esc(status)}'>{_esc(s.get('keyword', ''))} "
                     f"{_esc(s.get('name', ''))}{' (not run)' if status == 'skipped' else ''}"
                     f"{error}</li>")
    parts.append("</ol>")
    parts.extend(_reading_note(reading) for reading in result.readings)
    parts.append("</details>")
    return parts


def _title_html(result: ScenarioResult) -> str:
    """A scenario's title, a reading's badged "reading" unless the title starts with the
    word already (the features' "reading — ..." titles)."""
    badged = result.reading and not result.title.startswith("reading — ")
    return ("<span class='reading'>reading</span> " if badged else "") + _esc(result.title)


def _reading_note(reading: Reading) -> str:
    """A recorded reading as the house profile states it."""
    return (f"<dl class='note'><dt>reading recorded for <code>{_esc(reading.rule)}</code></dt>"
            f"<dd>{_esc(reading.text)}</dd><dt>why</dt><dd>{_esc(reading.why)}</dd>"
            f"<dt>source</dt><dd>{_esc(reading.source)}</dd></dl>")
