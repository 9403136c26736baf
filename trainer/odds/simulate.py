"""Play many whole rounds with the computed strategy through the engine's ``play_round``.

Every round is the engine's own deal, play and settlement; nothing is
re-implemented. Rounds are cut into fixed chunks, each with its own seed
derived from the run's seed and the chunk's number, so a run gives the same
answer whatever the number of worker processes.

>>> from trainer.engine.houses import find_house
>>> tally = run_chunk(find_house("europoker"), seed=1, chunk=0, rounds=50)
>>> tally.rounds, tally.hands
(50, 51)
"""

from __future__ import annotations

import random
import signal
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from decimal import Decimal
from multiprocessing import get_context

from trainer.engine.cards import Card
from trainer.engine.money import ZERO
from trainer.engine.rules import DealerCards, HouseRules
from trainer.engine.shoe import Shoe
from trainer.engine.table_round import play_round
from trainer.odds.house_edge import player_edge
from trainer.odds.strategy import ComputedStrategy

CHUNK = 5000
"""Rounds per chunk: the unit of seeding, of work handed to a process, and of progress."""
BET = Decimal(100)
"""Each box's bet.  A table pays whole cents, so on a bet of 100 a payout at a user's odd
ratio is short by at most 0.01 % of the bet (7:6 on a bet of 1 would pay 1.16, 0.6 % short)."""


class RecordingShoe(Shoe):
    """A shoe that remembers the cards dealt this round (to read a both-up dealer's hole card)."""

    __slots__ = ("dealt",)

    def __init__(self, shoe: Shoe) -> None:
        self.dealt: list[Card] = []
        for name in Shoe.__slots__:
            object.__setattr__(self, name, getattr(shoe, name))

    def start_round(self) -> None:
        """Reshuffle when due, and forget the last round's cards."""
        super().start_round()
        self.dealt = []

    def draw(self) -> Card:
        """Deal the next card and remember it."""
        card = super().draw()
        self.dealt.append(card)
        return card


class InfiniteShoe(RecordingShoe):
    """Draws with replacement from one deck: the infinite deck the strategy is computed for."""

    __slots__ = ()

    def draw(self) -> Card:
        """Any card of one deck, uniformly, whatever was dealt before."""
        assert self._random is not None
        card = self._full[int(self._random.random() * len(self._full))]
        self.dealt.append(card)
        return card


@dataclass(frozen=True, slots=True)
class Tally:
    """Sums over rounds: the player's net per round (money), its square, and hands played
    (a box split once is two hands)."""

    rounds: int
    hands: int
    net: Decimal
    net_squared: Decimal

    def __add__(self, other: Tally) -> Tally:
        return Tally(self.rounds + other.rounds, self.hands + other.hands,
                     self.net + other.net, self.net_squared + other.net_squared)


EMPTY = Tally(0, 0, ZERO, ZERO)


def boxes_for(rules: HouseRules) -> int:
    """Boxes one player plays per round: two at a Switch table, else one."""
    return 2 if rules.switch else 1


def run_chunk(
    rules: HouseRules, seed: int, chunk: int, rounds: int, infinite: bool = False
) -> Tally:
    """Play ``rounds`` rounds from a fresh shoe seeded by (seed, chunk).

    ``infinite`` deals from an infinite deck (with replacement) instead of the house's shoe.
    """
    base = Shoe.for_house(rules, random.Random(f"{seed}:{chunk}"))
    shoe = InfiniteShoe(base) if infinite else RecordingShoe(base)
    boxes = boxes_for(rules)
    hole: Callable[[], Card | None] | None = None
    if rules.dealer_cards is DealerCards.BOTH_UP:
        def hole() -> Card | None:
            return shoe.dealt[2 * boxes + 1] if len(shoe.dealt) > 2 * boxes + 1 else None
    strategy = ComputedStrategy(rules, hole)
    bets = [BET] * boxes
    net = ZERO
    squared = ZERO
    hands = 0
    for _ in range(rounds):
        played = play_round(rules, shoe, bets, strategy)
        result = played.result.net
        net += result
        squared += result * result
        hands += len(played.hands)  # a split box plays two hands (or more)
    return Tally(rounds, hands, net, squared)


_worker_rules: list[HouseRules] = []
"""The house a worker process plays (inherited through fork with its warmed solvers)."""


def _start_worker(rules: HouseRules) -> None:
    # Ctrl-C reaches the whole process group: the parent alone stops the run (and the
    # pool), so that no worker prints a KeyboardInterrupt traceback; the pool's terminate()
    # ends a worker at once
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    _worker_rules[:] = [rules]


def _terminated(signum: int, _frame: object) -> None:
    """SIGTERM to the parent: leave the pool's block, which terminates the workers (left
    running, each printed a BrokenPipeError traceback sending its next tally)."""
    raise SystemExit(128 + signum)


def _job(args: tuple[int, int, int, bool]) -> Tally:
    return run_chunk(_worker_rules[0], *args)


def chunks(rounds: int) -> list[tuple[int, int]]:
    """(chunk number, rounds in it) covering ``rounds``."""
    return [(i, min(CHUNK, rounds - start)) for i, start in enumerate(range(0, rounds, CHUNK))]


def simulate(
    rules: HouseRules, rounds: int, seed: int, workers: int = 1, infinite: bool = False
) -> Iterator[Tally]:
    """Yield one tally per chunk, in chunk order, using ``workers`` processes."""
    player_edge(rules)  # warm the solvers once, before any fork
    jobs = [(seed, index, size, infinite) for index, size in chunks(rounds)]
    if workers <= 1 or len(jobs) <= 1:
        for job in jobs:
            yield run_chunk(rules, *job)
        return
    context = get_context("fork")
    previous = signal.signal(signal.SIGTERM, _terminated)
    try:
        with context.Pool(workers, initializer=_start_worker, initargs=(rules,)) as pool:
            yield from pool.imap(_job, jobs)
    finally:
        signal.signal(signal.SIGTERM, previous)


def edge_and_error(tally: Tally, rules: HouseRules) -> tuple[Decimal, Decimal]:
    """House edge per hand (share of the bet, + favours the house) and its standard error."""
    n = Decimal(tally.rounds)
    per_hand = Decimal(boxes_for(rules)) * BET
    mean = tally.net / n
    variance = (tally.net_squared / n - mean * mean) * n / (n - 1) if n > 1 else ZERO
    error = (variance / n).sqrt() / per_hand if variance > 0 else ZERO
    return -mean / per_hand, error
