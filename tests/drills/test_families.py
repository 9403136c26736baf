"""The families as data: every file loads, applies where its rules allow, reads well."""

from __future__ import annotations

import random
from decimal import Decimal
from pathlib import Path

import pytest

from trainer.drills import DrillError, families_for, find_family, generate, load_families
from trainer.drills.build import Ctx
from trainer.drills.families import REQUIREMENTS, parse_family, scenarios_dir
from trainer.drills.pool import CardPool
from trainer.engine.cards import Rank
from trainer.engine.hands import is_two_card_21
from trainer.engine.houses import find_house, load_house_file, shipped_houses

REQUIRED = {
    "dealer-draw", "insurance", "even-money", "split-aces", "spanish-21-bonus",
    "blackjack-payout", "surrender", "table-settlement", "allowed-actions", "hand-reading",
    "variant-specials",
}


def test_every_required_family_is_there() -> None:
    assert set(load_families()) >= REQUIRED


@pytest.mark.parametrize(("house", "offered", "natural", "said"), [
    ("baden-baden", "insurance", False,
     "Even money is for a blackjack only, and baden-baden offers none."),
    ("europoker", "insurance", False, "Even money is for a blackjack only."),
    ("europoker", "even-money", True,
     "Not insurance: even money is that blackjack's insurance, settled at once."),
])
def test_ace_offers_says_why_the_other_offer_is_not_made(house: str, offered: str,
                                                         natural: bool, said: str) -> None:
    """A trainee who offered the other one learns why it was not the offer."""
    questions = (generate(house, "ace-offers", seed, "medium") for seed in range(200))
    question = next(q for q in questions if q.answer_text == offered
                    and is_two_card_21(q.table.hands[0].cards) == natural)
    assert question.explanation.endswith(said), question.explanation


@pytest.mark.parametrize("name", sorted(REQUIRED))
def test_family_reads_well(name: str) -> None:
    family = find_family(name)
    assert family.title and len(family.description) > 80
    assert set(family.levels) == {"easy", "medium", "hard"}
    assert family.default_difficulty in family.levels
    assert 1 <= family.par_seconds <= 60
    assert all(level.description for level in family.levels.values())


@pytest.mark.parametrize("name", sorted(load_families()))
def test_a_family_at_a_no_hole_card_house_speaks_of_no_hole_card(name: str) -> None:
    """russian-casino deals the dealer one card: a family it plays (ace-offers said "before
    the hole card is checked") says nothing of a hole card."""
    family = find_family(name)
    if family.applies_to(find_house("russian-casino")):
        texts = [family.description, *(level.description for level in family.levels.values())]
        assert not [text for text in texts if "hole card" in text.lower()]


def test_ace_offers_says_when_the_offer_is_made_at_every_house() -> None:
    assert "Say what you offer the box before the players act: insurance" in find_family(
        "ace-offers").description


@pytest.mark.parametrize("name", sorted(REQUIRED))
def test_listed_houses_are_exactly_those_meeting_the_requirements(name: str) -> None:
    family = find_family(name)
    meeting = [h for h, rules in shipped_houses().items()
               if all(REQUIREMENTS[r](rules) for r in family.requires)]
    assert list(family.houses) == meeting


def test_applicability_matches_the_rules() -> None:
    assert [f.name for f in families_for(find_house("europoker"))] == [
        "ace-offers", "allowed-actions", "blackjack-payout", "dealer-draw", "even-money",
        "hand-reading", "insurance", "split-aces", "table-settlement",
    ]
    assert "spanish-21-bonus" in [f.name for f in families_for(find_house("spanish-21"))]
    no_insurance = [f.name for f in families_for(find_house("double-exposure"))]
    assert "insurance" not in no_insurance and "ace-offers" not in no_insurance


def test_a_family_that_does_not_apply_is_refused() -> None:
    with pytest.raises(DrillError, match="does not apply to europoker"):
        generate("europoker", "spanish-21-bonus", 1)


def test_unknown_family_and_difficulty() -> None:
    with pytest.raises(DrillError, match=r"unknown drill family 'nope' .*dealer-draw"):
        find_family("nope")
    with pytest.raises(DrillError, match="unknown difficulty 'expert'"):
        generate("europoker", "dealer-draw", 1, "expert")


def test_own_house_file_gets_families_by_its_rules(tmp_path: Path) -> None:
    text = (Path(__file__).parents[2] / "trainer/houses/europoker.toml").read_text()
    mine = tmp_path / "mine.toml"
    mine.write_text(text.replace('name = "europoker"', 'name = "my-club"', 1))
    rules = load_house_file(mine)
    assert rules.name == "my-club"
    names = [f.name for f in families_for(rules)]
    assert "even-money" in names and "surrender" not in names
    question = generate(rules, "insurance", 3)
    assert "my-club" in question.explanation


