"""Simulation through the engine: reproducible by seed whatever the workers; computed play."""

from __future__ import annotations

import random
from decimal import Decimal

import pytest

from trainer.engine.cards import Card, parse_cards
from trainer.engine.houses import find_house, house_names
from trainer.engine.options import Action
from trainer.engine.player_hand import PlayerHand
from trainer.engine.shoe import Shoe
from trainer.engine.table_round import Strategy, play_round
from trainer.odds import simulate as simulation
from trainer.odds.house_edge import player_edge
from trainer.odds.simulate import EMPTY, RecordingShoe, edge_and_error, run_chunk, simulate
from trainer.odds.strategy import ComputedStrategy


def total(tallies: object) -> simulation.Tally:
    result = EMPTY
    for tally in tallies:  # type: ignore[attr-defined]
        result = result + tally
    return result


def test_same_seed_same_result_whatever_the_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(simulation, "CHUNK", 200)
    house = find_house("europoker")
    one = total(simulate(house, 1000, seed=7, workers=1))
    two = total(simulate(house, 1000, seed=7, workers=2))
    assert one == two
    assert one.rounds == 1000
    assert total(simulate(house, 1000, seed=8, workers=1)) != one


@pytest.mark.parametrize("name", house_names())
def test_every_house_plays(name: str) -> None:
    house = find_house(name)
    tally = run_chunk(house, seed=3, chunk=0, rounds=300)
    assert tally.rounds == 300
    boxes = 600 if house.switch else 300
    assert boxes <= tally.hands < boxes * 1.1  # a split box is two hands, and splits are few
    edge, error = edge_and_error(tally, house)
    assert error > 0
    assert abs(edge) < 1


def test_hands_played_count_each_split_hand() -> None:
    """8,8 is split: a round of one box with a split is two hands, not one."""
    house = find_house("europoker")
    tally = run_chunk(house, seed=1, chunk=0, rounds=50)
    played = [play_round(house, shoe, [simulation.BET], ComputedStrategy(house))
              for shoe in [Shoe.for_house(house, random.Random("1:0"))] for _ in range(50)]
    assert tally.hands == sum(len(p.hands) for p in played) == 51


def test_computed_strategy_is_an_engine_strategy() -> None:
    strategy: Strategy = ComputedStrategy(find_house("classic-single-deck"))
    up = Card.parse("Th")
    allowed = frozenset({Action.HIT, Action.STAND, Action.SURRENDER})
    sixteen = PlayerHand(Decimal(10), parse_cards(["Ts", "6d"]))
    assert strategy.decide(sixteen, up, allowed) is Action.SURRENDER
    no_surrender = frozenset({Action.HIT, Action.STAND})
    assert strategy.decide(sixteen, up, no_surrender) is Action.HIT
    assert not strategy.insure(parse_cards(["Ts", "6d"]), Card.parse("Ah"))


def test_both_up_strategy_reads_the_second_dealer_card() -> None:
    house = find_house("double-exposure")
    # dealing order: box, dealer up, box, dealer's second card, then draws
    against_20 = RecordingShoe(Shoe.stacked(parse_cards(["Ts", "Th", "2d", "Kc", "5s", "4h"])))
    strategy = ComputedStrategy(house, lambda: against_20.dealt[3])
    played = play_round(house, against_20, [Decimal(1)], strategy)
    assert len(played.hands[0].cards) == 4  # 12 and even 17 against a dealer 20: hit

    against_16 = RecordingShoe(Shoe.stacked(parse_cards(["Ts", "Th", "2d", "6c", "5s"])))
    strategy = ComputedStrategy(house, lambda: against_16.dealt[3])
    played = play_round(house, against_16, [Decimal(1)], strategy)
    assert len(played.hands[0].cards) == 2  # 12 against a dealer 16: stand
    assert len(played.dealer) == 3


def test_infinite_deck_simulation_agrees_with_the_computed_edge() -> None:
    house = find_house("casino-classic")
    tally = run_chunk(house, seed=1, chunk=0, rounds=20000, infinite=True)
    edge, error = edge_and_error(tally, house)
    computed = -player_edge(house)
    assert abs(float(edge) - float(computed)) < 4 * float(error)


def test_recording_shoe_keeps_the_house_shoe() -> None:
    house = find_house("spanish-21")
    shoe = RecordingShoe(Shoe.for_house(house, random.Random(1)))
    shoe.start_round()
    cards = [shoe.draw() for _ in range(10)]
    assert shoe.dealt == cards
    assert shoe.size == 288
