"""What wrong payouts would cost: worked out by the drills, kept with the answer, summed
per trainee for the supervisor, per 100 payouts."""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from trainer.db import connect
from trainer.drills import check, generate
from trainer.drills.question import Mispaid

D = Decimal


def payout_question(seed: int = 0) -> Any:
    return next(q for q in (generate("europoker", "blackjack-payout", s, "easy")
                            for s in range(seed, seed + 200))
                if q.expected > 10)


def test_the_drills_say_what_a_wrong_payout_would_move() -> None:
    question = payout_question()
    due = question.expected
    assert check(question, str(due)).mispaid == Mispaid(D(0), D(0))
    assert check(question, str(due + 5)).mispaid == Mispaid(D(5), D(0))  # the house's loss
    assert check(question, str(due - D("2.50"))).mispaid == Mispaid(D(0), D("2.50"))
    assert check(question, str(due - 1)).mispaid.cents == (0, 100)  # type: ignore[union-attr]
    draw = generate("europoker", "dealer-draw", 0, "easy")
    assert check(draw, "hit").mispaid is None  # no payout asked
    largest = next(q for q in (generate("europoker", "insurance", s, "easy")
                               for s in range(200)) if q.table.ask == "insurance-max")
    assert check(largest, "1").mispaid is None  # a bet the player may make: not paid
    table = generate("europoker", "table-settlement", 1, "hard")
    nets = list(table.expected.boxes)
    wrong = [nets[0] + 10, nets[1] - 5, *nets[2:]]
    assert check(table, "; ".join(str(n) for n in wrong)).mispaid == Mispaid(D(10), D(5))


def test_a_wrong_payout_is_kept_and_summed_for_the_supervisor(
        app: Flask, client: FlaskClient, auth: Any) -> None:
    auth.login("tina")
    home = client.get("/").get_data(as_text=True)
    csrf = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', home)
    assert csrf
    started = client.post("/drills", data={"csrf_token": csrf[1], "house": "europoker",
                                           "family": "blackjack-payout",
                                           "difficulty": "easy", "length": "1"})
    page = client.get(started.headers["Location"]).get_data(as_text=True)
    token = re.search(r'name="token" value="([^"]+)"', page)
    assert token
    db = connect(app.config["DATABASE"])
    house, seed, difficulty = db.execute(
        "SELECT house, seed, difficulty FROM questions WHERE token = ?", [token[1]]).fetchone()
    db.close()
    due = generate(house, "blackjack-payout", seed, difficulty).expected
    client.post(started.headers["Location"] + "/answer", data={
        "csrf_token": csrf[1], "token": token[1], "amount": str(due + 3)})
    db = connect(app.config["DATABASE"])
    try:
        assert db.execute("SELECT overpaid_cents, underpaid_cents FROM answers").fetchone() == (
            300, 0)
        assert db.execute("SELECT payouts, overpaid_cents FROM drill_totals").fetchone() == (
            1, 300)
    finally:
        db.close()
    supervisor = app.test_client()
    page = supervisor.get("/login").get_data(as_text=True)
    login = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)
    assert login
    supervisor.post("/login", data={"username": "sue", "password": "correct horse",
                                    "csrf_token": login[1]})
    dashboard = supervisor.get("/supervisor/").get_data(as_text=True)
    row = re.search(r'<tr data-trainee="tina">(.*?)</tr>', dashboard, re.S)
    assert row and "house 300.00 · guests 0.00 <small>(1 payout)</small>" in row[1]
