"""A question as the page lays it out, and a posted answer checked by the drills.

Nothing here computes an answer: questions come from the drills' ``generate``, verdicts
from their ``check``; this module lays a question out for the page (its felt, buttons,
chips and hints, never its answer) and turns form fields into the answers ``check`` reads.
"""

from __future__ import annotations

from decimal import Decimal

from trainer.drills import (
    AnswerKind,
    NotAnAnswer,
    PlayerHand,
    Question,
    check,
    chip_set,
    doubled_to,
    hand_names,
)
from trainer.drills.expected import signed
from trainer.engine.houses import find_house
from trainer.engine.money import format_money
from trainer.web.questions.drill_source import Dealt, NotDealtAgain, question_of
from trainer.web.questions.drill_views import (
    Answer,
    BoxNet,
    BoxView,
    CardView,
    NotAnAnswerError,
    QuestionView,
    VerdictView,
    choice_label,
    choices_with_keys,
)
from trainer.web.questions.houses_view import cited_rules, with_house_titles

_PLACEHOLDERS = {
    AnswerKind.MONEY: "e.g. 52.50",
    AnswerKind.NET: "e.g. -10 or +15",
    AnswerKind.TOTAL: "e.g. soft 17",
}

def _web_hint(question: Question) -> str:
    """The question's hint for the page: a hint on how to write a text answer (chips as
    ``2x25``, nets separated by ``;``) becomes one for the page's own fields."""
    if question.answer_kind is AnswerKind.CHIPS:
        return ("Give a count for each chip you pay"
                + (", with the fewest chips." if question.fewest_chips else "."))
    if question.answer_kind is AnswerKind.NETS:
        return ""
    return question.hint


def _seat_notes(seat: PlayerHand) -> tuple[str, ...]:
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
    for index, (seat, name) in enumerate(zip(hands, hand_names(hands), strict=True)):
        asked = (index == question.table.focus and len(hands) > 1
                 and question.answer_kind is not AnswerKind.NETS)
        boxes.append(BoxView(name.capitalize(), tuple(CardView.of(c) for c in seat.cards),
                             seat.bet, _seat_notes(seat) + (("asked about",) if asked else ()),
                             asked=asked))
    return tuple(boxes)


def view_for(dealt: Dealt, snapshot: str | None) -> QuestionView:
    """The view of a stored question, dealt again from its seed (or read from its snapshot);
    a question this release cannot deal again as it was dealt says so."""
    try:
        question = question_of(dealt, snapshot)
    except NotDealtAgain as exc:
        return QuestionView(family=dealt.family, kind="text", prompt=(
            f"This question ({dealt.family} at {dealt.house}, {dealt.difficulty}, seed "
            f"{dealt.seed}) can no longer be dealt: {exc}. The answer and the expected answer "
            "are as they were recorded."))
    return view_of(question)


def view_of(question: Question) -> QuestionView:
    """Everything the page shows about ``question``, and nothing of its answer."""
    kind = question.answer_kind
    choices: list[tuple[str, str]] = []
    chips: tuple[Decimal, ...] = ()
    if kind in (AnswerKind.ACTION, AnswerKind.ACTIONS):
        choices = [(c, choice_label(c)) for c in question.choices]
    elif kind is AnswerKind.YES_NO:
        choices = [("yes", "Yes"), ("no", "No")]
    if kind is AnswerKind.CHIPS:
        chips = question.chips or chip_set(find_house(question.house))
    elif kind is AnswerKind.MONEY:
        chips = chip_set(find_house(question.house))
    web_kind = {
        AnswerKind.ACTION: "choice", AnswerKind.YES_NO: "choice",
        AnswerKind.ACTIONS: "multi", AnswerKind.MONEY: "money", AnswerKind.CHIPS: "chips",
        AnswerKind.NETS: "nets",
    }.get(kind, "text")
    table = question.table
    return QuestionView(
        family=question.family,
        prompt=with_house_titles(question.prompt),  # the dealer's line names the house
        prompt_lines=tuple(with_house_titles(line) for line in question.prompt_lines)
        if len(question.prompt_lines) > 1 else (),
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


def verdict_of(question: Question, answer: Answer) -> VerdictView:
    """The posted ``answer`` checked against ``question`` by the drills; raises
    ``NotAnAnswerError`` for an answer that cannot be read."""
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
    boxes = tuple(BoxNet(number, signed(mine), signed(wanted), mine == wanted)
                  for number, (mine, wanted) in enumerate(
                      zip(verdict.given_nets, verdict.expected_nets, strict=True), 1))
    return VerdictView(verdict.correct, verdict.expected_text, verdict.lines, verdict.given,
                       verdict.detail, boxes, cited_rules(question.house, question.rules),
                       verdict.mispaid.cents if verdict.mispaid else None)
