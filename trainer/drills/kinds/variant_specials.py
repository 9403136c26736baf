"""variant-specials: ties that lose, six-card wins, the Switch dealer 22 and switched
ace + ten, Spanish 21's player 21."""

from __future__ import annotations

from collections.abc import Callable

from trainer.drills.answers import AnswerKind
from trainer.drills.build import (
    Ctx,
    Draft,
    Retry,
    money,
    reading_note,
    show,
    switched_ace_ten,
)
from trainer.drills.expected import signed
from trainer.drills.table import Table, doubled_to
from trainer.engine.cards import Card, Rank
from trainer.engine.errors import EngineError
from trainer.engine.hands import hand_total, is_two_card_21
from trainer.engine.player_hand import PlayerHand
from trainer.engine.round_check import check_round
from trainer.engine.rules import HouseRules, Showdown, Ties
from trainer.engine.settlement import settle_round

Case = Callable[[Ctx], tuple[tuple[Card, ...], tuple[PlayerHand, ...]]]


def _dealer(ctx: Ctx, total: int, soft: bool = False) -> tuple[Card, ...]:
    count = ctx.rng.randint(2, 4) if total < 22 else ctx.rng.randint(3, 4)
    if total == 21 and count == 2:
        count = 3
    return ctx.compose(total, soft, count, dealer=True)


def _blackjack(ctx: Ctx) -> tuple[Card, ...]:
    return ctx.two_cards(natural=True)


def _tie(ctx: Ctx) -> tuple[tuple[Card, ...], tuple[PlayerHand, ...]]:
    total = ctx.rng.randint(17, 21)
    dealer = _dealer(ctx, total, soft=total != 17 and ctx.chance(0.3))
    count = ctx.rng.randint(2, 3) if total < 21 else 3
    return dealer, (PlayerHand(ctx.bet(), ctx.compose(total, False, count), box=1),)


def _blackjack_vs_21(ctx: Ctx) -> tuple[tuple[Card, ...], tuple[PlayerHand, ...]]:
    """Looks like a tie of 21s, but a blackjack is not a three-card 21."""
    return _dealer(ctx, 21, soft=ctx.chance(0.4)), (PlayerHand(ctx.bet(), _blackjack(ctx), box=1),)


def _blackjack_vs_blackjack(ctx: Ctx) -> tuple[tuple[Card, ...], tuple[PlayerHand, ...]]:
    return _blackjack(ctx), (PlayerHand(ctx.bet(), _blackjack(ctx), box=1),)


def _six_cards(ctx: Ctx) -> tuple[tuple[Card, ...], tuple[PlayerHand, ...]]:
    count = ctx.pick((6, 6, 6, 7))
    cards = ctx.compose(ctx.rng.randint(15, 21), False, count)
    dealer_total = ctx.rng.randint(max(17, hand_total(cards).total), 21)
    dealer = _blackjack(ctx) if ctx.chance(0.15) else _dealer(ctx, dealer_total)
    return dealer, (PlayerHand(ctx.bet(), cards, box=1),)


def _five_cards(ctx: Ctx) -> tuple[tuple[Card, ...], tuple[PlayerHand, ...]]:
    """The look-alike: five cards win nothing special."""
    cards = ctx.compose(ctx.rng.randint(14, 20), False, 5)
    dealer = _dealer(ctx, ctx.rng.randint(17, 21))
    return dealer, (PlayerHand(ctx.bet(), cards, box=1),)


def _dealer_22(ctx: Ctx) -> tuple[tuple[Card, ...], tuple[PlayerHand, ...]]:
    dealer = _dealer(ctx, 22)
    roll = ctx.rng.random()
    if roll < 0.2:
        return dealer, (PlayerHand(ctx.bet(), _blackjack(ctx), box=1),)
    if roll < 0.35:
        cards = ctx.compose(ctx.rng.randint(22, 26), False, 3)
        return dealer, (PlayerHand(ctx.bet(), cards, box=1),)
    if roll < 0.5:
        cards = ctx.compose(ctx.rng.randint(17, 21), False, 3, first=(Rank.FIVE, Rank.SIX))
        return dealer, (PlayerHand(ctx.bet(), cards, box=1, doubled=1),)
    return dealer, (PlayerHand(ctx.bet(), ctx.compose(ctx.rng.randint(12, 20), False, 2), box=1),)


def _dealer_23(ctx: Ctx) -> tuple[tuple[Card, ...], tuple[PlayerHand, ...]]:
    """The look-alike: a dealer 23 is an ordinary bust."""
    return _dealer(ctx, ctx.rng.randint(23, 26)), (PlayerHand(
        ctx.bet(), ctx.compose(ctx.rng.randint(12, 20), False, 2), box=1),)


