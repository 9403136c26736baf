"""The JUnit XML file made ready for CI: what was audited, as properties of the test suite,
and each test case filed by house and rule area (pytest names them after the audit's
throw-away module, a new name every run, which breaks a CI's test history)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

from trainer.audit.results import AuditRun

_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
"""Characters XML 1.0 cannot hold (a folder name may have them)."""


def _xml_text(text: str) -> str:
    return _NOT_XML.sub(lambda m: f"\\x{ord(m.group()):02x}", text)


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
    """Put :func:`audited` first in the test suite of the JUnit XML file at ``path``, and
    name each test case's class ``house.area``."""
    tree = ET.parse(path)
    properties = ET.Element("properties")
    for name, value in audited(run):
        ET.SubElement(properties, "property", name=name, value=_xml_text(value))
    for suite in tree.getroot().iter("testsuite"):
        suite.insert(0, properties)
    filed = {result.test_id: f"{result.house}.{result.area}" for result in run.results}
    for case in tree.getroot().iter("testcase"):
        if case.get("name") in filed:
            case.set("classname", filed[case.get("name", "")])
    tree.write(path, encoding="utf-8", xml_declaration=True)
