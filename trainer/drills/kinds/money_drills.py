"""insurance, even-money, blackjack-payout and surrender: one amount to pay or return."""

from __future__ import annotations

import dataclasses
from decimal import Decimal

from trainer.drills.answers import AnswerKind
from trainer.drills.build import Ctx, Draft, Retry, money, reading_note, show, switched_ace_ten
from trainer.drills.table import Table, doubled_to
from trainer.engine.cards import Card, Rank
from trainer.engine.hands import hand_total, is_two_card_21
from trainer.engine.money import ZERO
from trainer.engine.options import Action, allowed_actions, largest_insurance, refusal
from trainer.engine.player_hand import PlayerHand
from trainer.engine.rules import HouseRules
from trainer.engine.settlement import is_natural, settle_round

_ASK_AMOUNT = "How much do you pay?"


def _ace_up(ctx: Ctx) -> Card:
    return ctx.pool.take(Rank.ACE)


def _dealer_blackjack(ctx: Ctx, up: Card) -> tuple[Card, ...]:
    return (up, ctx.pool.take(ctx.pool.random_rank(10)))


def build_insurance(ctx: Ctx) -> Draft:
    """The largest insurance bet, or what a winning insurance bet pays (from ``settle_round``)."""
    rules = ctx.rules
    bet = ctx.bet()
    up = _ace_up(ctx)
    cards = ctx.two_cards(natural=False)
    largest = largest_insurance(rules, bet)
    if ctx.chance(0.5):
        seat = PlayerHand(bet, cards, box=1)
        return Draft(
            table=Table(dealer=(up,), hands=(seat,), ask="insurance-max"),
            prompt=(f"The dealer shows {up.label}. The box bets {money(bet)} on {show(cards)} "
                    "and wants the largest insurance allowed. How much is the insurance bet?"),
            kind=AnswerKind.MONEY,
            expected=largest,
            explanation=(f"{rules.name}: insurance is at most {rules.insurance_max} of the bet: "
                         f"{money(bet)} x {rules.insurance_max} = {money(largest)}"
                         f"{'' if largest == bet * rules.insurance_max else ' (to the cent below)'}"
                         f"{reading_note(rules, 'insurance_max')}."),
            rules=("insurance_max",),
        )
    stake = largest
    if ctx.tricky() and largest >= 10:  # part insurance, in fives
        stake = Decimal(5 * ctx.rng.randint(1, int(largest / 5)))
    dealer = _dealer_blackjack(ctx, up)
    seat = PlayerHand(bet, cards, box=1, insurance=stake)
    result = settle_round(rules, dealer, [seat]).hands[0]
    paid = result.insurance_net
    return Draft(
        table=Table(dealer=dealer, hands=(seat,), ask="insurance-win"),
        prompt=(f"The box bets {money(bet)} on {show(cards)} and insures for {money(stake)}. "
                f"The dealer turns up blackjack ({show(dealer)}). What do you pay on the "
                "insurance (the winnings; the insurance stake stays with the player)?"),
        kind=AnswerKind.MONEY,
        expected=paid,
        explanation=(f"{rules.name}: insurance pays {rules.insurance_pays} when the dealer has "
                     f"blackjack: {money(stake)} x {rules.insurance_pays} = {money(paid)}. "
                     f"The main bet: {result.rule}."),
        rules=("insurance_pays", *result.keys),
    )


