"""ace-offers: the dealer's up card is dealt; offer insurance, even money, or nothing?

The answer is the engine's ``ace_offer``: even money for a blackjack where the house has it,
else insurance where it has that, else nothing.
A blackjack that may take even money is offered even money (it is the insurance of a
blackjack, settled at once); where a house has insurance but no even money, the blackjack
is offered insurance like any other hand.  The look-alikes asked often are a ten up (no
offer: only an ace brings one) and a blackjack at a house without even money.
"""

from __future__ import annotations

from trainer.drills.answers import AnswerKind
from trainer.drills.build import Ctx, Draft, money, reading_note, show
from trainer.drills.table import Table
from trainer.engine.cards import Card, Rank
from trainer.engine.hands import is_two_card_21
from trainer.engine.options import Offer, ace_offer
from trainer.engine.player_hand import PlayerHand
from trainer.engine.rules import HouseRules

CHOICES = tuple(offer.value for offer in Offer)


def _why(rules: HouseRules, cards: tuple[Card, ...], up: Card, offered: Offer) -> str:
    house = rules.name
    natural = is_two_card_21(cards)
    if offered is Offer.EVEN_MONEY:
        return (f"{house}: a blackjack against a dealer ace is offered even money (paid 1:1 "
                f"at once, whatever the dealer holds){reading_note(rules, 'even_money')}. "
                "Not insurance: even money is that blackjack's insurance, settled at once.")
    if offered is Offer.INSURANCE:
        no_even = (f" {house} offers no even money, so the blackjack may insure like any "
                   "hand." if natural else " Even money is for a blackjack only"
                   + ("." if rules.even_money else f", and {house} offers none."))
        return (f"{house}: insurance is offered against a dealer ace (at most "
                f"{rules.insurance_max} of the bet, paying {rules.insurance_pays})"
                f"{reading_note(rules, 'insurance')}.{no_even}")
    # the family requires a house with insurance: no offer means no ace
    return (f"{house}: insurance and even money are offered only against a dealer ace; "
            f"{up.label} is not one{reading_note(rules, 'insurance')}.")


def build(ctx: Ctx) -> Draft:
    """One box against the dealer's up card; the answer is the engine's offer rule."""
    look_alike = ctx.tricky()
    ten_up = look_alike and ctx.chance(0.5)
    up = ctx.pool.take(ctx.pool.random_rank(10) if ten_up else Rank.ACE)
    natural = (look_alike and not ten_up) or ctx.chance(0.25)
    cards = ctx.two_cards(natural=natural)
    seat = PlayerHand(ctx.bet(), cards, box=1)
    offered = ace_offer(ctx.rules, cards, up)
    return Draft(
        table=Table(dealer=(up,), hands=(seat,), ask="ace-offer"),
        prompt=(f"The dealer's up card is {up.label}. The box bets {money(seat.bet)} and "
                f"holds {show(cards)}. What do you offer the player?"),
        kind=AnswerKind.ACTION,
        choices=CHOICES,
        expected=offered,
        explanation=_why(ctx.rules, cards, up, offered),
        rules=("even_money",) if offered is Offer.EVEN_MONEY else ("insurance", "even_money"),
    )
