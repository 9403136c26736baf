"""The SVG chart helpers: pure functions, exact output where it matters."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from trainer.web.charts import Point, colour, heat_map, line_chart, percent, sparkline, text_colour

SVG = "{http://www.w3.org/2000/svg}"


def parse(markup: str) -> ET.Element:
    return ET.fromstring(str(markup))


@pytest.mark.parametrize(("value", "expected"), [
    (0.0, "#d7301f"), (0.25, "#e47836"), (0.5, "#f2c14e"), (0.75, "#86ac4f"), (1.0, "#1a9850"),
    (None, "#f1f1f1"), (-1.0, "#d7301f"), (2.0, "#1a9850"),
])
def test_colour_scale(value: float | None, expected: str) -> None:
    assert colour(value) == expected


def test_text_colour_reads_on_the_fill() -> None:
    assert text_colour(colour(0.0)) == "#ffffff"
    assert text_colour(colour(0.5)) == "#1b1b1b"
    assert text_colour("#f1f1f1") == "#1b1b1b"


@pytest.mark.parametrize(("correct", "answered", "text"), [
    (171, 200, "86%"), (1, 2, "50%"), (0, 0, "–"), (2, 3, "67%"),
    (5, 8, "63%"), (29, 200, "15%"),  # half up, as the trainee's pages (a float gave 62, 14)
])
def test_percent(correct: int, answered: int, text: str) -> None:
    assert percent(correct, answered) == text


def test_line_chart_points_gaps_and_labels() -> None:
    points = [Point("01 Nov", 2, 4), Point("02 Nov", 0, 0), Point("03 Nov", 2, 2),
              Point("04 Nov", 3, 4)]
    svg = parse(line_chart(points, title="Accuracy <per day>", width=400, height=200,
                           reference=0.8, reference_label="pass mark"))
    assert svg.get("role") == "img" and svg.get("aria-label") == "Accuracy <per day>"
    assert svg.find(f"{SVG}title").text == "Accuracy <per day>"
    circles = svg.findall(f"{SVG}circle")
    assert [c.get("data-value") for c in circles] == ["50%", "100%", "75%"]
    assert circles[0].find(f"{SVG}title").text == "01 Nov: 50% (4 answered)"
    lines = svg.findall(f"{SVG}polyline")
    assert len(lines) == 1  # the gap splits the line; a lone first point draws no segment
    assert len(lines[0].get("points").split()) == 2
    # y: top 14, plot height 200 - 14 - 34 = 152; 100% at y=14, 50% at y=90
    assert circles[1].get("cy") == "14" and circles[0].get("cy") == "90"
    assert circles[0].get("cx") == "44" and circles[2].get("cx") == "388"
    texts = [t.text for t in svg.iter(f"{SVG}text")]
    assert {"0%", "50%", "100%", "01 Nov", "04 Nov", "pass mark"} <= set(texts)
    assert svg.find(f"{SVG}line[@class='reference']") is not None


@pytest.mark.parametrize("count", [1, 2, 27, 30, 60])
def test_line_chart_day_labels_stay_inside(count: int) -> None:
    width = 640
    svg = parse(line_chart([Point(f"{i % 28 + 1:02d} Dec", 1, 2) for i in range(count)],
                           title="t", width=width))
    labels = [t for t in svg.iter(f"{SVG}text") if t.text and t.text.endswith(" Dec")]
    assert labels
    for label in labels:  # about 7 px a character, centred on x
        half = len(label.text) * 3.5
        assert half <= float(label.get("x")) <= width - half, label.text


def test_line_chart_without_data_says_so() -> None:
    svg = parse(line_chart([Point("a"), Point("b")], title="t"))
    assert "No answers in this period" in [t.text for t in svg.iter(f"{SVG}text")]
    assert svg.findall(f"{SVG}circle") == []


def test_line_chart_single_point_is_centred() -> None:
    svg = parse(line_chart([Point("only", 1, 4)], title="t", width=400))
    assert svg.find(f"{SVG}circle").get("cx") == "216"


def test_heat_map_cells_labels_and_links() -> None:
    svg = parse(heat_map(
        [("1", "tina"), ("2", "tom & co")], [("dealer-draw", "Dealer draws"),
                                              ("insurance", "Insurance")],
        {("1", "dealer-draw"): (3, 4), ("2", "insurance"): (0, 2)},
        title="Heat", row_links={"1": "/supervisor/trainees/1?a=1&b=2"}))
    cells = {(g.get("data-row"), g.get("data-column")): g for g in svg.iter(f"{SVG}g")}
    assert len(cells) == 4
    assert cells[("1", "dealer-draw")].get("data-value") == "75%"
    assert cells[("1", "insurance")].get("data-value") == "–"
    assert cells[("2", "insurance")].find(f"{SVG}rect").get("fill") == "#d7301f"
    assert cells[("1", "dealer-draw")].find(f"{SVG}title").text == (
        "tina · Dealer draws: 75% (3 of 4)")
    assert [t.text for t in cells[("2", "insurance")].iter(f"{SVG}text")] == ["0%", "n=2"]
    link = svg.find(f"{SVG}a")
    assert link.get("href") == "/supervisor/trainees/1?a=1&b=2"
    assert "tom & co" in [t.text for t in svg.iter(f"{SVG}text")]


def test_heat_map_cells_with_answers_link_to_their_page() -> None:
    """A touch screen shows no tooltip: a cell with answers is a link, an empty one is not."""
    svg = parse(heat_map(
        [("1", "tina")], [("dealer-draw", "Dealer draws"), ("insurance", "Insurance")],
        {("1", "dealer-draw"): (3, 4)}, title="Heat",
        cell_links={("1", "dealer-draw"): "/t/1?family=dealer-draw&x=1#log",
                    ("1", "insurance"): "/t/1?family=insurance#log"}))
    links = {a.find(f"{SVG}g").get("data-column"): a.get("href")
             for a in svg.iter(f"{SVG}a")}
    assert links == {"dealer-draw": "/t/1?family=dealer-draw&x=1#log"}


def test_heat_map_shortens_long_labels_and_keeps_them_whole_in_a_tooltip() -> None:
    name = "trainee_with_a_name_as_long_as_a_shift_roster"
    family = "Ace up: insurance, even money or nothing?"
    svg = parse(heat_map([("1", name)], [("ace-offers", family)], {("1", "ace-offers"): (1, 2)},
                         title="Heat", label_width=150))
    row, column = (next(t for t in svg.iter(f"{SVG}text") if t.find(f"{SVG}title") is not None
                        and t.find(f"{SVG}title").text == whole) for whole in (name, family))
    assert row.text == "trainee_with_a_nam…" and len(row.text) == (150 - 12) // 7
    assert column.text == "Ace up: insurance, even m…"


def test_heat_map_empty() -> None:
    svg = parse(heat_map([], [], {}, title="Heat"))
    assert "No answers in this period" in [t.text for t in svg.iter(f"{SVG}text")]


def test_sparkline() -> None:
    svg = parse(sparkline([None, 0.5, 1.0], title="s", width=100, height=20))
    assert svg.find(f"{SVG}polyline").get("points") == "50,10 97,3"
    lone = parse(sparkline([None, 1.0, None], title="s"))
    assert lone.find(f"{SVG}circle") is not None and lone.find(f"{SVG}polyline") is None


def test_sparkline_leaves_a_gap_for_a_day_without_answers_as_the_line_chart_does() -> None:
    """Two days apart are not joined across the day between (it drew a line through it)."""
    values = [1.0, 1.0, None, 0.5, None, 0.0]
    spark = parse(sparkline(values, title="s", width=106, height=26))
    assert [p.get("points") for p in spark.iter(f"{SVG}polyline")] == ["3,3 23,3"]
    assert [(c.get("cx"), c.get("cy")) for c in spark.iter(f"{SVG}circle")] == [
        ("63", "13"), ("103", "23")]  # the days between gaps: dots
    chart = parse(line_chart([Point(f"d{i}", round(v * 4) if v is not None else 0,
                                    4 if v is not None else 0) for i, v in enumerate(values)],
                             title="t"))
    assert len(list(chart.iter(f"{SVG}polyline"))) == 1  # the same gaps, the same one line
