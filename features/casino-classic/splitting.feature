@casino-classic @splitting
Feature: Casino classic — splitting
  Seed 000: two first cards of equal value (two tens, two jacks, ...) may be
  split with a second bet equal to the first; every pair may be split again
  except aces.

  Scenario Outline: pairs split
    Given the house rules "casino-classic"
    And a bet of 10 on <cards>
    When the dealer shows 6♥
    Then the player <may> split

    Examples:
      | cards | may     |
      | 8♠ 8♦ | may     |
      | A♠ A♦ | may     |
      | T♠ T♦ | may     |
      | J♠ J♦ | may     |
      | 8♠ 9♦ | may not |

  @reading
  Scenario Outline: reading — any two ten-value cards may be split (K+Q)
    The rule speaks of equal values, not identical ranks.

    Given the house rules "casino-classic"
    And a bet of 10 on <cards>
    When the dealer shows 6♥
    Then the player may split
    And the profile records a reading for "split_match"

    Examples:
      | cards |
      | K♠ Q♦ |
      | T♠ J♦ |

  @reading
  Scenario Outline: reading — pairs other than aces resplit up to four hands per box
    The source allows resplits without a number; four hands is the common limit.

    Given the house rules "casino-classic"
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
    Given the house rules "casino-classic"
    And a bet of 10 on a split hand of A♠ A♦
    When the dealer shows 6♥
    Then the player may not split

  @reading
  Scenario: reading — split aces take one card each
    Universal casino practice, and every other source that speaks of split aces.

    Given the house rules "casino-classic"
    And a bet of 10 on a split hand of A♠ 5♦
    When the dealer shows 6♥
    Then the player may not hit
    And the player may stand
    And the profile records a reading for "split_aces_one_card"

  @reading
  Scenario: reading — the second bet of a split equals the first
    "A second bet" names no amount; every source that names it makes it equal.

    Given the house rules "casino-classic"
    And a bet of 10 on a split hand of 9♠ 5♦
    And a bet of 15 on a split hand of 9♣ K♦
    When the dealer holds 9♥ 8♣
    Then the round is refused
    And the profile records a reading for "split_bets_equal"

  Scenario: equal split bets are settled hand by hand
    Given the house rules "casino-classic"
    And a bet of 10 on a split hand of 9♠ 5♦
    And a bet of 10 on a split hand of 9♣ K♦
    When the dealer holds 9♥ 8♣
    Then hand 1 loses 10
    And hand 2 is paid 10

  Scenario: split hands that never were a pair are refused
    Given the house rules "casino-classic"
    And a bet of 10 on a split hand of 9♠ 3♦
    And a bet of 10 on a split hand of 2♣ T♦
    When the dealer holds 9♥ 8♣
    Then the round is refused

  Scenario: a box split from K+Q holds a king hand and a queen hand
    Given the house rules "casino-classic"
    And a bet of 10 on a split hand of K♠ 5♦
    And a bet of 10 on a split hand of Q♣ T♦
    When the dealer holds 9♥ 8♣
    Then hand 1 loses 10
    And hand 2 is paid 10
