@russian-casino @insurance
Feature: Russian casino — insurance, even money and surrender
  Seed 003: when the dealer's first card is an ace the croupier offers
  insurance, from half the table minimum up to half the player's bet, paying
  2:1 on a dealer blackjack; a blackjack against an ace may take even money
  (1:1); surrender loses half the bet, decided before the third card on the
  box, and not on split hands.

  @reading
  Scenario Outline: reading — the insurance stake is at most half the bet
    The table minimum is not part of a house profile, so the lower limit is
    not checked.

    Given the house rules "russian-casino"
    And a bet of <bet> on T♠ 9♦
    When the dealer shows A♥
    Then the player may insure
    And the insurance stake is at most <most>
    And the profile records a reading for "insurance_max"

    Examples:
      | bet | most  |
      | 10  | 5     |
      | 25  | 12.50 |

  Scenario: insurance pays 2:1 on a dealer blackjack
    Given the house rules "russian-casino"
    And a bet of 10 on T♠ 9♦
    And the player insures for 5
    When the dealer holds A♥ K♣
    Then the insurance is paid 10
    And the player is paid 0

  @reading
  Scenario: reading — a blackjack against an ace is offered even money, not insurance
    The croupier offers the table insurance and a blackjack even money;
    insuring a blackjack for half its bet comes to the same 1:1.

    Given the house rules "russian-casino"
    And a bet of 10 on A♠ K♦
    When the dealer shows A♥
    Then the dealer offers even money, not insurance
    And the profile records a reading for "even_money"

  @reading
  Scenario Outline: reading — a blackjack insured all the same is settled as an insured bet
    The dealer offers a blackjack even money, but any bet may be insured against
    an ace: the blackjack keeps its own terms and the insurance its own. Against
    a dealer blackjack that nets a cent less than even money on a bet of odd cents.

    Given the house rules "russian-casino"
    And a bet of <bet> on A♠ K♦
    And the player insures for 5
    When the dealer holds A♥ <second>
    Then <blackjack>
    And the insurance <insurance>
    And the player is paid <net>
    And the profile records a reading for "even_money"

    Examples:
      | bet   | second | blackjack            | insurance  | net   |
      | 10    | K♣     | hand 1 pushes        | is paid 10 | 10    |
      | 10    | 7♣     | hand 1 is paid 15    | loses 5    | 10    |
      | 10.01 | K♣     | hand 1 pushes        | is paid 10 | 10    |
      | 10.01 | 7♣     | hand 1 is paid 15.01 | loses 5    | 10.01 |

  Scenario Outline: even money pays a blackjack 1:1 at once
    Given the house rules "russian-casino"
    And a bet of <bet> on A♠ K♦
    And the player takes even money
    When the dealer holds A♥ <second>
    Then the player is paid <bet>

    Examples:
      | bet | second |
      | 10  | K♣     |
      | 30  | 6♣     |

  @surrender
  Scenario Outline: surrender loses half the bet
    Given the house rules "russian-casino"
    And a bet of <bet> on T♠ 6♦
    And the player surrenders
    When the dealer holds T♥ 8♣
    Then the player loses <lost>

    Examples:
      | bet | lost  |
      | 10  | 5     |
      | 15  | 7.50  |
      | 25  | 12.50 |

  @surrender @reading @cents
  Scenario Outline: reading — half of an odd-cent bet: the fraction stays with the house
    Half of 25.25 is 12.625: the player gets 12.62 back and loses 12.63.

    Given the house rules "russian-casino"
    And a bet of <bet> on T♠ 6♦
    And the player surrenders
    When the dealer holds T♥ 8♣
    Then the player loses <lost>
    And the profile records a reading for "cents"

    Examples:
      | bet   | lost  |
      | 25.25 | 12.63 |
      | 10.01 | 5.01  |
      | 0.01  | 0.01  |

  @surrender
  Scenario Outline: surrender before the third card, and not on split hands
    Given the house rules "russian-casino"
    And a bet of 10 on <cards>
    When the dealer shows T♥
    Then the player <may> surrender

    Examples:
      | cards | may |
      | T♠ 6♦ | may |
      | 9♠ 7♦ | may |

  @surrender
  Scenario: no surrender after the third card
    Given the house rules "russian-casino"
    And a bet of 10 on 5♠ 4♦
    And the player hits and draws 2♣
    When the dealer shows T♥
    Then the player may not surrender

  @surrender
  Scenario: no surrender on a split hand
    Given the house rules "russian-casino"
    And a bet of 10 on a split hand of 8♠ 8♦
    When the dealer shows T♥
    Then the player may not surrender

  @surrender @reading
  Scenario: reading — surrender returns half the bet and is final, even against a later dealer blackjack
    With no hole card the dealer's blackjack is not known when the player
    gives up; the text sets no exception.

    Given the house rules "russian-casino"
    And a bet of 10 on T♠ 6♦
    And the player surrenders
    When the dealer holds T♥ A♣
    Then the player loses 5
    And the profile records a reading for "surrender"

  @surrender @reading
  Scenario: reading — no surrender against an ace
    An early surrender that stays final against an ace gives the player the
    edge (house edge -0.10%); without it the edge is 0.29%.

    Given the house rules "russian-casino"
    And a bet of 10 on T♠ 6♦
    When the dealer shows A♥
    Then the player may not surrender
    And the profile records a reading for "surrender_vs_ace"

  @surrender @reading
  Scenario: alternative — surrender against an ace too, final against a later dealer blackjack
    The contested reading switched alone to its alternative: the text names no
    exception for an ace.

    Given the house rules "russian-casino" with the alternative "surrender_vs_ace"
    And a bet of 10 on T♠ 6♦
    And the player surrenders
    When the dealer holds A♥ K♣
    Then the player loses 5
    And the profile records a reading for "surrender_vs_ace"
