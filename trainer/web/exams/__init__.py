"""Exams, the trainee's side, one blueprint: the exams assigned (``assigned``), sitting one
(``sitting``, its questions from ``plan``), its result and certificate (``review``);
walk-outs shown closed, and closed, as abandoned (``walkouts``).

Each view module declares its routes on ``bp`` beside its views; they are imported
below, once ``bp`` exists, so that importing the package registers every route.
"""

from __future__ import annotations

from flask import Blueprint

bp = Blueprint("exams", __name__, url_prefix="/exams")

from trainer.web.exams import assigned, sitting  # noqa: E402 - the views need bp

__all__ = ["assigned", "bp", "sitting"]
