"""Reading a trainee's answer from the posted form: a choice, ticks, nets, an amount or chips.

Drill pages and exam pages read answers the same way, through ``answer_from_form``.  A
drill answer's four plain fields are read by :class:`PostedAnswer` rather than a WTForms
form: binding and processing one cost about 90 µs of a 1 ms answer (measured in
BENCHMARKS.md), the app-wide ``CSRFProtect`` has already checked the POST, and the page
writes its inputs by hand.  The length limits are the form's were; a ``waited_ms`` that
is not a plain number of at most 9 digits counts as no wait, as before, rather than
re-asking the question over a hidden field.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from flask import request
from werkzeug.datastructures import MultiDict

from trainer.drills.answers import NotAnAnswer, parse_net
from trainer.engine.errors import MoneyError
from trainer.engine.money import format_money, parse_money
from trainer.web.drillkit import Answer, QuestionView
from trainer.web.forms import AMOUNT_MAX_LENGTH, CHOICE_MAX_LENGTH, TOKEN_MAX_LENGTH

MAX_CHIPS = 999


def posted(form: MultiDict[str, str], name: str) -> str:
    """A posted field's value, stripped ("" when absent: ``MultiDict.get`` raises and catches
    an HTTP exception for every missing name)."""
    return form[name].strip() if name in form else ""


@dataclass(frozen=True, slots=True)
class PostedAnswer:
    """A drill answer's fields as posted, stripped: the question's ``token``, a button's
    ``choice`` or a typed ``amount``, and ``waited_ms`` (set by trainer.js on a question sent
    ahead with the previous feedback).  Ticks, nets and chips are read with the question's view.
    """

    token: str
    choice: str
    amount: str
    waited_ms: str

    @classmethod
    def read(cls, form: MultiDict[str, str]) -> PostedAnswer:
        return cls(*(posted(form, name) for name in ("token", "choice", "amount", "waited_ms")))

    @property
    def question_token(self) -> str:
        """The token, or "" when it is longer than any issued token."""
        return self.token if len(self.token) <= TOKEN_MAX_LENGTH else ""

    def error(self) -> str | None:
        """What is wrong with the fields themselves (too long), before the answer is read."""
        if len(self.choice) > CHOICE_MAX_LENGTH:
            return f"An answer button's value has at most {CHOICE_MAX_LENGTH} characters."
        if len(self.amount) > AMOUNT_MAX_LENGTH:
            return f"An amount has at most {AMOUNT_MAX_LENGTH} characters."
        return None

    @property
    def waited(self) -> int:
        """How long the question stayed hidden behind the previous feedback, in ms (0 unless
        a plain number of at most 9 digits)."""
        raw = self.waited_ms
        return int(raw) if raw.isascii() and raw.isdigit() and len(raw) <= 9 else 0


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


def _no_net(labels: tuple[str, ...], nets: tuple[str, ...]) -> str:
    """The message for boxes left without a net, and at the same time for those whose net
    does not read, each named as the form marks refused boxes (``Box 3: no net``), in box
    order: the first is focused, every one marked."""
    refused = [(label, net) for label, net in zip(labels, nets, strict=True)
               if not net or not _reads_as_net(net)]
    named = [f"{label if i == 0 else label.lower()}: "
             + (f"{_cut(net)} is not an amount" if net else "no net")
             for i, (label, net) in enumerate(refused)]
    listed = named[0] if len(named) == 1 else ", ".join(named[:-1]) + " and " + named[-1]
    return f"{listed} (give a net for every box, 0 for a push)."


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
                     view: QuestionView) -> tuple[Answer | None, str | None]:
    """The answer as submitted (``choice`` and ``amount`` stripped, the rest read from the
    request's form), or the message to show beside the field."""
    if view.kind == "multi":
        picked = tuple(request.form.getlist("pick"))
        if not picked and request.form.get("multi") != "1":  # not the form's own "none"
            return None, "Tick every answer that applies (or none) and press Answer."
        offered = {c.value for c in view.choices}
        if any(p not in offered for p in picked):
            return None, "Tick only the answers offered."
        return Answer(items=picked), None
    if view.kind == "nets":
        nets = tuple(posted(request.form, f"net-{i}") for i in range(len(view.net_boxes)))
        if not any(nets):
            return None, "Give a net for every box (0 for a push)."
        if not all(nets):
            return None, _no_net(view.net_boxes, nets)
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
    total = sum((d * n for d, n in chips.items()), Decimal(0))
    if amount:
        if chips and view.kind == "money" and _differs(amount, total):
            return None, (f"The amount typed ({amount[:20]}) and the chips ({format_money(total)})"
                          " differ: clear one of them, or make them agree.")
        return Answer(text=amount), None
    if chips and view.kind == "money":
        return Answer(text=format_money(total)), None
    if view.kind == "choice":
        return None, "Choose one of the answers."
    if view.kind == "money":
        return None, "Type an amount" + (" or build it from chips." if view.chips else ".")
    return None, "Type your answer."
