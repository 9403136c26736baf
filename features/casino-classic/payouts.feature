@casino-classic @payouts
Feature: Casino classic — settling the hands
  Seed 000: a blackjack pays 3:2 (one and a half times the bet); blackjack
  against blackjack is a push; a dealer blackjack beats every other hand; a
  higher total wins 1:1; equal totals push; over 21 loses at once, even if
  the dealer busts later; a dealer bust pays every hand still standing.

  @blackjack
  Scenario Outline: a blackjack pays 3:2
    Given the house rules "casino-classic"
    And a bet of <bet> on A♠ K♦
    When the dealer holds 9♥ T♣
    Then the player is paid <paid>

    Examples:
      | bet | paid   |
      | 2   | 3      |
      | 5   | 7.50   |
      | 10  | 15     |
      | 15  | 22.50  |
      | 35  | 52.50  |
      | 45  | 67.50  |
      | 75  | 112.50 |

  @blackjack @reading @cents
  Scenario Outline: reading — a fraction of a cent stays with the house
    No source names an odd-cent bet: the table pays whole cents, rounded down
    (trainer rules show, "every house").

    Given the house rules "casino-classic"
    And a bet of <bet> on A♠ K♦
    When the dealer holds 9♥ T♣
    Then the player is paid <paid>
    And the profile records a reading for "cents"

    Examples:
      | bet   | paid  |
      | 10.01 | 15.01 |
      | 15.55 | 23.32 |
      | 0.01  | 0.01  |

  @blackjack @reading
  Scenario Outline: reading — "ace with a picture" means an ace with any ten-value card
    Every other source counts the ten as a ten-value card for blackjack.

    Given the house rules "casino-classic"
    And a bet of 10 on <cards>
    When the dealer holds 9♥ 8♣
    Then the hand is a blackjack
    And the player is paid 15
    And the profile records a reading for "blackjack_pays"

    Examples:
      | cards |
      | A♠ T♦ |
      | T♦ A♠ |
      | A♠ K♦ |
      | Q♦ A♠ |

  @blackjack
  Scenario: blackjack against a dealer blackjack is a push
    Given the house rules "casino-classic"
    And a bet of 10 on A♠ K♦
    When the dealer holds A♥ Q♣
    Then the bet pushes

  @reading
  Scenario Outline: reading — a dealer blackjack takes only the original bet
    The dealer peeks, so the round ends before any double or split is made.

    Given the house rules "casino-classic"
    And a bet of 10 on <cards>
    When the dealer holds A♥ K♣
    Then the player loses 10
    And the profile records a reading for "dealer_blackjack_takes"

    Examples:
      | cards    |
      | T♠ 9♦    |
      | T♠ Q♦    |

  Scenario Outline: higher totals win 1:1, lower totals lose
    Given the house rules "casino-classic"
    And a bet of <bet> on <cards>
    When the dealer holds <dealer>
    Then the player <result>

    Examples:
      | bet | cards    | dealer   | result     |
      | 10  | K♠ 9♦    | 9♥ 8♣    | is paid 10 |
      | 25  | T♠ Q♦    | 9♥ T♣    | is paid 25 |
      | 10  | K♠ 7♦    | 9♥ T♣    | loses 10   |
      | 20  | 2♠ 3♦ 4♣ | T♥ 6♣ 7♦ | is paid 20 |

  Scenario: equal totals push and the bet is returned
    Given the house rules "casino-classic"
    And a bet of 10 on K♠ 9♦
    When the dealer holds 9♥ T♣
    Then the bet pushes

  Scenario: a bust loses at once, even when the dealer busts later
    Given the house rules "casino-classic"
    And a bet of 10 on T♠ 6♦
    And the player hits and draws 8♣
    And a bet of 10 on 9♠ 9♦
    When the dealer holds T♥ 5♣ 7♦
    Then hand 1 loses 10
    And hand 2 is paid 10

  @reading @splitting
  Scenario: reading — ace and ten after a split is a 21 paid 1:1, not a blackjack
    A blackjack is the first two cards of the box; seeds 001-004 all say so.

    Given the house rules "casino-classic"
    And a bet of 10 on a split hand of A♠ K♦
    When the dealer holds 9♥ T♣
    Then the hand is not a blackjack
    And the player is paid 10
    And the profile records a reading for "blackjack_after_split"
