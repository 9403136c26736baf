"""``trainer rules``, ``trainer dealer`` and ``trainer settle`` against the contract."""

from __future__ import annotations

import errno
import io
import json
import subprocess
import sys
from pathlib import Path

import click
import pytest

from tests.cli.helpers import run_cli
from trainer.cli import cli
from trainer.engine.houses import house_names

Capsys = pytest.CaptureFixture[str]
EUROPOKER_EXAMPLE = {
    "dealer": ["9h", "Td"],
    "hands": [
        {"bet": "10", "cards": ["Kh", "9d"]},
        {"bet": "10", "cards": ["7h", "5d", "Tc"]},
        {"bet": "10", "cards": ["Js", "3d", "8c"]},
    ],
}


def test_rules_list(capsys: Capsys) -> None:
    run = run_cli(capsys, "rules", "list")
    assert run.code == 0
    for name in house_names():
        assert name in run.out
    listed = json.loads(run_cli(capsys, "rules", "list", "--json").out)
    assert [h["name"] for h in listed] == house_names() == sorted(house_names())


@pytest.mark.parametrize("name", house_names())
def test_rules_show_prints_sources_and_readings(capsys: Capsys, name: str) -> None:
    run = run_cli(capsys, "rules", "show", name)
    assert run.code == 0
    assert "source:" in run.out and "READING:" in run.out and "why:" in run.out
    data = json.loads(run_cli(capsys, "rules", "show", name, "--json").out)
    assert all(rule["source"] for rule in data["rules"])


def test_rules_show_with_a_file(capsys: Capsys, tmp_path: Path) -> None:
    source = Path(__file__).parents[2] / "trainer" / "houses" / "europoker.toml"
    custom = tmp_path / "mine.toml"
    custom.write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    assert run_cli(capsys, "rules", "show", "--rules-file", str(custom)).code == 0


@pytest.mark.parametrize(
    ("house", "cards", "expected"),
    [
        ("europoker", ["As", "6d"], {"action": "stand", "total": 17, "soft": True}),
        ("spanish-21", ["As", "6d"], {"action": "hit", "total": 17, "soft": True}),
        ("double-exposure", ["A♠", "2♦", "4♣"], {"action": "hit", "total": 17, "soft": True}),
        ("casino-classic", ["As", "Ad", "5c"], {"action": "stand", "total": 17, "soft": True}),
        ("russian-casino", ["6s"], {"action": "hit", "total": 6, "soft": False}),
        ("europoker", ["10s", "6d"], {"action": "hit", "total": 16, "soft": False}),
        ("europoker", ["Ts", "6d", "Kh"], {"action": "stand", "total": 26, "soft": False}),
    ],
)
def test_dealer(capsys: Capsys, house: str, cards: list[str], expected: dict[str, object]) -> None:
    run = run_cli(capsys, "dealer", "--rules", house, *cards)
    assert run.code == 0, run.err
    out = json.loads(run.out)
    assert {k: out[k] for k in expected} == expected


def test_dealer_blackjack_is_called_a_blackjack(capsys: Capsys) -> None:
    """Ace + king is the dealer's blackjack, not a soft 21 the dealer stands on."""
    run = run_cli(capsys, "dealer", "--rules", "casino-classic", "Ac", "Kd")
    assert run.code == 0, run.err
    assert json.loads(run.out) == {
        "action": "stand", "total": 21, "soft": True, "bust": False, "blackjack": True,
        "rule": "casino-classic: the dealer has blackjack and stands",
    }
    three_card = json.loads(run_cli(capsys, "dealer", "--rules", "casino-classic",
                                    "Ac", "5d", "5h").out)
    assert (three_card["blackjack"], three_card["rule"]) == (
        False, "casino-classic: the dealer stands on soft 21")


