"""allowed-actions: may the player double, split, resplit or surrender here?"""

from __future__ import annotations

from trainer.drills.answers import AnswerKind
from trainer.drills.build import Ctx, Draft, Retry, show
from trainer.drills.table import Table
from trainer.engine.cards import Card, Rank
from trainer.engine.hands import hand_total, is_two_card_21
from trainer.engine.options import Action, allowed_actions, refusal
from trainer.engine.player_hand import PlayerHand
from trainer.engine.rules import DoubleOn, HouseRules, SplitMatch

_DOUBLE_WORDS = {
    DoubleOn.ANY: "on any first two cards",
    DoubleOn.NINE_TO_ELEVEN: "on a first-two-card total of 9, 10 or 11",
    DoubleOn.HARD_NINE_TO_ELEVEN: "on a hard 9, 10 or 11",
    DoubleOn.ELEVEN: "on a two-card 11",
    DoubleOn.NOT_SOFT: "on any two cards except a soft hand",
}


def _allowed_why(rules: HouseRules, seat: PlayerHand, action: Action) -> str:
    house = rules.name
    if action is Action.DOUBLE:
        if seat.doubled:
            return f"{house}: a hand may be doubled {rules.max_doubles} times"
        after = " and after a split (DAS)" if seat.split else ""
        return f"{house}: doubling is allowed {_DOUBLE_WORDS[rules.double_on]}{after}"
    if action is Action.SPLIT:
        limit = rules.split_limit(seat.cards[0].rank is Rank.ACE)
        match = "the same rank" if rules.split_match is SplitMatch.RANK else "the same value"
        upto = "any number of hands" if limit is None else f"up to {limit} hands"
        return f"{house}: two cards of {match} may be split, {upto} per box"
    return f"{house}: surrender is allowed here (half the stake comes back)"


def _pair(ctx: Ctx) -> tuple[Card, Card]:
    first = ctx.pool.take(ctx.pool.random_rank())
    if first.rank.is_ten_value and ctx.chance(0.5):
        return first, ctx.pool.take(ctx.pool.random_rank(10))
    return first, ctx.pool.take(first.rank)


def _split_seat(ctx: Ctx, bet_cards: tuple[Card, Card]) -> PlayerHand:
    """A hand made by a split: ``hands_on_box`` within the house's limit."""
    rules = ctx.rules
    aces = bet_cards[0].rank is Rank.ACE
    limit = rules.split_limit(aces)
    if limit is not None and limit < 2:
        raise Retry
    top = 4 if limit is None else limit
    hands = top if ctx.tricky() else ctx.rng.randint(2, top)
    return PlayerHand(ctx.bet(), bet_cards, box=1, split=True, split_aces=aces, hands_on_box=hands)


def _double_seat(ctx: Ctx) -> PlayerHand:
    rules = ctx.rules
    if ctx.tricky():
        roll = ctx.rng.random()
        if roll < 0.3:
            first = ctx.pool.take(ctx.pool.random_rank())
            return _split_seat(ctx, (first, ctx.pool.draw()))
        if roll < 0.45:
            cards = ctx.compose(ctx.rng.randint(8, 12), False, 3)
            return PlayerHand(ctx.bet(), cards, box=1, hit=True)
        if roll < 0.6 and rules.max_doubles > 1:
            cards = ctx.compose(ctx.rng.randint(9, 11), False, 2)
            third = ctx.pool.draw()
            if hand_total((*cards, third)).total >= 21:
                raise Retry
            return PlayerHand(ctx.bet(), (*cards, third), box=1, doubled=1)
        total, soft = ctx.pick(((9, False), (10, False), (11, False), (19, True), (20, True),
                                (18, True), (8, False), (12, False)))
        return PlayerHand(ctx.bet(), ctx.compose(total, soft, 2, first=(Rank.ACE,) if soft else ()),
                          box=1)
    if ctx.chance(0.5):  # near the doubling totals, where the house rules differ
        return PlayerHand(ctx.bet(), ctx.compose(ctx.rng.randint(8, 12), False, 2), box=1)
    return PlayerHand(ctx.bet(), ctx.two_cards(natural=False), box=1)


def _split_question_seat(ctx: Ctx) -> PlayerHand:
    if ctx.tricky():
        roll = ctx.rng.random()
        if roll < 0.5:
            return _split_seat(ctx, _pair(ctx))
        if roll < 0.7:
            return PlayerHand(ctx.bet(), (ctx.pool.take(ctx.pool.random_rank(10)),
                                    ctx.pool.take(ctx.pool.random_rank(10))), box=1)
    if ctx.chance(0.7):
        return PlayerHand(ctx.bet(), _pair(ctx), box=1)
    return PlayerHand(ctx.bet(), ctx.two_cards(natural=False), box=1)


