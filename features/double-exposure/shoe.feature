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
