"""House profiles: the shipped nine, their readings, and the loader's refusals."""

from __future__ import annotations

import tomllib
from decimal import Decimal
from pathlib import Path

import pytest

from trainer.engine.cards import DeckKind
from trainer.engine.houses import (
    SPECS,
    ProfileError,
    find_house,
    house_names,
    load_house_file,
    shipped_profile_file,
)
from trainer.engine.rules import (
    DealerCards,
    DoubleOn,
    Reshuffle,
    Showdown,
    Soft17,
    SplitMatch,
    Ties,
)

HOUSES = [
    "casino-classic", "spanish-21", "double-exposure", "double-exposure-online", "baden-baden",
    "blackjack-switch", "classic-single-deck", "russian-casino", "europoker",
]
PROFILE_DIR = Path(__file__).parents[2] / "trainer" / "houses"


def test_every_house_of_rules_md_ships() -> None:
    assert sorted(house_names()) == sorted(HOUSES)


@pytest.mark.parametrize("name", HOUSES)
def test_every_rule_has_a_source_and_readings_have_a_why(name: str) -> None:
    house = find_house(name)
    assert set(house.notes) == {spec.key for spec in SPECS}
    for key, note in house.notes.items():
        assert note.source.strip(), key
        assert bool(note.reading) == bool(note.why), key


@pytest.mark.parametrize(
    ("name", "key"),
    [
        ("casino-classic", "blackjack_pays"),  # "ace with a picture" read as any ten-value card
        ("casino-classic", "dealer_peeks"),
        ("casino-classic", "dealer_blackjack_takes"),
        ("casino-classic", "split_match"),
        ("casino-classic", "split_max_hands"),
        ("casino-classic", "split_aces_one_card"),
        ("casino-classic", "blackjack_after_split"),
        ("spanish-21", "decks"),
        ("spanish-21", "dealer_blackjack_takes"),
        ("spanish-21", "max_doubles"),
        ("spanish-21", "surrender"),
        ("spanish-21", "bonuses"),
        ("spanish-21", "bonus_on_doubled"),
        ("spanish-21", "bonus_after_split"),
        ("spanish-21", "ties"),
        ("spanish-21", "insurance"),
        ("double-exposure", "blackjack_vs_dealer_blackjack"),
        ("double-exposure", "ties"),
        ("double-exposure-online", "soft_17"),
        ("double-exposure-online", "split_match"),
        ("double-exposure-online", "ties"),
        ("double-exposure-online", "insurance"),
        ("baden-baden", "dealer_blackjack_takes"),
        ("baden-baden", "six_card_win"),
        ("baden-baden", "double_on"),
        ("blackjack-switch", "dealer_22_pushes"),
        ("blackjack-switch", "blackjack_after_switch"),
        ("blackjack-switch", "switch"),  # equal bets, one switch before acting: not stated
        ("blackjack-switch", "soft_17"),
        ("blackjack-switch", "blackjack_pays"),
        ("classic-single-deck", "soft_17"),
        ("classic-single-deck", "blackjack_pays"),
        ("classic-single-deck", "dealer_peeks"),
        ("classic-single-deck", "insurance"),
        ("classic-single-deck", "blackjack_vs_dealer_blackjack"),
        ("classic-single-deck", "double_on"),
        ("russian-casino", "soft_17"),
        ("russian-casino", "dealer_blackjack_takes"),
        ("russian-casino", "split_max_hands"),
        ("russian-casino", "blackjack_after_split"),
        ("europoker", "soft_17"),
        ("europoker", "dealer_blackjack_takes"),
        ("europoker", "split_max_hands"),
        ("europoker", "double_after_split"),
        # seed 000's "ace with a picture", read in every seed-000 profile
        ("double-exposure", "blackjack_pays"),
        ("baden-baden", "blackjack_pays"),
        ("spanish-21", "blackjack_pays"),
        # seed 000's insurance "the dealer makes 21", read as blackjack wherever it is inherited
        ("casino-classic", "insurance_pays"),
        ("baden-baden", "insurance_pays"),
        ("blackjack-switch", "insurance_pays"),
        ("spanish-21", "insurance_pays"),
        # seed 000 does not say the second bet of a split equals the first (read: yes)
        ("casino-classic", "split_bets_equal"),
        ("spanish-21", "split_bets_equal"),
        ("double-exposure", "split_bets_equal"),
        ("baden-baden", "split_bets_equal"),
        ("blackjack-switch", "split_bets_equal"),
        ("double-exposure-online", "split_bets_equal"),
    ],
)
def test_rules_md_ambiguities_are_recorded_as_readings(name: str, key: str) -> None:
    note = find_house(name).notes[key]
    assert note.reading and note.why


