"""Engine throughput: hands settled per second and whole 5-box rounds per second, on one core.

Run: .venv/bin/python bench/engine_bench.py   (figures go to BENCHMARKS.md by hand)
"""

from __future__ import annotations

import random
import time
from decimal import Decimal

from trainer.engine.cards import standard_deck
from trainer.engine.houses import find_house, house_names
from trainer.engine.settlement import DealerResult, PlayerHand, settle_hand
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


def bench_settle(house_name: str, count: int = 200_000) -> float:
    """Hands settled per second (settle_hand on pre-built hands)."""
    house = find_house(house_name)
    cases = _random_hands(count, random.Random(1))
    start = time.perf_counter()
    for hand, dealer in cases:
        settle_hand(house, hand, dealer)
    return count / (time.perf_counter() - start)


def bench_rounds(house_name: str, rounds: int = 20_000, boxes: int = 5) -> float:
    """Whole seeded rounds per second for ``boxes`` boxes."""
    house = find_house(house_name)
    shoe = Shoe.for_house(house, random.Random(1))
    bets = [Decimal(10)] * (boxes + (boxes % 2 if house.switch else 0))
    strategy = SimpleStrategy()
    start = time.perf_counter()
    for _ in range(rounds):
        play_round(house, shoe, bets, strategy)
    return rounds / (time.perf_counter() - start)


def main() -> None:
    """Print one line per house."""
    print(f"{'house':<24}{'hands settled/s':>18}{'5-box rounds/s':>18}")
    for name in house_names():
        print(f"{name:<24}{bench_settle(name):>18,.0f}{bench_rounds(name):>18,.0f}")


if __name__ == "__main__":
    main()
