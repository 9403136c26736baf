"""Questions a test deals with a body of its own (markers, a decoy), and the bodies of the
questions the app dealt, as the drills' JSON."""

from __future__ import annotations

import json
from typing import Any

from sqlite_utils import Database

from trainer.db import drilling
from trainer.db.exams import ExamAnswer, Sitting, issue
from trainer.db.questions import NewQuestion, QuestionRow, question_at, show_question
from trainer.drills import Family, Question, generate
from trainer.web.questions import drill_source
from trainer.web.questions.drill_views import Answer, QuestionView, VerdictView
from trainer.web.questions.question_view import verdict_of, view_of


def expected_of(body: str) -> str:
    """The expected answer of a question's body, as the trainee is shown it."""
    data = json.loads(body)
    return str(data.get("expected_text") or data.get("expected") or "")


def kept(position: int, family: str, difficulty: str, seed: int, body: str,
         token: str) -> NewQuestion:
    """A question stored with ``body`` as its snapshot, not regenerated from its seed."""
    return NewQuestion(position, family, difficulty, seed, expected_of(body), token, 0, body)


def issue_kept(db: Database, sitting: Sitting, position: int, *, token: str, house: str,
               family: str, seed: int, difficulty: str, question_json: str,
               issued_ms: int) -> ExamAnswer | None:
    """Issue an exam question stored with ``question_json`` as its body."""
    new = kept(position, family, difficulty, seed, question_json, token)
    return issue(db, sitting, new, house, issued_ms)


def dealt_json(house: str, family: str, seed: int, difficulty: str) -> str:
    """The body of the question the drills deal for these, as the drills' JSON."""
    return json.dumps(generate(house, family, seed, difficulty).to_dict(), ensure_ascii=False)


def dealt_body(question: QuestionRow | ExamAnswer) -> str:
    """A dealt question's body: its snapshot, else dealt again as the app deals it."""
    return question.snapshot or dealt_json(question.house, question.family, question.seed,
                                           question.difficulty)


def dealt_data(question: QuestionRow | ExamAnswer) -> dict[str, Any]:
    """A dealt question's body as data."""
    return dict(json.loads(dealt_body(question)))


ATTEMPTS = ("(SELECT a.*, q.session_id, q.position, q.house, q.family, q.expected,"
            " q.set_aside_ms FROM answers a JOIN questions q ON q.id = a.question_id"
            " WHERE q.session_id IS NOT NULL)")
"""The drill answers with their questions' columns, as a table to select from."""


class Drills:
    """The drills as the tests deal them: questions as JSON bodies (a test may tamper with
    one, or store it as a snapshot), laid out and checked as the pages do."""

    def families(self) -> list[Family]:
        return drill_source.families()

    def generate(self, house: str, family: str, seed: int, difficulty: str) -> str:
        return dealt_json(house, family, seed, difficulty)

    def view(self, body: str) -> QuestionView:
        return view_of(Question.from_dict(json.loads(body)))

    def check(self, body: str, answer: Answer) -> VerdictView:
        return verdict_of(Question.from_dict(json.loads(body)), answer)


def answer_in_order(db: Database, session_id: int, marks: list[tuple[bool, int]], at: int,
                    gap_ms: int = 0) -> None:
    """Answer a session's stored questions in order through the recorder: each shown at
    ``at`` and answered (right?, ``ms`` later), the next shown ``gap_ms`` after that."""
    for position, (right, ms) in enumerate(marks):
        stored = question_at(db, session_id, position)
        assert stored is not None
        show_question(db, stored.id, at)
        shown = question_at(db, session_id, position)
        assert shown is not None
        drilling.record_attempt(db, shown, answer="a", correct=right, answered_ms=at + ms,
                                session_length=len(marks))
        at += ms + gap_ms