def build_even_money(ctx: Ctx) -> Draft:
    """A blackjack against an ace: even money taken (pays 1:1), or declined and settled."""
    rules = ctx.rules
    bet = ctx.bet()
    up = _ace_up(ctx)
    cards = ctx.two_cards(natural=True)
    if not ctx.tricky():
        seat = PlayerHand(bet, cards, box=1, even_money=True)
        dealer: tuple[Card, ...] = (up, ctx.pool.draw())
        result = settle_round(rules, dealer, [seat]).hands[0]
        return Draft(
            table=Table(dealer=(up,), hands=(seat,), ask="even-money-taken"),
            prompt=(f"The box bets {money(bet)} and holds {show(cards)}; the dealer shows "
                    f"{up.label}. The player takes even money. {_ASK_AMOUNT}"),
            kind=AnswerKind.MONEY,
            expected=result.net,
            explanation=f"{result.rule}: {money(bet)} x 1 = {money(result.net)}.",
            rules=result.keys,
        )
    seat = PlayerHand(bet, cards, box=1)
    dealer = _dealer_blackjack(ctx, up) if ctx.chance(0.4) else (up, ctx.pool.draw())
    result = settle_round(rules, dealer, [seat]).hands[0]
    if result.net < 0:
        raise Retry
    has = "blackjack" if is_two_card_21(dealer) else "no blackjack"
    return Draft(
        table=Table(dealer=dealer, hands=(seat,), ask="even-money-declined"),
        prompt=(f"The box bets {money(bet)} and holds {show(cards)}; the dealer shows "
                f"{up.label}. The player declines even money, and the dealer has {has} "
                f"({show(dealer)}). {_ASK_AMOUNT} (0 for a push)"),
        kind=AnswerKind.MONEY,
        expected=result.net,
        explanation=(f"{result.rule}: the player gets {money(result.net)} on {money(bet)}; "
                     f"even money would have paid {money(bet)} whatever the dealer held."),
        rules=("even_money", *result.keys),
    )


def build_blackjack_payout(ctx: Ctx) -> Draft:
    """A blackjack against a dealer hand without blackjack; the payout from ``settle_round``.

    At a Switch house, some tricky questions show the look-alike: ace + ten made by
    switching, which the house may not count as a blackjack.
    """
    rules = ctx.rules
    bet = ctx.bet()
    cards = ctx.two_cards(natural=True)
    dealer = (ctx.pool.draw(), ctx.pool.draw())
    if is_two_card_21(dealer):
        raise Retry
    # rolled last, so every other seed keeps the question it dealt before switches came in
    if rules.switch and ctx.tricky() and ctx.chance(0.5):
        return _switched_payout(ctx, bet)
    seat = PlayerHand(bet, cards, box=1)
    result = settle_round(rules, dealer, [seat]).hands[0]
    ratio = rules.blackjack_pays
    return Draft(
        table=Table(dealer=dealer, hands=(seat,), ask="blackjack-payout"),
        prompt=(f"The box bets {money(bet)} and has blackjack ({show(cards)}). The dealer "
                f"holds {show(dealer)}. {_ASK_AMOUNT}"),
        kind=AnswerKind.MONEY,
        expected=result.net,
        explanation=(f"{result.rule}: {money(bet)} x {ratio.numerator}/{ratio.denominator} = "
                     f"{money(result.net)}."),
        rules=result.keys,
    )


def _switched_payout(ctx: Ctx, bet: Decimal) -> Draft:
    """Ace + ten made by switching, settled when the dealer has finished (``settle_round``)."""
    rules = ctx.rules
    seat, partner, dealt = switched_ace_ten(ctx, bet)
    dealer = ctx.dealer_finish((ctx.pool.draw(),))
    result = settle_round(rules, dealer, [seat, partner]).hands[0]
    if result.net < 0:
        raise Retry  # a money answer: what the dealer pays
    natural = is_natural(rules, seat)
    return Draft(
        table=Table(dealer=dealer, hands=(seat, partner), ask="blackjack-payout"),
        prompt=(f"The player's two hands were dealt {dealt} and the second cards were switched: "
                f"box 1 bets {money(bet)} and now holds {show(seat.cards)} (box 2 holds "
                f"{show(partner.cards)}). The dealer "
                f"finishes with {show(dealer)} ({hand_total(dealer)}). {_ASK_AMOUNT} "
                "(0 for a push)"),
        kind=AnswerKind.MONEY,
        expected=result.net,
        explanation=(f"{result.rule}: the player gets {money(result.net)} on {money(bet)}; "
                     f"ace + ten made by switching {'is' if natural else 'is not'} a blackjack"
                     f"{reading_note(rules, 'blackjack_after_switch')}."),
        rules=("blackjack_after_switch", *result.keys),
    )


