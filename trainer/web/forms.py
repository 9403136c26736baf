"""Flask-WTF forms (CSRF on every POST)."""

from __future__ import annotations

from flask_wtf import FlaskForm
from wtforms import HiddenField, IntegerField, PasswordField, SelectField, StringField
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


class AnswerForm(FlaskForm):
    """One answer: a button's ``choice``, a typed ``amount``, or chip counts (read separately)."""

    token = HiddenField(validators=[DataRequired(), Length(max=64)])
    choice = StringField(validators=[Optional(), Length(max=80)])
    amount = StringField("Amount", validators=[Optional(), Length(max=40)])
    waited_ms = HiddenField(validators=[Optional(), Length(max=12)])
    """Set by trainer.js on a question sent ahead with the previous feedback."""
