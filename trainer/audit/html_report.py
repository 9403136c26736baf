"""The audit's self-contained HTML report: inline CSS, no scripts."""

from __future__ import annotations

import html
import json
from pathlib import Path

from trainer.audit.report import actual_text, counts_text
from trainer.audit.results import AuditRun, status_counts

_CSS = """
body{font-family:system-ui,sans-serif;margin:2em;color:#222}
table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:.3em .6em}
th{background:#eee;text-align:left}.passed{color:#176f2c}.failed{color:#b00020;font-weight:bold}
.skipped,.undefined{color:#8a6d00}details{margin:.3em 0}summary{cursor:pointer}
ol{margin:.2em 0 .6em 1.5em}pre{white-space:pre-wrap;background:#fff4f4;padding:.5em}
.reading{background:#eef3ff;border-radius:3px;padding:0 .3em;font-size:.85em}
"""


def write_html(run: AuditRun, path: Path) -> Path:
    """Write the self-contained HTML report (inline CSS, no scripts) and return its path."""
    esc = html.escape
    parts = [
        "<!doctype html><html lang='en'><meta charset='utf-8'>",
        "<title>Rule audit</title>", f"<style>{_CSS}</style>",
        "<h1>Rule audit</h1>",
        f"<p class='{'passed' if run.ok else 'failed'}'>{counts_text(run)}"
        f" in {run.seconds:.1f} s</p>",
        "<h2>Summary</h2><table><tr><th>House</th><th>Rule area</th><th>Passed</th>"
        "<th>Failed</th><th>Skipped</th><th>Failing scenarios</th></tr>",
    ]
    for (house, area), results in run.by_area().items():
        failures = "".join(
            f"<div>{esc(r.scenario)}<br><small>expected {esc(r.expected or '?')} — "
            f"actual {esc(actual_text(r))}</small></div>" for r in results if r.status == "failed"
        )
        cells = "".join(f"<td class='{status if n else ''}'>{n}</td>"
                        for status, n in status_counts(results).items())
        parts.append(f"<tr><td>{esc(house)}</td><td>{esc(area)}</td>{cells}<td>{failures}</td></tr>")
    parts.append("</table>")
    for error in run.errors:
        parts.append(f"<pre>{esc(error)}</pre>")
    parts.append("<h2>Scenarios</h2>")
    parts.extend(_scenario_sections(run))
    parts.append("</html>")
    path.write_text("\n".join(parts), encoding="utf-8")
    return path


def _scenario_sections(run: AuditRun) -> list[str]:
    """Each feature's scenarios with their steps, from the cucumber JSON when there is one."""
    esc = html.escape
    cucumber = run.reports.get("cucumber.json")
    if cucumber is None or not cucumber.exists():
        return [
            f"<div class='{r.status}'>{esc(r.house)} / {esc(r.scenario)}: {r.status}</div>"
            for r in run.results
        ]
    parts = []
    for feature in json.loads(cucumber.read_text(encoding="utf-8")):
        parts.append(f"<h3>{esc(feature.get('name', ''))}</h3>"
                     f"<p><small>{esc(feature.get('uri', ''))}</small></p>")
        for element in feature.get("elements", []):
            steps = element.get("steps", [])
            status = "failed" if any(
                s.get("result", {}).get("status") == "failed" for s in steps
            ) else "passed"
            tags = " ".join(t.get("name", "") for t in element.get("tags", []))
            reading = "<span class='reading'>reading</span> " if "reading" in tags.split() else ""
            parts.append(f"<details{' open' if status == 'failed' else ''}><summary "
                         f"class='{status}'>{reading}{esc(element.get('name', ''))} — {status}"
                         f" <small>{esc(tags)}</small></summary><ol>")
            for s in steps:
                result = s.get("result", {})
                parts.append(f"<li class='{esc(result.get('status', ''))}'>"
                             f"{esc(s.get('keyword', ''))} {esc(s.get('name', ''))}</li>")
                if result.get("error_message"):
                    parts.append(f"<pre>{esc(result['error_message'][-2000:])}</pre>")
            parts.append("</ol></details>")
    return parts
