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

  Scenario Outline: a dealer blackjack found by the peek ends the round before anyone acts
    The dealer peeks before the players act, so nobody has drawn, doubled or
    split against a dealer blackjack: such a round cannot be dealt.

    Given the house rules "blackjack-switch"
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
    Given the house rules "blackjack-switch"
    And a bet of 10 on a split hand of 8♠ 3♦
    And a bet of 10 on a split hand of 8♦ 2♣
    When the dealer holds A♥ K♣
    Then the round is refused

  Scenario: the two cards as dealt meet a dealer blackjack found by the peek
    Given the house rules "blackjack-switch"
    And a bet of 10 on 5♠ 6♦
    When the dealer holds A♥ K♣
    Then the player loses 10
