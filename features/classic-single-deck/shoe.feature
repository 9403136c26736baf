@classic-single-deck @shoe
Feature: Classic single deck — a fresh deck for every deal
  Seed 002, "Класічны Блэкджек" (Belarusian): one player against the dealer;
  one 52-card deck, replaced by a new deck before every deal; the dealer's
  last card is open to the player.

  Scenario: one standard deck of 52 cards
    Given the house rules "classic-single-deck"
    Then the shoe holds 1 decks of 52 cards

  Scenario: a fresh deck before every deal
    Given the house rules "classic-single-deck"
    Then a fresh deck is used for every deal

  Scenario: one dealer card up, one face down
    Given the house rules "classic-single-deck"
    Then the dealer's second card is dealt face down

  @table @reading
  Scenario: reading — one player who may bet up to three boxes
    The text has one player but several boxes and does not count them; a
    single deck cannot serve more than a few boxes.

    Given the house rules "classic-single-deck"
    Then the table has at most 3 boxes
    And the profile records a reading for "max_boxes"

  @reading
  Scenario: reading — the dealer checks for blackjack before players act
    Blackjacks wait until the dealer's cards are opened, and only after that
    payment does play start at the first box.

    Given the house rules "classic-single-deck"
    Then the dealer checks for blackjack before the players act
    And the profile records a reading for "dealer_peeks"

  Scenario Outline: a dealer blackjack found by the peek ends the round before anyone acts
    The dealer peeks before the players act, so nobody has drawn, doubled or
    split against a dealer blackjack: such a round cannot be dealt.

    Given the house rules "classic-single-deck"
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
    Given the house rules "classic-single-deck"
    And a bet of 10 on a split hand of 8♠ 3♦
    And a bet of 10 on a split hand of 8♦ 2♣
    When the dealer holds A♥ K♣
    Then the round is refused

  Scenario: the two cards as dealt meet a dealer blackjack found by the peek
    Given the house rules "classic-single-deck"
    And a bet of 10 on 5♠ 6♦
    When the dealer holds A♥ K♣
    Then the player loses 10
