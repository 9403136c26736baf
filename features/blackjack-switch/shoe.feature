@blackjack-switch @shoe
Feature: Blackjack Switch — six decks, two hands per player
  Seed 000, "Блэкджек Свитч", on top of the casino-classic rules: six
  standard 52-card decks; the player plays two hands, two cards each.

  Scenario: six standard decks
    Given the house rules "blackjack-switch"
    Then the shoe holds 6 decks of 52 cards

  @reading
  Scenario: reading — the shoe is reshuffled at a cut card
    A six-deck shoe is dealt to a cut card; 75% is the usual depth.

    Given the house rules "blackjack-switch"
    Then the shoe is reshuffled at a cut card after 75% of the cards
    And the profile records a reading for "reshuffle"

  @reading
  Scenario: reading — three quarters of the shoe is dealt before the reshuffle
    Given the house rules "blackjack-switch"
    Then the shoe is reshuffled at a cut card after 75% of the cards
    And the profile records a reading for "penetration"

  @table @reading
  Scenario: reading — six boxes: three players with two hands each
    Every player plays two hands, so the box count is even; six is the even
    number within the base game's seven places.

    Given the house rules "blackjack-switch"
    Then the table has at most 6 boxes
    And the profile records a reading for "max_boxes"

  @reading
  Scenario: reading — the dealer peeks for blackjack before players act
    Same reading as casino-classic.

    Given the house rules "blackjack-switch"
    Then the dealer's second card is dealt face down
    And the dealer checks for blackjack before the players act
    And the profile records a reading for "dealer_peeks"
