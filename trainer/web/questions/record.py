"""The record's questions and verdicts as the drills give them again.

The database keeps what regenerates a question (house, family, difficulty, seed) and
the trainee's answer; the question comes back from the drills, and so does the verdict,
by checking the recorded answer again.  A question dealt before migration m016 keeps the
question and the explanation it was shown with.
"""

from __future__ import annotations

from dataclasses import replace

from trainer.db.drilling import AttemptRow
from trainer.db.exams import NO_ANSWER, ExamAnswer
from trainer.drills import Question
from trainer.web.questions.drill_source import NotDealtAgain, question_of
from trainer.web.questions.drill_views import Answer, NotAnAnswerError, VerdictView
from trainer.web.questions.question_view import verdict_of


def judged(question: Question, answer: str, expected: str,
           kept_lines: tuple[str, ...] | None = None) -> VerdictView:
    """The verdict on a recorded ``answer`` to ``question``, checked again; its explanation
    as kept (``kept_lines``), for a question dealt before m016.  An answer the check cannot
    read (none the app records is such) keeps its words and has no rule to show."""
    try:
        verdict = verdict_of(question, Answer(text=answer))
    except NotAnAnswerError:
        verdict = VerdictView(False, expected, (), answer)
    return verdict if kept_lines is None else replace(verdict, lines=kept_lines, detail="")


def attempt_verdict(attempt: AttemptRow) -> VerdictView:
    """The verdict on a drill attempt's answer, checked again (as recorded, for a question
    this release can no longer deal)."""
    try:
        question = question_of(attempt, attempt.snapshot)
    except NotDealtAgain:
        return VerdictView(attempt.correct, attempt.expected, attempt.kept_lines or (),
                           attempt.answer)
    return judged(question, attempt.answer, attempt.expected, attempt.kept_lines)


def exam_verdict(answer: ExamAnswer, time_limit_s: int) -> VerdictView | None:
    """The verdict on an exam question's answer, checked again (None: not answered yet; a
    question whose time ran out says so)."""
    if answer.answer is None:
        return None
    if answer.answer == NO_ANSWER:
        lines = answer.kept_lines or (f"Time ran out: the limit is {time_limit_s} s.",)
        return VerdictView(False, answer.expected, lines, NO_ANSWER)
    try:
        question = question_of(answer, answer.snapshot)
    except NotDealtAgain:
        return VerdictView(bool(answer.correct), answer.expected, answer.kept_lines or (),
                           answer.answer)
    verdict = judged(question, answer.answer, answer.expected, answer.kept_lines)
    # a late answer counts as wrong, whatever it says (its boxes show what it said)
    return replace(verdict, correct=False) if answer.timed_out else verdict
