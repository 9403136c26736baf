"""What was audited, written on the JUnit XML test suite as properties."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from trainer.audit.results import AuditRun


def audited(run: AuditRun) -> list[tuple[str, str]]:
    """What the audit was given and read: the features, the house under audit, each profile."""
    subject = run.subject
    pairs = [("features", str(place)) for place in subject.features]
    if subject.rules_file is not None:
        pairs.append(("rules_file", str(subject.rules_file)))
    if subject.rules_name is not None:
        pairs.append(("rules", subject.rules_name))
    pairs += [(f"profile:{house}", profile) for house, profile in run.profiles().items()]
    return pairs


def add_suite_properties(path: Path, run: AuditRun) -> None:
    """Put :func:`audited` first in the test suite of the JUnit XML file at ``path``."""
    tree = ET.parse(path)
    properties = ET.Element("properties")
    for name, value in audited(run):
        ET.SubElement(properties, "property", name=name, value=value)
    for suite in tree.getroot().iter("testsuite"):
        suite.insert(0, properties)
    tree.write(path, encoding="utf-8", xml_declaration=True)
