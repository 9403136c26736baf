"""Fuzzing the command line's JSON and card inputs: every input is answered or refused cleanly."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.cli.helpers import run_cli
from trainer.engine.houses import house_names

Capsys = pytest.CaptureFixture[str]
FUZZ = settings(
    max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)

card_texts = st.one_of(
    st.sampled_from([f"{r}{s}" for r in "23456789TJQKA" for s in "shdc"] + ["10h", "A♠", "K♦"]),
    st.text(max_size=4),
)
json_scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-10**6, 10**6), st.text(max_size=8),
    st.decimals(allow_nan=False, allow_infinity=False, places=3).map(str),
)
hand_values = st.fixed_dictionaries(
    {"bet": st.one_of(json_scalars, st.sampled_from(["10", "52,50", "$5", "0.50"])),
     "cards": st.lists(card_texts, max_size=6)},
    optional={
        "doubled": st.one_of(st.integers(-1, 3), json_scalars),
        "split": st.one_of(st.booleans(), json_scalars),
        "surrendered": st.booleans(),
        "insurance": st.one_of(st.sampled_from(["0", "5", "2.50", "100"]), json_scalars),
        "even_money": st.booleans(),
        "switched": st.booleans(),
    },
)
rounds = st.one_of(
    st.fixed_dictionaries({"dealer": st.lists(card_texts, max_size=5),
                           "hands": st.lists(hand_values, max_size=4)}),
    st.dictionaries(st.text(max_size=6), json_scalars, max_size=3),
    st.lists(json_scalars, max_size=3),
    json_scalars,
)


def _assert_clean(code: int, out: str, err: str) -> None:
    assert "Traceback" not in out + err
    if code == 0:
        json.loads(out)
    else:
        assert code == 2, err
        assert err.startswith("trainer: error: ") and err.count("\n") == 1


@FUZZ
@given(st.sampled_from(house_names()), rounds)
def test_settle_never_crashes(capsys: Capsys, house: str, round_: object) -> None:
    run = run_cli(capsys, "settle", "--rules", house, stdin=json.dumps(round_))
    _assert_clean(run.code, run.out, run.err)


@FUZZ
@given(st.sampled_from(house_names()), st.text(max_size=40))
def test_settle_raw_text_never_crashes(capsys: Capsys, house: str, text: str) -> None:
    run = run_cli(capsys, "settle", "--rules", house, stdin=text)
    _assert_clean(run.code, run.out, run.err)


@FUZZ
@given(st.sampled_from(house_names()), st.lists(card_texts, min_size=1, max_size=6))
def test_dealer_never_crashes(capsys: Capsys, house: str, cards: list[str]) -> None:
    cards = [c if c.strip() and not c.startswith("-") else f"x{c}" for c in cards]
    run = run_cli(capsys, "dealer", "--rules", house, "--", *cards)
    _assert_clean(run.code, run.out, run.err)
