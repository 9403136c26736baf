"""table-settlement: a whole round at several boxes, played by the engine; the net per box."""

from __future__ import annotations

import random
from collections.abc import Callable
from decimal import Decimal

from trainer.drills.answers import AnswerKind
from trainer.drills.build import Ctx, Draft, Retry, money, reading_note, show
from trainer.drills.expected import Nets, signed
from trainer.drills.table import Table, doubled_to, hand_names
from trainer.engine.cards import Card, Rank, deck_of
from trainer.engine.dealer import DealerAction, dealer_action
from trainer.engine.hands import hand_total, is_two_card_21
from trainer.engine.money import ZERO
from trainer.engine.options import Action
from trainer.engine.player_hand import PlayerHand
from trainer.engine.settlement import HandResult, Outcome, is_natural
from trainer.engine.shoe import Shoe
from trainer.engine.table_round import PlayedRound, SimpleStrategy, Strategy, play_round

SWITCH_21_SHARE = 0.25
"""At a Switch house, the share of tricky rounds dealt so that one player's two hands
switch into an ace + ten (the house's reading of that 21 decides its box)."""

REDOUBLE_ROUNDS = 12
"""Rounds dealt on from the shoe, when a question is to show a re-doubled hand, until one is."""


class _SwitchesFor21(SimpleStrategy):
    """A player who switches whenever that makes an ace + ten and breaks no blackjack as
    dealt; otherwise as ``SimpleStrategy``."""

    def switch(self, first: tuple[Card, ...], second: tuple[Card, ...], dealer_up: Card) -> bool:
        made = ((first[0], second[1]), (second[0], first[1]))
        if any(map(is_two_card_21, made)) and not any(map(is_two_card_21, (first, second))):
            return True
        return super().switch(first, second, dealer_up)


class _ReDoubles(SimpleStrategy):
    """A player who doubles any hard 5 to 11 and re-doubles a doubled hand of 11 or less
    (where the house allows doubling twice); otherwise as ``SimpleStrategy``."""

    def decide(self, hand: PlayerHand, dealer_up: Card, allowed: frozenset[Action]) -> Action:
        total, soft = hand_total(hand.cards)
        if Action.DOUBLE in allowed and not soft and 5 <= total <= 11:
            return Action.DOUBLE
        return super().decide(hand, dealer_up, allowed)


