"""Bad audit input exits 2 in one line naming it; a failing rule exits 1, a passing audit 0."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli.helpers import run_cli
from trainer.audit import runner
from trainer.audit.inputs import AuditInputError
from trainer.audit.runner import ReportError, run_features

HOUSES = Path(__file__).resolve().parents[2] / "trainer" / "houses"

PASSING = """@europoker @dealer
Feature: one rule
  Scenario: the dealer stands on 17
    Given the house rules "europoker"
    When the dealer holds T♠ 7♦
    Then the dealer stands
"""


def refused(capsys: pytest.CaptureFixture[str], place: Path) -> str:
    """Audit ``place``; assert it is refused as bad input; return the one line on stderr."""
    run = run_cli(capsys, "audit", "--quiet", "--features", str(place))
    assert run.code == 2, run
    assert run.out == ""
    assert run.err.count("\n") == 1 and run.err.startswith("trainer: error: "), run.err
    return run.err


def test_a_folder_without_feature_files_is_refused(tmp_path, capsys):
    (tmp_path / "notes.txt").write_text("no features here", encoding="utf-8")
    assert f"no .feature files in {tmp_path}" in refused(capsys, tmp_path)


def test_a_gherkin_syntax_error_names_the_file_and_line(tmp_path, capsys):
    feature = tmp_path / "broken.feature"
    feature.write_text(PASSING + "    Then\n  garbage here\n", encoding="utf-8")
    err = refused(capsys, tmp_path)
    assert f"{feature}, line 7 ('Then'): Step definition outside of a Scenario" in err


def test_a_table_error_names_its_line_without_the_parser_noise(tmp_path, capsys):
    feature = tmp_path / "table.feature"
    feature.write_text(
        "Feature: x\n  Scenario Outline: y\n    Given the house rules \"europoker\"\n"
        "    Examples:\n      | a |\n      | 1 | 2 |\n",
        encoding="utf-8",
    )
    err = refused(capsys, feature)
    assert f"{feature}, line 6 ('| 1 | 2 |'): inconsistent cell count within the table" in err
    assert "Parser errors" not in err


@pytest.mark.parametrize(("content", "says"), [
    (b"\xff\xfe\x00\x00binary", "a binary file, not a Gherkin feature"),
    ('Feature: caf\xe9\n'.encode("latin-1"), "not UTF-8 text (byte 12)"),
    (b"", "no 'Feature:' line"),
    (b"Feature: nothing to run\n", "no scenarios in the features of"),
])
def test_a_feature_file_that_is_not_gherkin_text_is_refused(tmp_path, capsys, content, says):
    feature = tmp_path / "bad.feature"
    feature.write_bytes(content)
    err = refused(capsys, tmp_path)
    assert says in err and str(tmp_path) in err
    assert "INTERNALERROR" not in err


def test_one_bad_file_among_good_ones_refuses_the_audit(tmp_path, capsys):
    (tmp_path / "good.feature").write_text(PASSING, encoding="utf-8")
    (tmp_path / "bad.feature").write_bytes(b"Feature: \xff\n")
    assert "bad.feature: not UTF-8 text" in refused(capsys, tmp_path)


def test_the_runner_refuses_bad_input_before_running(tmp_path):
    with pytest.raises(AuditInputError, match=r"no \.feature files"):
        run_features([tmp_path])


def test_a_passing_feature_exits_0_and_a_failing_rule_exits_1(tmp_path, capsys):
    feature = tmp_path / "dealer.feature"
    feature.write_text(PASSING, encoding="utf-8")
    assert run_cli(capsys, "audit", "--quiet", "--features", str(feature)).code == 0
    feature.write_text(PASSING.replace("T♠ 7♦", "T♠ 6♦"), encoding="utf-8")
    failing = run_cli(capsys, "audit", "--quiet", "--features", str(feature))
    assert failing.code == 1
    assert "FAILED europoker / dealer: the dealer stands on 17" in failing.out


def test_a_feature_file_that_cannot_be_read_is_refused(tmp_path, capsys, monkeypatch):
    (tmp_path / "locked.feature").write_text(PASSING, encoding="utf-8")

    def denied(self: Path) -> bytes:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(Path, "read_bytes", denied)
    assert "locked.feature: cannot read (Permission denied)" in refused(capsys, tmp_path)


def test_the_house_under_audit_without_one_is_refused_as_usage(tmp_path, capsys):
    """Not a rule the engine fails: the auditor forgot --rules or --rules-file."""
    feature = tmp_path / "mine.feature"
    feature.write_text(
        "Feature: mine\n  Scenario: blackjack pays\n    Given the house rules under audit\n"
        "    And a bet of 10 on A♠ K♦\n    When the dealer holds 9♥ T♦\n"
        "    Then the player is paid 15\n", encoding="utf-8")
    run = run_cli(capsys, "audit", "--quiet", "--features", str(feature))
    assert (run.code, run.out) == (2, "")
    assert run.err == (f"trainer: error: {feature}, line 3 plays the house rules under "
                       "audit: give --rules NAME or --rules-file FILE\n")
    assert run_cli(capsys, "audit", "--quiet", "--features", str(feature),
                   "--rules", "europoker").code == 0


def test_a_skipped_scenario_of_the_house_under_audit_needs_no_house(tmp_path, capsys):
    """Set aside with @skip, as the other checks before the run leave it; it had refused
    the whole file."""
    feature = tmp_path / "mine.feature"
    feature.write_text(
        "Feature: mine\n  Scenario: stands on 17\n    Given the house rules \"europoker\"\n"
        "    When the dealer holds T♠ 7♦\n    Then the dealer stands\n\n"
        "  @skip\n  Scenario: blackjack pays\n    Given the house rules under audit\n"
        "    And a bet of 10 on A♠ K♦\n    When the dealer holds 9♥ T♦\n"
        "    Then the player is paid 15\n", encoding="utf-8")
    run = run_cli(capsys, "audit", "--quiet", "--features", str(feature))
    assert (run.code, run.err) == (0, ""), run.err


def test_steps_takes_no_audit_options_and_two_houses_are_named(tmp_path, capsys):
    run = run_cli(capsys, "audit", "--steps", "--rules", "nosuch")
    assert (run.code, run.out) == (2, "")
    assert run.err == ("trainer: error: --steps lists the steps and runs nothing: it takes "
                       "only --json\n")
    profile = tmp_path / "mine.toml"
    profile.write_text("", encoding="utf-8")
    run = run_cli(capsys, "audit", "--rules", "europoker", "--rules-file", str(profile))
    assert run.code == 2
    assert run.err == ("trainer: error: give --rules NAME or --rules-file PATH, not both "
                       f"(got europoker and {profile})\n")


def test_a_feature_with_a_byte_order_mark_is_refused_saying_so(tmp_path, capsys):
    feature = tmp_path / "bom.feature"
    feature.write_bytes(b"\xef\xbb\xbfFeature: bom\n  Scenario: x\n    Given the house rules "
                        b"\"europoker\"\n    When the dealer holds T\xe2\x99\xa0 7\xe2\x99\xa6\n"
                        b"    Then the dealer stands\n")
    run = run_cli(capsys, "audit", "--quiet", "--features", str(feature))
    assert run.code == 2
    assert run.err == (f"trainer: error: {feature}: starts with a byte-order mark (save it as "
                       "UTF-8 without one)\n")


def test_an_examples_row_listed_twice_is_refused(tmp_path, capsys):
    """Both copies would run, and be reported, under one name."""
    feature = tmp_path / "twice.feature"
    feature.write_text("""Feature: twice
  Scenario Outline: the dealer stands
    Given the house rules "europoker"
    When the dealer holds <cards>
    Then the dealer stands

    Examples:
      | cards |
      | T♠ 7♦ |
      | T♠ 8♦ |
      | T♠ 7♦ |
