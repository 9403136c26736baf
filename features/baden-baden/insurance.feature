@baden-baden @insurance
Feature: Baden-Baden — insurance as in the base game, no even money, no surrender

  Scenario: insurance of up to half the bet against an ace, paying 2:1
    Given the house rules "baden-baden"
    And a bet of 10 on T♠ 9♦
    And the player insures for 5
    When the dealer holds A♥ K♣
    Then the player may insure
    And the insurance stake is at most 5
    And the insurance is paid 10
    And the player is paid 0

  @reading
  Scenario Outline: reading — the insurance stake is at most half the bet
    Same reading as casino-classic: the source names half the bet; a smaller
    stake is the player's choice, and wins 2:1 the same.

    Given the house rules "baden-baden"
    And a bet of <bet> on T♠ 9♦
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

  @reading
  Scenario: reading — no even-money offer
    A player blackjack always loses to a dealer blackjack here; the source
    offers insurance only.

    Given the house rules "baden-baden"
    And a bet of 10 on A♠ K♦
    When the dealer shows A♥
    Then the player is not offered even money
    And the profile records a reading for "even_money"

  @surrender
  Scenario: surrender is forbidden
    Given the house rules "baden-baden"
    And a bet of 10 on T♠ 6♦
    When the dealer shows T♥
    Then the player may not surrender

  @reading
  Scenario: reading — insurance pays only on a dealer blackjack, not on a drawn 21
    "If the dealer makes 21 the player wins double" is read as blackjack, as in
    casino-classic.

    Given the house rules "baden-baden"
    And a bet of 10 on T♠ 9♦
    And the player insures for 5
    When the dealer holds A♥ 5♣ 5♦
    Then the insurance loses 5
    And the player loses 15
    And the profile records a reading for "insurance_pays"
