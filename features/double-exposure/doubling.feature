@double-exposure @doubling
Feature: Double exposure — doubling on a hard 9, 10 or 11 only
  Seed 000: doubling is allowed on a hard first-two-card 9, 10 or 11; one
  card only and no doubling after a split, as in the base rules.

  Scenario Outline: a hard 9, 10 or 11 may double; other hands may not
    Given the house rules "double-exposure"
    And a bet of 10 on <cards>
    When the dealer holds 6♥ T♣
    Then the player's hand counts <total>
    And the player <may> double

    Examples:
      | cards | total   | may     |
      | 5♠ 4♦ | hard 9  | may     |
      | 6♠ 4♦ | hard 10 | may     |
      | 8♠ 3♦ | hard 11 | may     |
      | 5♠ 3♦ | hard 8  | may not |
      | 8♠ 4♦ | hard 12 | may not |
      | T♠ 8♦ | hard 18 | may not |
      | A♠ 8♦ | soft 19 | may not |
      | A♠ 9♦ | soft 20 | may not |

  Scenario: a doubled hard 11 wins twice the bet
    Given the house rules "double-exposure"
    And a bet of 10 on 8♠ 3♦
    And the player doubles and draws 9♣
    When the dealer holds 6♥ T♣ 2♦
    Then the player is paid 20

  Scenario: a doubled hand may not double again
    Base rules: after doubling the player "has the right to buy only one card";
    the variant does not change it.

    Given the house rules "double-exposure"
    And a bet of 10 on 8♠ 3♦
    And the player doubles and draws 2♣
    When the dealer holds 6♥ T♣
    Then the player may not double
    And the player may not hit

  Scenario: no doubling after a split
    Base rules: "the player may not double if he has split a pair in this game".

    Given the house rules "double-exposure"
    And a bet of 10 on a split hand of 8♠ 3♦
    When the dealer holds 6♥ T♣
    Then the player may not double
