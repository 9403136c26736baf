"""The audit step library, in dealer language (English).

Given steps put things on the table (they return a new ``audit_house`` or
``audit_table``); When steps deal the dealer's cards; Then steps only ask
the engine and assert. ``trainer audit --steps`` lists every step with an
example.
"""

from __future__ import annotations

import random
from decimal import Decimal
from pathlib import Path

import pytest

from trainer.audit.catalogue import step
from trainer.audit.readings import Reading, record_reading
from trainer.audit.table import AuditFailure, ScenarioError, Table, describe
from trainer.engine.cards import Card, DeckKind, Rank
from trainer.engine.dealer import DealerAction, dealer_action, play_dealer
from trainer.engine.errors import EngineError
from trainer.engine.hands import hand_total
from trainer.engine.houses import find_house, shipped_profile_file
from trainer.engine.money import format_money
from trainer.engine.options import (
    Action,
    allowed_actions,
    largest_insurance,
    may_insure,
    may_take_even_money,
    refusal,
)
from trainer.engine.round_check import check_round
from trainer.engine.rules import DealerCards, HouseRules, Reshuffle
from trainer.engine.seat import Seat
from trainer.engine.settlement import Outcome, is_natural
from trainer.engine.shoe import Shoe

HOUSE_KEY = pytest.StashKey["HouseRules | None"]()
"""Where the plugin keeps the house under audit (``--rules`` / ``--rules-file``)."""


def house_under_audit(config: pytest.Config) -> HouseRules | None:
    """The house that replaces every house named in the features, if one is set."""
    return config.stash.get(HOUSE_KEY, None)


def _money(amount: Decimal) -> str:
    return format_money(amount)


def _cards(cards: tuple[Card, ...]) -> str:
    return " ".join(card.label for card in cards)


def _aces(cards: tuple[Card, ...]) -> bool:
    """A split hand of these cards was made by splitting aces."""
    return cards[0].rank is Rank.ACE


# --- default state -----------------------------------------------------------------------


@pytest.fixture
def audit_house(request: pytest.FixtureRequest) -> HouseRules:
    """The house of a scenario that names none: the house under audit, or an error."""
    house = house_under_audit(request.config)
    if house is None:
        raise ScenarioError('no house: start the scenario with Given the house rules "europoker"')
    return house


@pytest.fixture
def audit_table() -> Table:
    """An empty table."""
    return Table()


# --- Given: the house and the bets ------------------------------------------------------


@step("given", 'the house rules "{name:Name}"', 'the house rules "europoker"', "audit_house")
def given_house(name: str, request: pytest.FixtureRequest) -> HouseRules:
    """Play under a shipped house (replaced by the house under audit when one is given)."""
    house = house_under_audit(request.config) or find_house(name)
    _note_house(request, house)
    return house


@step("given", "the house rules under audit", "the house rules under audit", "audit_house")
def given_house_under_audit(request: pytest.FixtureRequest) -> HouseRules:
    """Play under the house given to ``trainer audit --rules/--rules-file``."""
    house = house_under_audit(request.config)
    if house is None:
        raise ScenarioError("no house under audit: run trainer audit --rules or --rules-file")
    _note_house(request, house)
    return house


def _note_house(request: pytest.FixtureRequest, house: HouseRules) -> None:
    """Record on the test the house it plays under and the profile file it was read from."""
    rules_file = request.config.getoption("audit_rules_file", None)
    profile = str(Path(rules_file).resolve()) if rules_file else shipped_profile_file(house.name)
    request.node.user_properties += [("house", house.name), ("profile", profile)]


@step("given", "a bet of {amount:Money} on {cards:Cards}", "a bet of 15 on A♠ K♦",
      "audit_table")
def given_bet(amount: Decimal, cards: tuple[Card, ...], audit_table: Table) -> Table:
    """A new box with this bet and these cards (the player acts on the latest hand)."""
    return audit_table.add(Seat(amount, cards, box=audit_table.next_box()))


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
        Seat(amount, cards, box=box, split=True, split_aces=_aces(cards), hands_on_box=hands)
    )


