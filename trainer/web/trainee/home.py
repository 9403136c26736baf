"""The trainee's home page: their record, sessions to resume, a suggested drill, and the
form that starts a session."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from flask import current_app, render_template, request, url_for
from flask_login import current_user, login_required
from werkzeug.datastructures import MultiDict

from trainer.db import drilling
from trainer.db.scores import Score, family_scores
from trainer.drills import Family
from trainer.web.database import get_db
from trainer.web.forms import StartDrillForm
from trainer.web.htmx import redirect_to
from trainer.web.questions import drill_source
from trainer.web.questions.drill_source import (
    MIXED,
    families_by_name,
    families_for,
    session_family_titles,
)
from trainer.web.questions.drill_views import all_difficulties
from trainer.web.questions.houses_view import house_titles
from trainer.web.questions.session_plan import SessionPlan, new_token
from trainer.web.settings import mastery_thresholds
from trainer.web.trainee import bp, daily_challenge, learning_path, mistakes_practice
from trainer.web.trainee.progress import for_home

RESUMABLE_SHOWN = 5  # unfinished sessions offered on the home page, newest first
RECENT_SHOWN = 5  # finished sessions listed on the home page, newest first, with summaries


@dataclass(frozen=True, slots=True)
class Suggestion:
    house: str
    family: str
    difficulty: str
    reason: str


def house_for(family: Family, last_house: str | None) -> str:
    """Where a one-click drill of ``family`` is dealt: the house of the trainee's latest
    session, if it deals that drill, else the drill's first house."""
    return last_house if last_house in family.houses else family.houses[0]


def suggest(families: list[Family], scores: dict[str, Score],
            last_house: str | None) -> Suggestion | None:
    """The next drill: a family never tried, else the one with the lowest recent accuracy."""
    if not families:
        return None
    untried = [f for f in families if f.name not in scores and f.houses]
    if untried:
        family = untried[0]
        reason = "You have not drilled this yet."
    else:
        family = min(
            (f for f in families if f.houses),
            key=lambda f: (scores[f.name].correct / scores[f.name].answered,
                           -scores[f.name].answered),
        )
        weakest = scores[family.name]
        reason = (f"Your weakest drill: {weakest.correct} of {weakest.answered} right "
                  f"({weakest.percent}%) recently.")
    return Suggestion(house_for(family, last_house), family.name, family.difficulties[0], reason)


def _last_house() -> str | None:
    """The house of the trainee's latest session started, if any."""
    return drilling.last_house(get_db(), current_user.id)


def _start_form(formdata: MultiDict[str, str] | None = None,
                last_house: str | None = None) -> StartDrillForm:
    """The start form, as posted, or new: its house ``last_house``."""
    families = drill_source.families()
    form = StartDrillForm(formdata=formdata) if formdata is not None else StartDrillForm()
    form.house.choices = list(house_titles().items())
    # each drill names its houses: trainer.js offers only the chosen house's drills
    form.family.choices = [(MIXED, "Mixed: every drill for the house", {})] + [
        (f.name, f.title, {"data-houses": " ".join(f.houses)}) for f in families
    ]
    form.difficulty.choices = [(d, d) for d in all_difficulties(families)]
    if formdata is None:
        form.house.data = last_house
        form.length.data = current_app.config["DRILL_LENGTH"]
        form.start_token.data = new_token()
    return form


def _path_house(last_house: str | None) -> str:
    """The house whose path the home page shows: the one asked for (``?house=``), else the
    latest session's, else the first."""
    houses = learning_path.house_families()
    asked = request.args.get("house", "")
    if asked in houses:
        return asked
    return last_house if last_house in houses else next(iter(houses), "")


def _home(form: StartDrillForm, last_house: str | None, status: int = 200) -> Any:
    db = get_db()
    families = drill_source.families()
    scores = family_scores(db, current_user.id)
    path_house = _path_house(last_house)
    standing = learning_path.readiness([current_user.id], [path_house])[current_user.id].get(
        path_house)
    mistakes_due, mistakes_later = mistakes_practice.waiting()
    challenge = daily_challenge.standing(current_user.id)
    unfinished = drilling.unfinished_sessions(db, current_user.id, limit=RESUMABLE_SHOWN)
    return render_template(
        "trainee/home.html",
        form=form,
        families=families,
        family_titles=session_family_titles(),
        scores=scores,
        houses=house_titles(),
        unfinished=unfinished,
        older_unfinished=drilling.count_unfinished(db, current_user.id) - len(unfinished),
        finished=drilling.finished_sessions(db, current_user.id, limit=RECENT_SHOWN),
        suggestion=suggest(families, scores, last_house),
        drill_houses={f.name: house_for(f, last_house) for f in families if f.houses},
        length=current_app.config["DRILL_LENGTH"],
        path_house=path_house, standing=standing,
        mistakes_due=mistakes_due, mistakes_later=mistakes_later, challenge=challenge,
        steps=learning_path.path(standing, current_user.id) if standing else [],
        thresholds=mastery_thresholds(current_app.config),
        over_time=for_home(),
    ), status


@bp.get("/")
@login_required
def home() -> Any:
    last_house = _last_house()
    return _home(_start_form(last_house=last_house), last_house)


@bp.post("/drills")
@login_required
def start() -> Any:
    form = _start_form(request.form)
    if form.validate_on_submit():
        house, family_name = form.house.data or "", form.family.data or ""
        difficulty = form.difficulty.data or ""
        applicable = families_for(house)
        family = families_by_name().get(family_name)
        where = house_titles().get(house, house)
        if family_name != MIXED and (family is None or house not in family.houses):
            what = family.title if family is not None else family_name
            form.family.errors = [f"{what} is not drilled at {where}."]
        elif family_name == MIXED and not applicable:
            form.family.errors = [f"No drill applies to {where}."]
        elif family is not None and difficulty not in family.difficulties:
            form.difficulty.errors = [f"{family.title} has no difficulty {difficulty!r}."]
        elif (closed := learning_path.closed_reason(current_user.id, house, family_name)):
            form.family.errors = [closed]
        else:
            length = form.length.data or current_app.config["DRILL_LENGTH"]
            plan = SessionPlan(house, family_name, difficulty, secrets.randbelow(2**31))
            session = drilling.start_session(
                get_db(), current_user.id, house, family_name, difficulty, length, plan.seed,
                plan.questions(range(length)), form.start_token.data or None,
            )
            return redirect_to(url_for(".drill", session_id=session.id))
    return _home(form, _last_house(), 422)


@bp.get("/drills/unfinished")
@login_required
def unfinished() -> Any:
    """Every session the trainee started and has not finished, newest first (home offers the
    newest few), each to resume or end."""
    return render_template(
        "trainee/unfinished.html", sessions=drilling.unfinished_sessions(get_db(), current_user.id),
        houses=house_titles(), family_titles=session_family_titles())
