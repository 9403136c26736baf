"""Engine throughput: hands settled per second and whole 5-box rounds per second, on one core.

Rates are per CPU-second of this process (``time.process_time``), so other work on
the machine does not distort them; wall-clock rates are printed beside them.

Run: .venv/bin/python bench/engine_bench.py [--repeat N]
(figures go to docs/benchmarks.md, "Engine", by hand)
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from decimal import Decimal
from typing import NamedTuple

from trainer.engine.cards import standard_deck
from trainer.engine.houses import find_house, house_names
from trainer.engine.player_hand import PlayerHand
from trainer.engine.settlement import DealerResult, settle_hand
from trainer.engine.shoe import Shoe
from trainer.engine.table_round import SimpleStrategy, play_round


def _random_hands(count: int, rng: random.Random) -> list[tuple[PlayerHand, DealerResult]]:
    deck = standard_deck()
    cases = []
    for _ in range(count):
        player = tuple(rng.choice(deck) for _ in range(rng.choice((2, 2, 3, 3, 4))))
        dealer = [rng.choice(deck) for _ in range(rng.choice((2, 3, 3, 4)))]
        bet = Decimal(rng.choice(("5", "10", "12.50", "35", "579")))
        cases.append((PlayerHand(bet, player), DealerResult.of(dealer)))
    return cases


class Rate(NamedTuple):
    """Work done per CPU-second and per wall-clock second."""

    cpu: float
    wall: float


def _timed(count: int, work: Callable[[], None]) -> Rate:
    cpu, wall = time.process_time(), time.perf_counter()
    work()
    return Rate(count / (time.process_time() - cpu), count / (time.perf_counter() - wall))


def bench_settle(house_name: str, count: int = 200_000) -> Rate:
    """Hands settled per second (settle_hand on pre-built hands)."""
    house = find_house(house_name)
    cases = _random_hands(count, random.Random(1))

    def work() -> None:
        for hand, dealer in cases:
            settle_hand(house, hand, dealer)

    return _timed(count, work)


def bench_rounds(house_name: str, rounds: int = 20_000, boxes: int = 5) -> Rate:
    """Whole seeded rounds per second for ``boxes`` boxes (Switch: rounded up to pairs)."""
    house = find_house(house_name)
    shoe = Shoe.for_house(house, random.Random(1))
    bets = [Decimal(10)] * (boxes + (boxes % 2 if house.switch else 0))
    strategy = SimpleStrategy()

    def work() -> None:
        for _ in range(rounds):
            play_round(house, shoe, bets, strategy)

    return _timed(rounds, work)


def _median(runs: list[Rate]) -> Rate:
    ordered = sorted(runs)
    return ordered[len(ordered) // 2]


def main() -> None:
    """Print one line per house: CPU-second rates, wall-clock rates in brackets.

    Each figure is the median of ``--repeat`` runs (default 3), ranked by CPU rate.
    """
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure (median shown)")
    repeat = max(1, parser.parse_args().repeat)
    print(f"{'house':<24}{'hands settled/s':>26}{'5-box rounds/s':>24}")
    for name in house_names():
        settle = _median([bench_settle(name) for _ in range(repeat)])
        rounds = _median([bench_rounds(name) for _ in range(repeat)])
        print(f"{name:<24}{settle.cpu:>14,.0f} ({settle.wall:>8,.0f}){rounds.cpu:>14,.0f}"
              f" ({rounds.wall:>6,.0f})")


if __name__ == "__main__":
    main()
