@double-exposure @shoe
Feature: Double exposure — both dealer cards face up
  Seed 000, "Блэкджек в открытую", on top of the casino-classic rules: the
  dealer deals two cards to the players and to himself face up.

  Scenario: both dealer cards are dealt face up, so a dealer blackjack is seen at once
    Given the house rules "double-exposure"
    Then both dealer cards are dealt face up
    And the dealer checks for blackjack before the players act

  Scenario: one standard deck, as in the base game
    Given the house rules "double-exposure"
    Then the shoe holds 1 decks of 52 cards

  @table
  Scenario: up to seven players, as in the base game
    Given the house rules "double-exposure"
    Then the table has at most 7 boxes

  @reading
  Scenario: reading — the deck is reshuffled at a cut card
    Same reading as casino-classic.

    Given the house rules "double-exposure"
    Then the shoe is reshuffled at a cut card after 50% of the cards
    And the profile records a reading for "reshuffle"

  @reading
  Scenario: reading — half the deck is dealt before the reshuffle
    Same reading as casino-classic.

    Given the house rules "double-exposure"
    Then the shoe is reshuffled at a cut card after 50% of the cards
    And the profile records a reading for "penetration"

  Scenario Outline: a dealer blackjack face up ends the round before anyone acts
    Both dealer cards are face up and a dealer blackjack ends the round at
    once: nobody has drawn, doubled or split against it.

    Given the house rules "double-exposure"
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
    Given the house rules "double-exposure"
    And a bet of 10 on a split hand of 8♠ 3♦
    And a bet of 10 on a split hand of 8♦ 2♣
    When the dealer holds A♥ K♣
    Then the round is refused

  Scenario: the two cards as dealt meet a dealer blackjack face up
    Given the house rules "double-exposure"
    And a bet of 10 on 5♠ 6♦
    When the dealer holds A♥ K♣
    Then the player loses 10

  Scenario: a drawn hand never meets a dealer blackjack seen at once
    Given the house rules "double-exposure"
    And a bet of 10 on 9♦ Q♥
    And the player hits and draws 2♣
    When the dealer holds A♠ K♣
    Then the round is refused
