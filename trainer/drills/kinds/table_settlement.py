"""table-settlement: a whole round at several boxes, played by the engine; the net per box."""

from __future__ import annotations

import random
from decimal import Decimal

from trainer.drills.answers import AnswerKind
from trainer.drills.build import Ctx, Draft, Retry, money, show, signed
from trainer.drills.table import Table, seat_names
from trainer.engine.cards import Card
from trainer.engine.dealer import DealerAction, dealer_action
from trainer.engine.hands import hand_total
from trainer.engine.money import ZERO
from trainer.engine.seat import Seat
from trainer.engine.settlement import Outcome
from trainer.engine.shoe import Shoe
from trainer.engine.table_round import PlayedRound, SimpleStrategy, play_round


def _interesting(played: PlayedRound) -> bool:
    hands = played.hands
    results = played.result.hands
    return (
        any(h.split or h.doubled or h.surrendered for h in hands)
        or any(r.outcome is Outcome.PUSH or r.bonus is not None for r in results)
        or any(len(h.cards) == 2 and hand_total(h.cards).total == 21 for h in hands)
        or (sum(1 for h in hands if hand_total(h.cards).bust) >= 1 and hand_total(
            played.dealer).bust)
    )


def _hand_text(seat: Seat) -> str:
    marks = []
    if seat.split:
        marks.append("split")
    if seat.doubled:
        marks.append("doubled" if seat.doubled == 1 else f"doubled {seat.doubled}x")
    if seat.surrendered:
        marks.append("surrendered")
    if seat.switched:
        marks.append("switched")
    flags = f" [{', '.join(marks)}]" if marks else ""
    return f"{show(seat.cards)} ({_describe(seat.cards, seat)}){flags}"


def _describe(cards: tuple[Card, ...], seat: Seat | None = None) -> str:
    natural = len(cards) == 2 and hand_total(cards).total == 21
    if natural and (seat is None or not (seat.split or seat.switched)):
        return "blackjack"
    return str(hand_total(cards))


def build(ctx: Ctx) -> Draft:
    """Deal and play a round with ``play_round``; the nets come from its ``settle_round``."""
    rules = ctx.rules
    level = ctx.level
    boxes = ctx.rng.randint(min(level.boxes_min, rules.max_boxes),
                            min(level.boxes_max, rules.max_boxes))
    bets = [ctx.bet() for _ in range(boxes)]
    shoe = Shoe.for_house(rules, random.Random(ctx.rng.getrandbits(64)))
    played = play_round(rules, shoe, bets, SimpleStrategy())
    if ctx.tricky() and not _interesting(played):
        raise Retry
    seats = tuple(
        Seat(h.bet, h.cards, box=(h.box or 0) + 1, doubled=h.doubled, split=h.split,
             surrendered=h.surrendered, insurance=h.insurance, even_money=h.even_money,
             switched=h.switched)
        for h in played.hands
    )
    nets = [ZERO] * boxes
    reasons: list[str] = []
    names = seat_names(seats)
    for seat, name, result in zip(seats, names, played.result.hands, strict=True):
        nets[seat.box - 1] += result.net + result.insurance_net
        reasons.append(f"{name} {show(seat.cards)}: {result.rule}")
    lines = [f"{name}: bet {money(s.bet)} — {_hand_text(s)}"
             for s, name in zip(seats, names, strict=True)]
    dealer = played.dealer
    stopped = ""
    if dealer_action(rules, dealer) is DealerAction.HIT and not hand_total(dealer).bust:
        stopped = f"; {rules.name}: no box is left for the dealer to play against, so no draw"
    expected = ";".join(signed(n + Decimal(0)) for n in nets)
    return Draft(
        table=Table(dealer=dealer, hands=seats, ask="table-nets"),
        prompt=(f"The dealer finishes with {show(dealer)} ({_describe(dealer)}{stopped}).\n"
                + "\n".join(lines)
                + f"\nGive the net of each of the {boxes} boxes, left to right "
                "(+ you pay, - you take, 0 push)."),
        kind=AnswerKind.NETS,
        expected=expected,
        expected_text="; ".join(signed(n) for n in nets),
        explanation=" | ".join(reasons),
    )
