@classic-single-deck @doubling
Feature: Classic single deck — doubling on 11
  Seed 002: doubling is allowed when the two cards make eleven; after doubling
  the player takes only one card; no doubling after a split.

  @reading
  Scenario Outline: reading — double only on a two-card 11
    The rule names 11 alone; read as the only total allowed.

    Given the house rules "classic-single-deck"
    And a bet of 10 on <cards>
    When the dealer shows 6♥
    Then the player <may> double
    And the profile records a reading for "double_on"

    Examples:
      | cards | may     |
      | 8♠ 3♦ | may     |
      | 6♠ 5♦ | may     |
      | 6♠ 4♦ | may not |
      | 5♠ 4♦ | may not |
      | A♠ T♦ | may not |
      | A♠ Q♦ | may not |
      | 7♠ 5♦ | may not |

  Scenario: after doubling the player takes only one card
    Given the house rules "classic-single-deck"
    And a bet of 10 on 8♠ 3♦
    And the player doubles and draws 2♣
    When the dealer shows 6♥
    Then the player may not hit

  Scenario: a doubled hand may not double again
    "After doubling the player may take only one card": no re-double.

    Given the house rules "classic-single-deck"
    And a bet of 10 on 8♠ 3♦
    And the player doubles and draws 2♣
    When the dealer shows 6♥
    Then the player may not double
    And the player may not hit

  Scenario: no doubling after a split
    Given the house rules "classic-single-deck"
    And a bet of 10 on a split hand of 8♠ 3♦
    When the dealer shows 6♥
    Then the player may not double
