"""The one schema every TOML file is read by: each refusal names the file, the key and the
value, as the file wrote them."""

from __future__ import annotations

from enum import Enum
from typing import Any

import pytest

from trainer.toml_schema import (
    OPTIONAL,
    Key,
    SchemaError,
    Table,
    boolean,
    list_of,
    one_of,
    read_table,
    share,
    table_of,
    text,
    whole,
)


class Colour(Enum):
    RED = "red"
    BLUE = "blue"


SCHEMA = (
    Key("name", text, "a non-empty string"),
    Key("colour", one_of(Colour), default=Colour.RED),
    Key("shared", boolean, default=OPTIONAL),
    Key("level", table_of(Table((Key("tricky", share, default=0.5),
                                 Key("boxes", list_of(whole(1, 7), non_empty=True)))),
                          non_empty=True)),
    Key("chips", table_of(whole(1, 500), keys=Colour), default={}),
)


def test_a_table_is_read_with_its_defaults() -> None:
    data = {"name": "x", "level": {"easy": {"boxes": [1, 2]}}, "chips": {"blue": 5}}
    assert read_table(data, SCHEMA, "f.toml") == {
        "name": "x", "colour": Colour.RED, "level": {"easy": {"tricky": 0.5, "boxes": (1, 2)}},
        "chips": {Colour.BLUE: 5}}


@pytest.mark.parametrize(("change", "message"), [
    ({"name": 5}, "name = 5: must be a non-empty string"),
    ({"colour": "green"}, 'colour = "green": must be one of red, blue'),
    ({"shared": 1}, "shared = 1: must be true or false"),
    ({"level": {}}, "level = {}: must be a table of at least one key"),
    ({"level": {"easy": {"boxes": [1], "tricky": True}}},
     "level.easy.tricky = true: must be a share from 0 to 1"),
    ({"level": {"hard one": {"boxes": [1, 8]}}},
     'level."hard one".boxes[1] = 8: must be a whole number from 1 to 7'),
    ({"level": {"easy": {"boxes": []}}},
     "level.easy.boxes = []: must be a list of at least one item"),
    ({"level": {"easy": {}}}, "missing key 'level.easy.boxes'"),
    ({"level": {"easy": {"boxes": [1], "bets": 2}}},
     "unknown key 'level.easy.bets' (known: tricky, boxes)"),
    ({"chips": {"green": 5}}, "unknown key 'chips.green' (known: red, blue)"),
    ({"colur": "red"}, "unknown key 'colur' (known: name, colour, shared, level, chips)"),
])
def test_a_refusal_names_the_file_the_key_and_the_value(change: dict[str, Any],
                                                        message: str) -> None:
    data = {"name": "x", "level": {"easy": {"boxes": [1]}}} | change
    with pytest.raises(SchemaError) as refused:
        read_table(data, SCHEMA, "f.toml")
    assert str(refused.value) == f"f.toml: {message}"


def test_a_missing_key_says_what_it_holds() -> None:
    with pytest.raises(SchemaError) as refused:
        read_table({"level": {"easy": {"boxes": [1]}}}, SCHEMA, "f.toml")
    assert str(refused.value) == "f.toml: missing key 'name' (a non-empty string)"
    assert (refused.value.origin, refused.value.key) == ("f.toml", "name")


def test_a_refusal_keeps_its_parts() -> None:
    with pytest.raises(SchemaError) as refused:
        read_table({"name": "x", "level": {"e": {"boxes": [0]}}}, SCHEMA, "f.toml")
    error = refused.value
    assert (error.origin, error.key, error.value) == ("f.toml", "level.e.boxes[0]", 0)
    assert error.problem == "must be a whole number from 1 to 7"
