@spanish-21 @payouts
Feature: Spanish 21 — blackjacks, 21s and ties
  Seed 000: a blackjack pays 3:2 and beats a dealer blackjack; a player 21
  beats a dealer 21.

  @blackjack
  Scenario Outline: a blackjack pays 3:2
    Given the house rules "spanish-21"
    And a bet of <bet> on A♠ K♦
    When the dealer holds 9♥ K♣
    Then the player is paid <paid>

    Examples:
      | bet | paid  |
      | 5   | 7.50  |
      | 10  | 15    |
      | 15  | 22.50 |
      | 35  | 52.50 |

  @blackjack @reading
  Scenario Outline: reading — a player blackjack beats a dealer blackjack and pays 3:2
    It wins, and the only blackjack payout of the game is 3:2.

    Given the house rules "spanish-21"
    And a bet of <bet> on A♠ Q♦
    When the dealer holds A♥ K♣
    Then the player is paid <paid>
    And the profile records a reading for "blackjack_vs_dealer_blackjack"

    Examples:
      | bet | paid  |
      | 10  | 15    |
      | 25  | 37.50 |

  Scenario Outline: a player 21 beats a dealer 21
    Given the house rules "spanish-21"
    And a bet of 10 on <cards>
    When the dealer holds K♥ 4♣ 7♠
    Then the player is paid 10

    Examples:
      | cards       |
      | 9♠ 5♦ 7♣    |
      | K♠ 5♦ 6♣    |

  @reading
  Scenario Outline: reading — equal totals other than 21 push
    Only 21 against 21 is changed by the variant.

    Given the house rules "spanish-21"
    And a bet of 10 on <cards>
    When the dealer holds <dealer>
    Then the bet pushes
    And the profile records a reading for "ties"

    Examples:
      | cards | dealer |
      | K♠ 9♦ | 9♥ Q♣  |
      | K♠ Q♦ | J♥ K♣  |
      | K♠ 7♦ | 9♥ 8♣  |

  @reading
  Scenario: reading — a dealer blackjack takes the original bet; a drawn 21 never meets it
    The dealer peeks, so the round ends before players draw, double or split.

    Given the house rules "spanish-21"
    And a bet of 10 on K♠ 9♦
    When the dealer holds A♥ K♣
    Then the player loses 10
    And the profile records a reading for "dealer_blackjack_takes"

  @reading @splitting
  Scenario: reading — ace and ten-value after a split is 21, not a blackjack, and wins as a 21
    Given the house rules "spanish-21"
    And a bet of 10 on a split hand of A♠ K♦
    When the dealer holds 9♥ K♣
    Then the hand is not a blackjack
    And the player is paid 10
    And the profile records a reading for "blackjack_after_split"

  @blackjack @reading
  Scenario Outline: reading — "ace with a picture" means an ace with any ten-value card
    Read as in casino-classic; with the pip tens removed every ten-value card
    is a picture, so the reading and the text agree here.

    Given the house rules "spanish-21"
    And a bet of 10 on <cards>
    When the dealer holds 9♥ 8♣
    Then the hand is a blackjack
    And the player is paid 15
    And the profile records a reading for "blackjack_pays"

    Examples:
      | cards |
      | A♠ K♦ |
      | J♦ A♠ |
      | A♠ Q♦ |
