@casino-classic @doubling
Feature: Casino classic — doubling
  Seed 000: the player may double on any first two cards, whatever they
  count, and then takes exactly one card; no doubling after a split.

  Scenario Outline: any first two cards may double
    Given the house rules "casino-classic"
    And a bet of 10 on <cards>
    When the dealer shows 6♥
    Then the player may double

    Examples:
      | cards |
      | 5♠ 6♦ |
      | 2♠ 3♦ |
      | T♠ 8♦ |
      | T♠ Q♦ |
      | A♠ 7♦ |
      | A♠ A♦ |

  Scenario: after doubling the player takes exactly one card
    Given the house rules "casino-classic"
    And a bet of 10 on 5♠ 6♦
    And the player doubles and draws 2♣
    When the dealer shows 6♥
    Then the player may not hit

  Scenario: a doubled hand may not double again
    "He has the right to buy only one card": one double, one card, no re-double.

    Given the house rules "casino-classic"
    And a bet of 10 on 5♠ 6♦
    And the player doubles and draws 2♣
    When the dealer shows 6♥
    Then the player may not double
    And the player may not hit

  Scenario: no doubling after a split
    Given the house rules "casino-classic"
    And a bet of 10 on a split hand of 5♠ 6♦
    When the dealer shows 6♥
    Then the player may not double

  Scenario Outline: a doubled hand is settled on twice the bet
    Given the house rules "casino-classic"
    And a bet of <bet> on 5♠ 6♦
    And the player doubles and draws <card>
    When the dealer holds 9♥ 8♣
    Then the player <result>

    Examples:
      | bet | card | result     |
      | 10  | 9♣   | is paid 20 |
      | 15  | T♣   | is paid 30 |
      | 20  | 2♣   | loses 40   |
