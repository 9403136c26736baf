"""Given steps that place bets: a new box, a hand made by splitting, a switch pair."""

from __future__ import annotations

from decimal import Decimal

from trainer.audit.catalogue import step
from trainer.audit.steps.shared import split_aces
from trainer.audit.table import Table
from trainer.engine.cards import Card
from trainer.engine.player_hand import PlayerHand


@step("given", "a bet of {amount:Money} on {cards:Cards}", "a bet of 15 on A♠ K♦",
      "audit_table")
def given_bet(amount: Decimal, cards: tuple[Card, ...], audit_table: Table) -> Table:
    """A new box with this bet and these cards (the player acts on the latest hand)."""
    return audit_table.add(PlayerHand(amount, cards, box=audit_table.next_box()))


@step("given", "a bet of {amount:Money} on a split hand of {cards:Cards}",
      "a bet of 10 on a split hand of A♠ K♦", "audit_table")
def given_split_hand(amount: Decimal, cards: tuple[Card, ...], audit_table: Table) -> Table:
    """A hand made by splitting a pair (one card from the pair, one dealt to it).

    It joins the box of a split hand placed just before it; otherwise it takes a new box.
    """
    last = audit_table.hands[-1] if audit_table.hands else None
    if last is not None and last.split:
        box, hands = last.box, max(last.hands_on_box, audit_table.on_box(last.box) + 1)
    else:
        box, hands = audit_table.next_box(), 2
    return audit_table.add(
        PlayerHand(amount, cards, box=box, split=True, split_aces=split_aces(cards),
                   hands_on_box=hands)
    )


@step("given", "a switch bet of {amount:Money} on {first:Cards} and {second:Cards}",
      "a switch bet of 10 on A♠ 7♦ and 9♣ K♥", "audit_table")
def given_switch_bet(
    amount: Decimal, first: tuple[Card, ...], second: tuple[Card, ...], audit_table: Table
) -> Table:
    """Blackjack Switch: two hands of the same bet, two cards each, on two boxes."""
    box = audit_table.next_box()
    return audit_table.add(PlayerHand(amount, first, box=box)).add(
        PlayerHand(amount, second, box=box + 1))
