@europoker @insurance
Feature: EuroPoker — insurance and even money, no surrender
  Seed 004: against a dealer ace the player may insure with 50% of the bet;
  insurance pays 2:1 when the dealer has blackjack. A player blackjack may
  take even money (1:1 instead of 3:2). Surrender is not offered.

  Scenario Outline: insurance is offered only against an ace
    Given the house rules "europoker"
    And a bet of 10 on T♠ 9♦
    When the dealer shows <up>
    Then the player <may> insure

    Examples:
      | up | may     |
      | A♥ | may     |
      | K♥ | may not |
      | 6♥ | may not |

  @reading
  Scenario Outline: reading — the insurance stake is at most half the bet; a smaller stake is taken too
    The text names one stake, equal to half the bet («равную 50 %»); a smaller
    one insures part of the bet on the same terms, and the largest is exactly half.

    Given the house rules "europoker"
    And a bet of <bet> on T♠ 9♦
    When the dealer shows A♥
    Then the insurance stake is at most <most>
    And the insurance pays 2:1
    And the profile records a reading for "insurance_max"

    Examples:
      | bet | most  |
      | 10  | 5     |
      | 15  | 7.50  |
      | 25  | 12.50 |

  @reading
  Scenario: reading — a stake smaller than half the bet wins 2:1 the same
    Given the house rules "europoker"
    And a bet of 10 on T♠ 9♦
    And the player insures for 2
    When the dealer holds A♥ K♦
    Then the insurance is paid 4
    And hand 1 loses 10
    And the profile records a reading for "insurance_max"

  Scenario Outline: insurance pays 2:1 when the dealer has blackjack
    Given the house rules "europoker"
    And a bet of <bet> on T♠ 9♦
    And the player insures for <stake>
    When the dealer holds A♥ K♦
    Then the insurance is paid <paid>
    And hand 1 loses <bet>

    Examples:
      | bet | stake | paid |
      | 10  | 5     | 10   |
      | 15  | 7.50  | 15   |
      | 30  | 15    | 30   |

  Scenario: insurance is lost when the dealer has no blackjack
    Given the house rules "europoker"
    And a bet of 10 on T♠ 9♦
    And the player insures for 5
    When the dealer holds A♥ 7♦
    Then the insurance loses 5
    And hand 1 is paid 10
    And the player is paid 5

  @reading
  Scenario: reading — a blackjack against an ace is offered even money, not insurance
    The source offers insurance on any bet against an ace and even money to a
    blackjack; insuring a blackjack for half its bet comes to the same 1:1.

    Given the house rules "europoker"
    And a bet of 10 on A♠ K♦
    When the dealer shows A♥
    Then the player is offered even money
    And the dealer offers even money, not insurance
    And the profile records a reading for "even_money"

  @reading
  Scenario Outline: reading — a blackjack insured all the same is settled as an insured bet
    The dealer offers a blackjack even money, but any bet may be insured against
    an ace: the blackjack keeps its own terms and the insurance its own. Against
    a dealer blackjack that nets a cent less than even money on a bet of odd cents.

    Given the house rules "europoker"
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

  Scenario Outline: even money pays the blackjack 1:1 whatever the dealer holds
    Given the house rules "europoker"
    And a bet of <bet> on A♠ K♦
    And the player takes even money
    When the dealer holds <dealer>
    Then the player is paid <bet>

    Examples:
      | bet | dealer |
      | 10  | A♥ K♣  |
      | 25  | A♥ 7♣  |

  Scenario: no even money against a ten
    Given the house rules "europoker"
    And a bet of 10 on A♠ K♦
    When the dealer shows T♥
    Then the player is not offered even money

  @surrender
  Scenario Outline: no surrender
    The source offers hit, stand, double, split, insurance and even money;
    surrender is not among them.

    Given the house rules "europoker"
    And a bet of 10 on T♠ 6♦
    When the dealer shows <up>
    Then the player may not surrender

    Examples:
      | up |
      | T♥ |
      | 9♥ |
      | A♥ |
