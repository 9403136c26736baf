"""Then steps on the deal: the dealer's second card (hole card, face up, or none yet) and
whether a dealer blackjack is known before the players act."""

from __future__ import annotations

from trainer.audit.catalogue import step
from trainer.audit.table import AuditFailure
from trainer.engine.rules import DealerCards, HouseRules

_DEAL_WORDS = {
    DealerCards.HOLE_CARD: "the dealer's second card is dealt face down",
    DealerCards.BOTH_UP: "both dealer cards are dealt face up",
    DealerCards.NO_HOLE_CARD: "the dealer takes the second card after the players act",
}


def _expect_deal(house: HouseRules, deal: DealerCards) -> None:
    if house.dealer_cards is not deal:
        raise AuditFailure(_DEAL_WORDS[deal], _DEAL_WORDS[house.dealer_cards])


@step("then", "the dealer's second card is dealt face down",
      "the dealer's second card is dealt face down")
def then_hole_card(audit_house: HouseRules) -> None:
    """One dealer card up, one face down (a hole card)."""
    _expect_deal(audit_house, DealerCards.HOLE_CARD)


@step("then", "both dealer cards are dealt face up", "both dealer cards are dealt face up")
def then_both_up(audit_house: HouseRules) -> None:
    """Double exposure: the dealer's two cards are both face up."""
    _expect_deal(audit_house, DealerCards.BOTH_UP)


@step("then", "the dealer takes the second card after the players act",
      "the dealer takes the second card after the players act")
def then_enhc(audit_house: HouseRules) -> None:
    """European no-hole-card: one dealer card until the players have acted."""
    _expect_deal(audit_house, DealerCards.NO_HOLE_CARD)


@step("then", "the dealer checks for blackjack before the players act",
      "the dealer checks for blackjack before the players act")
def then_peeks(audit_house: HouseRules) -> None:
    """A dealer blackjack is known (peeked or face up) before anyone acts."""
    if not audit_house.blackjack_known_before_play:
        raise AuditFailure("a dealer blackjack known before play",
                           "it is found after the players act")


@step("then", "the dealer does not check for blackjack before the players act",
      "the dealer does not check for blackjack before the players act")
def then_no_peek(audit_house: HouseRules) -> None:
    """A dealer blackjack is only found after the players have acted."""
    if audit_house.blackjack_known_before_play:
        raise AuditFailure("a dealer blackjack found after play", "it is known before play")