def test_settle_europoker_example(capsys: Capsys) -> None:
    run = run_cli(capsys, "settle", "--rules", "europoker", stdin=json.dumps(EUROPOKER_EXAMPLE))
    assert run.code == 0, run.err
    out = json.loads(run.out)
    assert [(h["outcome"], h["net"]) for h in out["hands"]] == [
        ("push", "0"), ("lose", "-10"), ("win", "10"),
    ]
    assert out["net"] == "0"
    assert all(h["rule"].startswith("europoker:") for h in out["hands"])


def test_settle_from_a_file_with_full_keys(capsys: Capsys, tmp_path: Path) -> None:
    path = tmp_path / "round.json"
    path.write_text(json.dumps({"dealer": ["Ah", "Kd"], "hands": [
        {"bet": "35", "cards": ["As", "Kc"], "doubled": 0, "split": False, "surrendered": False,
         "insurance": "0", "even_money": True},
        {"bet": 20, "cards": ["9s", "9c"], "insurance": "10"},
    ]}), encoding="utf-8")
    out = json.loads(run_cli(capsys, "settle", "--rules", "europoker", str(path)).out)
    assert [(h["outcome"], h["net"], h["insurance_net"]) for h in out["hands"]] == [
        ("win", "35", "0"), ("lose", "-20", "20"),
    ]
    assert out["net"] == "35"


def test_settle_spanish_bonus_and_cents(capsys: Capsys) -> None:
    round_ = {"dealer": ["7s", "Kd"], "hands": [
        {"bet": "15", "cards": ["7s", "7s", "7s"]},
        {"bet": "12.50", "cards": ["As", "Kc"]},
    ]}
    out = json.loads(run_cli(capsys, "settle", "--rules", "spanish-21",
                             stdin=json.dumps(round_)).out)
    assert [(h["net"], h["bonus"]) for h in out["hands"]] == [
        ("750", "suited-7-7-7-vs-dealer-7"), ("18.75", None),
    ]
    assert out["net"] == "768.75"


SPLIT_EIGHTS = ('[{"bet": 10, "cards": ["8s", "3d"], "split": true%s}, '
                '{"bet": 10, "cards": ["8h", "Td"], "split": true%s}, '
                '{"bet": 10, "cards": ["8c", "3h"], "split": true%s}]')


