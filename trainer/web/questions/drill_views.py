"""What the pages show of a question and a verdict, as plain view objects.

The web never computes an answer: ``trainer.web.questions.question_view`` lays out the drills'
``Question`` as a ``QuestionView`` (never its answer) and turns their ``Verdict`` into a
``VerdictView``; the templates render these fields, and nothing parses them back.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import Decimal

from trainer.drills import Family
from trainer.engine.cards import Card


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why a posted answer is refused (nothing recorded), said beside its field; ``boxes``
    are the boxes (from 1) whose nets it refuses, the first leading the message."""

    message: str
    boxes: tuple[int, ...] = ()

    def __str__(self) -> str:
        return self.message


class NotAnAnswerError(ValueError):
    """An answer that cannot be read (``abc`` for an amount, ``1.234``): refused, not wrong;
    ``boxes`` as in :class:`Refusal`."""

    def __init__(self, message: str, boxes: tuple[int, ...] = ()) -> None:
        super().__init__(message)
        self.boxes = boxes

    @property
    def refusal(self) -> Refusal:
        return Refusal(str(self), self.boxes)


def all_difficulties(families: Iterable[Family]) -> list[str]:
    """Every difficulty the families offer, once each, in the order they first name them."""
    return list(dict.fromkeys(d for family in families for d in family.difficulties))


def exam_pairs(houses: Iterable[str], names: Iterable[str], families: Iterable[Family]
               ) -> list[tuple[str, str]]:
    """The (house, family) pairs an exam of these houses and families asks, sorted: each
    family at each chosen house that drills it."""
    by_name = {f.name: f for f in families}
    wanted = list(names)
    return sorted((house, name) for house in houses for name in wanted
                  if name in by_name and house in by_name[name].houses)


@dataclass(frozen=True, slots=True)
class CardView:
    """One card as drawn on the page."""

    code: str
    rank: str
    suit: str
    red: bool
    face_down: bool = False

    @classmethod
    def of(cls, card: Card | str) -> CardView:
        if isinstance(card, str):
            if card.strip() in ("", "?", "??", "XX", "xx"):
                return cls.hidden()
            card = Card.parse(card)
        rank = "10" if card.rank.value == "T" else card.rank.value
        return cls(str(card), rank, card.suit.symbol, card.suit.is_red)

    @classmethod
    def hidden(cls) -> CardView:
        return cls("??", "", "", False, face_down=True)


@dataclass(frozen=True, slots=True)
class BoxView:
    """One player box (or hand) with its cards and bet."""

    label: str
    cards: tuple[CardView, ...]
    bet: Decimal | None = None
    notes: tuple[str, ...] = ()
    asked: bool = False
    """The box the question is about, among others on the felt (drawn outlined)."""


@dataclass(frozen=True, slots=True)
class Choice:
    """An answer button; ``key`` is its keyboard shortcut."""

    value: str
    label: str
    key: str


@dataclass(frozen=True, slots=True)
class QuestionView:
    """Everything the page shows about a question, and nothing of its answer."""

    family: str
    prompt: str
    kind: str
    """``choice`` (one button), ``multi`` (check boxes), ``money`` (typed or built from
    chips), ``chips`` (chip counts), ``nets`` (one signed amount per box), ``text``."""
    choices: tuple[Choice, ...] = ()
    dealer: tuple[CardView, ...] = ()
    boxes: tuple[BoxView, ...] = ()
    chips: tuple[Decimal, ...] = ()
    facts: tuple[str, ...] = ()
    par_seconds: float = 5.0
    hint: str = ""
    placeholder: str = ""
    focus: int | None = None
    prompt_lines: tuple[str, ...] = ()
    """The prompt's lines (a table: the dealer's, one a box, the ask); empty: one line."""
    net_labels: tuple[str, ...] = ()
    """For ``nets``: one label per box answered (split hands of a box share one net);
    empty means one per entry of ``boxes``."""

    @property
    def net_boxes(self) -> tuple[str, ...]:
        """The labels of the amounts a ``nets`` answer gives, left to right."""
        return self.net_labels or tuple(box.label for box in self.boxes)

    @property
    def lead(self) -> str:
        """The prompt's first line (a settlement's dealer, with any rule about the draw)."""
        return self.prompt_lines[0] if self.prompt_lines else self.prompt

    @property
    def boxes_in_words(self) -> str:
        """A settlement's boxes told in words, each with its total: its prompt's lines between
        the dealer's (the first) and the ask (the last). They repeat the felt, so the page
        folds them; '' for any other prompt."""
        return "\n".join(self.prompt_lines[1:-1]) if self.kind == "nets" else ""

    @property
    def ask(self) -> str:
        """The prompt's last line: what the question asks."""
        return self.prompt_lines[-1] if self.prompt_lines else self.prompt

    @property
    def wide_table(self) -> bool:
        """Three boxes or more: the felt keeps the page's full width (no side-by-side)."""
        return len(self.boxes) >= 3


