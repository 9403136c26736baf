"""split-aces: what the player may do on a split ace, is ace + ten a blackjack, what it pays."""

from __future__ import annotations

from trainer.drills.answers import AnswerKind
from trainer.drills.build import (
    Ctx,
    Draft,
    Retry,
    money,
    reading_note,
    show,
    source_note,
)
from trainer.drills.table import Table
from trainer.engine.cards import Card, Rank
from trainer.engine.hands import hand_total
from trainer.engine.options import PLAY_ORDER, Action, allowed_actions, refusal
from trainer.engine.player_hand import PlayerHand
from trainer.engine.rules import HouseRules
from trainer.engine.settlement import is_natural, settle_round

# Standing is always open to a live hand, so it is no choice: the question is what more the
# player may do, and a split ace that takes one card may do nothing more (it stands).
CHOICE_ACTIONS = tuple(action for action in PLAY_ORDER if action is not Action.STAND)
CHOICES = tuple(action.value for action in CHOICE_ACTIONS)


def _hands_on_box(ctx: Ctx, second: Card) -> int:
    """How many hands the box split its aces into: each began with an ace, so no more
    than the aces the shoe still holds allow (at most 4, or the house's limit)."""
    limit = ctx.rules.split_aces_max_hands
    top = min(4 if limit is None else max(2, limit), 1 + ctx.pool.left(Rank.ACE))
    if top < 2:
        raise Retry
    if second.rank is Rank.ACE and ctx.tricky():
        hands = top if ctx.chance(0.6) else max(2, top - 1)
    else:
        hands = ctx.rng.randint(2, top)
    _other_split_aces(ctx, hands)
    return hands


def _other_split_aces(ctx: Ctx, hands: int) -> None:
    """Take from the shoe the aces that began the box's other split hands."""
    for _ in range(hands - 1):
        ctx.pool.take(Rank.ACE)


def _second_card(ctx: Ctx) -> Card:
    if ctx.tricky():
        rank = Rank.ACE if ctx.chance(0.5) else ctx.pool.random_rank(10)
        return ctx.pool.take(rank)
    return ctx.pool.draw()


def build(ctx: Ctx) -> Draft:
    """One of three questions about a split ace, answered by ``allowed_actions``,
    ``is_natural`` or ``settle_round``."""
    roll = ctx.rng.random()
    if roll < 0.6:
        return _may_do(ctx)
    if roll < 0.8:
        return _is_blackjack(ctx)
    return _pays(ctx)


PAIR_SHARE = 0.35
"""Of the what-may-the-player-do questions, the share asked of the pair of aces as dealt,
before any split: one-card split aces may do nothing more, so asked only of split aces
the answer would be the same every time at most houses."""


def _may_do(ctx: Ctx) -> Draft:
    if ctx.chance(PAIR_SHARE):
        return _may_do_with_the_pair(ctx)
    rules = ctx.rules
    ace = ctx.pool.take(Rank.ACE)
    second = _second_card(ctx)
    hands = _hands_on_box(ctx, second)
    up = ctx.pool.draw()
    dealer = ctx.dealer_in_play(up)
    seat = PlayerHand(ctx.bet(), (ace, second), box=1, split=True, split_aces=True,
                      hands_on_box=hands)
    asked = (Action.HIT, Action.DOUBLE, Action.SPLIT) if second.rank is Rank.ACE else (
        Action.HIT, Action.DOUBLE)
    return _actions_draft(
        rules, seat, dealer, asked,
        prompt=(f"The dealer shows {show(dealer)}. The box split aces and now has {hands} hands; "
                f"this ace took {second.label} ({show(seat.cards)}). What more may the player "
                "do on this hand? (all that apply; none: the hand stands)"),
        on_what="")


def _may_do_with_the_pair(ctx: Ctx) -> Draft:
    """What the player may do on a pair of aces as dealt: split them, and what else."""
    aces = (ctx.pool.take(Rank.ACE), ctx.pool.take(Rank.ACE))
    dealer = ctx.dealer_in_play(ctx.pool.draw())
    return _actions_draft(
        ctx.rules, PlayerHand(ctx.bet(), aces, box=1), dealer, CHOICE_ACTIONS,
        prompt=(f"The dealer shows {show(dealer)}. The box is dealt a pair of aces "
                f"({show(aces)}), not split yet. What may the player do? (all that apply; "
                "none: the hand stands)"),
        on_what="on the aces as dealt ")


