"""Insurance and even money: the player's stake, and what the house offers and pays.

How an insurance stake settles is a payout (:mod:`trainer.audit.steps.payouts`).
"""

from __future__ import annotations

from decimal import Decimal

from trainer.audit.catalogue import step
from trainer.audit.steps.shared import money_text
from trainer.audit.table import AuditFailure, Table
from trainer.engine.options import (
    Offer,
    ace_offer,
    largest_insurance,
    may_insure,
    may_take_even_money,
)
from trainer.engine.rules import HouseRules


@step("given", "the player insures for {amount:Money}", "the player insures for 5",
      "audit_table")
def given_insure(amount: Decimal, audit_table: Table) -> Table:
    """The player places this insurance stake on the current hand."""
    return audit_table.update(insurance=amount)


@step("given", "the player takes even money", "the player takes even money", "audit_table")
def given_even_money(audit_table: Table) -> Table:
    """The player takes even money on the current blackjack."""
    return audit_table.update(even_money=True)


@step("then", "the player may insure", "the player may insure")
def then_may_insure(audit_house: HouseRules, audit_table: Table) -> None:
    """Insurance is offered against the dealer's up card."""
    if not may_insure(audit_house, audit_table.up_card()):
        raise AuditFailure("insurance to be offered", "no insurance")


@step("then", "the player may not insure", "the player may not insure")
def then_may_not_insure(audit_house: HouseRules, audit_table: Table) -> None:
    """Insurance is not offered against the dealer's up card."""
    if may_insure(audit_house, audit_table.up_card()):
        raise AuditFailure("no insurance", "insurance is offered")


@step("then", "the player is offered even money", "the player is offered even money")
def then_even_money(audit_house: HouseRules, audit_table: Table) -> None:
    """Even money is offered on the current hand."""
    if not may_take_even_money(audit_house, audit_table.current().cards, audit_table.up_card()):
        raise AuditFailure("even money to be offered", "no even money")


@step("then", "the player is not offered even money", "the player is not offered even money")
def then_no_even_money(audit_house: HouseRules, audit_table: Table) -> None:
    """Even money is not offered on the current hand."""
    if may_take_even_money(audit_house, audit_table.current().cards, audit_table.up_card()):
        raise AuditFailure("no even money", "even money is offered")


@step("then", "the dealer offers even money, not insurance",
      "the dealer offers even money, not insurance")
def then_offers_even_money_only(audit_house: HouseRules, audit_table: Table) -> None:
    """The dealer's offer to the current hand is even money (a blackjack), not insurance."""
    offered = ace_offer(audit_house, audit_table.current().cards, audit_table.up_card())
    if offered is not Offer.EVEN_MONEY:
        raise AuditFailure("an offer of even money", f"an offer of {offered.value}")


@step("then", "the insurance stake is at most {amount:Money}", "the insurance stake is at most 5")
def then_insurance_max(amount: Decimal, audit_house: HouseRules, audit_table: Table) -> None:
    """The largest insurance stake on the current hand."""
    most = largest_insurance(audit_house, audit_table.current().bet)
    if most != amount:
        raise AuditFailure(f"insurance up to {money_text(amount)}", f"up to {money_text(most)}")


@step("then", "the insurance pays {ratio:Name}", "the insurance pays 2:1")
def then_insurance_ratio(ratio: str, audit_house: HouseRules) -> None:
    """Insurance pays this ratio against a dealer blackjack."""
    if str(audit_house.insurance_pays) != ratio:
        raise AuditFailure(f"insurance pays {ratio}", f"it pays {audit_house.insurance_pays}")
