"""The app's Jinja filters and globals: money, seconds and a time against its par, answers
and rules in words, a bet's chips, and a card as a screen reader says it."""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

from flask import Flask
from jinja2 import StrictUndefined, make_logging_undefined
from markupsafe import Markup, escape

from trainer.drills.chips import DEFAULT_CHIPS
from trainer.engine.money import format_money
from trainer.web.questions.drill_views import CardView, VerdictView, choice_label
from trainer.web.questions.houses_view import with_house_titles
from trainer.web.questions.session_plan import new_token

MAX_STACK = 12


def money(amount: Decimal | str | int | None) -> str:
    """``52.50``, ``15``; nothing for no amount."""
    if amount is None:
        return ""
    return format_money(Decimal(amount))


_CHOICE_VALUES = re.compile(r"[a-z]+(?:-[a-z]+)*(?:,[a-z]+(?:-[a-z]+)*)*")


NO_TICK = "None (the hand stands)"
"""``none``, a question of ticks answered with none ticked, as its prompt words it."""


def answer_words(recorded: str) -> str:
    """A recorded answer as a trainee reads it: choices by their labels (``even-money`` is
    "Even money", ``split,stand`` "Split, Stand"); amounts, totals and nets as recorded."""
    if recorded == "none":
        return NO_TICK
    if not _CHOICE_VALUES.fullmatch(recorded):
        return recorded
    return ", ".join(choice_label(value) for value in recorded.split(","))


def rule_html(verdict: VerdictView) -> Markup:
    """The rule an answer was checked by, houses named by their titles, and what was partly
    right or wrong; a table's settlement explains each box, one line a box."""
    lines = [with_house_titles(line) for line in verdict.lines]
    detail = f"({verdict.detail})" if verdict.detail else ""
    if len(lines) == 1:  # (escape and join: Markup.format runs Python's string.Formatter)
        said = f"{lines[0]} {detail}" if detail else lines[0]
        return Markup(f'<p class="rule">{escape(said)}</p>')
    items = "".join(f"<li>{escape(line)}</li>" for line in [*lines, detail] if line)
    return Markup(f'<ul class="rule">{items}</ul>')


def seconds(ms: int | None, decimals: int = 1) -> str:
    """Milliseconds as seconds, rounded half up: ``2450`` → ``2.5 s`` (``decimals`` 1-3)."""
    if ms is None:
        return "–"
    step = 10 ** (3 - decimals)
    whole, fraction = divmod((ms + step // 2) // step, 10**decimals)
    return f"{whole}.{fraction:0{decimals}d} s"


def seconds_apart(elapsed_ms: int, par_ms: int) -> tuple[str, str]:
    """A time and its par in seconds, with as few decimals (1 to 3) as tell two different
    times apart: ``(5049, 5000)`` → ``("5.05 s", "5.00 s")``, never "5.0 s over 5.0 s"."""
    for decimals in (1, 2):
        texts = seconds(elapsed_ms, decimals), seconds(par_ms, decimals)
        if texts[0] != texts[1] or elapsed_ms == par_ms:
            return texts
    return seconds(elapsed_ms, 3), seconds(par_ms, 3)


@dataclass(frozen=True, slots=True)
class ParReading:
    """A time against its par as the pages say it: both shown by ``seconds_apart``."""

    shown: str
    par: str
    within: bool

    @property
    def css(self) -> str:
        return "under-par" if self.within else "over-par"

    @property
    def words(self) -> str:
        """``within the par of 5.0 s`` or ``over the par of 5.00 s``: not by colour alone."""
        return f"{'within' if self.within else 'over'} the par of {self.par}"


def par_reading(elapsed_ms: int, par_ms: int) -> ParReading:
    """``elapsed_ms`` against ``par_ms``, for the pages' ``_par.html`` macros."""
    return ParReading(*seconds_apart(elapsed_ms, par_ms), within=elapsed_ms <= par_ms)


def chip_stack(amount: Decimal | None, denominations: tuple[Decimal, ...] = ()) -> list[Decimal]:
    """The fewest chips (greedy, largest first) making ``amount``, at most ``MAX_STACK`` shown."""
    if amount is None or amount <= 0:
        return []
    chips = sorted(denominations or DEFAULT_CHIPS, reverse=True)
    stack: list[Decimal] = []
    left = Decimal(amount)
    for chip in chips:
        while left >= chip and len(stack) < MAX_STACK:
            stack.append(chip)
            left -= chip
    return stack


def chip_class(denomination: Decimal) -> str:
    """A CSS class colouring a chip by its value."""
    return "chip-" + format_money(Decimal(denomination)).replace(".", "_")


RANK_NAMES = {"A": "ace", "K": "king", "Q": "queen", "J": "jack"}
SUIT_NAMES = {"♠": "spades", "♥": "hearts", "♦": "diamonds", "♣": "clubs"}


def spoken_card(card: CardView) -> str:
    """A card as a screen reader should say it: ``10♣`` is "10 of clubs", ``A♠`` "ace of
    spades" (the symbols alone are read as "black club suit" and the like)."""
    return f"{RANK_NAMES.get(card.rank, card.rank)} of {SUIT_NAMES.get(card.suit, card.suit)}"


def init_app(app: Flask) -> None:
    # A name a page is not given is an error under test (``TESTING``, or ``STRICT_TEMPLATES``
    # for a served test app), so a misspelt one fails a test instead of rendering blank;
    # served, it is logged and rendered empty, as Jinja does by default.
    strict = app.testing or bool(app.config.get("STRICT_TEMPLATES"))
    app.jinja_env.undefined = StrictUndefined if strict else make_logging_undefined(app.logger)
    app.jinja_env.globals["new_start_token"] = new_token  # one per Start button shown
    app.jinja_env.filters["money"] = money
    app.jinja_env.filters["answer_words"] = answer_words
    app.jinja_env.filters["secs"] = seconds
    app.jinja_env.globals["par_reading"] = par_reading
    app.jinja_env.filters["rule_html"] = rule_html
    app.jinja_env.filters["chip_class"] = chip_class
    app.jinja_env.filters["chip_stack"] = chip_stack
    app.jinja_env.filters["spoken_card"] = spoken_card
