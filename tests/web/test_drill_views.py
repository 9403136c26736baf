"""The web layer's view of the drills package: plain helpers, no app needed."""

from __future__ import annotations

from dataclasses import replace

from trainer.drills import Family, find_family
from trainer.web.questions.drill_views import (
    ACTION_KEYS,
    CHOICE_LABELS,
    all_difficulties,
    choice_label,
    choices_with_keys,
)


def family(name: str, default: str, *others: str) -> Family:
    """A family whose levels are ``default`` (first) and ``others``."""
    real = find_family("dealer-draw")
    level = real.level(None)
    return replace(real, name=name, default_difficulty=default,
                   levels={n: level for n in (*others, default)})


def test_all_difficulties_once_each_in_the_order_first_named() -> None:
    families = [family("a", "easy", "hard"), family("b", "medium", "easy", "expert"),
                family("c", "hard")]
    assert all_difficulties(families) == ["easy", "hard", "medium", "expert"]
    assert all_difficulties([]) == []


def test_each_shortcut_is_for_a_choice_as_the_drills_spell_it() -> None:
    """The keys name the choices the labels do (``even-money``, never ``even_money``)."""
    assert set(ACTION_KEYS) == set(CHOICE_LABELS)
    offers = choices_with_keys([(c, choice_label(c)) for c in ("insurance", "even-money",
                                                                 "nothing")])
    assert [(c.value, c.label, c.key) for c in offers] == [
        ("insurance", "Insurance", "i"), ("even-money", "Even money", "e"),
        ("nothing", "Nothing", "n")]
