"""One module per drill family: ``build(ctx) -> Draft``; ``BUILDERS`` maps family names to them."""

from __future__ import annotations

from collections.abc import Callable

from trainer.drills.build import Ctx, Draft
from trainer.drills.kinds import (
    ace_offers,
    allowed_actions,
    dealer_draw,
    hand_reading,
    money_drills,
    spanish_bonus,
    split_aces,
    table_settlement,
    variant_specials,
)

BUILDERS: dict[str, Callable[[Ctx], Draft]] = {
    "dealer-draw": dealer_draw.build,
    "hand-reading": hand_reading.build,
    "insurance": money_drills.build_insurance,
    "even-money": money_drills.build_even_money,
    "blackjack-payout": money_drills.build_blackjack_payout,
    "surrender": money_drills.build_surrender,
    "split-aces": split_aces.build,
    "spanish-21-bonus": spanish_bonus.build,
    "table-settlement": table_settlement.build,
    "allowed-actions": allowed_actions.build,
    "variant-specials": variant_specials.build,
    "ace-offers": ace_offers.build,
}
