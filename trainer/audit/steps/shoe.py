"""Then steps on the house's table: the shoe (decks, shuffling, cut card), the boxes, and
whether it deals Blackjack Switch."""

from __future__ import annotations

import random
from decimal import Decimal

from trainer.audit.catalogue import step
from trainer.audit.table import AuditFailure
from trainer.engine.cards import DeckKind
from trainer.engine.rules import HouseRules, Reshuffle
from trainer.engine.shoe import Shoe


@step("then", "the player may switch", "the player may switch")
def then_may_switch(audit_house: HouseRules) -> None:
    """The player may switch the second cards of two hands."""
    if not audit_house.switch:
        raise AuditFailure("a switch", f"{audit_house.name} has no switch")


@step("then", "the player may not switch", "the player may not switch")
def then_may_not_switch(audit_house: HouseRules) -> None:
    """The house has no switch."""
    if audit_house.switch:
        raise AuditFailure("no switch", f"{audit_house.name} allows a switch")


@step("then", "the shoe holds {decks:d} decks of {cards:d} cards",
      "the shoe holds 2 decks of 52 cards")
def then_shoe(decks: int, cards: int, audit_house: HouseRules) -> None:
    """The shoe's decks and the cards in one deck."""
    size = Shoe.for_house(audit_house, random.Random(0)).size
    per_deck = size // audit_house.decks
    if (audit_house.decks, per_deck) != (decks, cards):
        raise AuditFailure(f"{decks} decks of {cards} cards",
                           f"{audit_house.decks} decks of {per_deck} cards")


@step("then", "the deck has no pip tens", "the deck has no pip tens")
def then_spanish_deck(audit_house: HouseRules) -> None:
    """Spanish decks: the four tens are removed from every deck; J, Q and K stay."""
    if audit_house.deck is not DeckKind.SPANISH:
        raise AuditFailure("Spanish decks without pip tens", "standard decks")


@step("then", "the cards are shuffled before every round",
      "the cards are shuffled before every round")
def then_shuffle_every_round(audit_house: HouseRules) -> None:
    """The whole shoe is reshuffled before every round."""
    if audit_house.reshuffle is not Reshuffle.EVERY_ROUND:
        raise AuditFailure("a shuffle before every round",
                           f"reshuffle {audit_house.reshuffle.value}")


@step("then", "a fresh deck is used for every deal", "a fresh deck is used for every deal")
def then_fresh_deck(audit_house: HouseRules) -> None:
    """A new deck replaces the old one before every deal."""
    if audit_house.reshuffle is not Reshuffle.FRESH_DECK:
        raise AuditFailure("a fresh deck every deal", f"reshuffle {audit_house.reshuffle.value}")


@step("then", "the shoe is reshuffled at a cut card after {percent:d}% of the cards",
      "the shoe is reshuffled at a cut card after 75% of the cards")
def then_cut_card(percent: int, audit_house: HouseRules) -> None:
    """A cut card this far into the shoe; the reshuffle comes when it is reached."""
    actual = f"reshuffle {audit_house.reshuffle.value} at {audit_house.penetration * 100:g}%"
    if audit_house.reshuffle is not Reshuffle.CUT_CARD or (
        audit_house.penetration * 100 != Decimal(percent)
    ):
        raise AuditFailure(f"a cut card after {percent}%", actual)


@step("then", "the table has at most {boxes:d} boxes", "the table has at most 5 boxes")
def then_boxes(boxes: int, audit_house: HouseRules) -> None:
    """The number of boxes at the table."""
    if audit_house.max_boxes != boxes:
        raise AuditFailure(f"{boxes} boxes", f"{audit_house.max_boxes} boxes")
