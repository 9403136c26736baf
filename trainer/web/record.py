"""The record's questions and verdicts as the drills give them again.

The database keeps what regenerates a question (house, family, difficulty, seed) and
the trainee's answer; the question's body comes back from the drills, and so does the
verdict's explanation, by checking the recorded answer again.  A question dealt
before migration m016 keeps the body and explanation it was shown with.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Protocol

from trainer.db.drilling import AttemptRow
from trainer.db.exams import NO_ANSWER, ExamAnswer
from trainer.web.drill_source import backend
from trainer.web.drillkit import Answer, NotAnAnswerError


class Dealt(Protocol):
    """What regenerates a question."""

    @property
    def house(self) -> str: ...

    @property
    def family(self) -> str: ...

    @property
    def seed(self) -> int: ...

    @property
    def difficulty(self) -> str: ...


def question_json(dealt: Dealt, kept: str | None = None) -> str:
    """The question's body: ``kept`` (a stored snapshot), else regenerated from its seed."""
    return kept or backend().generate(dealt.house, dealt.family, dealt.seed, dealt.difficulty)


def explanation(question: str, answer: str) -> str:
    """Why the recorded ``answer`` to ``question`` is right or wrong (the check, again); ''
    for an answer the check cannot read (none recorded by the app is such)."""
    try:
        return backend().check(question, Answer(text=answer)).explanation
    except NotAnAnswerError:
        return ""


def replayable(attempt: AttemptRow) -> AttemptRow:
    """A drill attempt with its question's body and its verdict's explanation."""
    if attempt.question and attempt.explanation:
        return attempt
    question = question_json(attempt, attempt.question)
    return replace(attempt, question=question,
                   explanation=attempt.explanation or explanation(question, attempt.answer))


def replayable_exam(answer: ExamAnswer, time_limit_s: int) -> ExamAnswer:
    """An exam question with its body and, once answered, its verdict's explanation (a
    question whose time ran out says so)."""
    question = question_json(answer, answer.question)
    why = answer.explanation
    if answer.answer is not None and not why:
        why = (timed_out_explanation(time_limit_s) if answer.answer == NO_ANSWER
               else explanation(question, answer.answer))
    return replace(answer, question=question, explanation=why)


def timed_out_explanation(time_limit_s: int) -> str:
    """Why an exam question left past its time counts as wrong."""
    return f"Time ran out: the limit is {time_limit_s} s."
