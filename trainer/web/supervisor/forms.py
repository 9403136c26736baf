"""Forms of the supervisor console (Flask-WTF: CSRF on every POST; filters are GETs)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from flask_wtf import FlaskForm
from markupsafe import Markup
from wtforms import (
    DateField,
    SelectField,
    SelectMultipleField,
    StringField,
)
from wtforms.validators import (
    DataRequired,
    InputRequired,
    Length,
    NumberRange,
    Optional,
    StopValidation,
    ValidationError,
)
from wtforms.widgets import CheckboxInput, ListWidget

from trainer.drills import Family
from trainer.text_rules import free_text_problem, normal_username, short, username_problem
from trainer.web.forms import (
    FullNameForm,
    WholeNumberField,
    new_password_field,
    readable_number,
    repeat_password_field,
    stripped,
)
from trainer.web.questions.drill_views import all_difficulties, exam_pairs


class GroupCheckbox(CheckboxInput):
    """A check box of a group, never ``required`` by itself: a field's "choose at least one"
    is the whole group's rule, checked on the server (a browser would otherwise refuse the
    form until every box is ticked)."""

    def __call__(self, field: Any, **kwargs: Any) -> Markup:
        kwargs.setdefault("required", False)
        return Markup(super().__call__(field, **kwargs))


class CheckboxesField(SelectMultipleField):
    """Several choices as check boxes (usable without JavaScript)."""

    widget = ListWidget(prefix_label=False)
    option_widget = GroupCheckbox()

    def process_formdata(self, valuelist: list[Any]) -> None:
        """A choice sent twice (a hand-made POST) counts once."""
        try:
            super().process_formdata(valuelist)  # coerced: ``1`` and ``01`` are one trainee
        except ValueError:  # not a number where the choices are numbers
            self.data = []
            raise ValueError(self._not_offered(valuelist)) from None
        self.data = list(dict.fromkeys(getattr(self, "data", None) or ()))

    def pre_validate(self, form: Any) -> None:
        """A value the list does not offer (a hand-made POST, a page from before a change)
        is named, under the field's own label; one already refused is not told "choose at
        least one" besides."""
        if self.process_errors:
            raise StopValidation()
        offered = {self.coerce(choice[0]) for choice in self.iter_choices()}
        if unknown := [str(value) for value in self.data or () if value not in offered]:
            raise ValidationError(self._not_offered(unknown))

    def _not_offered(self, values: Iterable[str]) -> str:
        shown = [short(value, 40) for value in values]  # what was posted, kept readable
        listed = ", ".join(shown[:5]) + (f" and {len(shown) - 5} more" if len(shown) > 5 else "")
        return f"Not one of the choices under “{self.label.text}”: {listed}."


def sane_year(_form: Any, field: Any) -> None:
    """Dates far from now would overflow date arithmetic (found by fuzzing, issue 7)."""
    if field.data and not 1900 <= field.data.year <= 2999:
        raise ValidationError("Give a date between 1900 and 2999.")


class FilterForm(FlaskForm):
    """Date range, house, and (on the attempt log) drill family and right/wrong; a GET form."""

    class Meta:
        csrf = False

    date_from = DateField("From", validators=[Optional(), sane_year])
    date_to = DateField("To", validators=[Optional(), sane_year])
    house = SelectField("House", choices={"": "All houses"}, validators=[Optional()])
    family = SelectField("Drill", choices={"": "All drills"}, validators=[Optional()])
    result = SelectField("Result", choices={"": "Right and wrong", "right": "Right only",
                                            "wrong": "Wrong only"}, validators=[Optional()])

    def validate_date_to(self, field: Any) -> None:
        if field.data and self.date_from.data and field.data < self.date_from.data:
            raise ValidationError("The end date is before the start date.")


def visible_username(_form: Any, field: Any) -> None:
    """Letters of any script, digits, punctuation; nothing a reader cannot see."""
    if field.data and (problem := username_problem(normal_username(field.data))) is not None:
        raise ValidationError(problem)


def visible_text(_form: Any, field: Any) -> None:
    """No control or invisible characters in a line of text."""
    if field.data and (problem := free_text_problem(field.data)) is not None:
        raise ValidationError(problem)


