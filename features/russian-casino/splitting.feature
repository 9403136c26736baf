@russian-casino @splitting
Feature: Russian casino — splitting, resplitting aces without limit
  Seed 003: two first cards of equal value split (all ten-value cards are
  "tens"), each split hand takes its second card; split aces get one card
  each, and an ace dealt to a split ace may be split again any number of times.

  Scenario Outline: pairs of equal value split
    Given the house rules "russian-casino"
    And a bet of 10 on <cards>
    When the dealer shows 6♥
    Then the player <may> split

    Examples:
      | cards | may     |
      | 3♠ 3♦ | may     |
      | T♠ T♦ | may     |
      | K♠ Q♦ | may     |
      | T♠ J♦ | may     |
      | A♠ A♦ | may     |
      | 9♠ 8♦ | may not |

  Scenario Outline: aces resplit any number of times
    Given the house rules "russian-casino"
    And a bet of 10 on A♠ A♦
    And the box has split into <hands> hands
    When the dealer shows 6♥
    Then the player may split

    Examples:
      | hands |
      | 2     |
      | 4     |
      | 7     |

  @reading
  Scenario Outline: reading — pairs other than aces resplit up to four hands per box
    The text allows resplitting aces without limit and says nothing of other
    pairs; resplits are allowed, up to the common four-hand limit.

    Given the house rules "russian-casino"
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

  Scenario: the second bet of a split equals the first
    Given the house rules "russian-casino"
    And a bet of 10 on a split hand of 9♠ 5♦
    And a bet of 15 on a split hand of 9♣ K♦
    When the dealer holds 9♥ 8♣
    Then the round is refused

  Scenario: equal split bets are settled hand by hand
    Given the house rules "russian-casino"
    And a bet of 10 on a split hand of 9♠ 5♦
    And a bet of 10 on a split hand of 9♣ K♦
    When the dealer holds 9♥ 8♣
    Then hand 1 loses 10
    And hand 2 is paid 10

  @doubling
  Scenario: split bets are equal before a double after the split
    Given the house rules "russian-casino"
    And a bet of 10 on a split hand of 8♠ 3♦
    And the player doubles and draws T♣
    And a bet of 10 on a split hand of 8♦ 9♣
    When the dealer holds 9♥ T♦
    Then hand 1 is paid 20
    And hand 2 loses 10
