@spanish-21 @surrender
Feature: Spanish 21 — surrender after doubles and splits
  Seed 000: surrender is possible after any number of doubles and after a split.

  Scenario Outline: surrender on the first two cards, against any up card
    Given the house rules "spanish-21"
    And a bet of 10 on K♠ 6♦
    When the dealer shows <up>
    Then the player may surrender

    Examples:
      | up |
      | K♥ |
      | A♥ |
      | 9♥ |

  Scenario: surrender after a split
    Given the house rules "spanish-21"
    And a bet of 10 on a split hand of 8♠ 8♦
    When the dealer shows K♥
    Then the player may surrender

  Scenario: surrender after a double
    Given the house rules "spanish-21"
    And a bet of 10 on 3♠ 2♦
    And the player doubles and draws 4♣
    When the dealer shows K♥
    Then the player may surrender

  @reading
  Scenario: reading — no surrender after a hit
    The base rule surrenders "on the first two cards"; the variant adds
    doubles and splits, and names no hit.

    Given the house rules "spanish-21"
    And a bet of 10 on 2♠ A♣
    And the player hits and draws K♦
    When the dealer shows A♥
    Then the player may not surrender
    And the profile records a reading for "surrender"

  Scenario: a doubled hand that makes 21 is played out: nothing to surrender
    On 21 play passes on, as it does for a hit or another double.

    Given the house rules "spanish-21"
    And a bet of 10 on 5♠ 6♦
    And the player doubles and draws K♣
    When the dealer shows K♥
    Then the player may not surrender
    And the player may not double

  @reading
  Scenario Outline: reading — surrender forfeits half of everything staked on the hand
    The source's only surrender is "for half of the stake"; after doubling
    the hand's stake is the doubled amount.

    Given the house rules "spanish-21"
    And a bet of <bet> on 3♠ 2♦
    And the player doubles and draws 4♣
    And the player doubles and draws 2♥
    And the player surrenders
    When the dealer holds K♥ 8♣
    Then the player loses <lost>
    And the profile records a reading for "surrender"

    Examples:
      | bet | lost |
      | 10  | 20   |
      | 15  | 30   |

  Scenario Outline: surrender gives up half the stake
    Given the house rules "spanish-21"
    And a bet of <bet> on K♠ 6♦
    And the player surrenders
    When the dealer holds K♥ 8♣
    Then the player loses <lost>

    Examples:
      | bet | lost |
      | 10  | 5    |
      | 15  | 7.50 |
      | 25  | 12.50 |

  Scenario: surrender after one double gives up half the doubled stake
    Given the house rules "spanish-21"
    And a bet of 10 on 3♠ 2♦
    And the player doubles and draws 4♣
    And the player surrenders
    When the dealer holds K♥ 8♣
    Then the player loses 10

  Scenario: surrender of a split hand gives up half its bet
    Given the house rules "spanish-21"
    And a bet of 10 on a split hand of 8♠ 8♦
    And the player surrenders
    When the dealer holds K♥ 8♣
    Then the player loses 5

  Scenario: surrender comes after the peek, so it never meets a dealer blackjack
    The dealer has checked for blackjack before anyone acts; a hand given up
    was given up against a dealer without one.

    Given the house rules "spanish-21"
    And a bet of 10 on K♠ 6♦
    And the player surrenders
    When the dealer holds A♥ K♣
    Then the round is refused

  @reading
  Scenario: reading — a split ace that has taken its one card may not surrender
    "Surrender after a split" reaches a split hand still in play; a split ace
    takes one card and is finished, like a doubled hand that took its card.

    Given the house rules "spanish-21"
    And a bet of 10 on a split hand of A♠ 5♦
    When the dealer shows 6♥
    Then the player may not surrender
    And the profile records a reading for "surrender_after_split"
