@casino-classic @shoe
Feature: Casino classic — the deck, the table and the deal
  Seed 000, "Блэкджек в казино", the base rules: one 52-card deck ("mostly
  one deck"), two to seven players, the dealer's first card up and the
  second face down.

  Scenario: one standard deck of 52 cards
    Given the house rules "casino-classic"
    Then the shoe holds 1 decks of 52 cards

  @table
  Scenario: up to seven players
    Given the house rules "casino-classic"
    Then the table has at most 7 boxes

  Scenario: the dealer's first card up, the second face down
    Given the house rules "casino-classic"
    Then the dealer's second card is dealt face down

  @reading
  Scenario: reading — the deck is reshuffled at a cut card
    The source only describes the shuffle before play; the profile reshuffles
    when a cut card comes out.

    Given the house rules "casino-classic"
    Then the shoe is reshuffled at a cut card after 50% of the cards
    And the profile records a reading for "reshuffle"

  @reading
  Scenario: reading — half the deck is dealt before the reshuffle
    A single deck cannot deal many more cards to seven players without
    running out mid-round.

    Given the house rules "casino-classic"
    Then the shoe is reshuffled at a cut card after 50% of the cards
    And the profile records a reading for "penetration"

  @reading
  Scenario: reading — the dealer checks the hole card for blackjack before players act
    A player's blackjack "wins at once" yet pushes a dealer blackjack: both
    hold only if the dealer's blackjack is known at once.

    Given the house rules "casino-classic"
    Then the dealer checks for blackjack before the players act
    And the profile records a reading for "dealer_peeks"

  Scenario Outline: a dealer blackjack found by the peek ends the round before anyone acts
    The dealer peeks before the players act, so nobody has drawn, doubled or
    split against a dealer blackjack: such a round cannot be dealt.

    Given the house rules "casino-classic"
    And a bet of 10 on 5♠ 6♦
    And the player <action> 9♣
    When the dealer holds A♥ K♣
    Then the round is refused

    Examples:
      | action            |
      | hits and draws    |
      | doubles and draws |

  @splitting
  Scenario: no split box meets a dealer blackjack found by the peek
    Given the house rules "casino-classic"
    And a bet of 10 on a split hand of 8♠ 3♦
    And a bet of 10 on a split hand of 8♦ 2♣
    When the dealer holds A♥ K♣
    Then the round is refused

  Scenario: the two cards as dealt meet a dealer blackjack found by the peek
    Given the house rules "casino-classic"
    And a bet of 10 on 5♠ 6♦
    When the dealer holds A♥ K♣
    Then the player loses 10
