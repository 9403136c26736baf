@spanish-21 @bonuses
Feature: Spanish 21 — bonus 21s
  Seed 000: a 21 of five cards pays 3:2, of six cards 2:1, of seven or more
  3:1; 6-7-8 or 7-7-7 of mixed suits pays 3:2, of one suit 2:1; three 7s of
  one suit while the dealer's up card is a 7 of that suit pays 50:1.

  Scenario Outline: bonus 21s against a dealer 18
    Given the house rules "spanish-21"
    And a bet of <bet> on <cards>
    When the dealer holds <dealer>
    Then the bonus paid is "<bonus>"
    And the player is paid <paid>

    Examples:
      | bet | cards                   | dealer | bonus                    | paid  |
      | 10  | 2♠ 3♦ 4♣ 5♥ 7♠          | K♥ 8♣  | five-card-21             | 15    |
      | 15  | 2♠ 3♦ 4♣ 5♥ 7♠          | K♥ 8♣  | five-card-21             | 22.50 |
      | 10  | 2♠ 2♦ 3♣ 3♥ 4♠ 7♦       | K♥ 8♣  | six-card-21              | 20    |
      | 10  | 2♠ 2♦ 2♣ 3♥ 3♠ 4♦ 5♣    | K♥ 8♣  | seven-card-21            | 30    |
      | 10  | 2♠ 2♦ 2♣ 2♥ 3♠ 3♦ 3♣ 4♥ | K♥ 8♣  | seven-card-21            | 30    |
      | 10  | 6♠ 7♦ 8♣                | K♥ 8♣  | mixed-6-7-8              | 15    |
      | 10  | 8♠ 6♠ 7♠                | K♥ 8♣  | suited-6-7-8             | 20    |
      | 10  | 7♠ 7♦ 7♣                | K♥ 8♣  | mixed-7-7-7              | 15    |
      | 10  | 7♥ 7♥ 7♥                | K♥ 8♣  | suited-7-7-7             | 20    |
      | 10  | 7♥ 7♥ 7♥                | 7♥ K♣  | suited-7-7-7-vs-dealer-7 | 500   |
      | 5   | 7♣ 7♣ 7♣                | 7♣ Q♦  | suited-7-7-7-vs-dealer-7 | 250   |

  Scenario Outline: a 21 that is no bonus hand wins 1:1
    Given the house rules "spanish-21"
    And a bet of 10 on <cards>
    When the dealer holds K♥ 8♣
    Then no bonus is paid
    And the player is paid 10

    Examples:
      | cards       |
      | 9♠ 5♦ 7♣    |
      | 7♠ 7♦ 2♣ 5♥ |
      | 6♠ 4♦ 5♣ 6♥ |

  @reading
  Scenario Outline: reading — a bonus replaces the 1:1 win, and only the highest is paid
    The text says the player "may receive one of the special bonuses"; each
    is a share of the bet. 6-7-8 and 7-7-7 are exactly three cards.

    Given the house rules "spanish-21"
    And a bet of 10 on <cards>
    When the dealer holds <dealer>
    Then the bonus paid is "<bonus>"
    And the player is paid <paid>
    And the profile records a reading for "bonuses"

    Examples:
      | cards    | dealer | bonus                    | paid |
      | 7♦ 7♦ 7♦ | 7♦ K♣  | suited-7-7-7-vs-dealer-7 | 500  |
      | 7♦ 7♦ 7♦ | 7♠ K♣  | suited-7-7-7             | 20   |
      | 6♦ 7♦ 8♦ | 7♦ K♣  | suited-6-7-8             | 20   |

  @reading @doubling
  Scenario Outline: reading — a doubled 21 wins 1:1 on the whole stake, with no bonus
    Common casino practice (e.g. the Pennsylvania Spanish 21 rules).

    Given the house rules "spanish-21"
    And a bet of 10 on <first>
    And the player doubles and draws <card>
    When the dealer holds K♥ 8♣
    Then no bonus is paid
    And the player is paid 20
    And the profile records a reading for "bonus_on_doubled"

    Examples:
      | first | card |
      | 6♠ 7♦ | 8♣   |
      | 7♠ 7♦ | 7♣   |

  @reading @splitting
  Scenario Outline: reading — bonuses are paid on split hands
    The text attaches the bonus to any 21 the player makes and excludes nothing.

    Given the house rules "spanish-21"
    And a bet of 10 on a split hand of <first>
    And the player hits and draws <cards>
    When the dealer holds K♥ 8♣
    Then the bonus paid is "<bonus>"
    And the player is paid <paid>
    And the profile records a reading for "bonus_after_split"

    Examples:
      | first | cards       | bonus        | paid |
      | 7♠ 7♦ | 7♣          | mixed-7-7-7  | 15   |
      | 2♠ 3♦ | 4♣ 5♥ 7♠    | five-card-21 | 15   |
