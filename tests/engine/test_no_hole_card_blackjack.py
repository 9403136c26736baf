"""No hole card (ENHC): a player blackjack against an ace or ten up waits for the dealer's card."""

from __future__ import annotations

from decimal import Decimal

from trainer.engine.cards import parse_cards
from trainer.engine.houses import find_house
from trainer.engine.shoe import Shoe
from trainer.engine.table_round import SimpleStrategy, play_round


def _play(cards: str) -> tuple[int, Decimal]:
    house = find_house("russian-casino")
    played = play_round(house, Shoe.stacked(parse_cards(cards.split())), [Decimal(10)],
                        SimpleStrategy())
    return len(played.dealer), played.result.net


def test_a_lone_blackjack_pushes_when_the_dealer_makes_blackjack() -> None:
    # box As, dealer Ah, box Kd; the dealer then draws Kc: blackjack against blackjack
    assert _play("As Ah Kd Kc") == (2, Decimal(0))


def test_a_lone_blackjack_is_paid_when_the_dealer_does_not() -> None:
    assert _play("As Th Kd 7c") == (2, Decimal(15))


def test_no_draw_against_a_lone_blackjack_when_the_dealer_cannot_make_one() -> None:
    assert _play("As 6h Kd") == (1, Decimal(15))
