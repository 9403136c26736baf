"""Then steps on the settlement: what the round, each hand and the insurance win or lose,
Spanish 21 bonuses, blackjacks, and rounds the house cannot deal."""

from __future__ import annotations

from decimal import Decimal

from trainer.audit.catalogue import step
from trainer.audit.steps.shared import cards_text, money_text
from trainer.audit.table import AuditFailure, ScenarioError, Table, describe
from trainer.engine.errors import EngineError
from trainer.engine.round_check import check_round
from trainer.engine.rules import HouseRules
from trainer.engine.settlement import Outcome, is_natural


@step("then", "the player is paid {amount:Money}", "the player is paid 22.50")
def then_paid(amount: Decimal, audit_house: HouseRules, audit_table: Table) -> None:
    """The player's profit on the whole round (every hand and insurance) is this amount; 0
    is a round that breaks even, such as a lost hand whose insurance paid."""
    _expect_net(audit_house, audit_table, amount, f"the player is paid {money_text(amount)}")


@step("then", "the player loses {amount:Money}", "the player loses 15")
def then_loses(amount: Decimal, audit_house: HouseRules, audit_table: Table) -> None:
    """The dealer takes this amount from the player on the whole round (not 0: a round
    the player neither wins nor loses is written "the bet pushes")."""
    if not amount:
        raise ScenarioError('"the player loses 0" says a push: write "the bet pushes"')
    _expect_net(audit_house, audit_table, -amount, f"the player loses {money_text(amount)}")


@step("then", "the bet pushes", "the bet pushes")
def then_push(audit_house: HouseRules, audit_table: Table) -> None:
    """The current hand neither wins nor loses: the bet is returned."""
    _expect_hand(audit_house, audit_table, len(audit_table.current_hands()), Outcome.PUSH, None)


@step("then", "hand {number:d} is paid {amount:Money}", "hand 1 is paid 10")
def then_hand_paid(number: int, amount: Decimal, audit_house: HouseRules,
                   audit_table: Table) -> None:
    """Hand ``number`` (counted from 1 in the order placed) wins this amount."""
    _expect_hand(audit_house, audit_table, number, Outcome.WIN, amount)


@step("then", "hand {number:d} loses {amount:Money}", "hand 2 loses 10")
def then_hand_loses(number: int, amount: Decimal, audit_house: HouseRules,
                    audit_table: Table) -> None:
    """Hand ``number`` loses this amount."""
    _expect_hand(audit_house, audit_table, number, Outcome.LOSE, -amount)


@step("then", "hand {number:d} pushes", "hand 1 pushes")
def then_hand_pushes(number: int, audit_house: HouseRules, audit_table: Table) -> None:
    """Hand ``number`` neither wins nor loses."""
    _expect_hand(audit_house, audit_table, number, Outcome.PUSH, None)


@step("then", "the insurance is paid {amount:Money}", "the insurance is paid 10")
def then_insurance_paid(amount: Decimal, audit_house: HouseRules, audit_table: Table) -> None:
    """The current hand's insurance stake wins this amount."""
    _expect_insurance(audit_house, audit_table, amount)


@step("then", "the insurance loses {amount:Money}", "the insurance loses 5")
def then_insurance_loses(amount: Decimal, audit_house: HouseRules, audit_table: Table) -> None:
    """The current hand's insurance stake is lost."""
    _expect_insurance(audit_house, audit_table, -amount)


@step("then", 'the bonus paid is "{bonus:Name}"', 'the bonus paid is "five-card-21"')
def then_bonus(bonus: str, audit_house: HouseRules, audit_table: Table) -> None:
    """The current hand is paid this Spanish 21 bonus."""
    result = audit_table.settle(audit_house).hands[-1]
    actual = result.bonus.value if result.bonus else "no bonus"
    if actual != bonus:
        raise AuditFailure(f"the {bonus} bonus", f"{actual}: {describe(result)}")


@step("then", "no bonus is paid", "no bonus is paid")
def then_no_bonus(audit_house: HouseRules, audit_table: Table) -> None:
    """The current hand is paid without a bonus."""
    result = audit_table.settle(audit_house).hands[-1]
    if result.bonus is not None:
        raise AuditFailure("no bonus", f"the {result.bonus.value} bonus: {describe(result)}")


@step("then", "the hand is a blackjack", "the hand is a blackjack")
def then_blackjack(audit_house: HouseRules, audit_table: Table) -> None:
    """The current hand counts as a blackjack (a natural)."""
    if not is_natural(audit_house, audit_table.current()):
        raise AuditFailure(f"{cards_text(audit_table.current().cards)} to be a blackjack",
                           "it is not a blackjack")


@step("then", "the hand is not a blackjack", "the hand is not a blackjack")
def then_not_blackjack(audit_house: HouseRules, audit_table: Table) -> None:
    """The current hand does not count as a blackjack."""
    if is_natural(audit_house, audit_table.current()):
        raise AuditFailure(f"{cards_text(audit_table.current().cards)} not to be a blackjack",
                           "it is a blackjack")


@step("then", "the round is refused", "the round is refused")
def then_refused(audit_house: HouseRules, audit_table: Table) -> None:
    """The engine refuses the round: it cannot arise under the house's rules."""
    hands = list(audit_table.current_hands())
    try:
        check_round(audit_house, audit_table.dealer, hands)
    except EngineError:
        return
    raise AuditFailure("the round to be refused", "the round is accepted")


def _expect_net(house: HouseRules, table: Table, net: Decimal, expected: str) -> None:
    result = table.settle(house)
    if result.net != net:
        why = "; ".join(describe(hand) for hand in result.hands)
        raise AuditFailure(expected, f"net {money_text(result.net)}: {why}")


def _expect_hand(house: HouseRules, table: Table, number: int, outcome: Outcome,
                 net: Decimal | None) -> None:
    table.hand(number)
    result = table.settle(house).hands[number - 1]
    if result.outcome is not outcome or (net is not None and result.net != net):
        wanted = outcome.value if net is None else f"{outcome.value} {money_text(net)}"
        raise AuditFailure(f"hand {number}: {wanted}", describe(result))


def _expect_insurance(house: HouseRules, table: Table, net: Decimal) -> None:
    index = len(table.current_hands()) - 1
    result = table.settle(house).hands[index]
    if result.insurance_net != net:
        raise AuditFailure(f"insurance {money_text(net)}",
                           f"insurance {money_text(result.insurance_net)}")
