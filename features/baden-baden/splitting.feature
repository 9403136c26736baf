@baden-baden @splitting
Feature: Baden-Baden — split identical cards, once per box
  Seed 000: only identical cards may be split, and only once per box.

  @reading
  Scenario Outline: reading — only identical ranks split: K+K yes, K+Q no
    "Identical cards" narrows the base rule's "equal values".

    Given the house rules "baden-baden"
    And a bet of 10 on <cards>
    When the dealer shows 6♥
    Then the player <may> split
    And the profile records a reading for "split_match"

    Examples:
      | cards | may     |
      | K♠ K♦ | may     |
      | 8♠ 8♦ | may     |
      | A♠ A♦ | may     |
      | K♠ Q♦ | may not |
      | T♠ J♦ | may not |

  Scenario Outline: one split per box
    Given the house rules "baden-baden"
    And a bet of 10 on a split hand of <cards>
    When the dealer shows 6♥
    Then the player may not split

    Examples:
      | cards |
      | 8♠ 8♦ |
      | A♠ A♦ |

  @reading
  Scenario: reading — split aces take one card each
    Same reading as casino-classic.

    Given the house rules "baden-baden"
    And a bet of 10 on a split hand of A♠ 5♦
    When the dealer shows 6♥
    Then the player may not hit
    And the profile records a reading for "split_aces_one_card"

  @reading
  Scenario: reading — the second bet of a split equals the first
    "A second bet" names no amount; every source that names it makes it equal.

    Given the house rules "baden-baden"
    And a bet of 10 on a split hand of 9♠ 5♦
    And a bet of 15 on a split hand of 9♣ K♦
    When the dealer holds 9♥ 8♣
    Then the round is refused
    And the profile records a reading for "split_bets_equal"

  Scenario: equal split bets are settled hand by hand
    Given the house rules "baden-baden"
    And a bet of 10 on a split hand of 9♠ 5♦
    And a bet of 10 on a split hand of 9♣ K♦
    When the dealer holds 9♥ 8♣
    Then hand 1 loses 10
    And hand 2 is paid 10

  Scenario Outline: split hands start with two cards of one rank (K+Q never split)
    Given the house rules "baden-baden"
    And a bet of 10 on a split hand of K♠ 5♦
    And a bet of 10 on a split hand of <second>
    When the dealer holds 9♥ 8♣
    Then the round is refused

    Examples:
      | second |
      | Q♣ T♦  |
      | J♣ T♦  |
      | 9♣ T♦  |

  Scenario: a box split from K+K is settled hand by hand
    Given the house rules "baden-baden"
    And a bet of 10 on a split hand of K♠ 5♦
    And a bet of 10 on a split hand of K♣ T♦
    When the dealer holds 9♥ 8♣
    Then hand 1 loses 10
    And hand 2 is paid 10
