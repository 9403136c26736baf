@double-exposure-online @shoe
Feature: Double exposure online — the shoe, the table and the deal
  Seed 001, online "БлэкДжек в открытую": six decks shuffled into a shoe, a
  cut card in the middle, the shoe reshuffled only after the cut card comes
  out; both dealer cards face up.

  Scenario: six standard decks
    Given the house rules "double-exposure-online"
    Then the shoe holds 6 decks of 52 cards

  Scenario: the cut card in the middle of the shoe
    Given the house rules "double-exposure-online"
    Then the shoe is reshuffled at a cut card after 50% of the cards

  Scenario: both dealer cards face up
    Given the house rules "double-exposure-online"
    Then both dealer cards are dealt face up
    And the dealer checks for blackjack before the players act

  @table @reading
  Scenario: reading — five boxes at the table
    The text counts "up to five people", not boxes; one box per person gives five.

    Given the house rules "double-exposure-online"
    Then the table has at most 5 boxes
    And the profile records a reading for "max_boxes"

  Scenario Outline: a dealer blackjack face up ends the round before anyone acts
    Both dealer cards are face up and a dealer blackjack ends the round at
    once: nobody has drawn, doubled or split against it.

    Given the house rules "double-exposure-online"
    And a bet of 10 on 5♠ 6♦
    And the player <action> 9♣
    When the dealer holds A♥ K♣
    Then the round is refused

    Examples:
      | action            |
      | hits and draws    |
      | doubles and draws |

  @splitting
  Scenario: no split box meets a dealer blackjack face up
    Given the house rules "double-exposure-online"
    And a bet of 10 on a split hand of 8♠ 3♦
    And a bet of 10 on a split hand of 8♦ 2♣
    When the dealer holds A♥ K♣
    Then the round is refused

  Scenario: the two cards as dealt meet a dealer blackjack face up
    Given the house rules "double-exposure-online"
    And a bet of 10 on 5♠ 6♦
    When the dealer holds A♥ K♣
    Then the player loses 10
