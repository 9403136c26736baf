"""Reading a trainee's answer from the posted form: a choice, ticks, nets, an amount or chips.

Drill pages and exam pages read answers the same way, through ``answer_from_form``.
"""

from __future__ import annotations

from decimal import Decimal

from flask import request
from werkzeug.datastructures import MultiDict

from trainer.engine.money import format_money
from trainer.web.drillkit import Answer, QuestionView
from trainer.web.forms import AMOUNT_MAX_LENGTH, AnswerFields

MAX_CHIPS = 999


def _read_chips(
    form: MultiDict[str, str], denominations: tuple[Decimal, ...]
) -> tuple[dict[Decimal, int], str | None]:
    chips: dict[Decimal, int] = {}
    for denomination in denominations:
        raw = form.get(f"chip-{format_money(denomination)}", "").strip()
        if not raw:
            continue
        if not (raw.isascii() and raw.isdigit()) or len(raw) > 6 or int(raw) > MAX_CHIPS:
            return {}, f"{raw[:20]!r} is not a number of chips (0 to {MAX_CHIPS})."
        if int(raw):
            chips[denomination] = int(raw)
    return chips, None


def answer_from_form(form: AnswerFields, view: QuestionView) -> tuple[Answer | None, str | None]:
    """The answer as submitted, or the message to show beside the field."""
    choice = (form.choice.data or "").strip()
    amount = (form.amount.data or "").strip()
    if view.kind == "multi":
        picked = tuple(request.form.getlist("pick"))
        offered = {c.value for c in view.choices}
        if any(p not in offered for p in picked):
            return None, "Tick only the answers offered."
        return Answer(items=picked), None
    if view.kind == "nets":
        nets = tuple(request.form.get(f"net-{i}", "").strip() for i in range(len(view.net_boxes)))
        if not all(nets):
            return None, "Give a net for every box (0 for a push)."
        if any(len(net) > AMOUNT_MAX_LENGTH for net in nets):
            return None, f"A net has at most {AMOUNT_MAX_LENGTH} characters."
        return Answer(items=nets), None
    if choice:
        if view.choices and choice not in {c.value for c in view.choices}:
            return None, f"{choice!r} is not one of the answers offered."
        return Answer(text=choice), None
    chips, error = _read_chips(request.form, view.chips)
    if error:
        return None, error
    if view.kind == "chips":
        if not chips:
            return None, "Put some chips down: give a count for at least one chip."
        return Answer(chips=chips), None
    if amount:
        return Answer(text=amount), None
    if chips and view.kind == "money":
        total = sum((d * n for d, n in chips.items()), Decimal(0))
        return Answer(text=format_money(total)), None
    if view.kind == "choice":
        return None, "Choose one of the answers."
    if view.kind == "money":
        return None, "Type an amount" + (" or build it from chips." if view.chips else ".")
    return None, "Type your answer."