SEED_000 = ["casino-classic", "spanish-21", "double-exposure", "baden-baden", "blackjack-switch"]


@pytest.mark.parametrize("name", SEED_000)
def test_seed_000_profiles_read_ace_with_a_picture_as_any_ten_value_card(name: str) -> None:
    note = find_house(name).notes["blackjack_pays"]
    assert "туз с картинкой" in note.source
    assert note.reading and "'ace with a picture' means an ace with any ten-value card" in (
        note.reading.lower()
    )


@pytest.mark.parametrize("name", [n for n in SEED_000 if find_house(n).insurance])
def test_inherited_insurance_is_read_as_paying_on_a_dealer_blackjack(name: str) -> None:
    note = find_house(name).notes["insurance_pays"]
    assert "банкомет набирает 21 очко" in note.source
    assert note.reading == "Insurance wins 2:1 when the dealer has blackjack (not any 21)."


@pytest.mark.parametrize("name", HOUSES)
def test_every_house_states_whether_split_bets_are_equal(name: str) -> None:
    house = find_house(name)
    assert house.split_bets_equal
    note = house.notes["split_bets_equal"]
    assert bool(note.reading) == (name in SEED_000 or name == "double-exposure-online")


def test_headline_rules() -> None:
    classic = find_house("casino-classic")
    assert (classic.decks, classic.soft_17, classic.double_on) == (1, Soft17.STAND, DoubleOn.ANY)
    assert not classic.double_after_split and not classic.surrender
    spanish = find_house("spanish-21")
    assert (spanish.deck, spanish.decks, spanish.soft_17) == (DeckKind.SPANISH, 6, Soft17.HIT)
    assert spanish.blackjack_vs_dealer_blackjack is Showdown.WIN and spanish.player_21_wins
    assert spanish.max_doubles == 2 and spanish.surrender_after_double
    exposure = find_house("double-exposure")
    assert exposure.dealer_cards is DealerCards.BOTH_UP and exposure.ties is Ties.LOSE
    assert exposure.double_on is DoubleOn.HARD_NINE_TO_ELEVEN and not exposure.insurance
    online = find_house("double-exposure-online")
    assert (online.decks, online.penetration, online.double_on) == (
        6, Decimal("0.5"), DoubleOn.NOT_SOFT,
    )
    assert online.split_max_hands == 4 and online.split_aces_max_hands == 4
    baden = find_house("baden-baden")
    assert baden.reshuffle is Reshuffle.EVERY_ROUND and baden.split_match is SplitMatch.RANK
    assert baden.split_max_hands == 2 and baden.six_card_win
    switch = find_house("blackjack-switch")
    assert switch.switch and switch.dealer_22_pushes and switch.decks == 6
    single = find_house("classic-single-deck")
    assert single.reshuffle is Reshuffle.FRESH_DECK and single.double_on is DoubleOn.ELEVEN
    assert single.surrender and not single.surrender_vs_ace and single.even_money
    russian = find_house("russian-casino")
    assert russian.dealer_cards is DealerCards.NO_HOLE_CARD and russian.double_after_split
    assert russian.split_aces_max_hands is None
    euro = find_house("europoker")
    assert (euro.decks, euro.reshuffle, euro.split_max_hands) == (2, Reshuffle.EVERY_ROUND, 2)


def _write_profile(tmp_path: Path, edit: str, old: str = "", new: str = "") -> Path:
    text = (PROFILE_DIR / "europoker.toml").read_text(encoding="utf-8")
    if old:
        assert old in text
        text = text.replace(old, new, 1)
    path = tmp_path / "custom.toml"
    path.write_text(text + edit, encoding="utf-8")
    return path


