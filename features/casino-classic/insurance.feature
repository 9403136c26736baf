@casino-classic @insurance
Feature: Casino classic — insurance, and no surrender
  Seed 000: when the dealer's up card is an ace the player may put up half
  the bet as insurance; it pays double (2:1) if the dealer has blackjack and
  is lost otherwise. Surrender is not allowed.

  Scenario Outline: insurance is offered only against an ace
    Given the house rules "casino-classic"
    And a bet of 10 on T♠ 9♦
    When the dealer shows <up>
    Then the player <may> insure

    Examples:
      | up | may     |
      | A♥ | may     |
      | K♥ | may not |

  @reading
  Scenario Outline: reading — the insurance stake is at most half the bet
    The source names half the bet; a smaller stake is the player's choice.

    Given the house rules "casino-classic"
    And a bet of <bet> on T♠ 9♦
    When the dealer shows A♥
    Then the insurance stake is at most <most>
    And the profile records a reading for "insurance_max"

    Examples:
      | bet | most  |
      | 10  | 5     |
      | 25  | 12.50 |

  Scenario Outline: insurance pays 2:1 against a dealer blackjack
    Given the house rules "casino-classic"
    And a bet of <bet> on T♠ 9♦
    And the player insures for <stake>
    When the dealer holds A♥ K♣
    Then the insurance is paid <paid>
    And the player <result>

    Examples:
      | bet | stake | paid | result     |
      | 10  | 5     | 10   | is paid 0  |
      | 20  | 10    | 20   | is paid 0  |
      | 20  | 5     | 10   | loses 10   |

  @reading
  Scenario: reading — insurance pays only on a dealer blackjack, not on a drawn 21
    "If the dealer makes 21 the player wins double" is read as blackjack.

    Given the house rules "casino-classic"
    And a bet of 10 on T♠ 9♦
    And the player insures for 5
    When the dealer holds A♥ 5♣ 5♦
    Then the insurance loses 5
    And the player loses 15
    And the profile records a reading for "insurance_pays"

  @reading
  Scenario: reading — a blackjack against an ace is offered even money, not insurance
    The source names insurance only; floors offer even money wherever they
    offer insurance, and insuring a blackjack for half its bet comes to the same 1:1.

    Given the house rules "casino-classic"
    And a bet of 10 on A♠ K♦
    When the dealer shows A♥
    Then the player is offered even money
    And the dealer offers even money, not insurance
    And the profile records a reading for "even_money"

  @reading
  Scenario Outline: reading — even money pays the blackjack 1:1 whatever the dealer holds
    Given the house rules "casino-classic"
    And a bet of 10 on A♠ K♦
    And the player takes even money
    When the dealer holds <dealer>
    Then the player is paid 10
    And the profile records a reading for "even_money"

    Examples:
      | dealer |
      | A♥ Q♣  |
      | A♥ 7♣  |

  Scenario Outline: a blackjack insured all the same gets the same money
    Given the house rules "casino-classic"
    And a bet of 10 on A♠ K♦
    And the player insures for 5
    When the dealer holds <dealer>
    Then the player is paid 10

    Examples:
      | dealer |
      | A♥ Q♣  |
      | A♥ 7♣  |

  @surrender
  Scenario Outline: surrender is not allowed
    Given the house rules "casino-classic"
    And a bet of 10 on <cards>
    When the dealer shows <up>
    Then the player may not surrender

    Examples:
      | cards | up |
      | T♠ 6♦ | T♥ |
      | T♠ 6♦ | A♥ |

  Scenario Outline: an insurance stake over half the bet is refused
    Given the house rules "casino-classic"
    And a bet of <bet> on T♠ 9♦
    And the player insures for <stake>
    When the dealer holds A♥ K♣
    Then the round is refused

    Examples:
      | bet | stake |
      | 10  | 6     |
      | 25  | 12.55 |
