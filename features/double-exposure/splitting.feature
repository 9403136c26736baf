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

  Scenario: split aces may not be split again
    Base rules: "every pair is split again, except pairs of aces".

    Given the house rules "double-exposure"
    And a bet of 10 on a split hand of A♠ A♦
    When the dealer holds 6♥ T♣
    Then the player may not split

  @reading
  Scenario: reading — split aces take one card each
    Given the house rules "double-exposure"
    And a bet of 10 on a split hand of A♠ 5♦
    When the dealer holds 6♥ T♣
    Then the player may not hit
    And the profile records a reading for "split_aces_one_card"

  @reading
  Scenario: reading — the second bet of a split equals the first
    "A second bet" names no amount; every source that names it makes it equal.

    Given the house rules "double-exposure"
    And a bet of 10 on a split hand of 9♠ 5♦
    And a bet of 15 on a split hand of 9♣ K♦
    When the dealer holds 9♥ 8♣
    Then the round is refused
    And the profile records a reading for "split_bets_equal"

  Scenario: equal split bets are settled hand by hand
    Given the house rules "double-exposure"
    And a bet of 10 on a split hand of 9♠ 5♦
    And a bet of 10 on a split hand of 9♣ K♦
    When the dealer holds 9♥ 8♣
    Then hand 1 loses 10
    And hand 2 is paid 10
