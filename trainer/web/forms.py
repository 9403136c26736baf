"""Flask-WTF forms (CSRF on every POST)."""

from __future__ import annotations

from flask_wtf import FlaskForm
from wtforms import Form, HiddenField, IntegerField, PasswordField, SelectField, StringField
from wtforms.validators import DataRequired, Length, NumberRange, Optional


class LoginForm(FlaskForm):
    username = StringField("Username", validators=[DataRequired(), Length(max=80)])
    password = PasswordField("Password", validators=[DataRequired(), Length(max=200)])
    next = HiddenField()


class LogoutForm(FlaskForm):
    """Logging out is a POST (with CSRF), never a link."""


class StartDrillForm(FlaskForm):
    house = SelectField("House", validators=[DataRequired()])
    family = SelectField("Drill", validators=[DataRequired()])
    difficulty = SelectField("Difficulty", validators=[DataRequired()])
    length = IntegerField(
        "Questions", default=20, validators=[Optional(), NumberRange(min=1, max=200)]
    )


AMOUNT_MAX_LENGTH = 40
"""The longest typed amount (or net) an answer form takes."""


class AnswerFields(Form):
    """One answer: a button's ``choice``, a typed ``amount``, or chip counts (read separately).

    A drill answer binds these to the posted form as they are: the app-wide
    ``CSRFProtect`` has already checked the POST, and a Flask-WTF form costs a
    twentieth of an answer more.  An exam's page renders ``AnswerForm``.
    """

    token = HiddenField(validators=[DataRequired(), Length(max=64)])
    choice = StringField(validators=[Optional(), Length(max=80)])
    amount = StringField("Amount", validators=[Optional(), Length(max=AMOUNT_MAX_LENGTH)])
    waited_ms = HiddenField(validators=[Optional(), Length(max=12)])
    """Set by trainer.js on a question sent ahead with the previous feedback."""


class AnswerForm(FlaskForm, AnswerFields):
    """The answer fields with the form's own CSRF field (exam pages render it)."""
