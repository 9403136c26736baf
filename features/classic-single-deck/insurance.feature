@classic-single-deck @insurance
Feature: Classic single deck — insurance, even money and surrender
  Seed 002: insurance only when the dealer's open card is an ace, on any box,
  for half the box bet, paying 2:1 if the dealer has blackjack. A blackjack
  against an ace may be paid 1:1 at once. Surrender gives back half the bet;
  not against an ace, and only as the first action on the box.

  @reading
  Scenario Outline: reading — insurance is a side bet of up to half the box bet, paying 2:1
    The text mixes insurance with even money; the later paragraphs describe a
    real insurance stake paid 2:1 (flagged as a likely muddle).

    Given the house rules "classic-single-deck"
    And a bet of <bet> on T♠ 9♦
    And the player insures for <stake>
    When the dealer holds A♥ K♣
    Then the player may insure
    And the insurance stake is at most <stake>
    And the insurance is paid <paid>
    And the profile records a reading for "insurance"

    Examples:
      | bet | stake | paid |
      | 10  | 5     | 10   |
      | 15  | 7.50  | 15   |

  @reading
  Scenario: reading — a stake smaller than half the box bet wins 2:1 the same
    The text names one stake, equal to half the box bet («роўная палове стаўкі»);
    a smaller one insures part of the bet on the same terms, and the largest is
    exactly half.

    Given the house rules "classic-single-deck"
    And a bet of 10 on T♠ 9♦
    And the player insures for 2
    When the dealer holds A♥ K♦
    Then the insurance is paid 4
    And hand 1 loses 10
    And the profile records a reading for "insurance_max"

  Scenario: insurance is lost when the dealer has no blackjack
    Given the house rules "classic-single-deck"
    And a bet of 10 on T♠ 9♦
    And the player insures for 5
    When the dealer holds A♥ 7♣
    Then the insurance loses 5
    And the player is paid 5

  Scenario: no insurance against a ten
    Given the house rules "classic-single-deck"
    And a bet of 10 on T♠ 9♦
    When the dealer shows K♥
    Then the player may not insure

  @reading
  Scenario Outline: reading — a blackjack against a dealer ace may be paid 1:1 at once (even money)
    "Paid one to one instead of three to two" is the even-money offer, though
    the text calls it insurance. It is the dealer's offer to a blackjack; a
    blackjack insured all the same is settled too (see the payouts).

    Given the house rules "classic-single-deck"
    And a bet of <bet> on A♠ K♦
    And the player takes even money
    When the dealer holds A♥ <hole>
    Then the player is offered even money
    And the dealer offers even money, not insurance
    And the player is paid <bet>
    And the profile records a reading for "even_money"

    Examples:
      | bet | hole |
      | 10  | Q♣   |
      | 25  | 7♣   |

  @surrender
  Scenario Outline: surrender gives back half the bet
    Given the house rules "classic-single-deck"
    And a bet of <bet> on T♠ 6♦
    And the player surrenders
    When the dealer holds T♥ 8♣
    Then the player loses <lost>

    Examples:
      | bet | lost  |
      | 10  | 5     |
      | 15  | 7.50  |
      | 25  | 12.50 |

  @surrender
  Scenario Outline: surrender only as the first action, and never against an ace
    Given the house rules "classic-single-deck"
    And a bet of 10 on <cards>
    When the dealer shows <up>
    Then the player <may> surrender

    Examples:
      | cards | up | may     |
      | T♠ 6♦ | T♥ | may     |
      | T♠ 6♦ | 9♥ | may     |
      | T♠ 6♦ | A♥ | may not |

  @surrender
  Scenario: no surrender after taking a card
    Given the house rules "classic-single-deck"
    And a bet of 10 on 5♠ 4♦
    And the player hits and draws 2♣
    When the dealer shows T♥
    Then the player may not surrender

  @surrender
  Scenario: no surrender after doubling
    "No surrender once the player has already done something on the box": a
    double is an action.

    Given the house rules "classic-single-deck"
    And a bet of 10 on 8♠ 3♦
    And the player doubles and draws 2♣
    When the dealer shows T♥
    Then the player may not surrender

  @surrender
  Scenario: surrender comes after the peek, so it never meets a dealer blackjack
    Given the house rules "classic-single-deck"
    And a bet of 10 on T♠ 6♦
    And the player surrenders
    When the dealer holds K♥ A♣
    Then the round is refused
