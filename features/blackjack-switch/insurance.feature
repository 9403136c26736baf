@blackjack-switch @insurance
Feature: Blackjack Switch — insurance as in the base game, no surrender

  Scenario: insurance against an ace pays 2:1
    Given the house rules "blackjack-switch"
    And a bet of 10 on T♠ 9♦
    And the player insures for 5
    When the dealer holds A♥ K♣
    Then the player may insure
    And the insurance is paid 10

  @reading
  Scenario Outline: reading — the insurance stake is at most half the bet
    Same reading as casino-classic: the source names half the bet; a smaller
    stake is the player's choice, and wins 2:1 the same.

    Given the house rules "blackjack-switch"
    And a bet of <bet> on T♠ 9♦
    And the player insures for <stake>
    When the dealer holds A♥ K♣
    Then the insurance stake is at most <most>
    And the insurance is paid <paid>
    And the profile records a reading for "insurance_max"

    Examples:
      | bet | stake | most  | paid |
      | 10  | 5     | 5     | 10   |
      | 25  | 12.50 | 12.50 | 25   |
      | 10  | 2     | 5     | 4    |

  @reading
  Scenario: reading — a blackjack against an ace is offered even money, not insurance
    Same reading as casino-classic: floors offer even money wherever they offer
    insurance.

    Given the house rules "blackjack-switch"
    And a bet of 10 on A♠ K♦
    When the dealer shows A♥
    Then the player is offered even money
    And the dealer offers even money, not insurance
    And the profile records a reading for "even_money"

  @reading
  Scenario Outline: reading — even money pays the blackjack 1:1 at once, whatever the dealer holds
    Given the house rules "blackjack-switch"
    And a bet of 10 on A♠ K♦
    And the player takes even money
    When the dealer holds <dealer>
    Then the player is paid 10
    And the profile records a reading for "even_money"

    Examples:
      | dealer |
      | A♥ Q♣  |
      | A♥ 7♣  |

  @surrender
  Scenario: no surrender
    Given the house rules "blackjack-switch"
    And a bet of 10 on T♠ 6♦
    When the dealer shows T♥
    Then the player may not surrender

  @reading
  Scenario: reading — insurance pays only on a dealer blackjack, not on a drawn 21
    "If the dealer makes 21 the player wins double" is read as blackjack, as in
    casino-classic.

    Given the house rules "blackjack-switch"
    And a bet of 10 on T♠ 9♦
    And the player insures for 5
    When the dealer holds A♥ 5♣ 5♦
    Then the insurance loses 5
    And the player loses 15
    And the profile records a reading for "insurance_pays"