def _switch_dealer(ctx: Ctx) -> tuple[Card, ...]:
    """The dealer's finished hand against a switched ace + ten: often the 21 or 22 that a
    blackjack would beat, never a blackjack (here the dealer always drew to a finish; the
    table-settlement drill also deals a peeked blackjack beating the switched 21)."""
    total = ctx.pick((17, 18, 19, 20, 21, 21, 22, 22, 24))
    return _dealer(ctx, total, soft=17 < total < 22 and ctx.chance(0.3))


def _switched_21(ctx: Ctx) -> tuple[tuple[Card, ...], tuple[PlayerHand, ...]]:
    """Ace + ten made by switching: a 21 that waits for the dealer, not a blackjack (the
    player's other hand, switched with it, sits beside it)."""
    seat, partner, _ = switched_ace_ten(ctx, ctx.bet())
    return _switch_dealer(ctx), (seat, partner)


def _dealt_blackjack(ctx: Ctx) -> tuple[tuple[Card, ...], tuple[PlayerHand, ...]]:
    """The look-alike: ace + ten as dealt, a blackjack paid before the dealer draws."""
    return _switch_dealer(ctx), (PlayerHand(ctx.bet(), _blackjack(ctx), box=1),)


def _twenty_ones(ctx: Ctx) -> tuple[tuple[Card, ...], tuple[PlayerHand, ...]]:
    dealer = _dealer(ctx, 21, soft=ctx.chance(0.4))
    bet = ctx.bet()
    cards = ctx.compose(21, ctx.chance(0.3), ctx.rng.randint(3, 4))
    return dealer, (PlayerHand(bet, cards, box=1),)


def _cases(rules: HouseRules) -> list[tuple[str, Case]]:
    cases: list[tuple[str, Case]] = []
    if rules.ties is Ties.LOSE:
        cases += [("ties", _tie), ("ties", _tie), ("blackjack-vs-21", _blackjack_vs_21)]
    if rules.blackjack_vs_dealer_blackjack is not Showdown.PUSH:
        cases.append(("blackjack-vs-blackjack", _blackjack_vs_blackjack))
    if rules.six_card_win:
        cases += [("six-cards", _six_cards), ("six-cards", _six_cards)]
    if rules.dealer_22_pushes:
        cases += [("dealer-22", _dealer_22), ("dealer-22", _dealer_22)]
    if rules.switch:
        cases.append(("switched-21", _switched_21))
    if rules.player_21_wins:
        cases += [("player-21", _twenty_ones), ("player-21", _twenty_ones)]
    return cases


_RULE_KEYS = {
    "ties": "", "blackjack-vs-21": "ties",
    "blackjack-vs-blackjack": "blackjack_vs_dealer_blackjack", "six-cards": "six_card_win",
    "dealer-22": "dealer_22_pushes", "player-21": "player_21_wins",
    "switched-21": "blackjack_after_switch",
}
"""The profile rule whose recorded reading each case turns on."""

_LOOK_ALIKES: dict[str, Case] = {
    "six-cards": _five_cards, "dealer-22": _dealer_23, "switched-21": _dealt_blackjack,
}


def build(ctx: Ctx) -> Draft:
    """A hand the house's special rule decides (or its look-alike); net from ``settle_round``."""
    rules = ctx.rules
    cases = _cases(rules)
    if not cases:
        raise Retry
    name, case = ctx.pick(cases)
    if not ctx.tricky() and name in _LOOK_ALIKES:
        case = _LOOK_ALIKES[name]
    dealer, seats = case(ctx)
    seat = seats[0]  # the box asked about
    hands = list(seats)
    try:  # e.g. a drawn hand against a dealer blackjack the house knows before play
        check_round(rules, dealer, hands)
    except EngineError:
        raise Retry from None
    result = settle_round(rules, dealer, hands).hands[0]
    doubled = f" {doubled_to(seat)}" if seat.doubled else ""
    switched = (", after the player switched the second cards of their two hands (box 2"
                f" now holds {show(seats[1].cards)})" if seat.switched else "")
    box = "Box 1" if len(seats) > 1 else "The box"
    return Draft(
        table=Table(dealer=dealer, hands=seats, ask=f"special-{name}"),
        prompt=(f"The dealer finishes with {show(dealer)} ({_describe(dealer)}). {box} bets "
                f"{money(seat.bet)}{doubled} and holds {show(seat.cards)} "
                f"({_describe(seat.cards, seat.switched)}){switched}. What is the box's net? "
                "(+ you pay, - you take, 0 push)"),
        kind=AnswerKind.NET,
        expected=result.net,
        explanation=(f"{result.rule}: net {signed(result.net)}"
                     f"{reading_note(rules, _RULE_KEYS[name])}."),
        rules=tuple(dict.fromkeys(key for key in (_RULE_KEYS[name] or "ties", *result.keys))),
    )


def _describe(cards: tuple[Card, ...], switched: bool = False) -> str:
    if is_two_card_21(cards) and not switched:
        return "blackjack"
    return str(hand_total(cards))
