@double-exposure-online @doubling
Feature: Double exposure online — doubling on any two cards but a soft hand
  Seed 001: doubling is available with only two cards of any value, but not
  on a soft hand; it costs the original bet and brings exactly one card;
  "Double" is among the options after a split.

  Scenario Outline: any two hard cards may double, a soft hand may not
    Given the house rules "double-exposure-online"
    And a bet of 10 on <cards>
    When the dealer holds 6♥ T♣
    Then the player's hand counts <total>
    And the player <may> double

    Examples:
      | cards | total   | may     |
      | 5♠ 4♦ | hard 9  | may     |
      | 8♠ 3♦ | hard 11 | may     |
      | 2♠ 3♦ | hard 5  | may     |
      | T♠ 6♦ | hard 16 | may     |
      | T♠ 8♦ | hard 18 | may     |
      | A♠ 2♦ | soft 13 | may not |
      | A♠ 7♦ | soft 18 | may not |
      | A♠ A♦ | soft 12 | may not |

  Scenario: a doubled hand takes exactly one card
    Given the house rules "double-exposure-online"
    And a bet of 10 on 8♠ 3♦
    And the player doubles and draws 2♣
    When the dealer holds 6♥ T♣
    Then the player may not hit

  Scenario: a doubled hand may not double again
    "The player gets one extra card (after that the draw stops)": no re-double.

    Given the house rules "double-exposure-online"
    And a bet of 10 on 8♠ 3♦
    And the player doubles and draws 2♣
    When the dealer holds 6♥ T♣
    Then the player may not double
    And the player may not hit

  @reading
  Scenario: reading — doubling after a split is allowed (DAS)
    "Double" is among the choices after a split, and split hands play
    "practically as ordinary boxes".

    Given the house rules "double-exposure-online"
    And a bet of 10 on a split hand of 8♠ 3♦
    When the dealer holds 6♥ T♣
    Then the player may double
    And the profile records a reading for "double_after_split"

  Scenario: a soft split hand may not double, like any soft hand
    Given the house rules "double-exposure-online"
    And a bet of 10 on a split hand of 8♠ A♦
    When the dealer holds 6♥ T♣
    Then the player may not double

  Scenario: the player may hit while the hand is below 21
    Given the house rules "double-exposure-online"
    And a bet of 10 on 5♠ 3♦
    And the player hits and draws 2♣ 4♥
    When the dealer holds 6♥ T♣
    Then the player may hit
