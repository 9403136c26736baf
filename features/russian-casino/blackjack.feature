@russian-casino @blackjack
Feature: Russian casino — a dealer blackjack without a hole card
  Seed 003: with all cards face up and no hole card, the dealer's blackjack
  is only known after the players have acted.

  @reading
  Scenario Outline: reading — a dealer blackjack takes every bet on the box, doubles and splits included (ENHC)
    The text promises no refund of extra stakes; the dealer's blackjack beats
    every hand but a blackjack, so each hand loses all it staked.

    Given the house rules "russian-casino"
    And a bet of <bet> on 5♠ 6♦
    And the player doubles and draws 9♣
    When the dealer holds A♥ K♣
    Then the player loses <lost>
    And the profile records a reading for "dealer_blackjack_takes"

    Examples:
      | bet | lost |
      | 10  | 20   |
      | 25  | 50   |

  @reading @splitting
  Scenario: reading — a dealer blackjack takes both bets of a split box
    Given the house rules "russian-casino"
    And a bet of 10 on a split hand of 8♠ T♦
    And a bet of 10 on a split hand of 8♦ 9♣
    When the dealer holds A♥ K♣
    Then the player loses 20
    And the profile records a reading for "dealer_blackjack_takes"

  Scenario: a player blackjack against a dealer ace may take even money
    Given the house rules "russian-casino"
    And a bet of 10 on A♠ K♦
    When the dealer shows A♥
    Then the player is offered even money

  @splitting
  Scenario: ace and ten after splitting aces is 21, paid 1:1, not a blackjack
    Given the house rules "russian-casino"
    And a bet of 10 on a split hand of A♠ K♦
    When the dealer holds 9♥ T♣
    Then the hand is not a blackjack
    And the player is paid 10

  @reading @dealer
  Scenario: reading — with only a blackjack left against a ten, the second card settles it and the dealer stops
    The dealer's second card decides whether a blackjack pushes; with no box
    left to play against, the dealer draws nothing more.

    Given the house rules "russian-casino"
    And a bet of 20 on A♦ K♥
    When the dealer holds T♠ 6♠
    Then the player is paid 30
    And the profile records a reading for "dealer_draws_when_no_live_hands"

  @insurance @dealer
  Scenario: with only an insured bust left, the second card settles the insurance and the dealer stops
    Given the house rules "russian-casino"
    And a bet of 20 on T♦ 6♥
    And the player insures for 10
    And the player hits and draws 9♣
    When the dealer holds A♠ 5♦
    Then the insurance loses 10
    And the player loses 30

  @dealer
  Scenario: a blackjack against a ten still waits for the dealer's second card
    Given the house rules "russian-casino"
    And a bet of 20 on A♦ K♥
    When the dealer holds T♠
    Then the round is refused
