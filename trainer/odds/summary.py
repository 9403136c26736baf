"""One line on what a house's rules are worth, for ``trainer rules show``.

>>> from trainer.engine.houses import find_house
>>> edge_line(find_house("casino-classic"))[:25]
'house edge: 0.65% of each'
"""

from __future__ import annotations

from decimal import Decimal, localcontext
from fractions import Fraction

from trainer.engine.rules import HouseRules
from trainer.odds.house_edge import player_edge


def decimal_of(value: Fraction, places: int = 12) -> Decimal:
    """A fraction rounded to ``places`` decimals (for display)."""
    with localcontext() as context:
        context.prec = 60
        exact = Decimal(value.numerator) / Decimal(value.denominator)
    return exact.quantize(Decimal(1).scaleb(-places))


def house_edge_percent(rules: HouseRules, places: int = 2) -> Decimal:
    """The computed house edge in percent (negative: the player has the edge)."""
    return decimal_of(-player_edge(rules) * 100, places)


def edge_line(rules: HouseRules) -> str:
    """The house edge as a sentence saying how it was computed."""
    edge = house_edge_percent(rules)
    who = "" if edge >= 0 else " (the player has the edge)"
    few = (f"; this house deals {rules.decks} deck(s), where the edge is usually lower (`trainer "
           f"simulate --rules {rules.name}` plays its own shoe)" if rules.decks <= 2 else "")
    return (f"house edge: {edge}% of each bet{who} — computed for an infinite deck with this "
            f"house's own basic strategy, no insurance{few}")
