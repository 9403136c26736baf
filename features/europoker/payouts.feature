@europoker @payouts
Feature: EuroPoker — settling the boxes
  Seed 004: blackjack pays 3:2 and pushes a dealer blackjack; a higher total
  wins 1:1; a tie returns the bet; a bust loses at once.

  @blackjack
  Scenario Outline: a blackjack pays 3:2 on any bet, to the cent
    Given the house rules "europoker"
    And a bet of <bet> on A♠ K♦
    When the dealer holds 9♥ T♦
    Then the player is paid <paid>

    Examples:
      | bet | paid   |
      | 1   | 1.50   |
      | 5   | 7.50   |
      | 7   | 10.50  |
      | 10  | 15     |
      | 15  | 22.50  |
      | 25  | 37.50  |
      | 35  | 52.50  |
      | 55  | 82.50  |
      | 100 | 150    |
      | 125 | 187.50 |

  @blackjack
  Scenario: a blackjack against a dealer blackjack is a push
    Given the house rules "europoker"
    And a bet of 10 on A♠ K♦
    When the dealer holds A♥ Q♣
    Then the bet pushes

  Scenario Outline: higher totals win 1:1, lower lose
    Given the house rules "europoker"
    And a bet of <bet> on <cards>
    When the dealer holds <dealer>
    Then the player <result>

    Examples:
      | bet | cards    | dealer      | result        |
      | 10  | K♠ 9♦    | 9♥ 8♦       | is paid 10    |
      | 15  | T♠ T♦    | 9♥ T♣       | is paid 15    |
      | 20  | K♠ 7♦    | 9♥ T♣       | loses 20      |
      | 25  | T♠ 8♦    | T♥ 6♣ 7♦    | is paid 25    |
      | 10  | T♠ 6♦ 8♣ | T♥ 6♣ 7♦    | loses 10      |

  @reading
  Scenario: reading — a dealer 22 is a bust like any total over 21
    No 22 exception is named: every hand still standing is paid.

    Given the house rules "europoker"
    And a bet of 10 on T♠ 7♦
    When the dealer holds T♥ 6♣ 6♦
    Then the player is paid 10
    And the profile records a reading for "dealer_22_pushes"

  Scenario: equal totals push and the bet is returned
    Given the house rules "europoker"
    And a bet of 10 on K♠ 9♦
    When the dealer holds 9♥ T♣
    Then the bet pushes

  Scenario: the source's worked example — three boxes against a dealer 19
    Box 1 K+9 stands on 19, box 2 7+5 draws a ten (22, bust), box 3 J+3
    draws an 8 (21); the dealer shows 9, turns a 10 and stands on 19.

    Given the house rules "europoker"
    And a bet of 10 on K♠ 9♦
    And a bet of 10 on 7♣ 5♥
    And the player hits and draws T♠
    And a bet of 10 on J♦ 3♠
    And the player hits and draws 8♥
    When the dealer holds 9♥ T♣
    Then hand 1 pushes
    And hand 2 loses 10
    And hand 3 is paid 10
    And the player is paid 0

  @blackjack
  Scenario: ace and ten after a split is 21, not a blackjack, and wins 1:1
    Given the house rules "europoker"
    And a bet of 10 on a split hand of A♠ K♦
    When the dealer holds 9♥ T♣
    Then the hand is not a blackjack
    And the player is paid 10

  @reading
  Scenario: reading — a dealer blackjack takes the original bet only, the double is returned
    The only sentence on it: "the player's original bet loses" («исходная
    ставка игрока проигрывает»).

    Given the house rules "europoker"
    And a bet of 10 on 5♠ 6♦
    And the player doubles and draws 9♣
    When the dealer holds A♥ K♦
    Then the player loses 10
    And the profile records a reading for "dealer_blackjack_takes"

  @reading @splitting
  Scenario: reading — a dealer blackjack takes one bet of a split box
    Given the house rules "europoker"
    And a bet of 10 on a split hand of 8♠ T♦
    And a bet of 10 on a split hand of 8♦ 9♣
    When the dealer holds A♥ K♦
    Then the player loses 10
    And the profile records a reading for "dealer_blackjack_takes"

  @reading
  Scenario: alternative — a dealer blackjack takes every bet on the box, doubles included
    The contested reading switched alone to its alternative: the double is lost too.

    Given the house rules "europoker" with the alternative "dealer_blackjack_takes"
    And a bet of 10 on 5♠ 6♦
    And the player doubles and draws 9♣
    When the dealer holds A♥ K♦
    Then the player loses 20
    And the profile records a reading for "dealer_blackjack_takes"

  @reading @splitting
  Scenario: alternative — a dealer blackjack takes both bets of a split box
    Given the house rules "europoker" with the alternative "dealer_blackjack_takes"
    And a bet of 10 on a split hand of 8♠ T♦
    And a bet of 10 on a split hand of 8♦ 9♣
    When the dealer holds A♥ K♦
    Then the player loses 20
    And the profile records a reading for "dealer_blackjack_takes"

  Scenario: the hole card is turned after play, so a drawn hand meets a dealer blackjack
    Given the house rules "europoker"
    And a bet of 10 on 5♠ 6♦
    And the player hits and draws 4♣
    When the dealer holds A♥ K♣
    Then the player loses 10
