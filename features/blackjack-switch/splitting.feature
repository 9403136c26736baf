@blackjack-switch @splitting
Feature: Blackjack Switch — doubling and splitting, as in the base game

  @doubling
  Scenario Outline: any first two cards may double, but not after a split
    Given the house rules "blackjack-switch"
    And a bet of 10 on <cards>
    When the dealer shows 6♥
    Then the player <may> double

    Examples:
      | cards | may |
      | 5♠ 6♦ | may |
      | T♠ 8♦ | may |
      | A♠ 7♦ | may |

  @doubling
  Scenario: no doubling after a split
    Given the house rules "blackjack-switch"
    And a bet of 10 on a split hand of 5♠ 6♦
    When the dealer shows 6♥
    Then the player may not double

  @reading
  Scenario Outline: reading — resplitting up to four hands per box
    Same reading as casino-classic.

    Given the house rules "blackjack-switch"
    And a bet of 10 on 8♠ 8♦
    And the box has split into <hands> hands
    When the dealer shows 6♥
    Then the player <may> split
    And the profile records a reading for "split_max_hands"

    Examples:
      | hands | may     |
      | 2     | may     |
      | 3     | may     |
      | 4     | may not |

  Scenario: split aces may not be split again
    Given the house rules "blackjack-switch"
    And a bet of 10 on a split hand of A♠ A♦
    When the dealer shows 6♥
    Then the player may not split

  @reading
  Scenario: reading — split aces take one card each
    Given the house rules "blackjack-switch"
    And a bet of 10 on a split hand of A♠ 5♦
    When the dealer shows 6♥
    Then the player may not hit
    And the profile records a reading for "split_aces_one_card"