@step("given", "a switch bet of {amount:Money} on {first:Cards} and {second:Cards}",
      "a switch bet of 10 on A♠ 7♦ and 9♣ K♥", "audit_table")
def given_switch_bet(
    amount: Decimal, first: tuple[Card, ...], second: tuple[Card, ...], audit_table: Table
) -> Table:
    """Blackjack Switch: two hands of the same bet, two cards each, on two boxes."""
    box = audit_table.next_box()
    return audit_table.add(Seat(amount, first, box=box)).add(Seat(amount, second, box=box + 1))


@step("given", "the player switches the second cards", "the player switches the second cards",
      "audit_table")
def given_switch(audit_table: Table, audit_house: HouseRules) -> Table:
    """Swap the second cards of the last two hands (refused where the house has no switch)."""
    if not audit_house.switch:
        raise AuditFailure("the player to be able to switch", f"{audit_house.name} has no switch")
    if len(audit_table.hands) < 2:
        raise ScenarioError("a switch needs two hands: Given a switch bet of 10 on ... and ...")
    *rest, first, second = audit_table.hands
    one = Seat(first.bet, (first.cards[0], second.cards[1]), box=first.box, switched=True)
    two = Seat(second.bet, (second.cards[0], first.cards[1]), box=second.box, switched=True)
    return Table((*rest, one, two), audit_table.dealer)


@step("given", "the box has split into {hands:d} hands", "the box has split into 2 hands",
      "audit_table")
def given_box_hands(hands: int, audit_table: Table) -> Table:
    """The current hand was made by splitting, and its box now holds this many hands."""
    split_aces = _aces(audit_table.current().cards)
    return audit_table.update(split=True, split_aces=split_aces, hands_on_box=hands)


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


@step("given", "the player insures for {amount:Money}", "the player insures for 5",
      "audit_table")
def given_insure(amount: Decimal, audit_table: Table) -> Table:
    """The player places this insurance stake on the current hand."""
    return audit_table.update(insurance=amount)


@step("given", "the player takes even money", "the player takes even money", "audit_table")
def given_even_money(audit_table: Table) -> Table:
    """The player takes even money on the current blackjack."""
    return audit_table.update(even_money=True)


# --- When: the dealer's cards -----------------------------------------------------------


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


# --- Then: the dealer -------------------------------------------------------------------


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
        raise AuditFailure(f"the dealer stands on {_cards(audit_table.dealer)}", move)


@step("then", "the dealer hits", "the dealer hits")
def then_dealer_hits(audit_house: HouseRules, audit_table: Table) -> None:
    """The dealer must take another card."""
    move = _dealer_move(audit_house, audit_table)
    if not move.startswith("the dealer hits"):
        raise AuditFailure(f"the dealer hits on {_cards(audit_table.dealer)}", move)


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
        raise AuditFailure(f"{_cards(audit_table.dealer)} to count {total}", actual)


@step("then", "the player's hand counts {total:Total}", "the player's hand counts hard 12")
def then_player_counts(total: str, audit_table: Table) -> None:
    """The current hand reads as this total."""
    cards = audit_table.current().cards
    actual = str(hand_total(cards))
    if actual != total:
        raise AuditFailure(f"{_cards(cards)} to count {total}", actual)


@step("then", "the dealer does not draw when no live bets remain",
      "the dealer does not draw when no live bets remain")
def then_no_draw_without_bets(audit_house: HouseRules, audit_table: Table) -> None:
    """With every box busted or paid the dealer turns the hole card and stops."""
    cards = list(audit_table.dealer) or [Card.parse("6h"), Card.parse("Td")]

    def draw() -> Card:
        return Card.parse("5s")

    played = play_dealer(audit_house, cards, draw, live_hands=False)
    if len(played) != len(cards):
        raise AuditFailure("no dealer draw without live bets",
                           f"the dealer draws to {len(played)} cards")


