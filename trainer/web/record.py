"""The record's questions and verdicts as the drills give them again.

The database keeps what regenerates a question (house, family, difficulty, seed) and
the trainee's answer; the question's body comes back from the drills, and so does the
verdict, by checking the recorded answer again.  A question dealt before migration
m016 keeps the body and the explanation it was shown with.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Protocol

from trainer.db.drilling import AttemptRow
from trainer.db.exams import NO_ANSWER, ExamAnswer
from trainer.web.drill_source import backend
from trainer.web.drillkit import Answer, NotAnAnswerError, VerdictView


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
    """The question's body: ``kept`` (a stored snapshot), else dealt again from its seed."""
    return kept or backend().generate(dealt.house, dealt.family, dealt.seed, dealt.difficulty)


def judged(question: str, answer: str, expected: str,
           kept_lines: tuple[str, ...] | None = None) -> VerdictView:
    """The verdict on a recorded ``answer`` to ``question``, checked again; its explanation
    as kept (``kept_lines``), for a question dealt before m016.  An answer the check cannot
    read (none the app records is such) keeps its words and has no rule to show."""
    try:
        verdict = backend().check(question, Answer(text=answer))
    except NotAnAnswerError:
        verdict = VerdictView(False, expected, (), answer)
    return verdict if kept_lines is None else replace(verdict, lines=kept_lines, detail="")


def attempt_verdict(attempt: AttemptRow) -> tuple[str, VerdictView]:
    """A drill attempt's question body and the verdict on its answer."""
    question = question_json(attempt, attempt.snapshot)
    return question, judged(question, attempt.answer, attempt.expected, attempt.kept_lines)


def exam_verdict(answer: ExamAnswer, time_limit_s: int) -> tuple[str, VerdictView | None]:
    """An exam question's body and, once answered, the verdict on its answer (a question
    whose time ran out says so)."""
    question = question_json(answer, answer.snapshot)
    if answer.answer is None:
        return question, None
    if answer.answer == NO_ANSWER:
        lines = answer.kept_lines or (f"Time ran out: the limit is {time_limit_s} s.",)
        return question, VerdictView(False, answer.expected, lines, NO_ANSWER)
    return question, judged(question, answer.answer, answer.expected, answer.kept_lines)