class AccountForm(FullNameForm):
    username = StringField("Username", filters=[stripped],
                           validators=[DataRequired("Give a username."), visible_username])
    role = SelectField("Role", choices={},  # the roles the user manages: set by the view
                       validators=[DataRequired()])
    password = new_password_field("Password", "Give a password.")
    confirm = repeat_password_field("Repeat the password")


class GrantForm(FlaskForm):
    """One more attempt at an exam for one trainee: the reason is kept with it."""

    reason = StringField("Why", filters=[stripped], validators=[
        DataRequired("Say why this trainee may sit the exam once more."),
        Length(max=200, message="At most 200 characters."), visible_text])


DEFAULT_DIFFICULTY = "default"


class ExamForm(FlaskForm):
    title = StringField("Title", validators=[DataRequired("Give the exam a title."),
                                             Length(max=120), visible_text])
    houses = CheckboxesField("Houses", validators=[DataRequired("Choose at least one house.")])
    families = CheckboxesField("Drill families",
                               validators=[DataRequired("Choose at least one drill family.")])
    difficulty = SelectField("Difficulty", validators=[DataRequired()])
    questions = WholeNumberField("Number of questions", default=20, validators=[
        readable_number, InputRequired("Give a number of questions."),
        NumberRange(min=1, max=200, message="Between 1 and 200 questions.")])
    pass_mark = WholeNumberField("Pass mark (%)", default=80, validators=[
        readable_number, InputRequired("Give a pass mark."),
        # 0 % would pass, and certify, a trainee who got every question wrong
        NumberRange(min=1, max=100, message="A pass mark is between 1 and 100 %%.")])
    time_limit_s = WholeNumberField("Time limit per question (seconds)", default=30, validators=[
        readable_number, InputRequired("Give a time limit."),
        NumberRange(min=1, max=3600, message="Between 1 and 3600 seconds.")])
    attempts_allowed = WholeNumberField("Attempts allowed", default=1, validators=[
        readable_number, InputRequired("Give the number of attempts allowed."),
        NumberRange(min=1, max=100, message="Between 1 and 100 attempts.")])
    trainees = CheckboxesField("Assign to", validators=[Optional()], coerce=int)

    def setup(self, houses: dict[str, str], families: list[Family],
              trainees: list[tuple[int, str]]) -> ExamForm:
        self._families = {f.name: f for f in families}
        self.houses.choices = dict(houses)
        self.families.choices = {f.name: f.title for f in families}
        self.difficulty.choices = {DEFAULT_DIFFICULTY: "Each family's default"} | {
            d: d.capitalize() for d in all_difficulties(families)}
        self.trainees.choices = dict(trainees)
        return self

    def validate_questions(self, field: Any) -> None:
        """At least one question per house × family pair: a certificate names what was asked,
        and a sitting that skips pairs would certify less than the exam claims to test."""
        if field.errors or field.data is None:
            return
        pairs = len(exam_pairs(self.houses.data or (), self.families.data or (),
                               self._families.values()))
        if field.data < pairs:
            raise ValidationError(
                f"The chosen houses and drill families make {pairs} house × drill pairs: "
                f"ask at least {pairs} questions, so a sitting asks every pair (or choose "
                "fewer houses or families).")

    def validate_houses(self, field: Any) -> None:
        """Each house drills one chosen family at least: an exam does not name a house it
        never asks about (its list, the trainee's and the export's house filter would)."""
        chosen = [self._families[name] for name in self.families.data or ()
                  if name in self._families]
        idle = [self.houses.choices[house] for house in field.data or ()
                if house in self.houses.choices and not any(house in f.houses for f in chosen)]
        if chosen and idle and len(idle) < len(field.data):
            raise ValidationError("None of the chosen families is drilled at: "
                                  + ", ".join(idle) + ".")

    def validate_families(self, field: Any) -> None:
        houses = set(self.houses.data or ())
        if not houses or self.houses.errors:  # an unknown house is its own field's error
            return
        chosen = [self._families[name] for name in field.data or () if name in self._families]
        unused = [f.title for f in chosen if not houses & set(f.houses)]
        if chosen and len(unused) == len(chosen):
            raise ValidationError("None of these families is drilled at the chosen houses.")
        if unused:
            raise ValidationError("Not drilled at any chosen house: " + ", ".join(unused) + ".")


class AssignForm(FlaskForm):
    trainees = CheckboxesField("Assign to", coerce=int,
                               validators=[DataRequired("Choose at least one trainee.")])
