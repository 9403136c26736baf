@spanish-21 @splitting
Feature: Spanish 21 — splitting
  Inherited from the base rules: pairs of equal value split and resplit,
  except aces.

  Scenario Outline: pairs of equal value split
    Given the house rules "spanish-21"
    And a bet of 10 on <cards>
    When the dealer shows 6♥
    Then the player <may> split

    Examples:
      | cards | may     |
      | 8♠ 8♦ | may     |
      | K♠ Q♦ | may     |
      | A♠ A♦ | may     |
      | 8♠ 7♦ | may not |

  @reading
  Scenario Outline: reading — resplitting up to four hands per box
    Given the house rules "spanish-21"
    And a bet of 10 on 8♠ 8♦
    And the box has split into <hands> hands
    When the dealer shows 6♥
    Then the player <may> split
    And the profile records a reading for "split_max_hands"

    Examples:
      | hands | may     |
      | 3     | may     |
      | 4     | may not |

  Scenario: split aces may not be split again
    Given the house rules "spanish-21"
    And a bet of 10 on a split hand of A♠ A♦
    When the dealer shows 6♥
    Then the player may not split

  @reading
  Scenario: reading — split aces take one card each
    Given the house rules "spanish-21"
    And a bet of 10 on a split hand of A♠ 5♦
    When the dealer shows 6♥
    Then the player may not hit
    And the profile records a reading for "split_aces_one_card"