""", encoding="utf-8")
    assert refused(capsys, tmp_path) == (f"trainer: error: {feature}, line 7: the Examples list "
                                         "the row cards=T♠ 7♦ twice\n")


@pytest.mark.parametrize("name", ["cucumber.json", "junit.xml", "report.html"])
def test_a_report_that_cannot_be_written_is_refused_in_one_line(tmp_path, capsys, name):
    feature = tmp_path / "one.feature"
    feature.write_text(PASSING, encoding="utf-8")
    (tmp_path / "out" / name).mkdir(parents=True)
    run = run_cli(capsys, "audit", "--quiet", "--features", str(feature),
                  "--report", str(tmp_path / "out"))
    assert run.code == 2 and run.out == "" and run.err.count("\n") == 1
    assert f"{tmp_path / 'out' / name} is a folder, where the report would be written" in run.err
    assert [p.name for p in (tmp_path / "out").iterdir()] == [name]  # the run never started
    with pytest.raises(ReportError, match=rf"{name} is a folder, where the report would be"):
        run_features([feature], report_dir=tmp_path / "out")


@pytest.mark.parametrize("name", ["cucumber.json", "junit.xml", "report.html"])
def test_a_named_pipe_where_a_report_goes_is_refused_before_the_run(tmp_path, capsys, name):
    """Writing report.html into a pipe nobody reads would hang the audit for ever."""
    feature = tmp_path / "one.feature"
    feature.write_text(PASSING, encoding="utf-8")
    (tmp_path / "out").mkdir()
    os.mkfifo(tmp_path / "out" / name)
    # An open reading end, so that a regression fails the asserts instead of hanging.
    reader = os.open(tmp_path / "out" / name, os.O_RDONLY | os.O_NONBLOCK)
    try:
        run = run_cli(capsys, "audit", "--quiet", "--features", str(feature),
                      "--report", str(tmp_path / "out"))
        assert run.code == 2 and run.out == "" and run.err.count("\n") == 1
        assert (f"{tmp_path / 'out' / name} is not a plain file, where the report would be "
                "written") in run.err
        with pytest.raises(ReportError, match=rf"{name} is not a plain file"):
            run_features([feature], report_dir=tmp_path / "out")
    finally:
        os.close(reader)


@pytest.mark.parametrize("to", ["victim.txt", "missing/nowhere.xml", "loop"])
def test_a_symbolic_link_where_a_report_goes_is_refused_before_the_run(tmp_path, capsys, to):
    """Followed, it wrote the report over the file it points to, or ran the whole audit
    before failing on a dangling link or a loop."""
    feature = tmp_path / "one.feature"
    feature.write_text(PASSING, encoding="utf-8")
    (tmp_path / "victim.txt").write_text("keep me", encoding="utf-8")
    (tmp_path / "out").mkdir()
    (tmp_path / "loop").symlink_to(tmp_path / "loop")
    (tmp_path / "out" / "report.html").symlink_to(tmp_path / to)
    run = run_cli(capsys, "audit", "--quiet", "--features", str(feature),
                  "--report", str(tmp_path / "out"))
    assert run.code == 2 and run.out == "" and run.err.count("\n") == 1
    assert (f"{tmp_path / 'out' / 'report.html'} is a symbolic link, where the report would "
            "be written") in run.err
    assert (tmp_path / "victim.txt").read_text(encoding="utf-8") == "keep me"
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["report.html"]


def test_a_report_error_without_an_os_reason_still_says_why(tmp_path, monkeypatch):
    """shutil's own errors carry no strerror: the message must not read '(None)'."""
    feature = tmp_path / "one.feature"
    feature.write_text(PASSING, encoding="utf-8")

    def refuse(source, target):
        raise shutil.SpecialFileError(f"`{target}` is a named pipe")

    monkeypatch.setattr(runner.shutil, "copyfile", refuse)
    with pytest.raises(ReportError) as caught:
        run_features([feature], report_dir=tmp_path / "out")
    assert str(caught.value) == (f"{tmp_path / 'out' / 'cucumber.json'}: cannot write the "
                                 f"report (`{tmp_path / 'out' / 'cucumber.json'}` is a named pipe)")