# --- Then: the money --------------------------------------------------------------------


@step("then", "the player is paid {amount:Money}", "the player is paid 22.50")
def then_paid(amount: Decimal, audit_house: HouseRules, audit_table: Table) -> None:
    """The player's profit on the whole round (every hand and insurance) is this amount; 0
    is a round that breaks even, such as a lost hand whose insurance paid."""
    _expect_net(audit_house, audit_table, amount, f"the player is paid {_money(amount)}")


@step("then", "the player loses {amount:Money}", "the player loses 15")
def then_loses(amount: Decimal, audit_house: HouseRules, audit_table: Table) -> None:
    """The dealer takes this amount from the player on the whole round (not 0: a round
    the player neither wins nor loses is written "the bet pushes")."""
    if not amount:
        raise ScenarioError('"the player loses 0" says a push: write "the bet pushes"')
    _expect_net(audit_house, audit_table, -amount, f"the player loses {_money(amount)}")


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
    if not is_natural(audit_house, audit_table.current().player_hand()):
        raise AuditFailure(f"{_cards(audit_table.current().cards)} to be a blackjack",
                           "it is not a blackjack")


@step("then", "the hand is not a blackjack", "the hand is not a blackjack")
def then_not_blackjack(audit_house: HouseRules, audit_table: Table) -> None:
    """The current hand does not count as a blackjack."""
    if is_natural(audit_house, audit_table.current().player_hand()):
        raise AuditFailure(f"{_cards(audit_table.current().cards)} not to be a blackjack",
                           "it is a blackjack")


@step("then", "the round is refused", "the round is refused")
def then_refused(audit_house: HouseRules, audit_table: Table) -> None:
    """The engine refuses the round: it cannot arise under the house's rules."""
    hands = [hand.player_hand() for hand in audit_table.current_hands()]
    try:
        check_round(audit_house, audit_table.dealer, hands)
    except EngineError:
        return
    raise AuditFailure("the round to be refused", "the round is accepted")


def _expect_net(house: HouseRules, table: Table, net: Decimal, expected: str) -> None:
    result = table.settle(house)
    if result.net != net:
        why = "; ".join(describe(hand) for hand in result.hands)
        raise AuditFailure(expected, f"net {_money(result.net)}: {why}")


def _expect_hand(house: HouseRules, table: Table, number: int, outcome: Outcome,
                 net: Decimal | None) -> None:
    table.hand(number)
    result = table.settle(house).hands[number - 1]
    if result.outcome is not outcome or (net is not None and result.net != net):
        wanted = outcome.value if net is None else f"{outcome.value} {_money(net)}"
        raise AuditFailure(f"hand {number}: {wanted}", describe(result))


def _expect_insurance(house: HouseRules, table: Table, net: Decimal) -> None:
    index = len(table.current_hands()) - 1
    result = table.settle(house).hands[index]
    if result.insurance_net != net:
        raise AuditFailure(f"insurance {_money(net)}", f"insurance {_money(result.insurance_net)}")


# --- Then: what the player may do -------------------------------------------------------


def _allowed(house: HouseRules, table: Table) -> frozenset[Action]:
    return allowed_actions(house, table.current().state(), table.up_card())


@step("then", "the player may {action:Action}", "the player may double")
def then_may(action: str, audit_house: HouseRules, audit_table: Table) -> None:
    """The player may take this decision now: hit, stand, double, split or surrender."""
    if Action(action) not in _allowed(audit_house, audit_table):
        why = refusal(audit_house, audit_table.current().state(), audit_table.up_card(),
                      Action(action))
        raise AuditFailure(f"the player may {action}", f"refused: {why}")


@step("then", "the player may not {action:Action}", "the player may not double")
def then_may_not(action: str, audit_house: HouseRules, audit_table: Table) -> None:
    """The player may not take this decision now."""
    if Action(action) in _allowed(audit_house, audit_table):
        raise AuditFailure(f"the player may not {action}", f"{action} is allowed")


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