@dataclass(frozen=True, slots=True)
class Answer:
    """What the trainee submitted: a choice or typed text, chip counts, or several items."""

    text: str = ""
    chips: dict[Decimal, int] = field(default_factory=dict)
    items: tuple[str, ...] | None = None

    def describe(self) -> str:
        """The answer as typed or picked (the verdict's ``given`` is the normalised form)."""
        if self.items is not None:
            return "; ".join(self.items) or "none"
        if self.text:
            return self.text
        parts = [f"{count}x{denom}" for denom, count in sorted(self.chips.items()) if count]
        return "chips " + " ".join(parts) if parts else ""


@dataclass(frozen=True, slots=True)
class BoxNet:
    """One box of a table's settlement: the net given, the net expected, and whether they
    are the same amount."""

    number: int
    given: str
    expected: str
    right: bool


@dataclass(frozen=True, slots=True)
class CitedRule:
    """A house rule an answer rests on, as its profile states it: what it is about, its
    value, the source's words and, where the source is loose, the reading taken."""

    meaning: str
    value: str
    source: str
    reading: str | None = None


@dataclass(frozen=True, slots=True)
class VerdictView:
    """The checked answer: right or wrong, the expected answer and the rule behind it (its
    ``lines``: one a box for a table), what was partly right or wrong (``detail``), for
    a table its ``boxes`` one by one, and the house ``rules`` cited."""

    correct: bool
    expected: str
    lines: tuple[str, ...]
    given: str
    detail: str = ""
    boxes: tuple[BoxNet, ...] = ()
    rules: tuple[CitedRule, ...] = ()
    """The house rules the answer rests on, with their sources."""
    mispaid_cents: tuple[int, int] | None = None
    """For a payout asked, what the answer would have paid over and under what was due, in
    cents (recorded with it; None: no payout was asked)."""


CHOICE_LABELS = {
    "hit": "Hit", "stand": "Stand", "double": "Double", "split": "Split",
    "surrender": "Surrender", "insurance": "Insurance", "even-money": "Even money",
    "yes": "Yes", "no": "No", "nothing": "Nothing",
}


def choice_label(choice: str) -> str:
    """A choice's button label: ``even-money`` is "Even money"."""
    return CHOICE_LABELS.get(choice, choice.replace("-", " ").capitalize())


ACTION_KEYS = {
    "hit": "h",
    "stand": "s",
    "double": "d",
    "split": "p",
    "surrender": "r",
    "insurance": "i",
    "even-money": "e",
    "yes": "y",
    "no": "n",
    "nothing": "n",
}


def choices_with_keys(options: list[tuple[str, str]]) -> tuple[Choice, ...]:
    """Give each (value, label) a shortcut: H S D P R I E for actions, digits for the rest."""
    used: set[str] = set()
    keyed: list[tuple[str, str, str | None]] = []
    for value, label in options:
        key = ACTION_KEYS.get(value.lower())
        if key in used:
            key = None
        if key:
            used.add(key)
        keyed.append((value, label, key))
    digits = iter(d for d in "123456789" if d not in used)
    return tuple(Choice(value, label, key or next(digits, "")) for value, label, key in keyed)
