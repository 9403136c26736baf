"""A table with a split box asks one net per box, not per hand."""

from __future__ import annotations

import json

from trainer.drills import generate
from trainer.web.drills_backend import DrillsPackageBackend


def test_split_box_shares_one_net_input() -> None:
    question = generate("europoker", "table-settlement", 1, "hard")
    assert [seat.box for seat in question.table.hands] == [1, 2, 3, 4, 5, 5]  # box 5 split
    view = DrillsPackageBackend().view(json.dumps(question.to_dict()))
    assert len(view.boxes) == 6  # every hand is drawn on the felt
    assert view.net_boxes == ("Box 1", "Box 2", "Box 3", "Box 4", "Box 5")
    assert len(str(question.expected).split(";")) == len(view.net_boxes)
