"""An independent oracle: the answer to a question worked out again through the engine's API."""

from __future__ import annotations

from trainer.drills import Question
from trainer.engine.cards import Rank
from trainer.engine.dealer import dealer_action
from trainer.engine.hands import hand_total
from trainer.engine.money import ZERO, format_money
from trainer.engine.options import PLAY_ORDER, Action, allowed_actions, refusal
from trainer.engine.round_check import check_round
from trainer.engine.rules import HouseRules
from trainer.engine.settlement import is_natural, settle_round


def rederive(rules: HouseRules, question: Question) -> str:
    """The expected answer, recomputed from the question's table alone."""
    table = question.table
    ask = table.ask
    dealer = table.dealer
    hands = list(table.hands)
    seat = table.hands[0] if table.hands else None
    if ask == "dealer-action":
        return dealer_action(rules, dealer).value
    if ask == "ace-offer":  # from the house's two rules, not the engine's offer helpers
        up = dealer[0]
        if up.rank is not Rank.ACE:
            return "nothing"
        if rules.even_money and is_natural(rules, table.hands[0]):
            return "even-money"
        return "insurance" if rules.insurance else "nothing"
    if ask == "hand-total":
        assert seat is not None
        reading = hand_total(seat.cards)
        return "bust" if reading.bust else str(reading)
    assert seat is not None
    if ask == "insurance-max":
        return format_money(seat.bet * rules.insurance_max)
    if ask == "insurance-win":
        return format_money(settle_round(rules, dealer, hands).hands[0].insurance_net)
    if ask in ("even-money-taken", "even-money-declined", "blackjack-payout", "spanish-bonus"):
        if ask == "spanish-bonus":
            check_round(rules, dealer, hands)
        return format_money(settle_round(rules, dealer, hands).hands[table.focus].net)
    if ask == "surrender-returned":
        assert refusal(rules, seat, dealer[0], Action.SURRENDER) is None
        return format_money(hands[0].stake + settle_round(rules, dealer, hands).net)
    if ask == "split-aces-actions":  # what more than standing, which a live hand may always
        allowed = allowed_actions(rules, seat, dealer[0])
        assert Action.STAND in allowed
        return ",".join(a.value for a in PLAY_ORDER if a in allowed - {Action.STAND}) or "none"
    if ask == "split-aces-blackjack":
        return "yes" if is_natural(rules, hands[0]) else "no"
    if ask == "may-act":
        assert table.action is not None
        return "yes" if Action(table.action) in allowed_actions(rules, seat, dealer[0]) \
            else "no"
    if ask == "split-aces-pays" or ask.startswith("special-"):
        if ask.startswith("special-"):
            check_round(rules, dealer, hands)
        return format_money(settle_round(rules, dealer, hands).hands[table.focus].net)
    if ask == "table-nets":
        check_round(rules, dealer, hands)
        result = settle_round(rules, dealer, hands)
        boxes = max(s.box for s in table.hands)
        nets = [ZERO] * boxes
        for s, r in zip(table.hands, result.hands, strict=True):
            nets[s.box - 1] += r.net + r.insurance_net
        return ";".join(format_money(n) for n in nets)
    raise AssertionError(f"unknown ask {ask!r}")
