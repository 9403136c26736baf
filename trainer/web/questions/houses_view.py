"""The key rules of a house, in a few short lines for the drill page, and the rules an
answer rests on as its profile states them."""

from __future__ import annotations

import re
from collections.abc import Iterable

from trainer.engine.houses import SPECS, find_house, rule_value_text, shipped_houses
from trainer.engine.rules import DealerCards, DoubleOn, HouseRules, Showdown, SplitMatch, Ties
from trainer.web.questions.drill_views import CitedRule

_DOUBLE = {
    DoubleOn.ANY: "any two cards",
    DoubleOn.NINE_TO_ELEVEN: "9, 10 or 11",
    DoubleOn.HARD_NINE_TO_ELEVEN: "hard 9, 10 or 11",
    DoubleOn.ELEVEN: "11 only",
    DoubleOn.NOT_SOFT: "any two but a soft hand",
}
_DEALER_CARDS = {
    DealerCards.HOLE_CARD: "hole card",
    DealerCards.NO_HOLE_CARD: "no hole card (ENHC)",
    DealerCards.BOTH_UP: "both dealer cards face up",
}


def cited_rules(name: str, keys: Iterable[str]) -> tuple[CitedRule, ...]:
    """The rules of house ``name`` with these profile keys, as its profile states them
    (none for a house this release does not ship: an old question's, replayed)."""
    keys = tuple(keys)
    if not keys or name not in shipped_houses():
        return ()
    house = find_house(name)
    meanings = {spec.key: spec.meaning for spec in SPECS}
    return tuple(CitedRule(meanings[key], _said(getattr(house, key)),
                           house.notes[key].source, house.notes[key].reading)
                 for key in keys if key in house.notes)


def _said(value: object) -> str:
    """A rule's value as a page says it to a dealer: ``yes``/``no`` for a switch."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return rule_value_text(value)


def house_facts(name: str) -> tuple[str, ...]:
    """Short lines: decks, soft 17, blackjack pay, doubling (and re-doubling), splitting (and
    aces), surrender (and after a split or a double), insurance, and the showdowns that differ
    from the usual game (ties, blackjack against a dealer blackjack, the variants' specials)."""
    house = find_house(name)
    facts = [
        f"{house.decks} deck{'s' if house.decks > 1 else ''}"
        + (" (Spanish, no pip tens)" if house.deck.value == "spanish" else "")
        + f", {_DEALER_CARDS[house.dealer_cards]}",
        "Dealer hits soft 17 (H17)" if house.hits_soft_17 else "Dealer stands on soft 17 (S17)",
        f"Blackjack pays {house.blackjack_pays}",
        f"Double on {_DOUBLE[house.double_on]}"
        + ("" if house.double_after_split else ", not after a split")
        + (f", up to {house.max_doubles} times a hand (one card after each)"
           if house.max_doubles > 1 else ""),
        _split_text(house),
        _surrender_text(house),
        f"Insurance pays {house.insurance_pays}" + (", even money offered" if house.even_money
                                                    else "")
        if house.insurance else "No insurance",
    ]
    if house.ties is Ties.LOSE:
        facts.append("Ties lose")
    if house.blackjack_vs_dealer_blackjack is Showdown.WIN:
        facts.append(f"Blackjack beats a dealer blackjack, paid {house.blackjack_pays}")
    elif house.blackjack_vs_dealer_blackjack is Showdown.LOSE:
        facts.append("A dealer blackjack beats a player blackjack too")
    if house.six_card_win:
        facts.append("Six cards without busting win")
    if house.dealer_22_pushes:
        facts.append("Dealer 22 pushes")
    if house.player_21_wins:
        facts.append("Player 21 beats a dealer 21")
    if house.bonuses:
        facts.append("Bonuses on 5+ card 21s, 6-7-8 and 7-7-7"
                     + ("" if house.bonus_on_doubled else "; a doubled hand gets none (1:1)")
                     + ("" if house.bonus_after_split else "; none after a split"))
    return tuple(facts)


def _split_text(house: HouseRules) -> str:
    limit = house.split_max_hands
    hands = "any number of hands" if limit is None else f"up to {limit} hands"
    pairs = "same rank" if house.split_match is SplitMatch.RANK else "same value"
    aces_limit = house.split_aces_max_hands
    one_card = ", one card each" if house.split_aces_one_card else ""
    if aces_limit == 1:
        aces = "aces not split"
    elif aces_limit == 2:
        aces = f"aces split once{one_card}"
    elif aces_limit is None:
        aces = f"aces re-split to any number of hands{one_card}"
    else:
        aces = f"aces up to {aces_limit} hands{one_card}"
    if limit == 1:
        return "No split" if aces_limit == 1 else f"Only {aces}"
    return f"Split {pairs}, {hands}; {aces}"


def _surrender_text(house: HouseRules) -> str:
    if not house.surrender:
        return "No surrender"
    against_ace = "" if house.surrender_vs_ace else ", not against an ace"
    after = [moment for moment, allowed in (("a split", house.surrender_after_split),
                                             ("a double", house.surrender_after_double))
             if allowed]
    # "stake": after a double the hand's whole stake is what half of comes back
    return (f"Surrender (half the {'stake' if house.surrender_after_double else 'bet'} back)"
            + against_ace
            + (f", also after {' or '.join(after)}" if after else ""))


def house_titles() -> dict[str, str]:
    """Every shipped house name with its title."""
    return {name: house.title for name, house in shipped_houses().items()}


def with_house_titles(text: str) -> str:
    """``text`` (an engine's rule or explanation) with each house key written as the house's
    title, as a trainee knows the house: ``europoker: …`` reads ``EuroPoker online: …``.
    A key is a whole word, the longest first (``double-exposure-online``)."""
    titles = house_titles()
    keys = sorted(titles, key=len, reverse=True)
    pattern = r"(?<![\w-])(" + "|".join(map(re.escape, keys)) + r")(?![\w-])"
    return re.sub(pattern, lambda match: titles[match.group(1)], text)
