"""The question a drill asks, the verdict on an answer, and their JSON forms.

A ``Question`` carries its expected answer and explanation (computed by the
engine when it was generated) so it can be stored and checked later without
the engine re-deriving anything; ``public()`` is the view safe to send to a
browser before the trainee answers: it has no expected answer and no
explanation.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from trainer.drills.answers import AnswerKind
from trainer.drills.expected import Expected, answer_text, read_expected
from trainer.drills.families import DrillError
from trainer.drills.table import Table

FORMAT_VERSION = 3
"""Bumped when the stored form of a question changes incompatibly (2: a chips
question's ``expected`` is its fewest chips, ``2x25 1x2.50``, not the amount; 3: the
explanation and the prompt are kept as lines, ``explanation_lines`` and ``prompt_lines``,
one a box for a table)."""
DEAL_VERSION = 2
"""Bumped with every change to what a seed deals (a generator, a scenario file, a house
profile): the answer record stores each question by its seed and this version, and a
question stored under another version is not dealt again as if it were the same one
(``tests/drills/test_deal_version.py`` fails until it is bumped)."""
LINES_BEFORE_3 = " | "
"""How a question stored before format 3 joined its explanation's lines."""


@dataclass(frozen=True, slots=True)
class Question:
    """One drill question, reproducible from (house, family, seed, difficulty).

    ``expected`` is the correct answer as data (``trainer.drills.expected``: an amount, the
    nets, a total, an action...); ``answer_text`` is it as a trainee would type it, and
    ``expected_text`` as a verdict shows it; ``chips`` lists the table's chip
    denominations when the answer is given in chips.
    """

    house: str
    family: str
    seed: int
    difficulty: str
    prompt_lines: tuple[str, ...]
    """What it asks: one line, or a table's lines (the dealer's, one a box, the ask)."""
    answer_kind: AnswerKind
    choices: tuple[str, ...]
    table: Table
    par_seconds: int
    expected: Expected
    expected_text: str
    explanation_lines: tuple[str, ...]
    """The rule the answer rests on: a sentence, or one line a box for a table."""
    rules: tuple[str, ...] = ()
    """The house rules the answer rests on, by their profile keys (``soft_17``)."""
    chips: tuple[Decimal, ...] = ()
    fewest_chips: bool = False
    version: int = FORMAT_VERSION
    hint: str = field(default="")

    @property
    def prompt(self) -> str:
        """What it asks, as one text (a table's lines joined by new lines)."""
        return "\n".join(self.prompt_lines)

    @property
    def explanation(self) -> str:
        """The explanation as one text, its lines joined by `` | `` (for the command line)."""
        return " | ".join(self.explanation_lines)

    @property
    def answer_text(self) -> str:
        """The expected answer as a trainee would type it (what ``check`` reads)."""
        return answer_text(self.answer_kind, self.expected, self.chips)

    @property
    def key(self) -> str:
        """A stable id: ``house/family/difficulty/seed``."""
        return f"{self.house}/{self.family}/{self.difficulty}/{self.seed}"

    def public(self) -> dict[str, Any]:
        """Everything the trainee may see before answering: no answer, no explanation."""
        return {
            "version": self.version,
            "key": self.key,
            "house": self.house,
            "family": self.family,
            "seed": self.seed,
            "difficulty": self.difficulty,
            "prompt": self.prompt,
            "prompt_lines": list(self.prompt_lines),
            "answer_kind": self.answer_kind.value,
            "choices": list(self.choices),
            "chips": [str(c) for c in self.chips],
            "fewest_chips": self.fewest_chips,
            "par_seconds": self.par_seconds,
            "hint": self.hint,
            "table": self.table.to_dict(),
        }

    def to_dict(self) -> dict[str, Any]:
        """The full question, answer included, as JSON-able data (for storage)."""
        return self.public() | {
            "expected": self.answer_text,
            "expected_text": self.expected_text,
            "explanation": self.explanation,
            "explanation_lines": list(self.explanation_lines),
            "rules": list(self.rules),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Question:
        """Rebuild a stored question from ``to_dict`` output (of this version or an older one;
        a newer one is refused, as this code would misread its answer)."""
        version = int(data.get("version", FORMAT_VERSION))
        if version > FORMAT_VERSION:
            raise DrillError(f"a stored question of format {version} is newer than this "
                             f"trainer reads ({FORMAT_VERSION}): upgrade the trainer")
        chips = tuple(Decimal(c) for c in data.get("chips", []))
        kind = AnswerKind(data["answer_kind"])
        choices = tuple(str(c) for c in data.get("choices", []))
        shown = str(data["expected_text"])
        if version < 2 and kind is AnswerKind.CHIPS:  # its amount, not its chips
            expected: Expected = Decimal(str(data["expected"]))
        else:
            expected = read_expected(kind, str(data["expected"]), choices, shown)
        return cls(
            house=str(data["house"]),
            family=str(data["family"]),
            seed=int(data["seed"]),
            difficulty=str(data["difficulty"]),
            prompt_lines=tuple(str(line) for line in data["prompt_lines"])
            if version >= 3 else tuple(str(data["prompt"]).split("\n")),
            answer_kind=kind,
            choices=choices,
            table=Table.from_dict(data["table"]),
            par_seconds=int(data["par_seconds"]),
            expected=expected,
            expected_text=shown,
            explanation_lines=tuple(str(line) for line in data["explanation_lines"])
            if version >= 3 else tuple(str(data["explanation"]).split(LINES_BEFORE_3)),
            rules=tuple(str(key) for key in data.get("rules", [])),
            chips=chips,
            fewest_chips=bool(data.get("fewest_chips", False)),
            version=FORMAT_VERSION,
            hint=str(data.get("hint", "")),
        )


@dataclass(frozen=True, slots=True)
class Mispaid:
    """What a payout answered wrongly would move at the table: paid ``over`` what was due
    (the house's loss) and ``under`` it (the guest's), box by box for a table."""

    over: Decimal
    under: Decimal

    @property
    def cents(self) -> tuple[int, int]:
        """Over and under, in whole cents."""
        return int(self.over * 100), int(self.under * 100)


@dataclass(frozen=True, slots=True)
class Verdict:
    """The check of one answer: right or wrong, the expected answer and the rule behind it.

    ``expected`` is the question's expected answer as data, ``expected_text`` as shown;
    ``given`` is the trainee's answer as it was read (normalised, e.g.
    ``"52.50"`` for ``"$52,5"``); ``detail`` adds a note when the answer is
    partly right (e.g. right amount in chips, but not the fewest chips).
    """

    correct: bool
    expected: Expected
    expected_text: str
    given: str
    explanation: str
    detail: str = ""
    lines: tuple[str, ...] = ()
    """The explanation's lines (one a box for a table)."""
    given_nets: tuple[Decimal, ...] = ()
    """A table's nets as given, box by box (empty for any other question)."""
    expected_nets: tuple[Decimal, ...] = ()
    """A table's nets as expected, box by box."""
    mispaid: Mispaid | None = None
    """For a question that asks what is paid (or a table's nets), what the answer would
    have paid wrongly (nothing when right); None for any other question."""

    def to_dict(self) -> dict[str, Any]:
        """JSON-able form."""
        return {
            "correct": self.correct,
            "expected": self.expected_text,
            "given": self.given,
            "explanation": self.explanation,
            "detail": self.detail,
        }