ONE_RULE = """@europoker @dealer
Feature: one rule
{body}"""


@pytest.mark.parametrize(("body", "says"), [
    ("""  Scenario: the dealer stand on 17
    Given the house rules "europoker"
    When the dealer holds T♠ 7♦
    Then the dealer stand
""", "line 6: no step reads Then 'the dealer stand'; closest: Then the dealer stands;"),
    ("""  Scenario Outline: a bet of <bet>
    Given the house rules "europoker"
    And a bet of <bet> on A♠ K♦
    When the dealer holds 9♥ T♦
    Then the player is paid 15

    Examples:
      | bet |
      | 10  |
      | ten |
""", "line 5: no step reads And 'a bet of ten on A♠ K♦'; closest: Given a bet of 15 on A♠ K♦"),
    ("""  Scenario: the dealer stands on 17
    Given the house rules "europoker"
    When the dealer holds T♠ 7♦
    Then the dealer stands

  Scenario: the dealer stands on 17
    Given the house rules "europoker"
    When the dealer holds T♠ 8♦
    Then the dealer stands
""", "line 8: a second scenario named 'the dealer stands on 17' (the first is on line 3)"),
    ("""  Scenario: nothing is asserted
    Given the house rules "europoker"
    When the dealer holds T♠ 7♦
""", "line 3 (scenario 'nothing is asserted'): no Then step, so it checks nothing"),
    ("""  Scenario Outline: no rows
    Given the house rules "europoker"
    When the dealer holds <cards>
    Then the dealer stands

    Examples:
      | cards |
""", "line 3 (scenario 'no rows'): the Examples on line 8 have no rows"),
    ("""  Scenario Outline: a column missing
    Given the house rules "europoker"
    When the dealer holds <cards>
    Then the dealer <move>

    Examples:
      | cards |
      | T♠ 7♦ |
""", "line 3 (scenario 'a column missing'): the Examples on line 8 have no column <move>"),
])
def test_a_scenario_that_cannot_be_audited_as_written_is_refused(tmp_path, capsys, body, says):
    """Each would have been reported as a rule the engine breaks, or honours, or left out."""
    feature = tmp_path / "bad.feature"
    feature.write_text(ONE_RULE.format(body=body), encoding="utf-8")
    assert f"{feature}, {says}" in refused(capsys, feature)


