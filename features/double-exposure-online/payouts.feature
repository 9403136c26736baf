@double-exposure-online @payouts
Feature: Double exposure online — every blackjack pays 1:1, equal totals lose
  Seed 001: all blackjacks pay 1:1; a dealer blackjack ends the round, player
  blackjacks win 1:1 and every other bet loses; a dealer bust pays every
  remaining bet 1:1; a higher total wins 1:1; a lower one loses; equal totals
  lose.

  @blackjack
  Scenario Outline: a blackjack pays 1:1
    Given the house rules "double-exposure-online"
    And a bet of <bet> on A♠ K♦
    When the dealer holds <dealer>
    Then the player is paid <bet>

    Examples:
      | bet | dealer |
      | 10  | 9♥ T♣  |
      | 35  | 9♥ T♣  |
      | 10  | A♥ K♣  |
      | 25  | K♥ A♣  |

  Scenario Outline: equal totals lose
    Given the house rules "double-exposure-online"
    And a bet of <bet> on <cards>
    When the dealer holds <dealer>
    Then the player loses <bet>

    Examples:
      | bet | cards    | dealer   |
      | 10  | T♠ 7♦    | 9♥ 8♣    |
      | 15  | K♠ 9♦    | 9♥ T♣    |
      | 20  | T♠ Q♦    | J♥ K♣    |
      | 25  | 5♠ 6♦ T♣ | 9♥ 2♣ K♦ |

  Scenario Outline: higher totals and a dealer bust pay 1:1
    Given the house rules "double-exposure-online"
    And a bet of 10 on <cards>
    When the dealer holds <dealer>
    Then the player <result>

    Examples:
      | cards | dealer   | result     |
      | T♠ 9♦ | 9♥ 8♣    | is paid 10 |
      | T♠ 5♦ | T♥ 6♣ 8♦ | is paid 10 |
      | T♠ 7♦ | 9♥ T♣    | loses 10   |

  @reading
  Scenario: reading — a dealer blackjack takes the original bets
    It is face up and ends the round at once, before any double or split.

    Given the house rules "double-exposure-online"
    And a bet of 10 on T♠ Q♦
    When the dealer holds A♥ K♣
    Then the player loses 10
    And the profile records a reading for "dealer_blackjack_takes"

  @blackjack @reading
  Scenario: reading — a player blackjack against a dealer's drawn 21 wins 1:1
    "All blackjacks of the boxes are paid 1:1"; ties compare hands that
    finished drawing.

    Given the house rules "double-exposure-online"
    And a bet of 10 on A♠ K♦
    When the dealer holds 9♥ 5♣ 7♦
    Then the player is paid 10
    And the profile records a reading for "ties"

  @splitting
  Scenario: a two-card 21 after a split is not a blackjack, and ties a dealer 21 to lose
    Given the house rules "double-exposure-online"
    And a bet of 10 on a split hand of K♠ A♦
    When the dealer holds 9♥ 5♣ 7♦
    Then the hand is not a blackjack
    And the player loses 10
