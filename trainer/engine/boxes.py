"""Which box each hand of a round sits in, where the round may not say.

>>> from decimal import Decimal
>>> from trainer.engine.cards import parse_cards
>>> from trainer.engine.houses import find_house
>>> def split(cards: str) -> PlayerHand:
...     return PlayerHand(Decimal(10), parse_cards(cards.split()), split=True)
>>> hands = [PlayerHand(Decimal(10), parse_cards(["9s", "7d"]), box=4), split("8s Td"),
...          split("8d 3c")]
>>> box_of_each(find_house("europoker"), hands)  # doctest: +NORMALIZE_WHITESPACE
[Box(number=4, given=True), Box(number=2, given=False), Box(number=2, given=False)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from trainer.engine.cards import Card
from trainer.engine.options import pairs_for_split
from trainer.engine.player_hand import PlayerHand
from trainer.engine.rules import HouseRules


@dataclass(frozen=True, slots=True)
class Box:
    """The box a hand sits in, numbered from 1 like the hands' own ``box``.

    ``given``: the round numbers it (the hand's ``box``). Otherwise the box is read from
    the order of the hands and numbered by the place of its first hand in the round, so
    a read box never equals a given one.
    """

    number: int
    given: bool


def box_of_each(rules: HouseRules, hands: Sequence[PlayerHand]) -> list[Box]:
    """The box each hand sits in: its ``box`` when given, else consecutive split hands
    share one box, and every other hand has a box of its own.  Split hands that begin a
    pair of their own once their box has two hands (8s, 8s, then 9s, 9s) are the next box;
    any other split hand stays, so a round split from no pair is refused as one."""
    boxes: list[Box] = []
    opened: Card | None = None  # the first card of the split box being read
    size = 0  # its hands so far
    for index, hand in enumerate(hands):
        follows = (hand.split and hand.box is None and opened is not None
                   and hands[index - 1].split and hands[index - 1].box is None)
        if hand.box is not None:
            boxes.append(Box(hand.box, given=True))
            opened = None
        elif follows and not (size >= 2 and _begins_a_pair(rules, hands, index, opened)):
            boxes.append(boxes[-1])
            size += 1
        else:
            boxes.append(Box(index + 1, given=False))
            opened, size = (hand.cards[0] if hand.split and hand.cards else None), 1
    return boxes


def _begins_a_pair(rules: HouseRules, hands: Sequence[PlayerHand], index: int,
                   opened: Card | None) -> bool:
    """The split hand at ``index`` does not pair with its box's first card, and the split
    hand after it pairs with it: the two are the next box."""
    first = hands[index].cards[0]
    after = hands[index + 1] if index + 1 < len(hands) else None
    return (opened is not None and not pairs_for_split(rules, opened, first)
            and after is not None and after.split and after.box is None
            and pairs_for_split(rules, first, after.cards[0]))