@pytest.mark.parametrize(
    ("args", "stdin", "message"),
    [
        (["dealer", "--rules", "europoker", "Xs"], "", "'Xs' is not a card"),
        (["dealer", "--rules", "nowhere", "As"], "", "unknown house 'nowhere'"),
        (["dealer", "--rules", "spanish-21", "Td", "6s"], "", "no pip tens: Td"),
        (["dealer", "--rules", "europoker", "Ts", "7d", "2c"], "", "stands on hard 17"),
        (["dealer", "As"], "", "missing --rules"),
        (["rules", "show"], "", "missing the house: NAME, --rules NAME or --rules-file PATH"),
        (["settle", "--rules", "europoker"], '{"dealer": ["9h"', "malformed JSON"),
        (["settle", "--rules", "europoker"], "[]", "must be a JSON object"),
        (["settle", "--rules", "europoker"],
         '{"dealer": ["9h", "Td"], "hands": [{"bet": "-5", "cards": ["Kh", "9d"]}]}',
         "bet '-5' is not an amount"),
        (["settle", "--rules", "europoker"],
         '{"dealer": ["9h", "Td"], "hands": [{"bet": "ten", "cards": ["Kh", "9d"]}]}',
         "bet 'ten' is not an amount"),
        (["settle", "--rules", "europoker"],
         '{"dealer": ["9h", "Td"], "hands": [{"bet": "10", "cards": ["Kh", "Zd"]}]}',
         "'Zd' is not a card"),
        (["settle", "--rules", "spanish-21"],
         '{"dealer": ["9h", "Kd"], "hands": [{"bet": "10", "cards": ["Kh", "Td"]}]}',
         "no pip tens: Td"),
        (["settle", "--rules", "europoker"],
         '{"dealer": ["9h", "6d"], "hands": [{"bet": "10", "cards": ["Kh", "9d"]}]}',
         "must still draw on hard 15"),
        (["settle", "--rules", "europoker"],
         '{"dealer": ["9h", "Td"], "hands": [{"bet": "10", "cards": ["Kh", "9d"], "tip": 1}]}',
         "unknown key 'tip'"),
        (["settle", "--rules", "europoker"], '{"dealer": ["9h", "Td"], "hands": []}',
         "'hands' must be a non-empty list"),
        # values as the round typed them, computed amounts as money (no 5.0, no Decimal(...))
        (["settle", "--rules", "europoker"],
         '{"dealer": ["Ah", "Td"], "hands": [{"bet": 10, "cards": ["Kh", "9d"],'
         ' "insurance": "6"}]}',
         "hand 1: insurance 6 is more than 5 (1/2 of the bet)\n"),
        (["settle", "--rules", "europoker"],
         '{"dealer": ["9h", "Td"], "hands": [{"bet": 10, "cards": ["Kh", "9d"], "doubled": 1.0}]}',
         "hand 1: doubled 1.0 must be a count (0, 1, 2)\n"),
        (["settle", "--rules", "europoker"],
         '{"dealer": ["9h", "Td"], "hands": [{"bet": 10, "cards": ["Kh", "9d"], "box": 1.50}]}',
         "hand 1: box 1.50 must be a whole number, 1 or more\n"),
        # two boxes that split the same pair read as one: the refusal says how to part them
        (["settle", "--rules", "europoker"],
         '{"dealer": ["Th", "7d"], "hands": ' + SPLIT_EIGHTS % ("", "", "") + '}',
         'box 1: 3 split hands; europoker allows at most 2 (two boxes that split the same '
         'pair: give each hand its "box")\n'),
        (["settle", "--rules", "europoker"],  # one box, as given: no such reading to undo
         '{"dealer": ["Th", "7d"], "hands": ' + SPLIT_EIGHTS % ((', "box": 1',) * 3) + '}',
         "box 1: 3 split hands; europoker allows at most 2\n"),
        (["settle", "--rules", "blackjack-switch"],
         '{"dealer": ["Ah", "7d"], "hands": '
         + SPLIT_EIGHTS % (', "insurance": 5', "", ', "insurance": 5') + '}',
         'box 1: insurance 10 is more than 5 (1/2 of the bet), once per box (two boxes that '
         'split the same pair: give each hand its "box")\n'),
        (["settle", "--rules", "europoker"],
         '{"dealer": ["9h", "Td"], "hands": [{"bet": 10, "cards": ["Kh", "9d"], "box": -1}]}',
         "hand 1: box -1 must be a whole number, 1 or more\n"),
        (["settle", "--rules", "europoker"],
         '{"dealer": ["9h", "Td"], "hands": [{"bet": 10, "cards": ["Kh", "9d"], "box": 0}]}',
         "hand 1: box 0 must be a whole number, 1 or more\n"),
        (["settle", "--rules", "europoker"],
         '{"dealer": ["9h", "Td"], "hands": [{"bet": 10, "cards": ["Kh", "9d"], "split": null}]}',
         "hand 1: split null must be true or false\n"),
        # rounds that cannot happen under the house (the auditor's findings)
        (["settle", "--rules", "casino-classic"],
         '{"dealer": ["Ah", "Kd"], "hands": [{"bet": "10", "cards": ["5s", "6d", "9c"],'
         ' "doubled": 1}]}',
         "casino-classic: a dealer blackjack found by the peek (Ah Kd) ends the round"),
        (["settle", "--rules", "double-exposure"],
         '{"dealer": ["As", "Kc"], "hands": [{"bet": "10", "cards": ["9d", "Qh", "2c"]}]}',
         "double-exposure: a dealer blackjack face up (As Kc) ends the round"),
        (["settle", "--rules", "europoker"],
         '{"dealer": ["9h", "Td"], "hands": [{"bet": "10", "cards": ["9s", "5d"], "split": true},'
         ' {"bet": "10", "cards": ["2s", "Tc"], "split": true}]}',
         "split hands starting 9s and 2s were never a pair"),
        (["settle", "--rules", "baden-baden"],
         '{"dealer": ["9h", "8c"], "hands": [{"bet": "10", "cards": ["Ks", "5d"], "split": true},'
         ' {"bet": "10", "cards": ["Qc", "Td"], "split": true}]}',
         "baden-baden: only a first pair of two cards of the same rank may be split"),
        (["settle", "--rules", "casino-classic"],
         '{"dealer": ["9h", "8c"], "hands": [{"bet": "10", "cards": ["9s", "5d"], "split": true},'
         ' {"bet": "15", "cards": ["9c", "Td"], "split": true}]}',
         "split bets 10 and 15 differ"),
        (["settle", "--rules", "blackjack-switch"],
         '{"dealer": ["9h", "Td"], "hands": [{"bet": "10", "cards": ["9s", "Td"],'
         ' "switched": true}]}',
         "no switched hand sits beside this one"),
    ],
)
def test_refusals_exit_2_with_one_line(
    capsys: Capsys, args: list[str], stdin: str, message: str
) -> None:
    run = run_cli(capsys, *args, stdin=stdin)
    assert run.code == 2
    assert run.out == ""
    assert run.err.count("\n") == 1 and message in run.err