def _surrender_seat(ctx: Ctx) -> PlayerHand:
    if ctx.tricky():
        roll = ctx.rng.random()
        if roll < 0.3:
            return _split_seat(ctx, (ctx.pool.take(ctx.pool.random_rank()), ctx.pool.draw()))
        if roll < 0.5:
            return PlayerHand(ctx.bet(), ctx.compose(ctx.rng.randint(12, 16), False, 3), box=1,
                              hit=True)
        if roll < 0.7:
            cards = ctx.compose(ctx.rng.randint(5, 11), False, 2)
            third = ctx.pool.draw()
            if hand_total((*cards, third)).total >= 21:
                raise Retry
            return PlayerHand(ctx.bet(), (*cards, third), box=1, doubled=1)
    return PlayerHand(ctx.bet(), ctx.compose(ctx.rng.randint(12, 17), False, 2), box=1)


def _legal(rules: HouseRules, seat: PlayerHand, up: Card) -> bool:
    """The situation could arise: doubles were allowed, splits matched the house's rule."""
    if seat.doubled:
        first = PlayerHand(seat.bet, seat.cards[:2], split=seat.split,
                           split_aces=seat.split_aces, hands_on_box=seat.hands_on_box)
        if refusal(rules, first, up, Action.DOUBLE) is not None:
            return False
    if seat.split_aces and rules.split_aces_one_card and len(seat.cards) > 2:
        return False
    return not hand_total(seat.cards).bust


def build(ctx: Ctx) -> Draft:
    """A hand and an action; the answer is whether ``allowed_actions`` contains it."""
    rules = ctx.rules
    action = ctx.pick((Action.DOUBLE, Action.DOUBLE, Action.SPLIT, Action.SPLIT,
                       Action.SURRENDER))
    if action is Action.SURRENDER and not rules.surrender and ctx.chance(0.7):
        action = Action.DOUBLE
    up_rank = Rank.ACE if action is Action.SURRENDER and ctx.chance(0.4) else (
        ctx.pool.random_rank()
    )
    up = ctx.pool.take(up_rank)
    dealer = ctx.dealer_in_play(up)
    if action is Action.DOUBLE:
        seat = _double_seat(ctx)
    elif action is Action.SPLIT:
        seat = _split_question_seat(ctx)
    else:
        seat = _surrender_seat(ctx)
    if not _legal(rules, seat, up) or (is_two_card_21(seat.cards) and not seat.split):
        raise Retry
    state = seat
    allowed = action in allowed_actions(rules, state, up)
    why = refusal(rules, state, up, action)
    explanation = why if why is not None else _allowed_why(rules, seat, action)
    history = []
    if seat.split:
        history.append(f"{'split aces' if seat.split_aces else 'a split hand'}, "
                       f"{seat.hands_on_box} hands on the box")
    if seat.doubled:
        history.append("already doubled once")
    if seat.hit:
        history.append("after hitting")
    said = f" ({'; '.join(history)})" if history else ""
    verb = {Action.DOUBLE: "double", Action.SPLIT: "split" if not seat.split else "split again",
            Action.SURRENDER: "surrender"}[action]
    return Draft(
        table=Table(dealer=dealer, hands=(seat,), ask="may-act", action=action.value),
        prompt=(f"The dealer shows {show(dealer)}. The player holds {show(seat.cards)}{said}. "
                f"May the player {verb} now?"),
        kind=AnswerKind.YES_NO,
        choices=("yes", "no"),
        expected=allowed,
        explanation=f"{'Yes' if allowed else 'No'}. {explanation}.",
        rules=_rules_asked(seat, action, up),
    )


def _rules_asked(seat: PlayerHand, action: Action, up: Card) -> tuple[str, ...]:
    """The house rules whether ``action`` is allowed turns on, for this hand."""
    asked = {
        Action.DOUBLE: ["double_on", "double_after_split" if seat.split else "",
                        "max_doubles" if seat.doubled else ""],
        Action.SPLIT: ["split_match",
                       "split_aces_max_hands" if seat.split_aces or seat.cards[0].rank
                       is Rank.ACE else "split_max_hands"],
        Action.SURRENDER: ["surrender", "surrender_vs_ace" if up.rank is Rank.ACE else "",
                           "surrender_after_split" if seat.split else "",
                           "surrender_after_double" if seat.doubled else ""],
    }[action]
    if seat.split_aces:
        asked.append("split_aces_one_card")
    return tuple(key for key in asked if key)
