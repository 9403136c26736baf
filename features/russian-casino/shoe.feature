@russian-casino @shoe
Feature: Russian casino — six decks, all cards face up, no hole card
  Seed 003, "Правила Блэк Джека" (land casino): six ordinary 52-card decks;
  as a rule seven boxes; the dealer deals one card to each player and to
  himself, then a second card to each player, all face up; the dealer draws
  last (European no-hole-card, ENHC).

  Scenario: six standard decks
    Given the house rules "russian-casino"
    Then the shoe holds 6 decks of 52 cards

  @table
  Scenario: seven boxes
    Given the house rules "russian-casino"
    Then the table has at most 7 boxes

  Scenario: the dealer takes the second card after the players act
    Given the house rules "russian-casino"
    Then the dealer takes the second card after the players act
    And the dealer does not check for blackjack before the players act

  @reading
  Scenario: reading — the shoe is reshuffled at a cut card
    A six-deck shoe is dealt to a cut card; 75% is the usual depth.

    Given the house rules "russian-casino"
    Then the shoe is reshuffled at a cut card after 75% of the cards
    And the profile records a reading for "reshuffle"

  @reading
  Scenario: reading — three quarters of the shoe is dealt before the reshuffle
    Given the house rules "russian-casino"
    Then the shoe is reshuffled at a cut card after 75% of the cards
    And the profile records a reading for "penetration"

  @reading @dealer
  Scenario: reading — the dealer does not draw when every box has busted or been paid
    Only the bets "remaining after the draw" meet the dealer; with none left
    there is nothing to decide.

    Given the house rules "russian-casino"
    When the dealer shows 9♥
    Then the dealer does not draw when no live bets remain
    And the profile records a reading for "dealer_draws_when_no_live_hands"
