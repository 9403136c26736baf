"""A small stand-in drill backend for route tests: known questions, known answers.

The real backend (``trainer.web.drills_backend``) wraps ``trainer.drills``; these
tests pin the web layer's behaviour independently of the drill generators.
"""

from __future__ import annotations

import json
import random
from decimal import Decimal

from trainer.engine.cards import Card
from trainer.engine.dealer import dealer_action, why_dealer
from trainer.engine.houses import find_house, house_names
from trainer.engine.money import MoneyError, format_money, parse_money
from trainer.web.drillkit import (
    Answer,
    BoxView,
    CardView,
    FamilyInfo,
    NotAnAnswerError,
    QuestionView,
    VerdictView,
    choices_with_keys,
)

CHIPS = tuple(Decimal(d) for d in ("0.50", "1", "5", "25", "100"))
BETS = ("15", "35", "579", "10", "25")
DEALER_HANDS = (("As", "6d"), ("Td", "6h"), ("9c", "8s"), ("Ah", "2c", "4d"), ("Kd", "7h"))


class FakeBackend:
    """Three families: an action (dealer-draw), a money amount and a chip payout."""

    def families(self) -> list[FamilyInfo]:
        houses = tuple(house_names())
        return [
            FamilyInfo("dealer-draw", "Dealer draws", "Hit or stand for the dealer.", houses,
                       "action", 3.0, ("easy", "hard")),
            FamilyInfo("blackjack-payout", "Blackjack payouts", "Pay a blackjack.",
                       ("europoker", "casino-classic"), "money", 4.0, ("easy", "hard")),
            FamilyInfo("chip-payout", "Pay in chips", "Pay a blackjack in chips.",
                       ("europoker",), "chips", 6.0, ("easy",)),
        ]

    def generate(self, house: str, family: str, seed: int, difficulty: str) -> str:
        rng = random.Random(seed)
        data: dict[str, object] = {"house": house, "family": family, "seed": seed,
                                   "difficulty": difficulty}
        if family == "dealer-draw":
            cards = list(DEALER_HANDS[rng.randrange(len(DEALER_HANDS))])
            action = dealer_action(find_house(house), [Card.parse(c) for c in cards])
            data |= {"dealer": cards, "answer": action.value}
        elif family in ("blackjack-payout", "chip-payout"):
            bet = Decimal(BETS[rng.randrange(len(BETS))])
            data |= {"dealer": ["9h", "??"], "player": ["As", "Kd"], "bet": str(bet),
                     "answer": format_money(bet * 3 / 2)}
        else:
            raise ValueError(f"unknown family {family!r}")
        return json.dumps(data)

    def view(self, question_json: str) -> QuestionView:
        data = json.loads(question_json)
        dealer = tuple(CardView.of(c) for c in data["dealer"])
        if data["family"] == "dealer-draw":
            return QuestionView(
                family="dealer-draw", prompt="The dealer holds these cards. Hit or stand?",
                kind="choice", choices=choices_with_keys([("hit", "Hit"), ("stand", "Stand")]),
                dealer=dealer, par_seconds=3.0,
            )
        box = BoxView("Box 1", tuple(CardView.of(c) for c in data["player"]),
                      Decimal(data["bet"]))
        return QuestionView(
            family=data["family"], prompt="Pay the blackjack.",
            kind="chips" if data["family"] == "chip-payout" else "money",
            dealer=dealer, boxes=(box,), chips=CHIPS,
            par_seconds=6.0 if data["family"] == "chip-payout" else 4.0,
        )

    def check(self, question_json: str, answer: Answer) -> VerdictView:
        data = json.loads(question_json)
        expected = data["answer"]
        if data["family"] == "dealer-draw":
            cards = [Card.parse(c) for c in data["dealer"]]
            return VerdictView(answer.text == expected, expected,
                               (why_dealer(find_house(data["house"]), cards),),
                               answer.describe())
        if answer.chips:
            total = sum((d * n for d, n in answer.chips.items()), Decimal(0))
        else:
            try:
                total = parse_money(answer.text)
            except MoneyError as exc:
                raise NotAnAnswerError(str(exc)) from None
        return VerdictView(total == Decimal(expected), expected,
                           (f"{data['house']}: a blackjack pays 3:2 on {data['bet']}",),
                           answer.describe())

