"""Questions a test deals with a body of its own (markers, a decoy, a stand-in's JSON)."""

from __future__ import annotations

from sqlite_utils import Database

from trainer.db.exams import ExamAnswer, Sitting, issue
from trainer.db.questions import NewQuestion, QuestionRow
from trainer.web.drillkit import DrillBackend, expected_of
from trainer.web.drills_backend import DrillsPackageBackend


def kept(position: int, family: str, difficulty: str, seed: int, body: str,
         token: str) -> NewQuestion:
    """A question stored with ``body`` as its snapshot, not regenerated from its seed."""
    return NewQuestion(position, family, difficulty, seed, expected_of(body), token, body)


def issue_kept(db: Database, sitting: Sitting, position: int, *, token: str, house: str,
               family: str, seed: int, difficulty: str, question_json: str,
               issued_ms: int) -> ExamAnswer | None:
    """Issue an exam question stored with ``question_json`` as its body."""
    new = kept(position, family, difficulty, seed, question_json, token)
    return issue(db, sitting, new, house, issued_ms)


def dealt_body(question: QuestionRow | ExamAnswer, backend: DrillBackend | None = None) -> str:
    """A dealt question's body: its snapshot, else dealt again by ``backend`` (default: the
    real drills), as the app deals it."""
    kept_body = question.snapshot
    dealer = backend or DrillsPackageBackend()
    return kept_body or dealer.generate(question.house, question.family, question.seed,
                                        question.difficulty)


ATTEMPTS = ("(SELECT a.*, q.session_id, q.position, q.house, q.family, q.expected,"
            " q.set_aside_ms FROM answers a JOIN questions q ON q.id = a.question_id"
            " WHERE q.session_id IS NOT NULL)")
"""The drill answers with their questions' columns, as a table to select from."""
