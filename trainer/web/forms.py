"""Flask-WTF forms (CSRF on every POST)."""

from __future__ import annotations

import re
from typing import Any

from flask_wtf import FlaskForm
from wtforms import HiddenField, IntegerField, PasswordField, SelectField, StringField
from wtforms.validators import (
    DataRequired,
    EqualTo,
    Length,
    NumberRange,
    Optional,
    StopValidation,
    ValidationError,
)

from trainer.db.users import FULL_NAME_MAX, full_name_problem, normal_full_name
from trainer.text_rules import password_problem


def readable_number(_form: Any, field: Any) -> None:
    """First in a number field's validators: a value that is not a whole number (``1e3``)
    gets WTForms' "Not a valid integer value." alone, not a range message besides."""
    if field.process_errors:
        raise StopValidation()


WHOLE_NUMBER = re.compile(r"[+-]?[0-9]+")
"""A whole number as typed: ASCII digits only (``int`` would take ``５`` and ``1_0`` too)."""
HUGE = 10**18
"""Where a number typed with more digits is read: far out of every range, and within the
float a range check compares with (WTForms' ``NumberRange`` fails past 308 digits)."""


class WholeNumberField(IntegerField):
    """An ``IntegerField`` that reads ASCII digits only and any number of them: one too
    long to compare is read as ``HUGE`` (or ``-HUGE``), so it gets the range's message."""

    def process_formdata(self, valuelist: list[Any]) -> None:
        if not valuelist:
            return
        text = str(valuelist[0]).strip()
        if not WHOLE_NUMBER.fullmatch(text):
            self.data = None
            raise ValueError(self.gettext("Not a valid integer value."))
        sign = -1 if text.startswith("-") else 1
        digits = text.lstrip("+-").lstrip("0")  # int() refuses thousands of digits, zeros too
        if len(digits) > len(str(HUGE)):
            self.data = sign * HUGE
        else:
            self.data = max(-HUGE, min(HUGE, sign * int(digits or "0")))


def stripped(text: str | None) -> str | None:
    """A field's text without the spaces a paste brings at either end."""
    return text.strip() if text else text


class LoginForm(FlaskForm):
    username = StringField("Username", filters=[stripped],
                           validators=[DataRequired(), Length(max=80)])
    password = PasswordField("Password", validators=[DataRequired(), Length(max=200)])
    next = HiddenField()


def settable_password(_form: Any, field: Any) -> None:
    """A password one can log in with (``password_problem``)."""
    if (problem := password_problem(field.data or "")) is not None:
        raise ValidationError(problem)


def new_password_field(label: str, missing: str) -> PasswordField:
    """A password being set: required, and one that can log in."""
    return PasswordField(label, validators=[DataRequired(missing), settable_password])


def repeat_password_field(label: str) -> PasswordField:
    """The same password again, as the form's ``password`` field."""
    return PasswordField(label, validators=[
        EqualTo("password", message="The passwords differ.")])


class NewPasswordForm(FlaskForm):
    """A new password, typed twice (a supervisor resetting one, a user changing their own)."""

    password = new_password_field("New password", "Give the new password.")
    confirm = repeat_password_field("Repeat it")


class ChangePasswordForm(NewPasswordForm):
    """A user changing their own password: the current one first."""

    current = PasswordField("Current password", validators=[
        DataRequired("Give your current password."), Length(max=200)])


def settable_full_name(_form: Any, field: Any) -> None:
    """A full name ``users.full_name_problem`` takes."""
    if field.data and (problem := full_name_problem(field.data)) is not None:
        raise ValidationError(problem)


def as_full_name(text: str | None) -> str:
    """A typed full name as it is stored (``users.normal_full_name``)."""
    return normal_full_name(text or "")


class FullNameForm(FlaskForm):
    """A person's full name, optional: a supervisor changing an account's, a user their own
    (and a new account's, ``AccountForm``)."""

    full_name = StringField("Full name (optional)", filters=[as_full_name],
                            validators=[settable_full_name],
                            render_kw={"maxlength": FULL_NAME_MAX})


class ActionForm(FlaskForm):
    """A POST button (deactivate, withdraw, start an exam): only the CSRF token."""


class LogoutForm(FlaskForm):
    """Logging out is a POST (with CSRF), never a link."""


DRILL_LENGTH_RANGE = (1, 200)
"""The fewest and most questions a drill session may have."""
START_TOKEN_MAX_LENGTH = 64
"""The longest start token a start form carries (issued ones are 22 characters)."""


class StartDrillForm(FlaskForm):
    house = SelectField("House", validators=[DataRequired()])
    family = SelectField("Drill", validators=[DataRequired()])
    difficulty = SelectField("Difficulty", validators=[DataRequired()])
    length = WholeNumberField(
        "Questions", default=20,
        validators=[readable_number, Optional(), NumberRange(*DRILL_LENGTH_RANGE)]
    )
    start_token = HiddenField(validators=[Optional(), Length(max=START_TOKEN_MAX_LENGTH)])
    """This button's own token (``drilling.start_session``): pressed twice, one session."""


AMOUNT_MAX_LENGTH = 40
"""The longest typed amount (or net) an answer form takes."""
CHOICE_MAX_LENGTH = 80
"""The longest button value an answer form takes."""
TOKEN_MAX_LENGTH = 64
"""The longest question token an answer form carries (issued tokens are 22 characters)."""


class AnswerForm(FlaskForm):
    """A question's answer form, drills and exams alike: the question's ``token``, a
    button's ``choice`` or a typed ``amount`` (ticks, nets and chips are read with the
    question's view, ``answer_input.answer_from_form``), and for a drill question sent
    ahead with the last feedback, how long it ``waited_ms`` there (set by trainer.js)."""

    token = HiddenField(filters=[stripped], validators=[DataRequired(),
                                                     Length(max=TOKEN_MAX_LENGTH)])
    choice = StringField(filters=[stripped], validators=[Optional(), Length(
        max=CHOICE_MAX_LENGTH,
        message=f"An answer button's value has at most {CHOICE_MAX_LENGTH} characters.")])
    amount = StringField("Amount", filters=[stripped], validators=[Optional(), Length(
        max=AMOUNT_MAX_LENGTH, message=f"An amount has at most {AMOUNT_MAX_LENGTH} characters.")])
    waited_ms = HiddenField(filters=[stripped])

    class Meta:
        csrf = False  # the app-wide CSRFProtect has checked the POST (token in the header too)

    @property
    def question_token(self) -> str:
        """The token, or "" when it is longer than any issued token."""
        token = self.token.data or ""
        return token if len(token) <= TOKEN_MAX_LENGTH else ""

    @property
    def waited(self) -> int:
        """How long the question stayed hidden behind the previous feedback, in ms: 0 unless
        a plain number of at most 9 digits (a wait the browser garbled counts as none)."""
        raw = self.waited_ms.data or ""
        return int(raw) if raw.isascii() and raw.isdigit() and len(raw) <= 9 else 0

    def field_error(self) -> str | None:
        """What is wrong with the fields themselves (too long), before the answer is read;
        None when they validate (the token is looked up apart)."""
        if self.validate():
            return None
        return " ".join(message for name, errors in self.errors.items() if name != "token"
                        for message in errors) or None
