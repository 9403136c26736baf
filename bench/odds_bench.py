"""Odds and simulation figures: exact dealer odds, computed house edges, simulated rounds.

Run: .venv/bin/python bench/odds_bench.py [--rounds N] [--check N]
(figures go to the "Odds and simulation" table of docs/benchmarks.md by hand).
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import time

from trainer.engine.houses import find_house, shipped_houses
from trainer.odds.composition import Composition
from trainer.odds.dealer_odds import dealer_odds
from trainer.odds.dealer_paths import dealer_paths
from trainer.odds.house_edge import player_edge
from trainer.odds.simulate import EMPTY, edge_and_error, simulate

UPS = range(1, 11)


def bench_dealer_odds(decks: int | None, repeats: int = 7) -> tuple[float, float, float, float]:
    """Best-of ms for all ten up cards of russian-casino: cold (empty path cache) and warm,
    as wall time and as this process's CPU time (less disturbed by a busy machine)."""
    house = find_house("russian-casino")
    shoe = Composition.infinite_deck(house) if decks is None else Composition.for_house(
        house, decks)
    best = [float("inf")] * 4
    for _ in range(repeats):
        dealer_paths.cache_clear()
        for offset in (0, 1):  # cold, then warm
            wall, cpu = time.perf_counter(), time.process_time()
            for up in UPS:
                dealer_odds(shoe, up, house.hits_soft_17)
            best[offset] = min(best[offset], time.perf_counter() - wall)
            best[offset + 2] = min(best[offset + 2], time.process_time() - cpu)
    cold, warm, cold_cpu, warm_cpu = (t * 1000 for t in best)
    return cold, warm, cold_cpu, warm_cpu


def bench_edges() -> None:
    """Seconds to compute each house's edge from nothing but the warm dealer-path cache."""
    for name, house in shipped_houses().items():
        fresh = dataclasses.replace(house)
        start = time.perf_counter()
        edge = player_edge(fresh)
        took = time.perf_counter() - start
        print(f"  {name:24} edge {-float(edge) * 100:+.4f}%   computed in {took:.2f} s")


def bench_simulation(name: str, rounds: int, workers: int, infinite: bool = False) -> None:
    """Rounds per second through the engine's play_round with the computed strategy."""
    house = find_house(name)
    player_edge(house)  # the strategy is computed once, before timing
    start, cpu = time.perf_counter(), time.process_time()
    total = EMPTY
    for tally in simulate(house, rounds, seed=1, workers=workers, infinite=infinite):
        total = total + tally
    took = time.perf_counter() - start
    cpu_rate = f"{rounds / (time.process_time() - cpu):9,.0f}" if workers == 1 else " " * 9
    edge, error = edge_and_error(total, house)
    computed = -float(player_edge(house)) * 100
    shoe = "infinite deck" if infinite else "house shoe"
    simulated, spread = float(edge) * 100, float(error) * 100
    print(f"  {name:24} {workers} worker(s) {shoe:13} {rounds / took:9,.0f} rounds/s wall "
          f"{cpu_rate} per CPU-s   "
          f"edge {simulated:+.3f}% ± {spread:.3f}   "
          f"(computed {computed:+.3f}%, z {(simulated - computed) / spread:+.2f})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=100_000, help="rounds per speed run")
    parser.add_argument("--check", type=int, default=0,
                        help="rounds per house for the infinite-deck cross-check (0 = skip)")
    args = parser.parse_args()
    print(f"cores: {os.cpu_count()}")
    print(f"load average: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    print("dealer odds, all ten up cards (ms, best of 7; cold path cache / warm; wall, CPU):")
    for decks in (1, 2, 6, 8, None):
        cold, warm, cold_cpu, warm_cpu = bench_dealer_odds(decks)
        print(f"  {'infinite' if decks is None else decks:>8} deck(s): wall {cold:6.1f} / "
              f"{warm:5.1f}   CPU {cold_cpu:6.1f} / {warm_cpu:5.1f}")
    print("house edge, computed (infinite deck, exact fractions; wall time):")
    bench_edges()
    print("simulation through trainer.engine.table_round.play_round:")
    for name in ("europoker", "spanish-21", "blackjack-switch"):
        for workers in (1, 2):
            bench_simulation(name, args.rounds, workers)
    if args.check:
        print(f"infinite-deck cross-check, {args.check} rounds per house, 2 workers:")
        for name in shipped_houses():
            bench_simulation(name, args.check, 2, infinite=True)


if __name__ == "__main__":
    main()
