"""Invariants of settlement over generated hands (hypothesis)."""

from __future__ import annotations

from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.engine.cards import Card, standard_deck
from trainer.engine.hands import hand_total
from trainer.engine.houses import find_house, house_names
from trainer.engine.player_hand import PlayerHand
from trainer.engine.settlement import Outcome, settle_round

cards = st.sampled_from(standard_deck())
bets = st.decimals(min_value=Decimal("0.50"), max_value=Decimal("5000"), places=2)


@st.composite
def finished_hands(draw: st.DrawFn) -> PlayerHand:
    held = draw(st.lists(cards, min_size=2, max_size=7))
    return PlayerHand(draw(bets), tuple(held), doubled=draw(st.integers(0, 1)),
                      split=draw(st.booleans()))


@st.composite
def dealer_hands(draw: st.DrawFn) -> tuple[Card, ...]:
    return tuple(draw(st.lists(cards, min_size=2, max_size=6)))


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(house_names()), finished_hands(), dealer_hands())
def test_settlement_invariants(name: str, hand: PlayerHand, dealer: tuple[Card, ...]) -> None:
    house = find_house(name)
    result = settle_round(house, dealer, [hand]).hands[0]
    assert isinstance(result.net, Decimal)
    assert result.net == result.net.quantize(Decimal("0.001"))
    if result.outcome is Outcome.PUSH:
        assert result.net == 0
    if result.outcome is Outcome.LOSE:
        assert result.net in (-hand.stake, -hand.bet)
        if hand_total(hand.cards).bust:
            assert result.net == -hand.stake  # a bust loses everything staked, doubles too
    if result.outcome is Outcome.WIN:
        assert 0 < result.net <= hand.stake * 50
    assert str(result.rule).startswith(f"{name}:")


@settings(max_examples=300, deadline=None)
@given(st.lists(cards, min_size=1, max_size=10))
def test_totals_never_exceed_the_card_values(held: list[Card]) -> None:
    total = hand_total(held)
    raw = sum(card.value for card in held)
    assert raw <= total.total <= raw + 10
    assert total.soft == (total.total == raw + 10)