def test_a_skipped_scenario_is_not_checked_before_the_run(tmp_path, capsys):
    """``@skip`` parks a scenario whose step is not written yet; it must not refuse the rest."""
    feature = tmp_path / "parked.feature"
    feature.write_text(PASSING + """
  @skip
  Scenario: work in progress
    Given the house rules "europoker"
    Then the dealer does something not yet written
""", encoding="utf-8")
    run = run_cli(capsys, "audit", "--quiet", "--features", str(feature))
    assert run.code == 0, run.err
    assert "1 passed, 0 failed" in run.out


def test_the_checks_before_the_run_know_every_step_without_the_pytest_plugin() -> None:
    """The checks run before pytest loads the plugin; importing the plugin first would
    keep pytest from rewriting its asserts, so they must find the steps by themselves."""
    code = ("import sys\n"
            "from trainer.audit import scenario_checks\n"
            "from trainer.audit.catalogue import read_step\n"
            "assert 'trainer.audit.plugin' not in sys.modules\n"
            "print(read_step('given', 'the house rules \"europoker\"') is not None)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout == "True\n"


SHIPPED = ("baden-baden, blackjack-switch, casino-classic, classic-single-deck, "
           "double-exposure, double-exposure-online, europoker, russian-casino, spanish-21")


@pytest.mark.parametrize("text", [
    """Feature: x
  Scenario: the dealer stands on 17
    Given the house rules "no-such-house"
    When the dealer holds T♠ 7♦
    Then the dealer stands
""",
    """# language: ru
Функция: x
  Сценарий: дилер останавливается на 17
    Дано правила заведения "no-such-house"
    Когда у дилера T♠ 7♦
    Тогда дилер останавливается
""",
])
def test_a_house_that_does_not_exist_is_refused_before_the_run(tmp_path, capsys, text):
    """The engine broke no rule: the feature names a house there is none of."""
    feature = tmp_path / "typo.feature"
    feature.write_text(text, encoding="utf-8")
    line = 3 if text.startswith("Feature") else 4
    assert refused(capsys, feature) == (f"trainer: error: {feature}, line {line}: unknown "
                                        f"house 'no-such-house' (known: {SHIPPED})\n")


OUTLINE_BY_HOUSE = """Feature: rows
  Scenario Outline: the dealer stands on 17 at <house>
    Given the house rules "<house>"
    When the dealer holds T♠ 7♦
    Then the dealer stands

    Examples:
      | house     |
      | europoker |
"""


def test_each_examples_row_must_name_a_house_that_exists(tmp_path, capsys):
    feature = tmp_path / "rows.feature"
    feature.write_text(OUTLINE_BY_HOUSE + "      | europokr  |\n", encoding="utf-8")
    assert refused(capsys, feature) == (f"trainer: error: {feature}, line 3: unknown house "
                                        f"'europokr' (known: {SHIPPED})\n")


def test_a_house_under_audit_does_not_excuse_a_house_that_does_not_exist(tmp_path, capsys):
    """--rules replaces the house the feature names, but the feature is wrong as written."""
    feature = tmp_path / "typo.feature"
    feature.write_text(PASSING.replace('"europoker"', '"no-such-house"'), encoding="utf-8")
    run = run_cli(capsys, "audit", "--quiet", "--features", str(feature), "--rules", "europoker")
    assert (run.code, run.out) == (2, "")
    assert run.err == (f"trainer: error: {feature}, line 4: unknown house 'no-such-house' "
                       f"(known: {SHIPPED})\n")


def test_a_feature_may_name_the_house_its_rules_file_declares(tmp_path, capsys):
    """It plays under that house; any other name must be a shipped house, as without one."""
    profile = tmp_path / "our-club.toml"
    profile.write_text((HOUSES / "europoker.toml").read_text(encoding="utf-8").replace(
        'name = "europoker"', 'name = "our-club"'), encoding="utf-8")
    feature = tmp_path / "club.feature"
    feature.write_text(PASSING.replace('"europoker"', '"our-club"'), encoding="utf-8")
    audit = ("audit", "--quiet", "--features", str(feature), "--rules-file", str(profile))
    assert run_cli(capsys, *audit).code == 0
    assert refused(capsys, feature) == (f"trainer: error: {feature}, line 4: unknown house "
                                        f"'our-club' (known: {SHIPPED})\n")
    feature.write_text(PASSING.replace('"europoker"', '"no-such-house"'), encoding="utf-8")
    run = run_cli(capsys, *audit)
    assert (run.code, run.out) == (2, "")
    assert run.err == (f"trainer: error: {feature}, line 4: unknown house 'no-such-house' "
                       f"(known: {SHIPPED}, our-club)\n")


def test_a_skipped_scenario_may_name_a_house_not_yet_shipped(tmp_path, capsys):
    feature = tmp_path / "parked.feature"
    feature.write_text(PASSING + """
  @skip
  Scenario: a house in the making
    Given the house rules "new-casino"
    When the dealer holds T♠ 7♦
    Then the dealer stands
""", encoding="utf-8")
    run = run_cli(capsys, "audit", "--quiet", "--features", str(feature))
    assert run.code == 0, run.err
    assert "1 passed, 0 failed" in run.out


@pytest.mark.parametrize("features", [False, True])
def test_an_unknown_house_under_audit_is_refused_with_or_without_features(tmp_path, capsys,
                                                                          features):
    """With --features the name was never looked up, and pytest crashed on it (exit 1)."""
    feature = tmp_path / "one.feature"
    feature.write_text(PASSING, encoding="utf-8")
    where = ["--features", str(feature)] if features else []
    run = run_cli(capsys, "audit", "--quiet", *where, "--rules", "nope")
    assert (run.code, run.out) == (2, "")
    assert run.err.startswith("trainer: error: unknown house 'nope' (known: baden-baden, ")


def test_examples_set_aside_with_skip_are_not_checked(tmp_path, capsys):
    """The run skips a @skip Examples table's rows; the checks before it leave them too."""
    feature = tmp_path / "rows.feature"
    feature.write_text(OUTLINE_BY_HOUSE + "\n    @skip\n    Examples:\n      | house |\n"
                       "      | nope-skiprow |\n", encoding="utf-8")
    run = run_cli(capsys, "audit", "--quiet", "--features", str(feature))
    assert (run.code, run.err) == (0, ""), run.err
    assert "1 passed, 0 failed, 1 skipped" in run.out
