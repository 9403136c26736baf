@blackjack-switch @payouts
Feature: Blackjack Switch — a dealer 22 does not lose
  Seed 000: "the dealer does not lose with 22".

  @reading
  Scenario Outline: reading — a dealer 22 pushes every standing hand
    "Does not lose" leaves push or win open; push is the standard Switch rule
    (New Jersey's posted "Dealer pushes on 22").

    Given the house rules "blackjack-switch"
    And a bet of <bet> on <cards>
    When the dealer holds <dealer>
    Then the bet pushes
    And the profile records a reading for "dealer_22_pushes"

    Examples:
      | bet | cards    | dealer   |
      | 10  | T♠ 8♦    | T♥ 6♣ 6♦ |
      | 25  | T♠ 2♦    | 9♥ 7♣ 6♦ |
      | 10  | 5♠ 6♦ T♣ | K♥ 2♣ K♦ |

  @reading @blackjack
  Scenario: reading — a player blackjack still wins 1:1 against a dealer 22
    A blackjack is settled on the deal, before the dealer draws.

    Given the house rules "blackjack-switch"
    And a bet of 10 on A♠ K♦
    When the dealer holds T♥ 6♣ 6♦
    Then the player is paid 10
    And the profile records a reading for "dealer_22_pushes"

  @reading
  Scenario: reading — a player bust still loses against a dealer 22
    Given the house rules "blackjack-switch"
    And a bet of 10 on T♠ 6♦
    And the player hits and draws 8♣
    When the dealer holds T♥ 6♣ 6♦
    Then the player loses 10
    And the profile records a reading for "dealer_22_pushes"

  Scenario Outline: equal totals push and the bet is returned
    Base rules: "a tie is possible ... then no money changes hands"; the variant
    changes only the dealer's 22.

    Given the house rules "blackjack-switch"
    And a bet of 10 on <cards>
    When the dealer holds <dealer>
    Then the bet pushes

    Examples:
      | cards | dealer   |
      | K♠ 9♦ | 9♥ T♣    |
      | T♠ 7♦ | T♥ 7♣    |
      | Q♠ K♦ | 4♥ 6♣ J♣ |

  Scenario Outline: a dealer bust over 22 pays every standing hand
    Given the house rules "blackjack-switch"
    And a bet of 10 on T♠ 8♦
    When the dealer holds <dealer>
    Then the player is paid 10

    Examples:
      | dealer   |
      | T♥ 6♣ 7♦ |
      | T♥ 6♣ 8♦ |

  @reading @blackjack
  Scenario Outline: reading — a blackjack pays 1:1
    Switch is dealt only at 1:1: at the base game's 3:2 the switch gives the
    player the edge (house edge -1.87%; 0.36% at 1:1).

    Given the house rules "blackjack-switch"
    And a bet of <bet> on A♠ K♦
    When the dealer holds 9♥ T♣
    Then the player is paid <paid>
    And the profile records a reading for "blackjack_pays"

    Examples:
      | bet | paid |
      | 10  | 10   |
      | 15  | 15   |
      | 35  | 35   |

  @reading
  Scenario Outline: alternative — the base game's 3:2 for a blackjack
    The contested reading switched alone to its alternative: the same hands are
    paid half as much again.

    Given the house rules "blackjack-switch" with the alternative "blackjack_pays"
    And a bet of <bet> on A♠ K♦
    When the dealer holds 9♥ T♣
    Then the player is paid <paid>
    And the profile records a reading for "blackjack_pays"

    Examples:
      | bet | paid  |
      | 10  | 15    |
      | 15  | 22.50 |
      | 35  | 52.50 |

  @blackjack
  Scenario: blackjack against a dealer blackjack is a push
    Given the house rules "blackjack-switch"
    And a bet of 10 on A♠ K♦
    When the dealer holds A♥ Q♣
    Then the bet pushes

  @reading
  Scenario: reading — a dealer blackjack takes the original bets
    The dealer peeks, so the round ends before any double or split.

    Given the house rules "blackjack-switch"
    And a bet of 10 on T♠ 9♦
    When the dealer holds A♥ K♣
    Then the player loses 10
    And the profile records a reading for "dealer_blackjack_takes"

  @reading @splitting
  Scenario: reading — ace and ten after a split is 21, not a blackjack
    Given the house rules "blackjack-switch"
    And a bet of 10 on a split hand of A♠ K♦
    When the dealer holds 9♥ T♣
    Then the hand is not a blackjack
    And the player is paid 10
    And the profile records a reading for "blackjack_after_split"

  @blackjack @reading
  Scenario Outline: reading — "ace with a picture" means an ace with any ten-value card
    The base rules' "ace with a picture" is read as in casino-classic: every
    other source counts the ten as a ten-value card for blackjack.

    Given the house rules "blackjack-switch"
    And a bet of 10 on <cards>
    When the dealer holds 9♥ 8♣
    Then the hand is a blackjack
    And the player is paid 10
    And the profile records a reading for "blackjack_pays"

    Examples:
      | cards |
      | A♠ T♦ |
      | T♦ A♠ |
      | A♠ K♦ |
      | Q♦ A♠ |
