"""The web layer's view of the drills package: plain helpers, no app needed."""

from __future__ import annotations

from trainer.web.drillkit import FamilyInfo, all_difficulties


def family(name: str, *difficulties: str) -> FamilyInfo:
    return FamilyInfo(name, name.title(), "", ("europoker",), "action", 3.0, difficulties)


def test_all_difficulties_once_each_in_the_order_first_named() -> None:
    families = [family("a", "easy", "hard"), family("b", "medium", "easy", "expert"),
                family("c", "hard")]
    assert all_difficulties(families) == ["easy", "hard", "medium", "expert"]
    assert all_difficulties([]) == []
