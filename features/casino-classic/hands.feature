@casino-classic @hands
Feature: Casino classic — reading a hand
  Seed 000 (and every source): 2-10 count their face value, J, Q and K count
  10, an ace counts 1 or 11, whichever helps; a hand counting an ace as 11
  without busting is soft; over 21 is a bust.

  Scenario Outline: hand totals, hard and soft
    Given the house rules "casino-classic"
    And a bet of 10 on <cards>
    Then the player's hand counts <total>

    Examples:
      | cards          | total   |
      | 2♠ 3♦          | hard 5  |
      | T♠ 6♦          | hard 16 |
      | J♠ Q♦          | hard 20 |
      | K♠ 7♦          | hard 17 |
      | A♠ 6♦          | soft 17 |
      | A♠ A♦          | soft 12 |
      | A♠ 6♦ T♣       | hard 17 |
      | 2♠ 3♦ A♣ A♥    | soft 17 |
      | A♠ 9♦ A♣       | soft 21 |
      | 5♠ 5♦ A♣       | soft 21 |
      | T♠ 6♦ 8♣       | bust 24 |
      | A♠ K♦          | soft 21 |

  Scenario Outline: a bust loses at once
    Given the house rules "casino-classic"
    And a bet of 10 on T♠ 6♦
    And the player hits and draws <card>
    When the dealer holds 9♥ 8♦
    Then the player's hand counts <total>
    And the player loses 10

    Examples:
      | card | total   |
      | 8♣   | bust 24 |
      | Q♣   | bust 26 |
