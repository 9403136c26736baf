"""The trainee stylesheet: every rule reaches the browser, and chip labels are readable."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

CSS = (Path(__file__).parents[2] / "trainer" / "web" / "static" / "trainer.css").read_text(
    encoding="utf-8")
CHIP = re.compile(r"^\.(chip-[0-9_]+) \{ background: (#[0-9a-f]{3,6});"
                  r"(?: color: (#[0-9a-f]{3,6});)?", re.MULTILINE)


def _luminance(colour: str) -> float:
    if len(colour) == 4:  # #rgb
        colour = "#" + "".join(digit * 2 for digit in colour[1:])
    channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(one: str, other: str) -> float:
    """The WCAG contrast ratio of two colours."""
    light, dark = sorted((_luminance(one), _luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_braces_balance_so_no_rule_is_dropped() -> None:
    depth = 0
    for number, line in enumerate(CSS.splitlines(), 1):
        depth += line.count("{") - line.count("}")
        assert depth >= 0, f"trainer.css:{number} closes a block that is not open"
    assert depth == 0


def test_the_multiple_choice_box_has_its_rule_at_top_level() -> None:
    assert re.search(r"^\.multi \{ border: 1px solid #ccc;", CSS, re.MULTILINE)


@pytest.mark.parametrize(("chip", "background", "text"),
                         [(m[1], m[2], m[3] or "#ffffff") for m in CHIP.finditer(CSS)])
def test_chip_labels_meet_wcag_aa_contrast(chip: str, background: str, text: str) -> None:
    assert contrast(text, background) >= 4.5, chip


def test_every_chip_colour_is_checked() -> None:
    assert len(CHIP.findall(CSS)) == len(re.findall(r"^\.chip-[0-9_]+ \{", CSS, re.MULTILINE)) >= 9


@pytest.mark.parametrize("verdict", ["#e6f4ea", "#fce8e6"])
def test_the_time_against_par_is_readable_on_either_verdict(verdict: str) -> None:
    colours = dict(re.findall(r"--(right|wrong): (#[0-9a-f]{6});", CSS))
    assert contrast(colours["right"], verdict) >= 4.5
    assert contrast(colours["wrong"], verdict) >= 4.5
