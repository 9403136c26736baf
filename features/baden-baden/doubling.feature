@baden-baden @doubling
Feature: Baden-Baden — doubling on a first-two-card 9, 10 or 11
  Seed 000: doubling is possible on a first-two-card total of 9, 10 or 11;
  no doubling after a split (base rules).

  @reading
  Scenario Outline: reading — the two cards' best total must be 9, 10 or 11; soft hands may not double
    A hand's total is its best count; "hard" is missing, but no soft two-card
    hand totals 9-11, so A+8 (soft 19) and A+9 (soft 20) may not double.

    Given the house rules "baden-baden"
    And a bet of 10 on <cards>
    When the dealer shows 6♥
    Then the player's hand counts <total>
    And the player <may> double
    And the profile records a reading for "double_on"

    Examples:
      | cards | total   | may     |
      | 5♠ 4♦ | hard 9  | may     |
      | 6♠ 4♦ | hard 10 | may     |
      | 8♠ 3♦ | hard 11 | may     |
      | 5♠ 3♦ | hard 8  | may not |
      | 8♠ 4♦ | hard 12 | may not |
      | A♠ 8♦ | soft 19 | may not |
      | A♠ 9♦ | soft 20 | may not |

  Scenario: no doubling after a split
    Given the house rules "baden-baden"
    And a bet of 10 on a split hand of 8♠ 3♦
    When the dealer shows 6♥
    Then the player may not double

  Scenario: a doubled hand may not double again
    Base rules: after doubling the player "has the right to buy only one card";
    the variant does not change it.

    Given the house rules "baden-baden"
    And a bet of 10 on 8♠ 3♦
    And the player doubles and draws 2♣
    When the dealer shows 6♥
    Then the player may not double
    And the player may not hit
