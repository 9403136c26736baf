"""The audit table: new bets take new boxes, the hands of a split share theirs."""

from __future__ import annotations

from decimal import Decimal

from trainer.audit.steps.bets import given_bet, given_split_hand, given_switch_bet
from trainer.audit.steps.options import given_box_hands, given_switch
from trainer.audit.table import Table
from trainer.engine.cards import Card, parse_cards
from trainer.engine.houses import find_house
from trainer.engine.player_hand import PlayerHand

TEN = Decimal(10)


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text.split())


def test_each_bet_takes_the_next_box() -> None:
    table = given_bet(TEN, cards("Ks 9d"), Table())
    table = given_bet(TEN, cards("7c 5h"), table)
    table = given_switch_bet(TEN, cards("As 7d"), cards("9c Kh"), table)
    table = given_switch(table, find_house("blackjack-switch"))
    assert [hand.box for hand in table.hands] == [1, 2, 3, 4]


def test_split_hands_placed_together_share_a_box() -> None:
    table = given_bet(TEN, cards("Ts 6d"), Table())
    table = given_split_hand(TEN, cards("8s Td"), table)
    table = given_split_hand(TEN, cards("8d 9c"), table)
    assert [hand.box for hand in table.hands] == [1, 2, 2]
    assert [hand.hands_on_box for hand in table.hands] == [1, 2, 2]
    assert table.on_box(2) == 2


def test_split_aces_are_marked_whichever_step_makes_the_split() -> None:
    table = given_split_hand(TEN, cards("As 5d"), Table())
    assert table.current().split_aces
    table = given_bet(TEN, cards("Ah Ac"), table)
    assert not table.current().split_aces
    table = given_box_hands(3, table)
    assert table.current().box == 2
    assert table.current() == PlayerHand(
        TEN, cards("Ah Ac"), box=2, split=True, split_aces=True, hands_on_box=3
    )
    table = given_split_hand(TEN, cards("8s 3d"), Table())
    assert not table.current().split_aces
