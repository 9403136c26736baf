"""The real drill backend: a thin adapter from ``trainer.drills`` to the web's view objects.

Nothing here computes an answer: questions come from ``generate``, verdicts
from ``check``; this module only lays a stored question out for the page and
turns form fields into the answer forms ``check`` reads.
"""

from __future__ import annotations

import functools
import json
from decimal import Decimal

from trainer.drills import (
    AnswerKind,
    Family,
    NotAnAnswer,
    Question,
    Seat,
    check,
    chip_set,
    doubled_to,
    generate,
    load_families,
    seat_names,
)
from trainer.drills.build import signed

# From the engine: a house's rules by name (chip_set takes the rules) and money as text.
from trainer.engine.houses import find_house
from trainer.engine.money import format_money
from trainer.web.drillkit import (
    Answer,
    BoxNet,
    BoxView,
    CardView,
    FamilyInfo,
    NotAnAnswerError,
    QuestionView,
    VerdictView,
    choice_label,
    choices_with_keys,
)
from trainer.web.houses_view import cited_rules, with_house_titles

_PLACEHOLDERS = {
    AnswerKind.MONEY: "e.g. 52.50",
    AnswerKind.NET: "e.g. -10 or +15",
    AnswerKind.TOTAL: "e.g. soft 17",
}

_QUESTIONS: dict[str, Question] = {}
_KEEP = 4096


def _question(question_json: str) -> Question:
    """The stored question, parsed once (or kept from when it was generated)."""
    question = _QUESTIONS.get(question_json)
    if question is None:
        question = _keep(question_json, Question.from_dict(json.loads(question_json)))
    return question


def _keep(question_json: str, question: Question) -> Question:
    if len(_QUESTIONS) >= _KEEP:
        _QUESTIONS.clear()
    _QUESTIONS[question_json] = question
    return question


def _web_hint(question: Question) -> str:
    """The question's hint for the page: a hint on how to write a text answer (chips as
    ``2x25``, nets separated by ``;``) becomes one for the page's own fields."""
    if question.answer_kind is AnswerKind.CHIPS:
        return ("Give a count for each chip you pay"
                + (", with the fewest chips." if question.fewest_chips else "."))
    if question.answer_kind is AnswerKind.NETS:
        return ""
    return question.hint


def _seat_notes(seat: Seat) -> tuple[str, ...]:
    notes = []
    if seat.doubled:
        notes.append(doubled_to(seat))
    if seat.split_aces:
        notes.append("split aces")
    elif seat.split:
        notes.append("split hand")
    if seat.surrendered:
        notes.append("surrendered")
    if seat.insurance:
        notes.append(f"insured for {format_money(seat.insurance)}")
    if seat.even_money:
        notes.append("took even money")
    if seat.switched:
        notes.append("switched")
    return tuple(notes)


def _boxes(question: Question) -> tuple[BoxView, ...]:
    hands = question.table.hands
    boxes = []
    for index, (seat, name) in enumerate(zip(hands, seat_names(hands), strict=True)):
        asked = (index == question.table.focus and len(hands) > 1
                 and question.answer_kind is not AnswerKind.NETS)
        boxes.append(BoxView(name.capitalize(), tuple(CardView.of(c) for c in seat.cards),
                             seat.bet, _seat_notes(seat) + (("asked about",) if asked else ()),
                             asked=asked))
    return tuple(boxes)


class DrillsPackageBackend:
    """``trainer.drills`` as a ``DrillBackend``.

    The families are read once per backend (one per app), and a question's view
    is kept for the questions most recently issued or answered.
    """

    @functools.cached_property
    def _family_objects(self) -> dict[str, Family]:
        return load_families()

    @functools.cached_property
    def _families(self) -> list[FamilyInfo]:
        return [
            FamilyInfo(
                name=f.name, title=f.title, description=f.description, houses=f.houses,
                answer_kind=f.answer, par_seconds=float(f.par_seconds),
                difficulties=(
                    f.default_difficulty, *(n for n in f.levels if n != f.default_difficulty)
                ),
            )
            for f in self._family_objects.values()
        ]

    def families(self) -> list[FamilyInfo]:
        return self._families

    @functools.lru_cache(maxsize=4096)  # noqa: B019 - one backend per app; dealt again on replay
    def generate(self, house: str, family: str, seed: int, difficulty: str) -> str:
        question = generate(house, self._family_objects.get(family) or family, seed, difficulty)
        text = json.dumps(question.to_dict(), ensure_ascii=False, separators=(",", ":"))
        _keep(text, question)  # shown (and checked) next: no need to parse it back
        return text

    @functools.lru_cache(maxsize=64)  # noqa: B019 - one backend per app; houses are fixed data
    def chip_set(self, house: str) -> tuple[Decimal, ...]:
        """The chips of a house's table (worked out once per house)."""
        return chip_set(find_house(house))

    def view(self, question_json: str) -> QuestionView:
        return self._view(question_json)

    @functools.lru_cache(maxsize=1024)  # noqa: B019 - one backend per app, kept for its life
    def _view(self, question_json: str) -> QuestionView:
        question = _question(question_json)
        kind = question.answer_kind
        choices: list[tuple[str, str]] = []
        chips: tuple[Decimal, ...] = ()
        if kind in (AnswerKind.ACTION, AnswerKind.ACTIONS):
            choices = [(c, choice_label(c)) for c in question.choices]
        elif kind is AnswerKind.YES_NO:
            choices = [("yes", "Yes"), ("no", "No")]
        if kind is AnswerKind.CHIPS:
            chips = question.chips or self.chip_set(question.house)
        elif kind is AnswerKind.MONEY:
            chips = self.chip_set(question.house)
        web_kind = {
            AnswerKind.ACTION: "choice", AnswerKind.YES_NO: "choice",
            AnswerKind.ACTIONS: "multi", AnswerKind.MONEY: "money", AnswerKind.CHIPS: "chips",
            AnswerKind.NETS: "nets",
        }.get(kind, "text")
        table = question.table
        return QuestionView(
            family=question.family,
            prompt=with_house_titles(question.prompt),  # the dealer's line names the house
            kind=web_kind,
            choices=choices_with_keys(choices),
            dealer=tuple(CardView.of(c) for c in table.dealer),
            boxes=_boxes(question),
            chips=tuple(sorted(chips)),
            facts=tuple(f"{k.replace('-', ' ').replace('_', ' ').capitalize()}: {v}"
                        for k, v in table.extra.items()),
            par_seconds=float(question.par_seconds),
            hint=_web_hint(question),
            placeholder=_PLACEHOLDERS.get(kind, ""),
            focus=table.focus if len(table.hands) > 1 else None,
            net_labels=tuple(f"Box {box}" for box in dict.fromkeys(s.box for s in table.hands))
            if kind is AnswerKind.NETS else (),
        )

    def check(self, question_json: str, answer: Answer) -> VerdictView:
        question = _question(question_json)
        given: object
        if answer.items is not None:
            given = list(answer.items)
        elif answer.chips:
            given = {format_money(d): n for d, n in answer.chips.items()}
        else:
            given = answer.text
        try:
            verdict = check(question, given)
        except NotAnAnswer as exc:
            raise NotAnAnswerError(str(exc), exc.boxes) from None
        boxes = tuple(BoxNet(number, signed(given), signed(wanted), given == wanted)
                      for number, (given, wanted) in enumerate(
                          zip(verdict.given_nets, verdict.expected_nets, strict=True), 1))
        return VerdictView(verdict.correct, verdict.expected, verdict.lines, verdict.given,
                           verdict.detail, boxes, cited_rules(question.house, question.rules))
