"""Reading a trainee's answer from the posted form: a choice, ticks, nets, an amount or chips.

Drill pages and exam pages read answers the same way: their plain fields through the
WTForms ``AnswerForm``, the fields a question's view decides (ticks, one net a box, chip
counts) through ``answer_from_form``.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from flask import request
from werkzeug.datastructures import MultiDict

from trainer.drills import Question
from trainer.drills.answers import NotAnAnswer, parse_net
from trainer.engine.errors import MoneyError
from trainer.engine.money import format_money, parse_money
from trainer.web.forms import AMOUNT_MAX_LENGTH, AnswerForm
from trainer.web.questions.drill_views import (
    Answer,
    NotAnAnswerError,
    QuestionView,
    Refusal,
    VerdictView,
)
from trainer.web.questions.question_view import verdict_of

MAX_CHIPS = 999


def posted(form: MultiDict[str, str], name: str) -> str:
    """A posted field's value, stripped ("" when absent: ``MultiDict.get`` raises and catches
    an HTTP exception for every missing name)."""
    return form[name].strip() if name in form else ""


def _read_chips(
    form: MultiDict[str, str], denominations: tuple[Decimal, ...]
) -> tuple[dict[Decimal, int], str | None]:
    chips: dict[Decimal, int] = {}
    for denomination in denominations:
        raw = posted(form, f"chip-{format_money(denomination)}")
        if not raw:
            continue
        if not (raw.isascii() and raw.isdigit()) or len(raw) > 6 or int(raw) > MAX_CHIPS:
            return {}, f"{raw[:20]!r} is not a number of chips (0 to {MAX_CHIPS})."
        if int(raw):
            chips[denomination] = int(raw)
    return chips, None


def _differs(amount: str, total: Decimal) -> bool:
    """Whether a typed amount that reads as money is not the chips' total (one that does not
    read is refused by the check itself, with its own message)."""
    try:
        return parse_money(amount) != total
    except MoneyError:
        return False


def _no_net(labels: tuple[str, ...], nets: tuple[str, ...]) -> Refusal:
    """The refusal of boxes left without a net, and at the same time of those whose net
    does not read, each named (``Box 3: no net``), in box order: the form focuses the
    first and marks every one."""
    refused = [(box, label, net) for box, (label, net) in enumerate(zip(labels, nets,
                                                                        strict=True), 1)
               if not net or not _reads_as_net(net)]
    named = [f"{label if i == 0 else label.lower()}: "
             + (f"{_cut(net)} is not an amount" if net else "no net")
             for i, (_box, label, net) in enumerate(refused)]
    listed = named[0] if len(named) == 1 else ", ".join(named[:-1]) + " and " + named[-1]
    return Refusal(f"{listed} (give a net for every box, 0 for a push).",
                   tuple(box for box, _label, _net in refused))


def _cut(typed: str) -> str:
    """A typed value as a message quotes it: its first 20 characters, and "…" if more."""
    return repr(typed) if len(typed) <= 20 else repr(typed[:20]) + "…"


def _reads_as_net(net: str) -> bool:
    try:
        parse_net(net)
    except NotAnAnswer:
        return False
    return True


def answer_from_form(choice: str, amount: str,
                     view: QuestionView) -> tuple[Answer | None, Refusal | None]:
    """The answer as submitted (``choice`` and ``amount`` stripped, the rest read from the
    request's form), or why it is refused (said beside the field)."""
    if view.kind == "multi":
        picked = tuple(request.form.getlist("pick"))
        if not picked and request.form.get("multi") != "1":  # not the form's own "none"
            return None, Refusal("Tick every answer that applies (or none) and press Answer.")
        offered = {c.value for c in view.choices}
        if any(p not in offered for p in picked):
            return None, Refusal("Tick only the answers offered.")
        return Answer(items=picked), None
    if view.kind == "nets":
        nets = tuple(posted(request.form, f"net-{i}") for i in range(len(view.net_boxes)))
        if not any(nets):
            return None, Refusal("Give a net for every box (0 for a push).")
        if not all(nets):
            return None, _no_net(view.net_boxes, nets)
        if any(len(net) > AMOUNT_MAX_LENGTH for net in nets):
            return None, Refusal(f"A net has at most {AMOUNT_MAX_LENGTH} characters.")
        return Answer(items=nets), None
    if choice:
        if view.choices and choice not in {c.value for c in view.choices}:
            return None, Refusal(f"{choice!r} is not one of the answers offered.")
        return Answer(text=choice), None
    chips, error = _read_chips(request.form, view.chips)
    if error:
        return None, Refusal(error)
    if view.kind == "chips":
        if not chips:
            return None, Refusal("Put some chips down: give a count for at least one chip.")
        return Answer(chips=chips), None
    total = sum((d * n for d, n in chips.items()), Decimal(0))
    if amount:
        if chips and view.kind == "money" and _differs(amount, total):
            return None, Refusal(f"The amount typed ({amount[:20]}) and the chips"
                                 f" ({format_money(total)}) differ: clear one of them, or"
                                 " make them agree.")
        return Answer(text=amount), None
    if chips and view.kind == "money":
        return Answer(text=format_money(total)), None
    if view.kind == "choice":
        return None, Refusal("Choose one of the answers.")
    if view.kind == "money":
        return None, Refusal("Type an amount" + (" or build it from chips." if view.chips else "."))
    return None, Refusal("Type your answer.")


@dataclass(frozen=True, slots=True)
class Checked:
    """A posted answer the engine has checked, and the answer as it is recorded (the
    verdict's normalised form, else as typed or picked)."""

    verdict: VerdictView
    answer: str


def check_posted(dealt: Question, view: QuestionView, form: AnswerForm) -> Checked | Refusal:
    """The posted answer to ``dealt`` (drill or exam alike) checked by the drills, or why it
    is refused (said beside the field)."""
    given, error = answer_from_form(form.choice.data or "", form.amount.data or "", view)
    if given is None:
        return error or Refusal("Answer the question.")
    try:
        verdict = verdict_of(dealt, given)
    except NotAnAnswerError as exc:
        return exc.refusal
    return Checked(verdict, verdict.given or given.describe())
