@europoker @shoe
Feature: EuroPoker — the shoe, the table and the deal
  Seed 004 (EuroPoker.com online house rules): two standard decks, reshuffled
  after every round; up to five boxes; the dealer's second card is dealt face
  down and opened only after every box has acted.

  Scenario: two standard decks of 52 cards
    Given the house rules "europoker"
    Then the shoe holds 2 decks of 52 cards

  Scenario: the cards are reshuffled after every round
    Given the house rules "europoker"
    Then the cards are shuffled before every round

  @table @reading
  Scenario: reading — up to five boxes at the table (the player's limit too)
    The source gives five as the table's boxes and as one player's boxes in a
    round: one player against the house, so the two limits are one.

    Given the house rules "europoker"
    Then the table has at most 5 boxes
    And the profile records a reading for "max_boxes"

  Scenario: one dealer card up, one face down, opened after the boxes act
    Given the house rules "europoker"
    Then the dealer's second card is dealt face down
    And the dealer does not check for blackjack before the players act