def _switch_21_shoe(ctx: Ctx, boxes: int) -> Shoe:
    """A full shoe, shuffled, stacked so that one switch pair (boxes 2k and 2k + 1, a
    player's two hands) is dealt, say, A♠ 7♦ and 9♣ K♥: switching makes A♠ K♥.

    The cards go where ``play_round`` deals them: a first card to every box, the
    dealer's up card, then every box's second card.
    """
    cards = deck_of(ctx.rules.deck) * ctx.rules.decks
    random.Random(ctx.rng.getrandbits(64)).shuffle(cards)

    def pull(wanted: Callable[[Card], bool]) -> Card:
        card = next(c for c in cards if wanted(c))
        cards.remove(card)
        return card

    ace, ten = pull(lambda c: c.rank is Rank.ACE), pull(lambda c: c.rank.is_ten_value)
    first, switched_in = (ace, ten) if ctx.chance(0.5) else (ten, ace)
    kept = pull(lambda c: not is_two_card_21((first, c)))
    other = pull(lambda c: not is_two_card_21((c, switched_in)))
    pair = 2 * ctx.rng.randrange(boxes // 2)
    for index, card in ((pair, first), (pair + 1, other), (boxes + 1 + pair, kept),
                        (boxes + 2 + pair, switched_in)):
        cards.insert(index, card)
    return Shoe.stacked(cards)


def _interesting(played: PlayedRound) -> bool:
    hands = played.hands
    results = played.result.hands
    return (
        any(h.split or h.doubled or h.surrendered for h in hands)
        or any(r.outcome is Outcome.PUSH or r.bonus is not None for r in results)
        or any(is_two_card_21(h.cards) for h in hands)
        or (sum(1 for h in hands if hand_total(h.cards).bust) >= 1 and hand_total(
            played.dealer).bust)
    )


def _hand_text(seat: PlayerHand) -> str:
    marks = []
    if seat.split:
        marks.append("split")
    if seat.doubled:
        marks.append(doubled_to(seat))
    if seat.surrendered:
        marks.append("surrendered")
    if seat.switched:
        marks.append("switched")
    flags = f" [{', '.join(marks)}]" if marks else ""
    return f"{show(seat.cards)} ({_describe(seat.cards, seat)}){flags}"


def _hand_money(seat: PlayerHand, result: HandResult) -> str:
    """A hand's stake and net, as the rule of a table's settlement ends: ``doubled to 748:
    +748``, ``bet 40: -20``, ``bet 50: -50, insurance +50``."""
    text = f"{doubled_to(seat) or f'bet {money(seat.bet)}'}: {signed(result.net)}"
    if result.insurance_net:
        text += f", insurance {signed(result.insurance_net)}"
    return text


def _last_of_box(seats: tuple[PlayerHand, ...], seat: PlayerHand) -> PlayerHand:
    """The last hand played on ``seat``'s box (a split box has several)."""
    return [s for s in seats if s.box == seat.box][-1]


def _describe(cards: tuple[Card, ...], seat: PlayerHand | None = None) -> str:
    natural = is_two_card_21(cards)
    if natural and (seat is None or not (seat.split or seat.switched)):
        return "blackjack"
    return str(hand_total(cards))


def _bets(ctx: Ctx) -> list[Decimal]:
    """One bet per box, left to right. At a Switch house every player plays two hands of
    one bet on boxes side by side (the profile's readings of ``max_boxes`` and ``switch``),
    so the level's box range is met by whole players."""
    rules, level = ctx.rules, ctx.level
    low, high = min(level.boxes_min, rules.max_boxes), min(level.boxes_max, rules.max_boxes)
    if not rules.switch:
        return [ctx.bet() for _ in range(ctx.rng.randint(low, high))]
    most = max(1, high // 2)
    players = ctx.rng.randint(min(most, max(1, -(-low // 2))), most)
    return [bet for _ in range(players) for bet in [ctx.bet()] * 2]


def build(ctx: Ctx) -> Draft:
    """Deal and play a round with ``play_round``; the nets come from its ``settle_round``."""
    rules = ctx.rules
    bets = _bets(ctx)
    boxes = len(bets)
    shoe = Shoe.for_house(rules, random.Random(ctx.rng.getrandbits(64)))
    redoubled = ctx.redouble()
    strategy: Strategy = _ReDoubles() if redoubled else SimpleStrategy()
    switch_21 = rules.switch and ctx.chance(ctx.level.tricky * SWITCH_21_SHARE)
    if switch_21:
        shoe, strategy = _switch_21_shoe(ctx, boxes), _SwitchesFor21()
    for _ in range(REDOUBLE_ROUNDS if redoubled else 1):
        played = play_round(rules, shoe, bets, strategy)
        if not redoubled or any(h.doubled > 1 for h in played.hands):
            break
    else:
        raise Retry
    if switch_21 and not any(h.switched and is_two_card_21(h.cards) for h in played.hands):
        raise Retry  # pragma: no cover - the stacked deal always switches into a 21
    if ctx.tricky() and not _interesting(played):
        raise Retry
    seats = tuple(  # as questions have always stored them: no hit, split-aces or count marks
        PlayerHand(h.bet, h.cards, box=h.box, doubled=h.doubled, split=h.split,
                   surrendered=h.surrendered, insurance=h.insurance, even_money=h.even_money,
                   switched=h.switched)
        for h in played.hands
    )
    nets = [ZERO] * boxes
    reasons: list[str] = []
    names = hand_names(seats)
    hand_nets: dict[int, list[Decimal]] = {}
    for seat, name, result in zip(seats, names, played.result.hands, strict=True):
        net = result.net + result.insurance_net
        box = seat.box
        assert box is not None  # play_round numbers every box
        nets[box - 1] += net
        hand_nets.setdefault(box, []).append(net)
        why = result.rule
        if seat.switched and is_two_card_21(seat.cards):
            natural = "a blackjack" if is_natural(rules, seat) else (
                "21, not a blackjack")
            why += (f"; ace + ten made by switching is {natural}"
                    f"{reading_note(rules, 'blackjack_after_switch')}")
        reasons.append(f"{name} {show(seat.cards)}: {why} — {_hand_money(seat, result)}")
        parts = hand_nets[box]
        if len(parts) > 1 and seat is _last_of_box(seats, seat):
            reasons.append(f"box {box} in all: {' '.join(signed(n) for n in parts)}"
                           f" = {signed(sum(parts, ZERO))}")
    lines = [f"{name}: bet {money(s.bet)} — {_hand_text(s)}"
             for s, name in zip(seats, names, strict=True)]
    dealer = played.dealer
    stopped = ""
    if dealer_action(rules, dealer) is DealerAction.HIT and not hand_total(dealer).bust:
        stopped = f"; {rules.name}: no box is left for the dealer to play against, so no draw"
    return Draft(
        table=Table(dealer=dealer, hands=seats, ask="table-nets"),
        prompt=(f"The dealer finishes with {show(dealer)} ({_describe(dealer)}{stopped}).",
                *lines,
                f"Give the net of each of the {boxes} boxes, left to right "
                "(+ you pay, - you take, 0 push)."),
        kind=AnswerKind.NETS,
        expected=Nets(tuple(nets)),
        explanation=tuple(reasons),
        rules=tuple(dict.fromkeys(key for result in played.result.hands for key in result.keys)),
    )
