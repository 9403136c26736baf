"""hand-reading: the total of a player's hand, soft or hard."""

from __future__ import annotations

from trainer.drills.answers import AnswerKind
from trainer.drills.build import Ctx, Draft, show
from trainer.drills.table import Table
from trainer.engine.cards import Rank
from trainer.engine.hands import hand_total
from trainer.engine.player_hand import PlayerHand

_TRICKY = (
    (17, True), (18, True), (19, True), (21, True), (13, True), (16, True),
    (17, False), (21, False), (12, False), (15, False),
)


def build(ctx: Ctx) -> Draft:
    """A legally drawn player hand; the answer is the engine's ``hand_total``."""
    most = ctx.level.max_cards
    count = ctx.rng.randint(2, most)
    if ctx.tricky():
        total, soft = ctx.pick(_TRICKY)
        count = max(count, 3)
        first: tuple[Rank, ...] = (Rank.ACE,) if not soft and ctx.chance(0.6) else ()
        if count == 2 and total == 21:
            count = 3
        cards = ctx.compose(total, soft, count, first=first)
    else:
        soft = ctx.chance(0.35)
        total = ctx.rng.randint(13 if soft else 4 + 2 * (count - 1), 20 if count == 2 else 21)
        if not soft and ctx.chance(0.1) and count > 2:
            total = ctx.rng.randint(22, 26)
        cards = ctx.compose(total, soft, count)
    reading = hand_total(cards)
    if reading.bust:
        how = f"{reading.total} is over 21: the hand is bust"
    elif reading.soft:
        how = f"one ace counts 11 without busting, so the hand is soft {reading.total}"
    elif any(card.rank is Rank.ACE for card in cards):
        how = f"an ace counting 11 would bust the hand, so every ace counts 1: hard {reading.total}"
    else:
        how = f"no ace, so the hand is hard {reading.total}"
    return Draft(
        table=Table(dealer=(), hands=(PlayerHand(ctx.bet(), cards, box=1),), ask="hand-total"),
        prompt=(f"The player holds {show(cards)}. What is the total? (e.g. soft 17, hard 14,"
                " bust; a number alone is read as hard)"),
        kind=AnswerKind.TOTAL,
        expected=reading,
        explanation=f"{ctx.house}: {show(cards)}: {how}.",
    )
