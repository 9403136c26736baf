@classic-single-deck @splitting
Feature: Classic single deck — one split of two cards of one rank
  Seed 002: two cards of one denomination may be split with an equal bet; no
  second split, no doubling and no surrender after splitting; split aces get
  one card each.

  @reading
  Scenario Outline: reading — only two cards of the same rank split (K+K yes, K+Q no)
    "Of one denomination" (наміналу) names the card's face: the text values cards 2
    to 10 by their намінал and gives the king, jack and queen ten points apart from
    it («Кароль, вальёт і дама – па дзесяць ачкоў»), so a king and a queen are two
    denominations worth the same points. Where the text says "a намінал of 21
    points" it means a whole hand's total, which says nothing of two single cards;
    the face reading is taken.

    Given the house rules "classic-single-deck"
    And a bet of 10 on <cards>
    When the dealer shows 6♥
    Then the player <may> split
    And the profile records a reading for "split_match"

    Examples:
      | cards | may     |
      | 8♠ 8♦ | may     |
      | K♠ K♦ | may     |
      | A♠ A♦ | may     |
      | K♠ Q♦ | may not |
      | T♠ J♦ | may not |

  Scenario Outline: no second split
    Given the house rules "classic-single-deck"
    And a bet of 10 on a split hand of <cards>
    When the dealer shows 6♥
    Then the player may not split

    Examples:
      | cards |
      | 8♠ 8♦ |
      | A♠ A♦ |

  Scenario: split aces get one card each
    Given the house rules "classic-single-deck"
    And a bet of 10 on a split hand of A♠ 5♦
    When the dealer shows 6♥
    Then the player may not hit

  @surrender
  Scenario: no surrender after splitting
    Given the house rules "classic-single-deck"
    And a bet of 10 on a split hand of 8♠ 8♦
    When the dealer shows T♥
    Then the player may not surrender

  Scenario: the second bet of a split equals the first
    Given the house rules "classic-single-deck"
    And a bet of 10 on a split hand of 9♠ 5♦
    And a bet of 15 on a split hand of 9♣ K♦
    When the dealer holds 9♥ 8♣
    Then the round is refused

  Scenario: equal split bets are settled hand by hand
    Given the house rules "classic-single-deck"
    And a bet of 10 on a split hand of 9♠ 5♦
    And a bet of 10 on a split hand of 9♣ K♦
    When the dealer holds 9♥ 8♣
    Then hand 1 loses 10
    And hand 2 is paid 10

  Scenario Outline: split hands start with two cards of one rank (K+Q never split)
    Given the house rules "classic-single-deck"
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
    Given the house rules "classic-single-deck"
    And a bet of 10 on a split hand of K♠ 5♦
    And a bet of 10 on a split hand of K♣ T♦
    When the dealer holds 9♥ 8♣
    Then hand 1 loses 10
    And hand 2 is paid 10
