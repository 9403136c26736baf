"""A drill session's questions, dealt from its seed when it starts.

Position by position: which family and difficulty it drills (a mixed session
turns through the house's families) and the question there.  The same session
seed always deals the same questions, so any session can be dealt again.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from trainer.db.drilling import SessionRow
from trainer.db.questions import NewQuestion
from trainer.drills import DEAL_VERSION
from trainer.web.questions.drill_source import MIXED, deal, families_for


def new_token() -> str:
    """A new question's token: the answer form carries it back, naming the question."""
    return secrets.token_urlsafe(16)


def dealt(position: int, house: str, family: str, difficulty: str, seed: int) -> NewQuestion:
    """A question dealt now, with a new token, ready to store: what regenerates it and its
    expected answer (its body is the drills' to give again)."""
    question = deal(house, family, seed, difficulty)
    return NewQuestion(position, family, difficulty, seed, question.expected_text, new_token(),
                       DEAL_VERSION)


@dataclass(frozen=True, slots=True)
class SessionPlan:
    """What a session drills: a house, a family (or ``MIXED``), a difficulty and a seed."""

    house: str
    family: str
    difficulty: str
    seed: int

    @classmethod
    def of(cls, session: SessionRow) -> SessionPlan:
        """The plan a session was dealt from.  A retry of mistakes has none: its questions
        are copies, all stored when it starts, and its seed would deal other ones."""
        if session.retry_of is not None:
            raise ValueError(f"session {session.id} is a retry: it is not dealt from a seed")
        return cls(session.house, session.family, session.difficulty, session.seed)

    def questions(self, positions: range) -> list[NewQuestion]:
        """The questions at ``positions``, generated (not yet stored), each with a new token."""
        return [self._question(position) for position in positions]

    def _question(self, position: int) -> NewQuestion:
        family, difficulty = self._family_and_difficulty(position)
        seed = (self.seed * 1009 + position) % (2**31)
        return dealt(position, self.house, family, difficulty, seed)

    def _family_and_difficulty(self, position: int) -> tuple[str, str]:
        if self.family != MIXED:
            return self.family, self.difficulty
        families = sorted(families_for(self.house), key=lambda f: f.name)
        family = families[(self.seed + position) % len(families)]
        if self.difficulty in family.difficulties:
            return family.name, self.difficulty
        return family.name, family.difficulties[0]
