@spanish-21 @shoe
Feature: Spanish 21 — the Spanish shoe and the deal
  Seed 000, "Блэкджек испанский", on top of the casino-classic rules: the
  decks have no tens (the four pip tens of each deck are removed; jacks,
  queens and kings stay).

  Scenario: the decks have no pip tens
    Given the house rules "spanish-21"
    Then the deck has no pip tens

  Scenario: a pip ten cannot be dealt
    Given the house rules "spanish-21"
    And a bet of 10 on T♠ 9♦
    When the dealer holds 9♥ K♣
    Then the round is refused

  @table
  Scenario: up to seven players, as in the base game
    Given the house rules "spanish-21"
    Then the table has at most 7 boxes

  @reading
  Scenario: reading — six decks of 48 cards
    The 50:1 bonus (three suited 7s against the dealer's 7 of the same suit)
    needs four 7s of one suit, impossible with fewer than four decks; six is
    the smallest listed count above that.

    Given the house rules "spanish-21"
    Then the shoe holds 6 decks of 48 cards
    And the profile records a reading for "decks"

  @reading
  Scenario: reading — the shoe is reshuffled at a cut card
    Given the house rules "spanish-21"
    Then the shoe is reshuffled at a cut card after 75% of the cards
    And the profile records a reading for "reshuffle"

  @reading
  Scenario: reading — three quarters of the shoe is dealt before the reshuffle
    Given the house rules "spanish-21"
    Then the shoe is reshuffled at a cut card after 75% of the cards
    And the profile records a reading for "penetration"

  @reading
  Scenario: reading — the dealer peeks for blackjack before players act
    Inherited from casino-classic; surrender "after any number of doubles"
    only makes sense once the dealer's blackjack is ruled out.

    Given the house rules "spanish-21"
    Then the dealer's second card is dealt face down
    And the dealer checks for blackjack before the players act
    And the profile records a reading for "dealer_peeks"

  Scenario Outline: a dealer blackjack found by the peek ends the round before anyone acts
    The dealer peeks before the players act, so nobody has drawn, doubled or
    split against a dealer blackjack: such a round cannot be dealt.

    Given the house rules "spanish-21"
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
    Given the house rules "spanish-21"
    And a bet of 10 on a split hand of 8♠ 3♦
    And a bet of 10 on a split hand of 8♦ 2♣
    When the dealer holds A♥ K♣
    Then the round is refused

  Scenario: the two cards as dealt meet a dealer blackjack found by the peek
    Given the house rules "spanish-21"
    And a bet of 10 on 5♠ 6♦
    When the dealer holds A♥ K♣
    Then the player loses 10
