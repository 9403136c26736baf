"""What every family's generator shares: the context it draws from and the draft it returns."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import TypeVar

from trainer.drills.answers import AnswerKind
from trainer.drills.expected import Expected
from trainer.drills.families import Level
from trainer.drills.pool import CardPool, NoCard
from trainer.drills.table import PlayerHand, Table
from trainer.engine.cards import Card, Rank, Suit
from trainer.engine.dealer import DealerAction, dealer_action, must_hit
from trainer.engine.hands import hand_total, is_two_card_21
from trainer.engine.money import format_money
from trainer.engine.rules import DealerCards, HouseRules

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Draft:
    """A generated question before the common fields (house, seed, chips...) are added.

    ``expected`` is the answer as data (``trainer.drills.expected``); a ``money`` answer's
    amount may be asked in chips.
    """

    table: Table
    prompt: str | tuple[str, ...]
    """What the question asks: a sentence, or lines (a table: the dealer, each box, the ask)."""
    kind: AnswerKind
    expected: Expected
    explanation: str | tuple[str, ...]
    """The rule the answer rests on: a sentence, or one line a box for a table."""
    rules: tuple[str, ...] = ()
    """The house rules it rests on, by their keys in the profile (``soft_17``), whose
    sources and readings a trainee may look up."""
    choices: tuple[str, ...] = ()


class Retry(Exception):
    """The generator drew a situation it does not want; draw another."""


@dataclass(slots=True)
class Ctx:
    """The house, the seeded RNG, the difficulty level and the shoe's remaining cards."""

    rules: HouseRules
    rng: random.Random
    level: Level
    pool: CardPool

    @property
    def house(self) -> str:
        """The house's name, which every explanation cites."""
        return self.rules.name

    def chance(self, share: float) -> bool:
        """True with probability ``share``."""
        return self.rng.random() < share

    def tricky(self) -> bool:
        """True for the share of questions that should be interesting cases."""
        return self.chance(self.level.tricky)

    def redouble(self) -> bool:
        """True for the level's share of questions dealing a re-doubled hand, where the house
        allows one. Decided on a side stream seeded from the RNG's state, which it leaves
        as it was: every other seed deals the question it dealt before re-doubles came."""
        if self.rules.max_doubles < 2 or not self.level.redoubles:
            return False
        peek = random.Random()
        peek.setstate(self.rng.getstate())
        return random.Random(peek.getrandbits(64)).random() < self.level.redoubles

    def pick(self, options: Sequence[T]) -> T:
        """One of ``options`` at random."""
        return options[self.rng.randrange(len(options))]

    def bet(self) -> Decimal:
        """A bet as the level describes: round, odd or awkward."""
        level = self.level
        if level.awkward_bets and self.chance(level.awkward_share):
            return self.pick(level.awkward_bets)
        if self.chance(level.odd_bets):  # a whole bet within the range (2.50 to 10: 3 to 10)
            return Decimal(self.rng.randint(math.ceil(level.bet_min), math.floor(level.bet_max)))
        steps = int((level.bet_max - level.bet_min) / level.bet_step)
        return level.bet_min + level.bet_step * self.rng.randint(0, steps)

    def compose(
        self, total: int, soft: bool, count: int, *, dealer: bool = False,
        first: Sequence[Rank] = (), tries: int = 40, max_aces: int | None = None,
    ) -> tuple[Card, ...]:
        """Cards from the pool making ``total`` (soft or hard) in ``count`` cards, dealt legally.

        A player hand never draws after reaching 21; a dealer hand only draws
        where the house's rule makes the dealer hit. ``first`` fixes the first ranks;
        ``max_aces`` keeps the hand from looking made up.
        """
        raw = total - 10 if soft else total
        fixed = sum(r.value_points for r in first)
        for _ in range(tries):
            values = self._split_sum(raw - fixed, count - len(first))
            if values is None:
                raise Retry
            self.rng.shuffle(values)
            try:
                ranks = [*first, *(self.pool.random_rank(v) for v in values)]
            except NoCard:
                continue
            if max_aces is not None and ranks.count(Rank.ACE) > max_aces:
                continue
            shown = [Card(r, Suit.SPADES) for r in ranks]
            reading = hand_total(shown)
            if reading.total != total or reading.soft != soft:
                continue
            if not _dealt_legally(self.rules, shown, dealer) or not self.pool.can_take(ranks):
                continue
            return self.pool.take_ranks(ranks)
        raise Retry

    def _split_sum(self, raw: int, count: int) -> list[int] | None:
        values = []
        remaining = raw
        for index in range(count):
            after = count - index - 1
            low, high = max(1, remaining - 10 * after), min(10, remaining - after)
            if low > high:
                return None
            value = self.rng.randint(low, high)
            values.append(value)
            remaining -= value
        return values

    def dealer_in_play(self, up: Card) -> tuple[Card, ...]:
        """The dealer's cards the player sees while acting: the up card, and where the
        house deals both face up the second as well (never a blackjack: that ends the
        round before anyone acts)."""
        if self.rules.dealer_cards is not DealerCards.BOTH_UP:
            return (up,)
        cards = (up, self.pool.draw())
        if is_two_card_21(cards):
            raise Retry
        return cards

    def dealer_finish(
        self, start: Sequence[Card], *, blackjack_ok: bool = False
    ) -> tuple[Card, ...]:
        """The dealer's final hand from ``start``, drawn from the pool until the house stands."""
        cards = list(start)
        while len(cards) < 2 or dealer_action(self.rules, cards) is DealerAction.HIT:
            cards.append(self.pool.draw())
        if not blackjack_ok and is_two_card_21(cards):
            raise Retry
        return tuple(cards)

    def two_cards(self, *, natural: bool | None = False) -> tuple[Card, ...]:
        """Two player cards from the pool; ``natural`` True/False forces or forbids a blackjack."""
        if natural:
            return (self.pool.take(Rank.ACE), self.pool.take(self.pool.random_rank(10)))[
                :: self.pick((1, -1))
            ]
        while True:
            cards = (self.pool.draw(), self.pool.draw())
            if natural is None or hand_total(cards).total != 21:
                return cards
            self.pool.put_back(cards)