def test_scenarios_dir_is_the_source_tree() -> None:
    assert Path(str(scenarios_dir())).resolve() == (Path(__file__).parents[2] / "scenarios")


def test_installed_copy_points_at_the_same_files() -> None:
    packaged = Path(__file__).parents[2] / "trainer" / "scenarios"
    assert packaged.is_dir()
    assert sorted(p.name for p in packaged.glob("*.toml")) == sorted(
        p.name for p in (Path(__file__).parents[2] / "scenarios").glob("*.toml"))


@pytest.mark.parametrize(("change", "message"), [
    ({"answer": "poem"}, 'answer = "poem": must be one of action, actions, yes-no, money, net, '
                         "nets, chips, total"),
    ({"houses": ["atlantis"]}, 'houses[0] = "atlantis": must be one of baden-baden, '),
    ({"houses": []}, 'houses = []: must be "all" or a list of house names'),
    ({"requires": ["luck"]}, 'requires[0] = "luck": must be one of insurance, even-money, '),
    ({"colour": "red"}, "unknown key 'colour' (known: name, title, "),
    ({"difficulty": {"easy": {"description": "x", "tricky": 2}}},
     "difficulty.easy.tricky = 2: must be a share from 0 to 1"),
    ({"difficulty": {"easy": {"description": "x", "bets": 2}}},
     "unknown key 'difficulty.easy.bets' (known: description, tricky, "),
    ({"difficulty": {"easy": {"description": "x", "answer": "money"}}},
     'difficulty.easy.answer = "money": must be "chips", the one answer a level may ask'),
    ({"difficulty": {}}, "difficulty = {}: must be a table of at least one key"),
    ({"default_difficulty": "hard"},
     'default_difficulty = "hard": must name one of its levels (easy)'),
    ({"par_seconds": 0}, "par_seconds = 0: must be a whole number from 1 to 600"),
])
def test_bad_family_files_are_refused_naming_the_key(change: dict, message: str) -> None:
    data = {
        "name": "x", "title": "X", "description": "d", "houses": "all", "answer": "money",
        "par_seconds": 5, "difficulty": {"easy": {"description": "e"}},
    } | change
    with pytest.raises(DrillError) as refused:
        parse_family(data, "scenarios/x.toml")
    assert str(refused.value).startswith(f"scenarios/x.toml: {message}")


@pytest.mark.parametrize(("level", "message"), [
    ({"bet_step": "0.001"}, 'scenarios/x.toml: difficulty.easy.bet_step = "0.001": must be an '
                            "amount more than 0 with at most two decimals"),
    ({"awkward_bets": ["5", "12.505"]}, "scenarios/x.toml: difficulty.easy.awkward_bets[1] = "
                                        '"12.505": must be an amount more than 0'),
    ({"bet_min": 0}, "scenarios/x.toml: difficulty.easy.bet_min = 0: must be an amount more "
                     "than 0"),
    ({"bet_min": "2.25", "bet_max": "2.75", "odd_bets": 0.5},
     "scenarios/x.toml: difficulty.easy: odd_bets are whole bets, and none lies between "
     "bet_min 2.25 and bet_max 2.75"),
])
def test_bad_level_amounts_are_refused_naming_file_and_value(level: dict, message: str) -> None:
    """A level whose bets cannot be drawn, or staked (a tenth of a cent), is refused."""
    data = {
        "name": "x", "title": "X", "description": "d", "houses": "all", "answer": "money",
        "par_seconds": 5, "difficulty": {"easy": {"description": "e"} | level},
    }
    with pytest.raises(DrillError) as refused:
        parse_family(data, "scenarios/x.toml")
    assert str(refused.value).startswith(message)


def test_odd_bets_stay_within_a_decimal_minimum() -> None:
    """bet_min 2.50 to bet_max 4: the odd (whole) bets are 3 and 4, never 2."""
    data = {
        "name": "x", "title": "X", "description": "d", "houses": "all", "answer": "money",
        "par_seconds": 5, "difficulty": {"easy": {
            "description": "e", "bet_min": "2.50", "bet_max": 4, "bet_step": "0.50",
            "odd_bets": 1}},
    }
    level = parse_family(data, "scenarios/x.toml").levels["easy"]
    rules = find_house("europoker")
    rng = random.Random(3)
    bets = {Ctx(rules, rng, level, CardPool(rules, rng)).bet() for _ in range(200)}
    assert bets == {Decimal(3), Decimal(4)}


