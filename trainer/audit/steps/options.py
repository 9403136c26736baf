"""The player's moves (switch, split, hit, double, surrender) and what the player may do."""

from __future__ import annotations

from trainer.audit.catalogue import step
from trainer.audit.steps.shared import split_aces
from trainer.audit.table import AuditFailure, ScenarioError, Table
from trainer.engine.cards import Card
from trainer.engine.options import Action, allowed_actions, refusal
from trainer.engine.player_hand import PlayerHand
from trainer.engine.rules import HouseRules


@step("given", "the player switches the second cards", "the player switches the second cards",
      "audit_table")
def given_switch(audit_table: Table, audit_house: HouseRules) -> Table:
    """Swap the second cards of the last two hands (refused where the house has no switch)."""
    if not audit_house.switch:
        raise AuditFailure("the player to be able to switch", f"{audit_house.name} has no switch")
    if len(audit_table.hands) < 2:
        raise ScenarioError("a switch needs two hands: Given a switch bet of 10 on ... and ...")
    *rest, first, second = audit_table.hands
    one = PlayerHand(first.bet, (first.cards[0], second.cards[1]), box=first.box, switched=True)
    two = PlayerHand(second.bet, (second.cards[0], first.cards[1]), box=second.box, switched=True)
    return Table((*rest, one, two), audit_table.dealer)


@step("given", "the box has split into {hands:d} hands", "the box has split into 2 hands",
      "audit_table")
def given_box_hands(hands: int, audit_table: Table) -> Table:
    """The current hand was made by splitting, and its box now holds this many hands."""
    aces = split_aces(audit_table.current().cards)
    return audit_table.update(split=True, split_aces=aces, hands_on_box=hands)


@step("given", "the player hits and draws {cards:Cards}", "the player hits and draws 5♣",
      "audit_table")
def given_hit(cards: tuple[Card, ...], audit_table: Table) -> Table:
    """The player takes these cards on the current hand, one hit at a time."""
    hand = audit_table.current()
    return audit_table.update(cards=hand.cards + cards, hit=True)


@step("given", "the player doubles and draws {card:Cards}", "the player doubles and draws 9♣",
      "audit_table")
def given_double(card: tuple[Card, ...], audit_table: Table) -> Table:
    """The player doubles the current hand's stake and takes one card."""
    hand = audit_table.current()
    return audit_table.update(cards=hand.cards + card, doubled=hand.doubled + 1)


@step("given", "the player surrenders", "the player surrenders", "audit_table")
def given_surrender(audit_table: Table) -> Table:
    """The player gives up the current hand."""
    return audit_table.update(surrendered=True)


def _allowed(house: HouseRules, table: Table) -> frozenset[Action]:
    return allowed_actions(house, table.current(), table.up_card())


@step("then", "the player may {action:Action}", "the player may double")
def then_may(action: str, audit_house: HouseRules, audit_table: Table) -> None:
    """The player may take this decision now: hit, stand, double, split or surrender."""
    if Action(action) not in _allowed(audit_house, audit_table):
        why = refusal(audit_house, audit_table.current(), audit_table.up_card(),
                      Action(action))
        raise AuditFailure(f"the player may {action}", f"refused: {why}")


@step("then", "the player may not {action:Action}", "the player may not double")
def then_may_not(action: str, audit_house: HouseRules, audit_table: Table) -> None:
    """The player may not take this decision now."""
    if Action(action) in _allowed(audit_house, audit_table):
        raise AuditFailure(f"the player may not {action}", f"{action} is allowed")
