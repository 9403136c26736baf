"""Drills: questions a trainee dealer answers, generated from the engine and checked by it.

The web app and the CLI use only what this module exports.

Generating and checking::

    from trainer.drills import generate, check, NotAnAnswer
    question = generate("europoker", "blackjack-payout", seed=42, difficulty="medium")
    question.public()          # JSON-able, safe to send to the browser: NO answer in it
    stored = question.to_dict()  # JSON-able, answer included: store it (e.g. SQLite)
    question = Question.from_dict(stored)  # ...and replay it later
    try:
        verdict = check(question, "52,50")  # text as typed, or a list / mapping (see below)
    except NotAnAnswer as exc:
        ...  # "abc", "-5", "1.234": tell the trainee str(exc); not a wrong answer
    verdict.correct, verdict.expected_text, verdict.explanation  # names the house and rule

* ``generate(house, family, seed, difficulty=None) -> Question`` — ``house``
  is a ``HouseRules`` or a shipped house name; ``family`` a ``Family`` or its
  name; ``seed`` a whole number, 0 or more; the same arguments always give
  the same question (only ``random.Random(seed)`` is used). Raises
  ``DrillError`` (unknown family or difficulty, family not for this house, a
  negative seed: ``random.Random(-7)`` deals as ``random.Random(7)``) or
  ``ProfileError`` (unknown house),
  both ``EngineError``/``ValueError``.
* ``check(question, answer) -> Verdict`` — ``answer`` by ``question.answer_kind``:
  ``action`` one of ``choices`` (a unique prefix works); ``actions`` several
  of ``choices`` ("stand, split" or a list; "none"); ``yes-no``; ``money``
  an amount (52.50, 52,50, 52.5, $52.50) or a chip mapping (its sum
  counts); ``net`` a signed amount (-10, +15, 0); ``nets`` one signed
  amount per box ("0; -10; 15" or a list);
  ``chips`` counts per denomination of ``question.chips`` ("2x25 1x2.50" or
  ``{"25": 2, "2.50": 1}``), right when they add up to the payout (and, when
  ``question.fewest_chips``, use the fewest chips); ``total`` "soft 17",
  "hard 14", "bust" (a bare number reads as hard). Unreadable answers raise
  ``NotAnAnswer``.
* ``Question`` fields: ``house, family, seed, difficulty, prompt,
  answer_kind, choices, table, par_seconds, expected, expected_text,
  explanation, chips, fewest_chips, hint``; ``expected`` is the answer as data
  (``trainer.drills.expected``: a ``Decimal``, ``Nets``, a ``HandTotal``, a ``bool``, an
  enum or a set of ``Action``), ``answer_text`` it as a trainee types it; ``key`` is
  ``house/family/difficulty/seed``. ``table`` is a ``Table`` (``dealer``
  cards in dealing order, ``hands``: the engine's ``PlayerHand``s
  (``trainer.engine.player_hand``) with bet, cards, box and flags, ``ask``: the
  exact question within the family, ``action``: the action asked about).
  ``public()`` drops ``expected``, ``expected_text`` and ``explanation``;
  ``to_dict()``/``from_dict()`` round-trip everything.
* ``Verdict``: ``correct, expected, expected_text, given, explanation, detail`` and
  ``to_dict()``.
* Families: ``load_families()``, ``find_family(name)``, ``family_names()``,
  ``families_for(house_rules)``; a ``Family`` has ``name, title,
  description, houses, answer, par_seconds, levels`` (difficulty name ->
  ``Level``), ``applies_to(rules)`` and ``to_dict()``. The data lives in
  ``scenarios/*.toml`` (see ``trainer.drills.families`` for where it is found).
"""

from __future__ import annotations

from trainer.drills.answers import AnswerKind, NotAnAnswer
from trainer.drills.chips import chip_set
from trainer.drills.families import (
    DrillError,
    Family,
    Level,
    families_for,
    family_names,
    find_family,
    load_families,
)
from trainer.drills.generate import check, generate
from trainer.drills.question import DEAL_VERSION, Question, Verdict
from trainer.drills.table import Table, doubled_to, hand_names
from trainer.engine.player_hand import PlayerHand

__all__ = [
    "DEAL_VERSION",
    "AnswerKind",
    "DrillError",
    "Family",
    "Level",
    "NotAnAnswer",
    "PlayerHand",
    "Question",
    "Table",
    "Verdict",
    "check",
    "chip_set",
    "doubled_to",
    "families_for",
    "family_names",
    "find_family",
    "generate",
    "hand_names",
    "load_families",
]