def _surrender_state(ctx: Ctx, up: Card) -> tuple[PlayerHand, str]:
    """A hand the house lets surrender right now, and how it got there."""
    rules = ctx.rules
    bet = ctx.bet()
    tricky = ctx.tricky()
    if tricky and rules.surrender_after_double and ctx.chance(0.5):
        first = ctx.two_cards(natural=False)
        third = ctx.pool.draw()
        cards = (*first, third)
        doubling = allowed_actions(rules, PlayerHand(bet, first), up)
        if Action.DOUBLE not in doubling or hand_total(cards).bust:
            raise Retry
        if rules.max_doubles > 1 and ctx.level.max_cards >= 4 and ctx.chance(0.5):
            return _redoubled(ctx, bet, cards, up), "after re-doubling"
        return PlayerHand(bet, cards, box=1, doubled=1), "after doubling"
    if tricky and rules.surrender_after_split and ctx.chance(0.5):
        pair = ctx.pool.take(ctx.pick([r for r in Rank if r is not Rank.ACE and ctx.pool.left(r)]))
        cards = (pair, ctx.pool.draw())
        seat = PlayerHand(bet, cards, box=1, split=True, split_aces=pair.rank is Rank.ACE,
                          hands_on_box=2)
        if is_two_card_21(cards):
            raise Retry
        return seat, "after splitting"
    total = ctx.pick((15, 16, 16, 14, 17)) if tricky else ctx.rng.randint(12, 17)
    return PlayerHand(bet, ctx.compose(total, False, 2), box=1), "on the first two cards"


def _redoubled(ctx: Ctx, bet: Decimal, cards: tuple[Card, ...], up: Card) -> PlayerHand:
    """The doubled hand ``cards`` doubled again and dealt its card: 4x the bet at stake."""
    if Action.DOUBLE not in allowed_actions(ctx.rules, PlayerHand(bet, cards, doubled=1), up):
        raise Retry
    fourth = (*cards, ctx.pool.draw())
    if hand_total(fourth).bust:
        raise Retry
    return PlayerHand(bet, fourth, box=1, doubled=2)


def build_surrender(ctx: Ctx) -> Draft:
    """A legal surrender; what goes back is the stake plus the engine's (negative) net."""
    rules = ctx.rules
    ranks = [Rank.TEN, Rank.KING, Rank.NINE, Rank.ACE, Rank.QUEEN, Rank.EIGHT]
    up = ctx.pool.take(ctx.pick([r for r in ranks if ctx.pool.left(r)]))
    seat, when = _surrender_state(ctx, up)
    if refusal(rules, seat, up, Action.SURRENDER) is not None:
        raise Retry
    gave_up = dataclasses.replace(seat, surrendered=True)
    result = settle_round(rules, (up,), [gave_up]).hands[0]
    stake = gave_up.stake
    returned = stake + result.net
    doubled = f" {doubled_to(seat)}" if seat.doubled else ""
    split = " (a split hand)" if seat.split else ""
    if returned < ZERO:
        raise Retry
    return Draft(
        table=Table(dealer=(up,), hands=(gave_up,), ask="surrender-returned"),
        prompt=(f"The dealer shows {up.label}{_checked(rules, up)}. The box bets "
                f"{money(seat.bet)}{doubled} on {show(seat.cards)}{split} and surrenders "
                f"{when}. How much do you return to the player?"),
        kind=AnswerKind.MONEY,
        expected=returned,
        explanation=(f"{result.rule}; the other half, {money(returned)}, goes back"
                     f"{_surrender_reading(rules, seat)}."),
        rules=tuple(key for key in ("surrender", "surrender_vs_ace" if up.rank is Rank.ACE
                                    else "", "surrender_after_double" if seat.doubled else "",
                                    "surrender_after_split" if seat.split else "") if key),
    )


def _checked(rules: HouseRules, up: Card) -> str:
    """Under an ace or a ten at a house whose dealer blackjack is known before play, that
    the dealer has none: else the box could not be playing, let alone surrendering."""
    if up.value in (1, 10) and rules.blackjack_known_before_play:  # as the engine asks it
        return " and has checked: no blackjack"
    return ""


def _surrender_reading(rules: HouseRules, seat: PlayerHand) -> str:
    """The house's reading of what a surrender forfeits after doubling (none on two cards)."""
    if not seat.doubled:
        return ""
    return reading_note(rules, "surrender_after_double") or reading_note(rules, "surrender")
