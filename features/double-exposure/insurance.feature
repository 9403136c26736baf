@double-exposure @insurance
Feature: Double exposure — no insurance, no surrender
  Seed 000: "the player may not make insurance bets nor give up the game".

  Scenario: no insurance against an ace
    Given the house rules "double-exposure"
    And a bet of 10 on T♠ 9♦
    When the dealer holds A♥ 7♣
    Then the player may not insure
    And the player is not offered even money

  @surrender
  Scenario Outline: no surrender
    Given the house rules "double-exposure"
    And a bet of 10 on T♠ 6♦
    When the dealer holds <dealer>
    Then the player may not surrender

    Examples:
      | dealer |
      | T♥ 9♣  |
      | A♥ 7♣  |