@pytest.mark.parametrize(
    ("house", "round_", "net"),
    [
        ("russian-casino", {"dealer": ["Ts", "6s"], "hands": [
            {"bet": "20", "cards": ["Ad", "Kh"]}]}, "30"),
        ("russian-casino", {"dealer": ["As", "5d"], "hands": [
            {"bet": "20", "cards": ["Td", "6h", "9c"], "insurance": "10"}]}, "-30"),
        ("europoker", {"dealer": ["Ts", "6s"], "hands": [{"bet": "20", "cards": ["Ad", "Kh"]}]},
         "30"),
        # no peek: the hole card is turned after play, so a double meets the blackjack,
        # which takes the original bet only (OBO)
        ("europoker", {"dealer": ["Ah", "Kd"], "hands": [
            {"bet": "10", "cards": ["5s", "6d", "9c"], "doubled": 1}]}, "-10"),
    ],
)
def test_settle_accepts_rounds_the_house_can_deal(
    capsys: Capsys, house: str, round_: dict[str, object], net: str
) -> None:
    run = run_cli(capsys, "settle", "--rules", house, stdin=json.dumps(round_))
    assert run.code == 0, run.err
    assert json.loads(run.out)["net"] == net


@pytest.mark.parametrize("name", ["double-exposure", "baden-baden", "blackjack-switch",
                                  "spanish-21", "casino-classic"])
def test_rules_show_prints_the_seed_000_readings(capsys: Capsys, name: str) -> None:
    data = json.loads(run_cli(capsys, "rules", "show", name, "--json").out)
    rules = {rule["key"]: rule for rule in data["rules"]}
    assert "any ten-value card" in rules["blackjack_pays"]["reading"]
    assert rules["split_bets_equal"]["reading"].startswith("The extra bet of a split equals")
    text = run_cli(capsys, "rules", "show", name).out
    assert "split_bets_equal: true" in text
    assert "    READING: " + rules["blackjack_pays"]["reading"] in text
    if name != "double-exposure":  # the only seed-000 house without insurance
        assert rules["insurance_pays"]["reading"] == (
            "Insurance wins 2:1 when the dealer has blackjack (not any 21)."
        )
        assert "    READING: Insurance wins 2:1 when the dealer has blackjack" in text


def test_installed_console_script_runs() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "trainer", "dealer", "--rules", "europoker", "As", "6d"],
        capture_output=True, text=True, check=False,
    )
    assert done.returncode == 0
    assert json.loads(done.stdout)["action"] == "stand"


