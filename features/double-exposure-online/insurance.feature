@double-exposure-online @insurance
Feature: Double exposure online — no insurance, no surrender

  @reading
  Scenario: reading — no insurance
    With both dealer cards face up there is nothing to insure against.

    Given the house rules "double-exposure-online"
    And a bet of 10 on T♠ 9♦
    When the dealer holds A♥ 7♣
    Then the player may not insure
    And the profile records a reading for "insurance"

  @reading
  Scenario: reading — no even money
    The source does not mention it; with both dealer cards face up a dealer
    blackjack is seen at once, so there is nothing to take even money against.

    Given the house rules "double-exposure-online"
    And a bet of 10 on A♠ K♦
    When the dealer holds A♥ 7♣
    Then the player is not offered even money
    And the profile records a reading for "even_money"

  @surrender @reading
  Scenario: reading — no surrender
    The text lists every button the player has, and surrender is not one of them.

    Given the house rules "double-exposure-online"
    And a bet of 10 on T♠ 6♦
    When the dealer holds T♥ 9♣
    Then the player may not surrender
    And the profile records a reading for "surrender"
