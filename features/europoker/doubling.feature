@europoker @doubling
Feature: EuroPoker — doubling
  Seed 004: double on any first two cards except a blackjack, with one more card.

  Scenario Outline: any first two cards may double
    Given the house rules "europoker"
    And a bet of 10 on <cards>
    When the dealer shows 6♥
    Then the player may double

    Examples:
      | cards  |
      | 5♠ 6♦  |
      | 4♠ 5♦  |
      | 2♠ 3♦  |
      | T♠ 8♦  |
      | A♠ 7♦  |
      | A♠ 2♦  |
      | 8♠ 8♦  |

  Scenario: a blackjack may not double
    Given the house rules "europoker"
    And a bet of 10 on A♠ K♦
    When the dealer shows 6♥
    Then the player may not double

  Scenario: a doubled hand takes exactly one card
    Given the house rules "europoker"
    And a bet of 10 on 5♠ 6♦
    And the player doubles and draws 2♣
    When the dealer shows 6♥
    Then the player may not hit
    And the player may stand

  Scenario: a doubled hand may not double again
    "He is allowed to take only one more card to complete the hand": no re-double.

    Given the house rules "europoker"
    And a bet of 10 on 5♠ 6♦
    And the player doubles and draws 2♣
    When the dealer shows 6♥
    Then the player may not double
    And the player may not hit

  Scenario: only the first two cards may double
    Given the house rules "europoker"
    And a bet of 10 on 2♠ 3♦
    And the player hits and draws 4♣
    When the dealer shows 6♥
    Then the player may not double

  Scenario Outline: a doubled hand wins or loses twice the bet
    Given the house rules "europoker"
    And a bet of <bet> on 5♠ 6♦
    And the player doubles and draws <card>
    When the dealer holds 9♥ 8♣
    Then the player <result>

    Examples:
      | bet | card | result        |
      | 10  | 9♣   | is paid 20    |
      | 15  | T♣   | is paid 30    |
      | 25  | 2♣   | loses 50      |

  @reading
  Scenario: reading — no double after a split
    After a split the source offers only stand or hit.

    Given the house rules "europoker"
    And a bet of 10 on a split hand of 5♠ 6♦
    When the dealer shows 6♥
    Then the player may not double
    And the player may hit
    And the profile records a reading for "double_after_split"