@pytest.mark.parametrize(("content", "message"), [
    (b"\xff\xfe\x00junk", "not UTF-8 text (byte 0)"),
    (b"a = " + b"[" * 5000 + b"]" * 5000, "not valid TOML (nested too deeply)"),
    (b"decks = " + b"9" * 5000, "junk.toml: a number of more than 4300 digits"),
])
def test_a_profile_file_that_is_not_toml_text_is_refused_in_one_line(
        capsys: Capsys, tmp_path: Path, content: bytes, message: str) -> None:
    profile = tmp_path / "junk.toml"
    profile.write_bytes(content)
    run = run_cli(capsys, "rules", "show", "--rules-file", str(profile))
    assert run.code == 2 and run.err.count("\n") == 1 and message in run.err
    run = run_cli(capsys, "rules", "show", "--rules-file", "/dev/zero")
    assert run.code == 2 and run.err.count("\n") == 1 and "/dev/zero: not a file" in run.err


def test_a_round_that_is_not_json_text_is_refused_in_one_line(capsys: Capsys,
                                                             tmp_path: Path) -> None:
    binary = tmp_path / "round.json"
    binary.write_bytes(b"\xff\xfe{}")
    run = run_cli(capsys, "settle", "--rules", "europoker", str(binary))
    assert run.code == 2 and run.err.count("\n") == 1
    assert "the round is not UTF-8 text (byte 0)" in run.err
    run = run_cli(capsys, "settle", "--rules", "europoker", stdin="[" * 100_000)
    assert run.code == 2 and "malformed JSON: nested too deeply" in run.err


def test_a_round_file_that_fails_to_read_is_named_as_a_read(capsys: Capsys) -> None:
    """Reading /proc/self/mem from its start fails with EIO, as a failing disk does: said
    as a read of that file (it was said to be a write of the output)."""
    run = run_cli(capsys, "settle", "--rules", "europoker", "/proc/self/mem")
    assert (run.code, run.out) == (2, "")
    assert run.err == ("trainer: error: /proc/self/mem: cannot read the round "
                       "(Input/output error)\n")



class FailingDevice(io.RawIOBase):
    """A device whose read fails as a failing one's does."""

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: object) -> int:
        raise OSError(errno.EIO, "Input/output error")


def test_a_round_on_stdin_that_fails_to_read_is_named_as_stdin(capsys: Capsys) -> None:
    failing = io.TextIOWrapper(io.BufferedReader(FailingDevice()), encoding="utf-8")
    run = run_cli(capsys, "settle", "--rules", "europoker", stdin=failing)
    assert (run.code, run.out) == (2, "")
    assert run.err == "trainer: error: stdin: cannot read the round (Input/output error)\n"


@pytest.mark.parametrize(("round_", "key"), [
    ('{"dealer": ["9h", "Td"], "hands": [{"bet": "10", "bet": "20", "cards": ["As", "Kd"]}]}',
     "bet"),
    ('{"dealer": ["9h", "Td"], "hands": [{"bet": "10", "cards": ["As", "Kd"]}], "dealer": []}',
     "dealer"),
])
def test_a_key_given_twice_is_refused_not_read_as_its_last_value(capsys: Capsys, round_: str,
                                                                 key: str) -> None:
    run = run_cli(capsys, "settle", "--rules", "europoker", stdin=round_)
    assert run.code == 2
    assert run.err == f"trainer: error: key {key!r} is given twice in one object\n"


def test_a_round_file_may_start_with_a_byte_order_mark(capsys: Capsys, tmp_path: Path) -> None:
    saved = tmp_path / "round.json"  # as Windows Notepad saves UTF-8
    saved.write_bytes(b"\xef\xbb\xbf" + json.dumps(EUROPOKER_EXAMPLE).encode())
    run = run_cli(capsys, "settle", "--rules", "europoker", str(saved))
    assert run.code == 0, run.err
    assert [h["net"] for h in json.loads(run.out)["hands"]] == ["0", "-10", "10"]


