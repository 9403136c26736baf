@spanish-21 @insurance
Feature: Spanish 21 — insurance, no even money

  @reading
  Scenario: reading — insurance is offered against a dealer ace
    The variant does not remove the base game's insurance.

    Given the house rules "spanish-21"
    And a bet of 10 on K♠ 9♦
    When the dealer shows A♥
    Then the player may insure
    And the insurance stake is at most 5
    And the profile records a reading for "insurance"

  @reading
  Scenario Outline: reading — the insurance stake is at most half the bet
    Same reading as casino-classic: the source names half the bet; a smaller
    stake is the player's choice, and wins 2:1 the same.

    Given the house rules "spanish-21"
    And a bet of <bet> on K♠ 9♦
    And the player insures for <stake>
    When the dealer holds A♥ K♣
    Then the insurance stake is at most <most>
    And the insurance is paid <paid>
    And the profile records a reading for "insurance_max"

    Examples:
      | bet | stake | most  | paid |
      | 10  | 5     | 5     | 10   |
      | 25  | 12.50 | 12.50 | 25   |
      | 10  | 2     | 5     | 4    |

  Scenario: insurance pays 2:1 against a dealer blackjack
    Given the house rules "spanish-21"
    And a bet of 10 on K♠ 9♦
    And the player insures for 5
    When the dealer holds A♥ K♣
    Then the insurance is paid 10
    And the player is paid 0

  @reading
  Scenario: reading — no even-money offer
    A player blackjack beats a dealer blackjack here, so even money would
    only cost the player.

    Given the house rules "spanish-21"
    And a bet of 10 on A♠ K♦
    When the dealer shows A♥
    Then the player is not offered even money
    And the profile records a reading for "even_money"

  @reading
  Scenario: reading — insurance pays only on a dealer blackjack, not on a drawn 21
    "If the dealer makes 21 the player wins double" is read as blackjack, as in
    casino-classic.

    Given the house rules "spanish-21"
    And a bet of 10 on K♠ 9♦
    And the player insures for 5
    When the dealer holds A♥ 5♣ 5♦
    Then the insurance loses 5
    And the player loses 15
    And the profile records a reading for "insurance_pays"