def switched_ace_ten(ctx: Ctx, bet: Decimal) -> tuple[PlayerHand, PlayerHand, str]:
    """A Blackjack Switch hand that switching made ace + ten (box 1), the player's other hand
    it was switched with (box 2, the same bet: a switch plays two equal bets), both marked
    switched, and how the two were dealt (``A♠ 7♦ and 9♣ K♥``); neither was a blackjack."""
    ace, ten = ctx.pool.take(Rank.ACE), ctx.pool.take(ctx.pool.random_rank(10))
    first, switched_in = (ace, ten) if ctx.chance(0.5) else (ten, ace)
    dealt = (first, ctx.pool.draw())
    other = (ctx.pool.draw(), switched_in)
    if any(map(is_two_card_21, (dealt, other))):
        raise Retry
    return (PlayerHand(bet, (first, switched_in), box=1, switched=True),
            PlayerHand(bet, (other[0], dealt[1]), box=2, switched=True),
            f"{show(dealt)} and {show(other)}")


def _dealt_legally(rules: HouseRules, cards: Sequence[Card], dealer: bool) -> bool:
    for drawn in range(2, len(cards)):
        reading = hand_total(cards[:drawn])
        if dealer and not must_hit(rules, reading):
            return False
        if not dealer and reading.total >= 21:
            return False
    return True


def show(cards: Sequence[Card]) -> str:
    """Cards as a trainee reads them: ``A♠ 2♦ 4♣``."""
    return " ".join(card.label for card in cards)


def money(amount: Decimal) -> str:
    """An amount as the trainer prints it: ``52.50``, ``15``, ``-7.50``."""
    return format_money(amount)


def reading_note(rules: HouseRules, key: str) -> str:
    """The house's recorded reading of a rule, as a clause (empty when there is none)."""
    note = rules.notes.get(key)
    if note is None or not note.reading:
        return ""
    return f" ({rules.name} reading: {note.reading.rstrip('.')})"


def source_note(rules: HouseRules, key: str) -> str:
    """The house's source on a rule, as a clause, when the source states it in its own
    words (a «quote»); empty otherwise."""
    note = rules.notes.get(key)
    if note is None or "«" not in note.source:
        return ""
    return f" ({rules.name} source, {note.source})"
