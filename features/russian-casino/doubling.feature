@russian-casino @doubling
Feature: Russian casino — doubling on any two cards but a blackjack
  Seed 003: double on any two cards except a blackjack, with one card only;
  after a split the player may double, except on split aces.

  Scenario Outline: any two cards but a blackjack may double
    Given the house rules "russian-casino"
    And a bet of 10 on <cards>
    When the dealer shows 6♥
    Then the player <may> double

    Examples:
      | cards | may     |
      | 5♠ 4♦ | may     |
      | 8♠ 3♦ | may     |
      | T♠ 8♦ | may     |
      | A♠ 7♦ | may     |
      | 2♠ 3♦ | may     |
      | A♠ K♦ | may not |

  Scenario: a doubled hand takes one card and is final
    Given the house rules "russian-casino"
    And a bet of 10 on 8♠ 3♦
    And the player doubles and draws 2♣
    When the dealer shows 6♥
    Then the player may not hit

  Scenario: a doubled hand may not double again
    "The dealer deals this box one card, and the hand is final": no re-double.

    Given the house rules "russian-casino"
    And a bet of 10 on 8♠ 3♦
    And the player doubles and draws 2♣
    When the dealer shows 6♥
    Then the player may not double
    And the player may not hit

  Scenario: doubling after a split
    Given the house rules "russian-casino"
    And a bet of 10 on a split hand of 8♠ 3♦
    When the dealer shows 6♥
    Then the player may double

  @reading
  Scenario: reading — a split hand of 21 may not double, as it may not hit
    The source's one exception is the blackjack; a split ten + ace is the same
    21, and a double is a draw: play passes on.

    Given the house rules "russian-casino"
    And a bet of 10 on a split hand of T♦ A♠
    When the dealer shows 4♦
    Then the hand is not a blackjack
    And the player may not hit
    And the player may not double
    And the profile records a reading for "double_on"

  Scenario: no doubling on split aces
    Given the house rules "russian-casino"
    And a bet of 10 on a split hand of A♠ 9♦
    When the dealer shows 6♥
    Then the player may not double
    And the player may not hit

  Scenario Outline: a doubled hand is settled on twice the bet
    Given the house rules "russian-casino"
    And a bet of <bet> on 8♠ 3♦
    And the player doubles and draws <card>
    When the dealer holds 9♥ 8♣
    Then the player <result>

    Examples:
      | bet | card | result     |
      | 10  | 9♣   | is paid 20 |
      | 15  | 2♣   | loses 30   |
