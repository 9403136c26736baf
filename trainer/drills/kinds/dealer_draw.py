"""dealer-draw: hit or stand for the dealer's hand, soft 17 in every shape asked often."""

from __future__ import annotations

from trainer.drills.answers import AnswerKind
from trainer.drills.build import Ctx, Draft, reading_note, show
from trainer.drills.table import Table
from trainer.engine.dealer import DealerAction, dealer_action
from trainer.engine.hands import hand_total
from trainer.engine.rules import HouseRules

# (total, soft, fewest cards) of the tricky cases: soft 17 most of all, then its look-alikes
_TRICKY = (
    (17, True, 3), (17, True, 3), (17, True, 4), (17, True, 2), (17, True, 5),
    (18, True, 3), (16, True, 3), (17, False, 3), (16, False, 3), (12, False, 3),
)

_MOVES = {DealerAction.HIT: "hits", DealerAction.STAND: "stands"}


def soft_17_rule(rules: HouseRules) -> str:
    """The house's drawing rule in a dealer's words."""
    if rules.hits_soft_17:
        return (f"{rules.name}: the dealer draws to 16, hits soft 17 and stands on hard 17 "
                "and every 18 or more (H17)")
    return f"{rules.name}: the dealer draws to 16 and stands on every 17, soft ones too (S17)"


def build(ctx: Ctx) -> Draft:
    """A legal dealer hand the dealer must act on; the answer is the engine's ``dealer_action``."""
    most = ctx.level.max_cards
    if ctx.tricky():
        total, soft, fewest = ctx.pick(_TRICKY)
        fewest = min(fewest, most)
    else:
        soft = ctx.chance(0.3)
        total = ctx.rng.randint(13 if soft else 12, 21)
        fewest = 2
    count = ctx.rng.randint(fewest, max(fewest, most))
    if soft and count == 2 and total == 21:
        count = 3  # a two-card 21 is a blackjack, not a drawing question
    cards = ctx.compose(total, soft, count, dealer=True)
    action = dealer_action(ctx.rules, cards)
    reading = hand_total(cards)
    return Draft(
        table=Table(dealer=cards, ask="dealer-action"),
        prompt=f"The dealer holds {show(cards)}. Hit or stand?",
        kind=AnswerKind.ACTION,
        choices=tuple(move.value for move in DealerAction),
        expected=action,
        # the move, then the house's whole drawing rule (naming the house once: the move's
        # own rule, why_dealer's "the dealer draws to 16 and must hit ...", says it again)
        explanation=(f"{show(cards)} is {reading}, so the dealer {_MOVES[action]}. "
                     f"{soft_17_rule(ctx.rules)}{reading_note(ctx.rules, 'soft_17')}."),
        rules=("soft_17",),
    )
