@classic-single-deck @payouts
Feature: Classic single deck — settling the box
  Seed 002: blackjack only on the first two cards; a dealer bust pays 1:1; a
  higher total pays 1:1; equal totals return the bet; lower or bust loses.

  @blackjack @reading
  Scenario Outline: reading — a blackjack pays 3:2 ("three to one" is a typo)
    "Three to one" contradicts the text's own 3:2 two paragraphs earlier.

    Given the house rules "classic-single-deck"
    And a bet of <bet> on A♠ K♦
    When the dealer holds 9♥ T♣
    Then the player is paid <paid>
    And the profile records a reading for "blackjack_pays"

    Examples:
      | bet | paid  |
      | 10  | 15    |
      | 15  | 22.50 |
      | 35  | 52.50 |
      | 45  | 67.50 |

  @blackjack @reading
  Scenario: reading — blackjack against blackjack pushes, and insurance on it still wins 2:1
    "The stake is returned" is the push of the main bet; insurance pays
    whenever the dealer has blackjack.

    Given the house rules "classic-single-deck"
    And a bet of 10 on A♠ K♦
    And the player insures for 5
    When the dealer holds A♥ Q♣
    Then hand 1 pushes
    And the insurance is paid 10
    And the profile records a reading for "blackjack_vs_dealer_blackjack"

  @reading
  Scenario: reading — a dealer blackjack takes the original bet
    The dealer peeks, so the round ends before any double or split.

    Given the house rules "classic-single-deck"
    And a bet of 10 on T♠ 9♦
    When the dealer holds A♥ K♣
    Then the player loses 10
    And the profile records a reading for "dealer_blackjack_takes"

  Scenario Outline: the box against the dealer
    Given the house rules "classic-single-deck"
    And a bet of 10 on <cards>
    When the dealer holds <dealer>
    Then the player <result>

    Examples:
      | cards    | dealer   | result     |
      | T♠ 9♦    | 9♥ 8♣    | is paid 10 |
      | T♠ 5♦    | T♥ 6♣ 8♦ | is paid 10 |
      | T♠ 9♦    | 9♥ K♣    | is paid 0  |
      | T♠ 7♦    | 9♥ K♣    | loses 10   |
      | T♠ 5♦ 8♣ | 9♥ K♣    | loses 10   |

  @splitting
  Scenario: 21 after a split is not a blackjack
    Given the house rules "classic-single-deck"
    And a bet of 10 on a split hand of A♠ K♦
    When the dealer holds 9♥ T♣
    Then the hand is not a blackjack
    And the player is paid 10

  @blackjack
  Scenario Outline: a blackjack is only the first two cards; a drawn 21 wins 1:1
    Given the house rules "classic-single-deck"
    And a bet of <bet> on <cards>
    And the player hits and draws <drawn>
    When the dealer holds 9♥ T♣
    Then the hand is not a blackjack
    And the player is paid <bet>

    Examples:
      | bet | cards | drawn |
      | 10  | 5♠ 6♦ | K♣    |
      | 15  | A♠ 5♦ | 5♣    |
