"""spanish-21-bonus: five/six/seven-card 21s, 6-7-8 and 7-7-7, doubled, re-doubled and split
hands."""

from __future__ import annotations

from trainer.drills.answers import AnswerKind
from trainer.drills.build import Ctx, Draft, Retry, money, reading_note, show
from trainer.drills.table import Table, doubled_to
from trainer.engine.cards import Card, Rank, Suit
from trainer.engine.errors import EngineError
from trainer.engine.hands import hand_total
from trainer.engine.player_hand import PlayerHand
from trainer.engine.round_check import check_round
from trainer.engine.settlement import settle_round

_SHAPES = ("five", "six", "seven", "678", "678", "777", "777", "777-dealer")


def _three_card(ctx: Ctx, ranks: tuple[Rank, Rank, Rank], suited: bool) -> tuple[Card, ...]:
    order = list(ranks)
    ctx.rng.shuffle(order)
    if suited:
        suit = ctx.pick([s for s in Suit if all(ctx.pool.left(r, s) >= order.count(r)
                                                  for r in order)])
        return tuple(ctx.pool.take(rank, suit) for rank in order)
    cards = tuple(ctx.pool.take(rank) for rank in order)
    if len({card.suit for card in cards}) == 1:
        raise Retry
    return cards


def build(ctx: Ctx) -> Draft:
    """A winning 21 that may earn a bonus; the payout comes from ``settle_round``."""
    rules = ctx.rules
    redoubled = ctx.redouble()
    shape = "redoubled" if redoubled else ctx.pick(_SHAPES)
    doubled = 2 if redoubled else 0
    split = not redoubled and ctx.tricky() and ctx.chance(0.25)
    up: Card | None = None
    if redoubled:  # two cards, one after the double, one after the re-double
        cards = ctx.compose(21, ctx.chance(0.3), 4, max_aces=1)
    elif shape in ("five", "six", "seven"):
        count = {"five": 5, "six": 6, "seven": 7}[shape]
        soft = count == 5 and ctx.chance(0.3)
        cards = ctx.compose(21, soft, count, max_aces=2)
    else:
        ranks = (Rank.SEVEN,) * 3 if shape.startswith("777") else (Rank.SIX, Rank.SEVEN, Rank.EIGHT)
        suited = shape == "777-dealer" or ctx.chance(0.5)
        cards = _three_card(ctx, ranks, suited)
        if shape == "777-dealer":
            up = ctx.pool.take(Rank.SEVEN, cards[0].suit)
        if not split and ctx.tricky():
            doubled = 1
    bet = ctx.bet()
    dealer = ctx.dealer_finish((up or ctx.pool.draw(),))
    seat = PlayerHand(bet, cards, box=1, doubled=doubled, split=split,
                      hands_on_box=2 if split else 1)
    try:
        check_round(rules, dealer, [seat])
    except EngineError:
        raise Retry from None
    result = settle_round(rules, dealer, [seat]).hands[0]
    if result.net < 0:
        raise Retry
    how = []
    if doubled:
        how.append(doubled_to(seat))
    if split:
        how.append("a split hand")
    note = ""
    if doubled and not rules.bonus_on_doubled:
        note = (f" {rules.name}: no bonus on a doubled hand"
                f"{reading_note(rules, 'bonus_on_doubled')}.")
    elif split:
        word = "keeps" if rules.bonus_after_split else "loses"
        note = (f" {rules.name}: a split hand {word} its bonus"
                f"{reading_note(rules, 'bonus_after_split')}.")
    extra = f" ({', '.join(how)})" if how else ""
    return Draft(
        table=Table(dealer=dealer, hands=(seat,), ask="spanish-bonus"),
        prompt=(f"The box bets {money(bet)}{extra} and makes 21 with {show(cards)}. The dealer "
                f"finishes with {show(dealer)} ({hand_total(dealer)}). How much do you pay?"),
        kind=AnswerKind.MONEY,
        expected=result.net,
        explanation=f"{result.rule}: the hand wins {money(result.net)}.{note}",
        rules=(*result.keys, *(("bonus_on_doubled",) if doubled else ()),
               *(("bonus_after_split",) if split else ())),
    )