def test_own_house_without_split_aces_gets_no_split_ace_drill(tmp_path: Path) -> None:
    text = (Path(__file__).parents[2] / "trainer/houses/europoker.toml").read_text()
    text = text.replace('name = "europoker"', 'name = "no-splits"', 1)
    start = text.index("[split_aces_max_hands]")
    end = text.index("value", start)
    line_end = text.index("\n", end)
    text = text[:end] + "value = 1" + text[line_end:]
    mine = tmp_path / "no-splits.toml"
    mine.write_text(text)
    rules = load_house_file(mine)
    assert rules.split_aces_max_hands == 1
    assert "split-aces" not in [f.name for f in families_for(rules)]


def test_a_scenarios_dir_of_ones_own(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source = Path(__file__).parents[2] / "scenarios" / "dealer-draw.toml"
    (tmp_path / "dealer-draw.toml").write_text(source.read_text())
    monkeypatch.setenv("TRAINER_SCENARIOS", str(tmp_path))
    from trainer.drills.chips import DEFAULT_CHIPS, load_chip_sets

    assert list(load_families()) == ["dealer-draw"]
    assert load_chip_sets() == {"default": DEFAULT_CHIPS}
    assert generate("europoker", "dealer-draw", 1) == generate("europoker", "dealer-draw", 1)


def test_a_chip_of_a_tenth_of_a_cent_is_refused(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "_chip-sets.toml").write_text('default = ["0.001", 1]\n')
    monkeypatch.setenv("TRAINER_SCENARIOS", str(tmp_path))
    from trainer.drills.chips import load_chip_sets

    with pytest.raises(DrillError) as refused:
        load_chip_sets()
    assert str(refused.value) == (
        'scenarios/_chip-sets.toml: default[0] = "0.001": must be an amount more than 0 with '
        'at most two decimals and no thousands separator, e.g. 5 or "2.50"')


@pytest.mark.parametrize("house", sorted(shipped_houses()))
def test_a_dealer_draw_names_its_move_then_the_house_s_rule_once(house: str) -> None:
    """"… is soft 17, so the dealer hits. spanish-21: the dealer draws to 16, hits soft 17
    …": the rule is said once (it followed a sentence saying the same move by it)."""
    levels = ("easy", "medium", "hard")
    for seed in range(45):
        question = generate(house, "dealer-draw", seed, levels[seed % 3])
        sentence = question.explanation.split(" (")[0]  # a reading note may name it again
        move = "hits" if question.answer_text == "hit" else "stands"
        assert f", so the dealer {move}. {house}: the dealer draws to 16" in sentence
        assert sentence.count(f"{house}:") == 1, question.explanation


def test_a_table_s_rule_gives_each_hand_s_stake_and_net_and_a_split_box_s_sum() -> None:
    """"box 2, hand 1 …: pays 1:1 — doubled to 836: +836 | box 2, hand 2 …: pays 1:1 — bet
    418: +418 | box 2 in all: +836 +418 = +1254": a trainee sees where a box's net came
    from (the rule said only "pays 1:1", and a split box's hands were never summed)."""
    seen = {"doubled": 0, "split": 0}
    for seed in range(60):
        question = generate("russian-casino", "table-settlement", seed, "hard")
        nets = str(question.answer_text).split(";")
        lines = question.explanation_lines
        hands = [line for line in lines if " in all: " not in line]
        assert len(hands) == len(question.table.hands)
        for seat, line in zip(question.table.hands, hands, strict=True):
            stake = line.rsplit(" — ", 1)[1]
            if seat.doubled:
                seen["doubled"] += 1
                assert stake.startswith(f"doubled to {seat.stake}: ")
            else:
                assert stake.startswith(f"bet {seat.bet}: ")
        for line in lines:
            if " in all: " in line:
                seen["split"] += 1
                box, sums = line.removeprefix("box ").split(" in all: ")
                parts, total = sums.split(" = ")
                assert sum(Decimal(p) for p in parts.split()) == Decimal(total)
                assert Decimal(total) == Decimal(nets[int(box) - 1])
    assert seen["doubled"] and seen["split"], seen


@pytest.mark.parametrize(("house", "checked"), [
    ("spanish-21", True), ("classic-single-deck", True), ("russian-casino", False)])
def test_a_surrender_under_an_ace_or_a_ten_says_whether_the_dealer_has_checked(
        house: str, checked: bool) -> None:
    """A peeking house's box could not surrender had the dealer a blackjack: the prompt says
    the dealer checked; with no hole card there is nothing to check yet."""
    asked = 0
    for seed in range(40):
        question = generate(house, "surrender", seed, "hard")
        up = question.table.dealer[0]
        says = f"The dealer shows {up.label} and has checked: no blackjack." in question.prompt
        could_be_blackjack = up.rank is Rank.ACE or up.rank.is_ten_value
        asked += could_be_blackjack
        assert says == (checked and could_be_blackjack), question.prompt
    assert asked
