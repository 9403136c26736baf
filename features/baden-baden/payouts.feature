@baden-baden @payouts
Feature: Baden-Baden — the player always loses to a dealer blackjack; six cards win
  Seed 000: the player always loses against the dealer's blackjack; a hand of
  six or more cards totalling 21 or less wins automatically; everything else
  as casino-classic (blackjack 3:2).

  @blackjack
  Scenario Outline: a blackjack pays 3:2
    Given the house rules "baden-baden"
    And a bet of <bet> on A♠ K♦
    When the dealer holds 9♥ T♣
    Then the player is paid <paid>

    Examples:
      | bet | paid  |
      | 10  | 15    |
      | 15  | 22.50 |
      | 35  | 52.50 |

  @blackjack
  Scenario Outline: a player blackjack loses to a dealer blackjack
    Given the house rules "baden-baden"
    And a bet of <bet> on A♠ K♦
    When the dealer holds A♥ Q♣
    Then the player loses <bet>

    Examples:
      | bet |
      | 10  |
      | 25  |

  Scenario Outline: higher totals win 1:1, lower lose, ties push
    Given the house rules "baden-baden"
    And a bet of 10 on <cards>
    When the dealer holds <dealer>
    Then the player <result>

    Examples:
      | cards | dealer   | result     |
      | T♠ 9♦ | 9♥ 8♣    | is paid 10 |
      | T♠ 7♦ | 9♥ T♣    | loses 10   |
      | T♠ 9♦ | 9♥ T♣    | is paid 0  |
      | T♠ 5♦ | T♥ 6♣ 8♦ | is paid 10 |

  @reading
  Scenario Outline: reading — a dealer blackjack takes every bet on the box, doubles and splits included
    "Always loses" admits no refund of the extra stakes.

    Given the house rules "baden-baden"
    And a bet of 10 on 5♠ 6♦
    And the player doubles and draws <card>
    When the dealer holds A♥ K♣
    Then the player loses 20
    And the profile records a reading for "dealer_blackjack_takes"

    Examples:
      | card |
      | T♣   |
      | 9♣   |

  @reading @splitting
  Scenario: reading — a dealer blackjack takes both bets of a split box
    Given the house rules "baden-baden"
    And a bet of 10 on a split hand of 8♠ T♦
    And a bet of 10 on a split hand of 8♦ 9♣
    When the dealer holds A♥ K♣
    Then the player loses 20
    And the profile records a reading for "dealer_blackjack_takes"

  Scenario Outline: six or more cards without busting win automatically, 1:1
    Given the house rules "baden-baden"
    And a bet of <bet> on 2♠ 2♦
    And the player hits and draws <cards>
    When the dealer holds <dealer>
    Then the player is paid <bet>

    Examples:
      | bet | cards          | dealer   |
      | 10  | 3♣ 3♥ 2♣ A♠    | T♥ 9♣    |
      | 15  | 3♣ 3♥ 4♣ A♠    | T♥ 5♣ 6♦ |
      | 10  | 3♣ 3♥ 2♣ A♠ 4♦ | T♥ 6♣ 5♦ |

  @reading
  Scenario: reading — a six-card hand still loses to a dealer blackjack
    The win is an ordinary win; "the player always loses to a dealer
    blackjack" is the stronger rule.

    Given the house rules "baden-baden"
    And a bet of 10 on 2♠ 2♦
    And the player hits and draws 3♣ 3♥ 2♣ A♠
    When the dealer holds A♥ K♣
    Then the player loses 10
    And the profile records a reading for "six_card_win"

  @reading
  Scenario: reading — play does not stop at six cards, and a bust after six loses
    "6 or more cards" names hands past six and nothing ends a hand at six: a
    seventh card may be taken, and one that busts the hand loses it.

    Given the house rules "baden-baden"
    And a bet of 10 on 2♠ 2♦
    And the player hits and draws 3♣ 3♥ 2♣ A♠
    When the dealer shows T♥
    Then the player may hit
    And the player may stand
    And the profile records a reading for "six_card_win"

  @reading
  Scenario: reading — a seventh card that busts the hand loses it
    Given the house rules "baden-baden"
    And a bet of 10 on 2♠ 2♦
    And the player hits and draws 3♣ 3♥ 2♣ A♠ K♦
    When the dealer holds T♥ 9♣
    Then the player loses 10
    And the profile records a reading for "six_card_win"

  @reading @splitting @blackjack
  Scenario: reading — a split ace and a picture is a 21 paid 1:1
    Given the house rules "baden-baden"
    And a bet of 10 on a split hand of A♠ K♦
    When the dealer holds 9♥ T♣
    Then the hand is not a blackjack
    And the player is paid 10
    And the profile records a reading for "blackjack_after_split"

  @blackjack @reading
  Scenario Outline: reading — "ace with a picture" means an ace with any ten-value card
    The base rules' "ace with a picture" is read as in casino-classic: every
    other source counts the ten as a ten-value card for blackjack.

    Given the house rules "baden-baden"
    And a bet of 10 on <cards>
    When the dealer holds 9♥ 8♣
    Then the hand is a blackjack
    And the player is paid 15
    And the profile records a reading for "blackjack_pays"

    Examples:
      | cards |
      | A♠ T♦ |
      | T♦ A♠ |
      | A♠ K♦ |
      | Q♦ A♠ |