def test_loads_a_user_profile(tmp_path: Path) -> None:
    path = _write_profile(
        tmp_path, "", '[soft_17]\nvalue = "stand"', '[soft_17]\nvalue = "hit"'
    )
    house = load_house_file(path)
    assert house.soft_17 is Soft17.HIT and house.name == "europoker"


@pytest.mark.parametrize(
    ("edit", "old", "new", "message"),
    [
        ('\n[lucky_sevens]\nvalue = true\nsource = "x"\n', "", "", "unknown key 'lucky_sevens'"),
        ("", '[decks]\nvalue = 2\nsource = "004: «блэкджек играется с двумя колодами карт»"\n',
         "", "missing key 'decks'"),
        ("", "[decks]\nvalue = 2", "[decks]\nvalue = 0",
         "decks.value = 0: must be a whole number from 1 to 8"),
        # a value quoted as the file writes it, not as Python prints it (True, {'x': 1})
        ("", "[decks]\nvalue = 2", "[decks]\nvalue = true", "decks.value = true: must be a whole"),
        ("", "[bonuses]\nvalue = {}", "[bonuses]\nvalue = { x = 1 }",
         r"unknown key 'bonuses.value.x' \(known: suited-7-7-7-vs-dealer-7, "),
        ("", "[bonuses]\nvalue = {}", '[bonuses]\nvalue = { "x y" = 1, "" = 2 }',
         "unknown key 'bonuses.value.\"x y\"' "),
        ("", "[bonuses]\nvalue = {}", '[bonuses]\nvalue = { five-card-21 = 2 }',
         'bonuses.value.five-card-21 = 2: must be a ratio'),
        ("", '[soft_17]\nvalue = "stand"', '[soft_17]\nvalue = "sometimes"',
         'soft_17.value = "sometimes": must be one of stand, hit'),
        ("", '[blackjack_pays]\nvalue = "3:2"', '[blackjack_pays]\nvalue = "3/2"',
         'blackjack_pays.value = "3/2"'),
        ("", '[penetration]\nvalue = "1"', '[penetration]\nvalue = "1.5"', "penetration"),
        ("", '[dealer_peeks]\nvalue = false', '[dealer_peeks]\nvalue = "no"',
         "must be true or false"),
        ("", '[dealer_peeks]\nvalue = false', '[dealer_peeks]\nvalue = true',
         "dealer_blackjack_takes: a dealer blackjack seen before play"),
        ("", 'reading = "No resplit."\n', "", "a 'reading' needs a 'why'"),
        ("", 'reading = "No resplit."\n', "reading = 1\n", "reading = 1: must be a string"),
        ("", '[decks]\nvalue = 2\nsource = "004', '[decks]\nvalue = 2\nsourse = "004',
         "unknown key 'decks.sourse' \\(known: value, source, reading, why, alternative\\)"),
        ("", '[decks]\nvalue = 2\nsource = "004: «блэкджек играется с двумя колодами карт»"\n',
         "[decks]\nvalue = 2\n", r"missing key 'decks.source' \(where the rule comes from\)"),
        ("", 'name = "europoker"', 'name = ""', 'name = "": must be a non-empty string'),
        ("", 'name = "europoker"', "name = 5", "name = 5: must be a non-empty string"),
        ("", 'name = "europoker"\n', "", "missing key 'name'"),
        ("", 'name = "europoker"', 'name = "europoker/../spanish-21"',
         'name = "europoker/../spanish-21": must be lowercase words of a-z and 0-9 joined by'),
        ("", 'name = "europoker"', 'name = "My Club"', 'name = "My Club": must be lowercase'),
        ("", 'name = "europoker"', 'name = "club-"', 'name = "club-": must be lowercase'),
        ("", "[split_max_hands]\nvalue = 2", "[split_max_hands]\nvalue = 400",
         'split_max_hands.value = 400: must be a whole number of hands from 1 \\(no split\\) to 8'),
        ("", "[split_aces_max_hands]\nvalue = 2", "[split_aces_max_hands]\nvalue = 1000",
         "split_aces_max_hands.value = 1000: must be a whole number of hands from 1"),
        ("", "[split_max_hands]\nvalue = 2", "[split_max_hands]\nvalue = 0",
         "split_max_hands.value = 0: must be a whole number of hands"),
        ("", '[split_bets_equal]\nvalue = true', '[split_bets_equal]\nvalue = "yes"',
         'split_bets_equal.value = "yes": must be true or false'),
    ],
)
def test_refuses_bad_profiles(tmp_path: Path, edit: str, old: str, new: str, message: str) -> None:
    path = _write_profile(tmp_path, edit, old, new)
    with pytest.raises(ProfileError, match=message) as info:
        load_house_file(path)
    assert str(path) in str(info.value)


