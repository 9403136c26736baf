@europoker @splitting
Feature: EuroPoker — splitting
  Seed 004: any two cards of equal value split, with an equal second bet; a
  split hand cannot be split again; split aces take one card each; 21 after a
  split is not a blackjack.

  Scenario Outline: two cards of equal value may be split
    Given the house rules "europoker"
    And a bet of 10 on <cards>
    When the dealer shows 6♥
    Then the player <may> split

    Examples:
      | cards | may     |
      | 8♠ 8♦ | may     |
      | A♠ A♦ | may     |
      | K♠ Q♦ | may     |
      | T♠ J♦ | may     |
      | 2♠ 2♦ | may     |
      | 8♠ 9♦ | may not |
      | A♠ K♦ | may not |

  Scenario: split aces take one card each
    Given the house rules "europoker"
    And a bet of 10 on a split hand of A♠ 5♦
    When the dealer shows 6♥
    Then the player may not hit
    And the player may stand

  Scenario: a split hand of two cards of other ranks plays on
    Given the house rules "europoker"
    And a bet of 10 on a split hand of 8♠ 3♦
    When the dealer shows 6♥
    Then the player may hit

  @reading
  Scenario: reading — no resplit: a split hand cannot be split again
    The general section allows "8+8 can be split again", but the house section
    forbids it, and the house section wins.

    Given the house rules "europoker"
    And a bet of 10 on a split hand of 8♠ 8♦
    When the dealer shows 6♥
    Then the player may not split
    And the profile records a reading for "split_max_hands"

  Scenario: split aces may not be split again
    Given the house rules "europoker"
    And a bet of 10 on a split hand of A♠ A♦
    When the dealer shows 6♥
    Then the player may not split

  Scenario: the second bet of a split equals the first
    Given the house rules "europoker"
    And a bet of 10 on a split hand of 9♠ 5♦
    And a bet of 15 on a split hand of 9♣ K♦
    When the dealer holds 9♥ 8♣
    Then the round is refused

  Scenario: equal split bets are settled hand by hand
    Given the house rules "europoker"
    And a bet of 10 on a split hand of 9♠ 5♦
    And a bet of 10 on a split hand of 9♣ K♦
    When the dealer holds 9♥ 8♣
    Then hand 1 loses 10
    And hand 2 is paid 10

  Scenario: split hands that never were a pair are refused
    Given the house rules "europoker"
    And a bet of 10 on a split hand of 9♠ 5♦
    And a bet of 10 on a split hand of 2♣ T♦
    When the dealer holds 9♥ 8♣
    Then the round is refused
