@spanish-21 @doubling
Feature: Spanish 21 — doubling twice
  Seed 000: the player may double the stake twice; doubling on any first two
  cards and no doubling after a split are inherited from the base rules.

  Scenario Outline: any first two cards may double
    Given the house rules "spanish-21"
    And a bet of 10 on <cards>
    When the dealer shows 6♥
    Then the player may double

    Examples:
      | cards |
      | 5♠ 6♦ |
      | K♠ 8♦ |
      | A♠ 7♦ |

  Scenario: no doubling after a split
    Given the house rules "spanish-21"
    And a bet of 10 on a split hand of 5♠ 6♦
    When the dealer shows 6♥
    Then the player may not double

  @reading
  Scenario: reading — after doubling and one card the player may double again
    Surrender "after any number of doubles" shows play goes on after a double.

    Given the house rules "spanish-21"
    And a bet of 10 on 3♠ 2♦
    And the player doubles and draws 4♣
    When the dealer shows 6♥
    Then the player may double
    And the player may not hit
    And the profile records a reading for "max_doubles"

  @reading
  Scenario: reading — a hand may not double a third time
    Given the house rules "spanish-21"
    And a bet of 10 on 3♠ 2♦
    And the player doubles and draws 2♣
    And the player doubles and draws 2♥
    When the dealer shows 6♥
    Then the player may not double
    And the profile records a reading for "max_doubles"

  @reading
  Scenario Outline: reading — each double matches the whole stake: a re-doubled hand stakes 4× the bet
    Given the house rules "spanish-21"
    And a bet of <bet> on 3♠ 2♦
    And the player doubles and draws 4♣
    And the player doubles and draws <card>
    When the dealer holds 9♥ 8♣
    Then the player <result>
    And the profile records a reading for "max_doubles"

    Examples:
      | bet | card | result     |
      | 10  | 9♠   | is paid 40 |
      | 5   | K♠   | is paid 20 |
      | 10  | 5♠   | loses 40   |
