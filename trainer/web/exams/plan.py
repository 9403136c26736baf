"""A sitting's question plan: which house, family, difficulty and seed each question is.

Every applicable (house, family) pair is used in turn, in an order shuffled by the
sitting's seed, so any sitting of an exam can be dealt again from its seed.
"""

from __future__ import annotations

import random

from trainer.db import exams as exams_db
from trainer.drills import Family
from trainer.web.questions.drill_views import exam_pairs


def plan(exam: exams_db.Exam, families: list[Family], seed: int, position: int
         ) -> tuple[str, str, str, int]:
    """The (house, family, difficulty, question seed) of question ``position`` of a sitting.

    Every applicable (house, family) pair is used in turn, in an order shuffled
    by the sitting's seed, so a sitting covers the exam evenly (and every pair,
    since an exam asks at least as many questions as it has pairs).
    """
    by_name = {f.name: f for f in families}
    pairs = exam_pairs(exam.houses, exam.families, families)
    if not pairs:
        raise ValueError(f"exam {exam.title!r} has no family drilled at its houses")
    random.Random(seed).shuffle(pairs)
    house, name = pairs[position % len(pairs)]
    family = by_name[name]
    difficulty = exam.difficulty if exam.difficulty in family.difficulties \
        else family.difficulties[0]
    return house, name, difficulty, (seed * 1009 + position) % (2**31)