def _actions_draft(rules: HouseRules, seat: PlayerHand, dealer: tuple[Card, ...],
                   asked: tuple[Action, ...], prompt: str, on_what: str) -> Draft:
    """What more the player may do on ``seat`` against ``dealer`` (its first card is the up
    card), as the engine allows it; the refusals of the ``asked`` actions it does not
    allow are the why."""
    up = dealer[0]
    allowed = allowed_actions(rules, seat, up) - {Action.STAND}
    reasons = [
        text for action in asked
        if (text := refusal(rules, seat, up, action)) is not None
    ]
    more = ", ".join(a.value for a in PLAY_ORDER if a in allowed)
    may = f"may {more} (or stand)" if more else "may do nothing more: the hand stands"
    because = "; ".join(dict.fromkeys(reasons)) or f"{rules.name}: no limit applies here"
    return Draft(
        table=Table(dealer=dealer, hands=(seat,), ask="split-aces-actions"),
        prompt=prompt,
        kind=AnswerKind.ACTIONS,
        choices=CHOICES,
        expected=frozenset(allowed),
        explanation=f"{rules.name}: {on_what}the player {may}. {because}.",
        rules=("split_aces_one_card", "split_aces_max_hands", "double_after_split")
        if seat.split else ("split_match", "split_aces_max_hands", "double_on"),
    )


def _ace_and_ten(ctx: Ctx) -> tuple[Card, Card]:
    """One hand of two split aces, and the other ace taken from the shoe."""
    cards = ctx.pool.take(Rank.ACE), ctx.pool.take(ctx.pool.random_rank(10))
    _other_split_aces(ctx, 2)
    return cards


def _ace_ten_note(rules: HouseRules) -> str:
    """What ace + ten after splitting aces rests on: the source where it says so (russian-casino
    names split aces; its reading is about split tens), else the house's reading."""
    key = "blackjack_after_split"
    return source_note(rules, key) or reading_note(rules, key)


DEALT_SHARE = 0.4
"""Of the is-it-a-blackjack questions, the share asked of an ace + ten as dealt (no split),
set against the split ace's 21, so the answer is not the same every time."""


def _is_blackjack(ctx: Ctx) -> Draft:
    rules = ctx.rules
    dealt = ctx.chance(DEALT_SHARE)
    if dealt:
        cards = (ctx.pool.take(Rank.ACE), ctx.pool.take(ctx.pool.random_rank(10)))
        seat = PlayerHand(ctx.bet(), cards, box=1)
    else:
        cards = _ace_and_ten(ctx)
        seat = PlayerHand(ctx.bet(), cards, box=1, split=True, split_aces=True, hands_on_box=2)
    natural = is_natural(rules, seat)
    pays = rules.blackjack_pays if natural else "1:1 like any other win"
    verdict = "is a blackjack" if natural else "is 21, not a blackjack"
    untouched = "no split, no switch" if rules.switch else "no split"
    how = f"dealt as the box's first two cards ({untouched})" if dealt else "after a split"
    prompt = (f"A box is dealt {show(cards)} as its first two cards ({untouched})." if dealt
              else f"After splitting aces, one ace takes {cards[1].label}: {show(cards)}.")
    return Draft(
        table=Table(dealer=(), hands=(seat,), ask="split-aces-blackjack"),
        prompt=f"{prompt} Is it a blackjack?",
        kind=AnswerKind.YES_NO,
        choices=("yes", "no"),
        expected=natural,
        explanation=(f"{rules.name}: ace + ten {how} {verdict}; it pays {pays}"
                     f"{'' if dealt else _ace_ten_note(rules)}."),
        rules=("blackjack_pays",) if dealt else ("blackjack_after_split", "blackjack_pays"),
    )


def _pays(ctx: Ctx) -> Draft:
    rules = ctx.rules
    cards = _ace_and_ten(ctx)
    bet = ctx.bet()
    seat = PlayerHand(bet, cards, box=1, split=True, split_aces=True, hands_on_box=2)
    dealer = ctx.dealer_finish((ctx.pool.draw(),))
    if ctx.tricky() and hand_total(dealer).total != 21:
        raise Retry  # the tricky case: the dealer makes 21 too
    result = settle_round(rules, dealer, [seat]).hands[0]
    return Draft(
        table=Table(dealer=dealer, hands=(seat,), ask="split-aces-pays"),
        prompt=(f"After splitting aces, this hand is {show(cards)} with {money(bet)} on it. The "
                f"dealer finishes with {show(dealer)} ({hand_total(dealer)}). What is the "
                "hand's net? (+ you pay, - you take, 0 push)"),
        kind=AnswerKind.NET,
        expected=result.net,
        explanation=(f"{result.rule}; ace + ten after a split "
                     f"{'is' if is_natural(rules, seat) else 'is not'} "
                     f"a blackjack at {rules.name}{_ace_ten_note(rules)}."),
        rules=("blackjack_after_split", *result.keys),
    )
