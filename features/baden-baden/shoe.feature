@baden-baden @shoe
Feature: Baden-Baden — two decks shuffled every round
  Seed 000, "Блэкджек Баден-Баден", on top of the casino-classic rules: the
  game is played with two decks, shuffled at the start of every round.

  Scenario: two standard decks
    Given the house rules "baden-baden"
    Then the shoe holds 2 decks of 52 cards

  Scenario: the cards are shuffled before every round
    Given the house rules "baden-baden"
    Then the cards are shuffled before every round

  @table
  Scenario: two to seven players, as in the base game
    Given the house rules "baden-baden"
    Then the table has at most 7 boxes

  @reading
  Scenario: reading — the dealer does not peek; the hole card is turned after the players act
    "Always loses" is read at full strength: nothing on the box is protected
    from a dealer blackjack, which is only possible when the players act first.

    Given the house rules "baden-baden"
    Then the dealer's second card is dealt face down
    And the dealer does not check for blackjack before the players act
    And the profile records a reading for "dealer_peeks"
