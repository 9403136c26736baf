"""The key rules a drill page shows: the ones the drills test, stated per house."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from tests.dealt import Drills
from trainer.engine.houses import find_house
from trainer.web.questions.houses_view import _split_text, house_facts


def test_spanish_21_states_re_doubling_and_surrender_after_a_split_or_a_double() -> None:
    assert house_facts("spanish-21") == (
        "6 decks (Spanish, no pip tens), hole card",
        "Dealer hits soft 17 (H17)",
        "Blackjack pays 3:2",
        "Double on any two cards, not after a split, up to 2 times a hand (one card after each)",
        "Split same value, up to 4 hands; aces split once, one card each",
        "Surrender (half the stake back), also after a split or a double",
        "Insurance pays 2:1",
        "Blackjack beats a dealer blackjack, paid 3:2",
        "Player 21 beats a dealer 21",
        "Bonuses on 5+ card 21s, 6-7-8 and 7-7-7; a doubled hand gets none (1:1)",
    )


@pytest.mark.parametrize(("house", "lines", "not_said"), [
    # ties lose, but blackjack against a dealer blackjack wins 1:1: not "except" (a push)
    ("double-exposure", ["Ties lose", "Blackjack beats a dealer blackjack, paid 1:1"], "push"),
    ("double-exposure-online", ["Ties lose", "Blackjack beats a dealer blackjack, paid 1:1"],
     "push"),
    ("baden-baden", ["A dealer blackjack beats a player blackjack too"], "Ties lose"),
    ("casino-classic", [], "dealer blackjack"),  # the usual push goes without saying
])
def test_ties_and_blackjack_against_a_dealer_blackjack(house: str, lines: list[str],
                                                       not_said: str) -> None:
    facts = house_facts(house)
    assert all(line in facts for line in lines), facts
    assert not any(not_said in fact for fact in facts), facts


def test_a_bonus_reading_that_decides_answers_is_stated(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whether a doubled or a split hand gets its bonus decides Spanish 21 bonus questions:
    the key rules say so, as the profile reads it."""
    other = replace(find_house("spanish-21"), bonus_on_doubled=True, bonus_after_split=False)
    monkeypatch.setattr("trainer.web.questions.houses_view.find_house", lambda _name: other)
    assert "Bonuses on 5+ card 21s, 6-7-8 and 7-7-7; none after a split" in (
        house_facts("spanish-21"))


def test_how_far_aces_re_split_is_stated() -> None:
    assert "Split same value, up to 4 hands; aces re-split to any number of hands, one card each" \
        in house_facts("russian-casino")
    assert "Split same value, up to 4 hands; aces up to 4 hands, one card each" \
        in house_facts("double-exposure-online")
    assert "Split same rank, up to 2 hands; aces split once, one card each" \
        in house_facts("baden-baden")


def test_surrender_only_where_the_house_has_it() -> None:
    assert "No surrender" in house_facts("europoker")
    assert "Surrender (half the bet back), not against an ace" in house_facts(
        "classic-single-deck")
    assert "Surrender (half the bet back), not against an ace" in house_facts("russian-casino")


def test_a_house_that_splits_only_aces_or_never_aces_says_so() -> None:
    europoker = find_house("europoker")
    assert _split_text(replace(europoker, split_max_hands=1, split_aces_max_hands=2)) == \
        "Only aces split once, one card each"
    assert _split_text(replace(europoker, split_max_hands=1, split_aces_max_hands=1)) == \
        "No split"
    assert _split_text(replace(europoker, split_aces_max_hands=1)) == \
        "Split same value, up to 2 hands; aces not split"


@pytest.mark.parametrize(("house", "difficulty", "seed", "title"), [
    ("baden-baden", "easy", 8, "Baden-Baden"), ("baden-baden", "hard", 260, "Baden-Baden")])
def test_a_prompt_names_its_house_by_its_title(house: str, difficulty: str, seed: int,
                                               title: str) -> None:
    """The dealer's line of a settlement says why the dealer stopped, by house: the trainee
    reads the house's title there, as in the rule after the answer."""
    backend = Drills()
    text = backend.generate(house, "table-settlement", seed, difficulty)
    assert f"{house}: no box is left" in json.loads(text)["prompt"]  # the engine's key
    prompt = backend.view(text).prompt
    assert f"; {title}: no box is left" in prompt
    assert f"{house}:" not in prompt