def test_a_round_with_a_number_too_long_for_python_is_refused_in_one_line(capsys: Capsys) -> None:
    round_ = '{"dealer": ["9h", "Td"], "hands": [{"bet": %s, "cards": ["As", "Kd"]}]}'
    run = run_cli(capsys, "settle", "--rules", "europoker", stdin=round_ % ("9" * 5000))
    assert run.code == 2 and run.err.count("\n") == 1
    assert "the round holds a number of more than 4300 digits" in run.err


def _commands(group: click.Group, prefix: str = "") -> list[tuple[str, click.Command]]:
    found: list[tuple[str, click.Command]] = []
    for name, command in group.commands.items():
        if isinstance(command, click.Group):
            found += _commands(command, f"{prefix}{name} ")
        else:
            found.append((prefix + name, command))
    return found


def test_every_command_takes_json() -> None:
    """The contract: every command prints JSON with ``--json``."""
    missing = [name for name, command in _commands(cli)
               if not any("--json" in param.opts for param in command.params)]
    assert missing == []


def test_dealer_and_settle_take_json_and_print_the_same(capsys: Capsys) -> None:
    plain = run_cli(capsys, "dealer", "--rules", "europoker", "As", "6d")
    flagged = run_cli(capsys, "dealer", "--json", "--rules", "europoker", "As", "6d")
    assert flagged.code == 0, flagged.err
    assert flagged.out == plain.out and json.loads(flagged.out)["action"] == "stand"
    round_ = json.dumps(EUROPOKER_EXAMPLE)
    settled = run_cli(capsys, "settle", "--json", "--rules", "europoker", stdin=round_)
    assert settled.code == 0, settled.err
    assert settled.out == run_cli(capsys, "settle", "--rules", "europoker", stdin=round_).out


@pytest.mark.parametrize(("args", "named"), [
    (["europoker", "--rules", "spanish-21"], "europoker and spanish-21"),
    (["europoker", "--rules-file", "mine.toml"], "europoker and mine.toml"),
    (["--rules", "europoker", "--rules-file", "mine.toml"], "europoker and mine.toml"),
    (["europoker", "--rules", "europoker", "--rules-file", "mine.toml"],
     "europoker and mine.toml"),
])
def test_rules_show_refuses_two_houses_naming_both(capsys: Capsys, args: list[str],
                                                   named: str) -> None:
    run = run_cli(capsys, "rules", "show", *args)
    assert run.code == 2 and run.out == ""
    assert run.err.count("\n") == 1 and named in run.err


def test_rules_show_takes_the_same_house_twice(capsys: Capsys) -> None:
    run = run_cli(capsys, "rules", "show", "europoker", "--rules", "europoker", "--json")
    assert run.code == 0 and json.loads(run.out)["name"] == "europoker"


LONG = "x" * 5000


@pytest.mark.parametrize(("args", "line"), [
    (["dealer", "--rules", LONG, "As"],
     f"unknown house '{LONG[:40]}...' (5,000 characters) (known: baden-baden,"),
    (["dealer", "--rules", "europoker", LONG],
     f"'{LONG[:40]}...' (5,000 characters) is not a card"),
    (["drill", "--rules", "europoker", "--family", "dealer-draw", "--difficulty", LONG],
     f"unknown difficulty '{LONG[:40]}...' (5,000 characters) for dealer-draw"),
])
def test_a_pasted_value_of_thousands_of_characters_is_named_by_its_start(
        capsys: Capsys, args: list[str], line: str) -> None:
    run = run_cli(capsys, *args)
    assert (run.code, run.out) == (2, "")
    assert run.err.startswith(f"trainer: error: {line}") and len(run.err) < 300, run.err[:400]


def test_a_pasted_page_of_short_words_is_cut_too(capsys: Capsys) -> None:
    run = run_cli(capsys, "drill", "--rules", "europoker", "--family", "dealer-draw",
                  "--difficulty", "word " * 4000)
    assert (run.code, run.out) == (2, "")
    assert run.err.startswith("trainer: error: unknown difficulty 'word word")
    assert run.err.endswith(" characters in all)\n") and len(run.err) < 10_100
