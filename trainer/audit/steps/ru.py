"""The audit step library in Russian (``# language: ru``), for Russian-speaking dealers.

Each step says in Russian what an English step of the package says, and
asks the engine the same question (it calls that step).
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from trainer.audit.catalogue import step
from trainer.audit.steps import bets, dealer, house, insurance, options, payouts, readings
from trainer.audit.table import Table
from trainer.engine.cards import Card
from trainer.engine.rules import HouseRules

RU_NAMED_HOUSE = 'правила заведения "{name:Name}"'
"""The Russian twin of :data:`trainer.audit.steps.house.NAMED_HOUSE`."""


@step("given", RU_NAMED_HOUSE, 'правила заведения "russian-casino"', "audit_house",
      language="ru")
def ru_given_house(name: str, request: pytest.FixtureRequest) -> HouseRules:
    """Играем по правилам этого заведения (или проверяемого, если оно задано)."""
    return house.given_house(name, request)


@step("given", "ставка {amount:Money} на {cards:Cards}", "ставка 10 на A♠ K♦", "audit_table",
      language="ru")
def ru_given_bet(amount: Decimal, cards: tuple[Card, ...], audit_table: Table) -> Table:
    """Новый бокс с этой ставкой и этими картами."""
    return bets.given_bet(amount, cards, audit_table)


@step("given", "игрок берёт карту {cards:Cards}", "игрок берёт карту 5♣", "audit_table",
      language="ru")
def ru_given_hit(cards: tuple[Card, ...], audit_table: Table) -> Table:
    """Игрок добирает эти карты на текущую руку."""
    return options.given_hit(cards, audit_table)


@step("given", "игрок удваивает и получает {card:Cards}", "игрок удваивает и получает 9♣",
      "audit_table", language="ru")
def ru_given_double(card: tuple[Card, ...], audit_table: Table) -> Table:
    """Игрок удваивает ставку и получает одну карту."""
    return options.given_double(card, audit_table)


@step("given", "игрок сдаётся", "игрок сдаётся", "audit_table", language="ru")
def ru_given_surrender(audit_table: Table) -> Table:
    """Игрок отказывается от руки (сдаётся)."""
    return options.given_surrender(audit_table)


@step("given", "игрок страхуется на {amount:Money}", "игрок страхуется на 5", "audit_table",
      language="ru")
def ru_given_insure(amount: Decimal, audit_table: Table) -> Table:
    """Игрок ставит страховку этого размера."""
    return insurance.given_insure(amount, audit_table)


@step("given", "игрок берёт равные деньги", "игрок берёт равные деньги", "audit_table",
      language="ru")
def ru_given_even_money(audit_table: Table) -> Table:
    """Игрок с блэкджеком против туза берёт выплату 1:1 сразу."""
    return insurance.given_even_money(audit_table)


@step("when given", "у дилера {cards:Cards}", "у дилера A♥ 6♣", "audit_table", language="ru")
def ru_when_dealer_holds(cards: tuple[Card, ...], audit_table: Table) -> Table:
    """Карты дилера в порядке сдачи, первая — открытая."""
    return dealer.when_dealer_holds(cards, audit_table)


@step("when given", "дилер добирает {cards:Cards}", "дилер добирает 5♠", "audit_table",
      language="ru")
def ru_when_dealer_draws(cards: tuple[Card, ...], audit_table: Table) -> Table:
    """Дилер берёт ещё карты."""
    return dealer.when_dealer_draws(cards, audit_table)


@step("then", "дилер берёт карту", "дилер берёт карту", language="ru")
def ru_then_dealer_hits(audit_house: HouseRules, audit_table: Table) -> None:
    """Дилер обязан взять ещё карту."""
    dealer.then_dealer_hits(audit_house, audit_table)


@step("then", "дилер останавливается", "дилер останавливается", language="ru")
def ru_then_dealer_stands(audit_house: HouseRules, audit_table: Table) -> None:
    """Дилер обязан остановиться."""
    dealer.then_dealer_stands(audit_house, audit_table)


@step("then", "у дилера перебор", "у дилера перебор", language="ru")
def ru_then_dealer_busts(audit_house: HouseRules, audit_table: Table) -> None:
    """У дилера больше 21 очка."""
    dealer.then_dealer_busts(audit_house, audit_table)


@step("then", "игроку платят {amount:Money}", "игроку платят 15", language="ru")
def ru_then_paid(amount: Decimal, audit_house: HouseRules, audit_table: Table) -> None:
    """Выигрыш игрока за весь раунд (со страховкой)."""
    payouts.then_paid(amount, audit_house, audit_table)


@step("then", "игрок проигрывает {amount:Money}", "игрок проигрывает 10", language="ru")
def ru_then_loses(amount: Decimal, audit_house: HouseRules, audit_table: Table) -> None:
    """Проигрыш игрока за весь раунд."""
    payouts.then_loses(amount, audit_house, audit_table)


@step("then", "ставка возвращается", "ставка возвращается", language="ru")
def ru_then_push(audit_house: HouseRules, audit_table: Table) -> None:
    """Ничья: ставка возвращается игроку."""
    payouts.then_push(audit_house, audit_table)


@step("then", "страховка выигрывает {amount:Money}", "страховка выигрывает 10", language="ru")
def ru_then_insurance_paid(amount: Decimal, audit_house: HouseRules,
                               audit_table: Table) -> None:
    """Страховая ставка выигрывает эту сумму."""
    payouts.then_insurance_paid(amount, audit_house, audit_table)


@step("then", "игрок может {action:RuAction}", "игрок может удвоить", language="ru")
def ru_then_may(action: str, audit_house: HouseRules, audit_table: Table) -> None:
    """Игрок может сейчас: взять карту, остановиться, удвоить, разделить, сдаться."""
    options.then_may(action, audit_house, audit_table)


@step("then", "игрок не может {action:RuAction}", "игрок не может разделить", language="ru")
def ru_then_may_not(action: str, audit_house: HouseRules, audit_table: Table) -> None:
    """Игроку сейчас нельзя это сделать."""
    options.then_may_not(action, audit_house, audit_table)


@step("then", "игроку предлагают равные деньги", "игроку предлагают равные деньги",
      language="ru")
def ru_then_even_money(audit_house: HouseRules, audit_table: Table) -> None:
    """Блэкджеку против туза предлагают выплату 1:1 сразу."""
    insurance.then_even_money(audit_house, audit_table)


@step("then", "игрок может застраховаться", "игрок может застраховаться", language="ru")
def ru_then_may_insure(audit_house: HouseRules, audit_table: Table) -> None:
    """Против туза дилера предлагают страховку."""
    insurance.then_may_insure(audit_house, audit_table)


@step("then", 'профиль записывает толкование "{key:Name}"',
      'профиль записывает толкование "soft_17"', language="ru")
def ru_then_reading(key: str, audit_house: HouseRules, request: pytest.FixtureRequest) -> None:
    """Профиль заведения записывает, как он толкует это правило."""
    readings.then_reading(key, audit_house, request)


@step("given", "ставка {amount:Money} на разделённую руку {cards:Cards}",
      "ставка 10 на разделённую руку A♠ K♦", "audit_table", language="ru")
def ru_given_split_hand(amount: Decimal, cards: tuple[Card, ...], audit_table: Table) -> Table:
    """Рука, полученная разделением пары."""
    return bets.given_split_hand(amount, cards, audit_table)


@step("when given", "дилер открывает {card:Cards}", "дилер открывает 6♥", "audit_table",
      language="ru")
def ru_when_dealer_shows(card: tuple[Card, ...], audit_table: Table) -> Table:
    """Открытая карта дилера (до добора)."""
    return dealer.when_dealer_shows(card, audit_table)


@step("then", "рука — не блэкджек", "рука — не блэкджек", language="ru")
def ru_then_not_blackjack(audit_house: HouseRules, audit_table: Table) -> None:
    """Текущая рука не считается блэкджеком."""
    payouts.then_not_blackjack(audit_house, audit_table)
