"""Full names (issue 35, item 8): stored as typed, trimmed, refused when a reader cannot
see them, and "" standing for none."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from sqlite_utils import Database

from trainer.db import accounts, connect, migrate, migrations
from trainer.db.users import (
    create_user,
    find_user,
    full_name_problem,
    normal_full_name,
    set_full_name,
)

NAME = "Иванова Анна Сергеевна"


@pytest.mark.parametrize(("typed", "stored"), [
    (f"  {NAME}\u00a0", NAME),  # a paste's ends, a no-break space among them
    ("Иванова   Анна  Сергеевна", NAME),  # runs of spaces inside as one
    ("Zoe\u0308 Ivanova", "Zo\u00eb Ivanova"),  # NFC: an e and a combining diaeresis as ë
    ("Алеся Łukašenka", "Алеся Łukašenka"),  # Cyrillic beside Belarusian Latin
    ("", ""),
])
def test_a_full_name_is_stored_trimmed_in_nfc(typed: str, stored: str) -> None:
    assert normal_full_name(typed) == stored
    assert full_name_problem(stored) is None


@pytest.mark.parametrize(("name", "problem"), [
    ("я" * 101, "A full name has at most 100 characters."),
    ("Анна\tИванова", "No invisible, control or unassigned characters, please (U+0009)."),
    ("Анна\nИванова", "No invisible, control or unassigned characters, please (U+000A)."),
    ("Анна\u200bИванова", "No invisible, control or unassigned characters, please (U+200B)."),
    ("\u202eАнна", "No invisible, control or unassigned characters, please (U+202E)."),
])
def test_a_full_name_a_reader_cannot_see_or_too_long_is_refused(name: str,
                                                                problem: str) -> None:
    assert full_name_problem(name) == problem


def test_the_longest_full_name_is_taken() -> None:
    assert full_name_problem("я" * 100) is None


def test_an_account_is_made_and_renamed_with_its_full_name(db: Database) -> None:
    made = create_user(db, "anna", "trainee", "h", full_name=f" {NAME} ")
    assert made.full_name == NAME
    assert set_full_name(db, made.id, "Ганна  Іванова") == "Ганна Іванова"
    assert find_user(db, "anna").full_name == "Ганна Іванова"  # type: ignore[union-attr]
    account = accounts.get_account(db, made.id)
    assert account is not None
    assert (account.full_name, account.name) == ("Ганна Іванова", "Ганна Іванова")
    assert set_full_name(db, made.id, "   ") == ""
    account = accounts.get_account(db, made.id)
    assert account is not None
    assert (account.full_name, account.name) == ("", "anna")  # the username stands in


def test_a_bad_full_name_is_refused_and_changes_nothing(db: Database) -> None:
    with pytest.raises(ValueError, match="U\\+0000"):
        create_user(db, "anna", "trainee", "h", full_name="Анна\x00")
    assert find_user(db, "anna") is None
    made = create_user(db, "anna", "trainee", "h", full_name=NAME)
    with pytest.raises(ValueError, match="at most 100 characters"):
        set_full_name(db, made.id, "x" * 101)
    assert find_user(db, "anna").full_name == NAME  # type: ignore[union-attr]


def test_full_names_lists_the_accounts_that_have_one(db: Database) -> None:
    anna = create_user(db, "anna", "trainee", "h", full_name=NAME).id
    create_user(db, "boris", "trainee", "h")
    assert accounts.full_names(db) == {anna: NAME}


def test_m019_gives_every_existing_account_no_full_name(tmp_path: Path) -> None:
    database = connect(tmp_path / "old.db")
    migrations.apply(database, stop_before="m019_full_names")
    database.execute("INSERT INTO users (username, role, password_hash, created_at)"
                     " VALUES ('tina', 'trainee', 'h', 'then')")
    assert "m019_full_names" in migrate(database)
    assert database.execute("SELECT username, full_name FROM users").fetchall() == [
        ("tina", "")]
    with pytest.raises(sqlite3.IntegrityError, match="NOT NULL"):
        database.execute("UPDATE users SET full_name = NULL")
