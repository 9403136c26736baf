@double-exposure @splitting
Feature: Double exposure — splitting, as in the base game

  Scenario Outline: pairs of equal value split
    Given the house rules "double-exposure"
    And a bet of 10 on <cards>
    When the dealer holds 6♥ T♣
    Then the player <may> split

    Examples:
      | cards | may     |
      | 8♠ 8♦ | may     |
      | K♠ Q♦ | may     |
      | 8♠ 7♦ | may not |

  @reading
  Scenario Outline: reading — resplitting up to four hands per box
    Same reading as casino-classic.

    Given the house rules "double-exposure"
    And a bet of 10 on 8♠ 8♦
    And the box has split into <hands> hands
    When the dealer holds 6♥ T♣
    Then the player <may> split
    And the profile records a reading for "split_max_hands"

    Examples:
      | hands | may     |
      | 3     | may     |
      | 4     | may not |

  @reading
  Scenario: reading — split aces take one card each
    Given the house rules "double-exposure"
    And a bet of 10 on a split hand of A♠ 5♦
    When the dealer holds 6♥ T♣
    Then the player may not hit
    And the profile records a reading for "split_aces_one_card"