def test_refuses_unreadable_and_invalid_toml(tmp_path: Path) -> None:
    with pytest.raises(ProfileError, match="cannot read"):
        load_house_file(tmp_path / "missing.toml")
    bad = tmp_path / "bad.toml"
    bad.write_text("decks = = 2", encoding="utf-8")
    with pytest.raises(ProfileError, match="not valid TOML"):
        load_house_file(bad)


def test_unknown_house_lists_known() -> None:
    with pytest.raises(ProfileError, match=r"unknown house 'nope'.*europoker"):
        find_house("nope")


def test_profile_files_are_valid_toml_with_sources() -> None:
    for path in PROFILE_DIR.glob("*.toml"):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        assert data["source"].endswith(".txt")


@pytest.mark.parametrize("name", house_names())
def test_each_shipped_profile_is_read_from_the_file_named_after_it(name: str) -> None:
    path = Path(shipped_profile_file(name))
    assert path.resolve() == (PROFILE_DIR / f"{name}.toml").resolve()
    assert load_house_file(path) == find_house(name)


# The source documents, beside the project (../shared/seeds/, as RULES.md has them).
SEEDS = Path(__file__).parents[3] / "shared" / "seeds"
_QUOTE_MARKS = str.maketrans({"«": '"', "»": '"', "“": '"', "”": '"', "„": '"', "ё": "е"})


def _quotes(text: str) -> list[str]:
    """Every «quoted» passage of a note, outermost guillemets only (a quote may nest «…»)."""
    found, depth, current = [], 0, ""
    for char in text:
        if char == "«":
            current += char if depth else ""
            depth += 1
        elif char == "»" and depth:
            depth -= 1
            if depth:
                current += char
            else:
                found.append(current)
                current = ""
        elif depth:
            current += char
    return found


def _plain(text: str) -> str:
    """Text compared for quoting: one kind of quotation mark, single spaces, no case."""
    return " ".join(text.translate(_QUOTE_MARKS).lower().split())


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the source documents are not beside the project")
@pytest.mark.parametrize("name", HOUSES)
def test_every_quoted_passage_is_in_the_house_s_source_document(name: str) -> None:
    data = tomllib.loads((PROFILE_DIR / f"{name}.toml").read_text(encoding="utf-8"))
    seed = _plain((SEEDS / data["source"]).read_text(encoding="utf-8"))
    missing = []
    for key, rule in data.items():
        if not isinstance(rule, dict):
            continue
        for field in ("source", "reading", "why"):
            for quote in _quotes(rule.get(field, "")):
                # "..." marks words left out: each part is quoted word for word
                for part in quote.replace("…", "...").split("..."):
                    if part.strip(" .,;") and _plain(part.strip(" .,;")) not in seed:
                        missing.append(f"{key}.{field}: «{part.strip()}»")
    assert not missing, f"{name}: quoted but not in {data['source']}: {missing}"


@pytest.mark.parametrize("name", [n for n in HOUSES if find_house(n).insurance])
def test_every_house_records_that_insurance_may_be_less_than_its_share(name: str) -> None:
    """Seeds 000, 002 and 004 name the insurance stake as half the bet (004: «равную 50 %»);
    the engine takes any stake up to that share, and every profile says so."""
    notes = find_house(name).notes
    readings = [notes[key].reading or "" for key in ("insurance_max", "insurance")]
    assert any("at most half" in r or "up to half" in r for r in readings), readings
