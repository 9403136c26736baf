"""The dealer's cards (When steps) and the dealer's play; how a hand counts."""

from __future__ import annotations

from trainer.audit.catalogue import step
from trainer.audit.steps.shared import cards_text
from trainer.audit.table import AuditFailure, Table
from trainer.engine.cards import Card
from trainer.engine.dealer import DealerAction, dealer_action, play_dealer
from trainer.engine.hands import hand_total
from trainer.engine.rules import HouseRules


@step("when given", "the dealer holds {cards:Cards}", "the dealer holds A♥ 6♣", "audit_table")
def when_dealer_holds(cards: tuple[Card, ...], audit_table: Table) -> Table:
    """The dealer's cards in dealing order, up card first."""
    return Table(audit_table.hands, cards)


@step("when given", "the dealer shows {card:Cards}", "the dealer shows T♥", "audit_table")
def when_dealer_shows(card: tuple[Card, ...], audit_table: Table) -> Table:
    """The dealer's up card (before the dealer draws)."""
    return Table(audit_table.hands, card)


@step("when given", "the dealer draws {cards:Cards}", "the dealer draws 5♠", "audit_table")
def when_dealer_draws(cards: tuple[Card, ...], audit_table: Table) -> Table:
    """The dealer takes more cards."""
    return Table(audit_table.hands, audit_table.dealer + cards)


def _dealer_move(house: HouseRules, table: Table) -> str:
    cards = table.dealer
    table.up_card()
    total = hand_total(cards)
    if total.bust:
        return f"the dealer busts with {total.total}"
    action = dealer_action(house, cards)
    return f"the dealer {'hits' if action is DealerAction.HIT else 'stands'} on {total}"


@step("then", "the dealer stands", "the dealer stands")
def then_dealer_stands(audit_house: HouseRules, audit_table: Table) -> None:
    """The dealer must stand on these cards."""
    move = _dealer_move(audit_house, audit_table)
    if not move.startswith("the dealer stands"):
        raise AuditFailure(f"the dealer stands on {cards_text(audit_table.dealer)}", move)


@step("then", "the dealer hits", "the dealer hits")
def then_dealer_hits(audit_house: HouseRules, audit_table: Table) -> None:
    """The dealer must take another card."""
    move = _dealer_move(audit_house, audit_table)
    if not move.startswith("the dealer hits"):
        raise AuditFailure(f"the dealer hits on {cards_text(audit_table.dealer)}", move)


@step("then", "the dealer busts", "the dealer busts")
def then_dealer_busts(audit_house: HouseRules, audit_table: Table) -> None:
    """The dealer's cards are over 21."""
    move = _dealer_move(audit_house, audit_table)
    if not move.startswith("the dealer busts"):
        raise AuditFailure("the dealer to bust", move)


@step("then", "the dealer's hand counts {total:Total}", "the dealer's hand counts soft 17")
def then_dealer_counts(total: str, audit_table: Table) -> None:
    """The dealer's cards read as this total."""
    actual = str(hand_total(audit_table.dealer))
    if actual != total:
        raise AuditFailure(f"{cards_text(audit_table.dealer)} to count {total}", actual)


@step("then", "the player's hand counts {total:Total}", "the player's hand counts hard 12")
def then_player_counts(total: str, audit_table: Table) -> None:
    """The current hand reads as this total."""
    cards = audit_table.current().cards
    actual = str(hand_total(cards))
    if actual != total:
        raise AuditFailure(f"{cards_text(cards)} to count {total}", actual)


@step("then", "the dealer does not draw when no live bets remain",
      "the dealer does not draw when no live bets remain")
def then_no_draw_without_bets(audit_house: HouseRules, audit_table: Table) -> None:
    """With every box busted or paid the dealer turns the hole card and stops."""
    cards = list(audit_table.dealer) or [Card.parse("6h"), Card.parse("Td")]

    def draw() -> Card:
        return Card.parse("5s")

    played = play_dealer(audit_house, list(cards), draw, live_hands=False)  # it draws in place
    if len(played) != len(cards):
        raise AuditFailure("no dealer draw without live bets",
                           f"the dealer draws to {len(played)} cards")
