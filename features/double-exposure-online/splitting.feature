@double-exposure-online @splitting
Feature: Double exposure online — splitting up to four hands, resplit aces
  Seed 001: a first pair of equal value may be split; resplitting up to four
  hands per box (RS=3); split aces get one card each, and an ace dealt to a
  split ace may be split again (RSA); a two-card 21 after a split is not a
  blackjack; a split hand reaching 21 passes the turn.

  Scenario Outline: a pair splits and resplits up to four hands per box
    Given the house rules "double-exposure-online"
    And a bet of 10 on <cards>
    And the box has split into <hands> hands
    When the dealer holds 6♥ T♣
    Then the player <may> split

    Examples:
      | cards | hands | may     |
      | 8♠ 8♦ | 2     | may     |
      | 8♠ 8♦ | 3     | may     |
      | 8♠ 8♦ | 4     | may not |
      | A♠ A♦ | 2     | may     |
      | A♠ A♦ | 3     | may     |
      | A♠ A♦ | 4     | may not |

  Scenario: split aces take one card each
    Given the house rules "double-exposure-online"
    And a bet of 10 on a split hand of A♠ 5♦
    When the dealer holds 6♥ T♣
    Then the player may not hit
    And the player may not double

  Scenario: a split hand that reaches 21 passes the turn
    Given the house rules "double-exposure-online"
    And a bet of 10 on a split hand of K♠ A♦
    When the dealer holds 6♥ T♣
    Then the hand is not a blackjack
    And the player may not hit
    And the player may not double

  @reading
  Scenario Outline: reading — any two ten-value cards (K+Q) may be split
    "Достоинство" is the word the text uses for point values.

    Given the house rules "double-exposure-online"
    And a bet of 10 on <cards>
    When the dealer holds 6♥ T♣
    Then the player may split
    And the profile records a reading for "split_match"

    Examples:
      | cards |
      | K♠ Q♦ |
      | T♠ J♦ |

  @reading
  Scenario: reading — the second bet of a split equals the first
    The text does not price the split; every source that does makes it equal.

    Given the house rules "double-exposure-online"
    And a bet of 10 on a split hand of 9♠ 5♦
    And a bet of 15 on a split hand of 9♣ K♦
    When the dealer holds 9♥ 8♣
    Then the round is refused
    And the profile records a reading for "split_bets_equal"

  Scenario: equal split bets are settled hand by hand
    Given the house rules "double-exposure-online"
    And a bet of 10 on a split hand of 9♠ 5♦
    And a bet of 10 on a split hand of 9♣ K♦
    When the dealer holds 9♥ 8♣
    Then hand 1 loses 10
    And hand 2 is paid 10
