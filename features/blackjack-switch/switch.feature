@blackjack-switch @switch
Feature: Blackjack Switch — switching the second cards
  Seed 000: after the first two cards the player may switch the top (second)
  cards between the two hands.

  @reading
  Scenario: reading — the player may switch once, before acting
    Seed 000 offers the switch after the deal of the first two cards and says
    neither how often nor when else: read as once, after the deal and before
    either hand acts (a round records each hand as switched or not, so a second
    switch cannot be written down).

    Given the house rules "blackjack-switch"
    Then the player may switch
    And the profile records a reading for "switch"

  Scenario: switching makes two new hands that are settled one by one
    Given the house rules "blackjack-switch"
    And a switch bet of 10 on T♠ 6♦ and 9♣ K♥
    And the player switches the second cards
    When the dealer holds T♥ 8♣
    Then hand 1 is paid 10
    And hand 2 loses 10

  @reading
  Scenario: reading — the two hands of a switch carry equal bets: a switch between unequal bets is refused
    Seed 000 does not say whether the two bets must be equal; read as equal (the
    standard Switch table), so a switch between a bet of 10 and one of 20 cannot
    be dealt.

    Given the house rules "blackjack-switch"
    And a bet of 10 on T♠ 6♦
    And a bet of 20 on 9♣ K♥
    And the player switches the second cards
    When the dealer holds T♥ 8♣
    Then the round is refused
    And the profile records a reading for "switch"

  @reading @blackjack
  Scenario Outline: reading — ace and ten made by switching is a 21 paid 1:1, not a blackjack
    A switched hand is no longer the two cards dealt to it, like a split hand.

    Given the house rules "blackjack-switch"
    And a switch bet of <bet> on A♠ 7♦ and 9♣ K♥
    And the player switches the second cards
    When the dealer holds T♥ 8♣
    Then hand 1 is paid <bet>
    And hand 2 loses <bet>
    And the profile records a reading for "blackjack_after_switch"

    Examples:
      | bet |
      | 10  |
      | 25  |

  @reading @blackjack
  Scenario: reading — a switched ace and ten is a standing 21: it pushes a dealer 22
    Not being a blackjack, it waits for the dealer, and a dealer 22 pushes every
    standing hand; a blackjack as dealt would have been paid 3:2.

    Given the house rules "blackjack-switch"
    And a switch bet of 10 on A♠ 7♦ and 9♣ K♥
    And the player switches the second cards
    When the dealer holds T♥ 2♣ K♦
    Then hand 1 pushes
    And hand 2 pushes
    And the profile records a reading for "blackjack_after_switch"

  @blackjack
  Scenario: a blackjack as dealt, without a switch, pays 1:1
    Given the house rules "blackjack-switch"
    And a switch bet of 10 on A♠ K♦ and 9♣ 7♥
    When the dealer holds T♥ 8♣
    Then hand 1 is paid 10
    And hand 2 loses 10

  @reading
  Scenario: reading — the switch comes with the deal, before the peek: a switched 21 loses to a dealer blackjack
    The peek comes after the switch; ace and ten made by switching is a 21, not a
    blackjack, so a dealer blackjack beats it like any other 21.

    Given the house rules "blackjack-switch"
    And a switch bet of 10 on A♠ 7♦ and 9♣ K♥
    And the player switches the second cards
    When the dealer holds A♥ K♣
    Then hand 1 loses 10
    And hand 2 loses 10
    And the profile records a reading for "dealer_peeks"

  @reading
  Scenario: reading — ace and ten made by switching is played out: no double on that 21
    Any first two cards may double, but a card drawn to a 21 can only take it away.
    (Hand 2, the one the player is acting on, becomes A♠ K♥.)

    Given the house rules "blackjack-switch"
    And a switch bet of 10 on 9♣ K♥ and A♠ 7♦
    And the player switches the second cards
    When the dealer shows 6♥
    Then the player may not double
    And the player may not hit
    And the profile records a reading for "double_on"