@step("then", "the insurance stake is at most {amount:Money}", "the insurance stake is at most 5")
def then_insurance_max(amount: Decimal, audit_house: HouseRules, audit_table: Table) -> None:
    """The largest insurance stake on the current hand."""
    most = largest_insurance(audit_house, audit_table.current().bet)
    if most != amount:
        raise AuditFailure(f"insurance up to {_money(amount)}", f"up to {_money(most)}")


@step("then", "the insurance pays {ratio:Name}", "the insurance pays 2:1")
def then_insurance_ratio(ratio: str, audit_house: HouseRules) -> None:
    """Insurance pays this ratio against a dealer blackjack."""
    if str(audit_house.insurance_pays) != ratio:
        raise AuditFailure(f"insurance pays {ratio}", f"it pays {audit_house.insurance_pays}")


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


# --- Then: the shoe and the deal --------------------------------------------------------


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


_DEAL_WORDS = {
    DealerCards.HOLE_CARD: "the dealer's second card is dealt face down",
    DealerCards.BOTH_UP: "both dealer cards are dealt face up",
    DealerCards.NO_HOLE_CARD: "the dealer takes the second card after the players act",
}


def _expect_deal(house: HouseRules, deal: DealerCards) -> None:
    if house.dealer_cards is not deal:
        raise AuditFailure(_DEAL_WORDS[deal], _DEAL_WORDS[house.dealer_cards])


@step("then", "the dealer's second card is dealt face down",
      "the dealer's second card is dealt face down")
def then_hole_card(audit_house: HouseRules) -> None:
    """One dealer card up, one face down (a hole card)."""
    _expect_deal(audit_house, DealerCards.HOLE_CARD)


@step("then", "both dealer cards are dealt face up", "both dealer cards are dealt face up")
def then_both_up(audit_house: HouseRules) -> None:
    """Double exposure: the dealer's two cards are both face up."""
    _expect_deal(audit_house, DealerCards.BOTH_UP)


@step("then", "the dealer takes the second card after the players act",
      "the dealer takes the second card after the players act")
def then_enhc(audit_house: HouseRules) -> None:
    """European no-hole-card: one dealer card until the players have acted."""
    _expect_deal(audit_house, DealerCards.NO_HOLE_CARD)


@step("then", "the dealer checks for blackjack before the players act",
      "the dealer checks for blackjack before the players act")
def then_peeks(audit_house: HouseRules) -> None:
    """A dealer blackjack is known (peeked or face up) before anyone acts."""
    if not audit_house.blackjack_known_before_play:
        raise AuditFailure("a dealer blackjack known before play",
                           "it is found after the players act")


@step("then", "the dealer does not check for blackjack before the players act",
      "the dealer does not check for blackjack before the players act")
def then_no_peek(audit_house: HouseRules) -> None:
    """A dealer blackjack is only found after the players have acted."""
    if audit_house.blackjack_known_before_play:
        raise AuditFailure("a dealer blackjack found after play", "it is known before play")


@step("then", 'the profile records a reading for "{key:Name}"',
      'the profile records a reading for "soft_17"')
def then_reading(key: str, audit_house: HouseRules, request: pytest.FixtureRequest) -> None:
    """The house profile states how it reads this rule, and why (``trainer rules show``)."""
    note = audit_house.notes.get(key)
    if note is None:
        raise AuditFailure(f"a rule {key!r}", "the profile has no such rule")
    reading, why = _stated(note.reading), _stated(note.why)
    if not reading:
        said = "an empty reading" if note.reading is not None else "no reading"
        raise AuditFailure(f"a recorded reading for {key!r}",
                           f"{said}, only the source: {note.source}")
    if not why:
        raise AuditFailure(f"why {key!r} is read as {reading!r}", "the profile gives no why")
    record_reading(request.node, Reading(key, reading, why, note.source))


def _stated(text: object) -> str:
    """``text`` stripped, or empty when it is not text at all."""
    return text.strip() if isinstance(text, str) else ""
