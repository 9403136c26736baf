@double-exposure @payouts
Feature: Double exposure — blackjack pays 1:1 and ties lose
  Seed 000: a blackjack pays 1:1; in a tie the player always loses, except
  blackjack against blackjack; a dealer blackjack ends the round at once,
  paying player blackjacks 1:1 and taking every other hand.

  @blackjack
  Scenario Outline: a blackjack pays 1:1
    Given the house rules "double-exposure"
    And a bet of <bet> on A♠ K♦
    When the dealer holds 9♥ T♣
    Then the player is paid <bet>

    Examples:
      | bet |
      | 5   |
      | 15  |
      | 35  |
      | 125 |

  Scenario Outline: equal totals lose
    Given the house rules "double-exposure"
    And a bet of <bet> on <cards>
    When the dealer holds <dealer>
    Then the player loses <bet>

    Examples:
      | bet | cards    | dealer   |
      | 10  | T♠ 7♦    | 9♥ 8♣    |
      | 15  | K♠ 9♦    | 9♥ T♣    |
      | 20  | T♠ Q♦    | J♥ K♣    |
      | 25  | 5♠ 6♦ T♣ | 9♥ 2♣ K♦ |

  Scenario Outline: higher totals win 1:1 and a dealer bust pays
    Given the house rules "double-exposure"
    And a bet of 10 on <cards>
    When the dealer holds <dealer>
    Then the player <result>

    Examples:
      | cards | dealer   | result     |
      | T♠ 9♦ | 9♥ 8♣    | is paid 10 |
      | T♠ 5♦ | T♥ 6♣ 8♦ | is paid 10 |
      | T♠ 8♦ | 9♥ T♣    | loses 10   |

  Scenario: a dealer blackjack takes every hand but a blackjack
    Given the house rules "double-exposure"
    And a bet of 10 on T♠ Q♦
    When the dealer holds A♥ K♣
    Then the player loses 10

  @blackjack @reading
  Scenario Outline: reading — a player blackjack against a dealer blackjack wins 1:1
    The tie sentence only excludes it from losing; the next sentence says the
    round ends paying player blackjacks 1:1.

    Given the house rules "double-exposure"
    And a bet of <bet> on A♠ K♦
    When the dealer holds A♥ Q♣
    Then the player is paid <bet>
    And the profile records a reading for "blackjack_vs_dealer_blackjack"

    Examples:
      | bet |
      | 10  |
      | 25  |

  @reading
  Scenario: reading — a dealer blackjack takes the original bets
    It is face up and ends the round at once, before any double or split.

    Given the house rules "double-exposure"
    And a bet of 10 on 9♠ 8♦
    When the dealer holds A♥ K♣
    Then the player loses 10
    And the dealer checks for blackjack before the players act
    And the profile records a reading for "dealer_blackjack_takes"

  @blackjack @reading
  Scenario: reading — a player blackjack against a dealer's drawn 21 wins 1:1; it is no tie
    A blackjack is settled on the deal and outranks any drawn 21; ties
    compare hands that finished drawing.

    Given the house rules "double-exposure"
    And a bet of 10 on A♠ K♦
    When the dealer holds 9♥ 5♣ 7♦
    Then the player is paid 10
    And the profile records a reading for "ties"

  @reading @splitting
  Scenario: reading — ace and ten after a split is 21, not a blackjack
    Given the house rules "double-exposure"
    And a bet of 10 on a split hand of A♠ K♦
    When the dealer holds 9♥ 8♣
    Then the hand is not a blackjack
    And the player is paid 10
    And the profile records a reading for "blackjack_after_split"

  @blackjack @reading
  Scenario Outline: reading — "ace with a picture" means an ace with any ten-value card
    The base rules' "ace with a picture" is read as in casino-classic: every
    other source counts the ten as a ten-value card for blackjack.

    Given the house rules "double-exposure"
    And a bet of 10 on <cards>
    When the dealer holds 9♥ 8♣
    Then the hand is a blackjack
    And the player is paid 10
    And the profile records a reading for "blackjack_pays"

    Examples:
      | cards |
      | A♠ T♦ |
      | T♦ A♠ |
      | A♠ K♦ |
      | Q♦ A♠ |
