@casino-classic @dealer
Feature: Casino classic — the dealer's draw
  Seed 000: the dealer draws to 16 (16 included) and stands on 17 and more
  (17 included); the ace counts 11 when that makes 17 or more (S17).

  Scenario Outline: the dealer draws to 16 and stands on every 17, soft 17 included
    Given the house rules "casino-classic"
    When the dealer holds <cards>
    Then the dealer <move>
    And the dealer's hand counts <total>

    Examples:
      | cards       | move   | total   |
      | T♠ 6♦       | hits   | hard 16 |
      | 9♠ 7♦       | hits   | hard 16 |
      | 5♠ 4♦       | hits   | hard 9  |
      | A♠ 5♦       | hits   | soft 16 |
      | A♠ 6♦       | stands | soft 17 |
      | A♠ 2♦ 4♣    | stands | soft 17 |
      | T♠ 7♦       | stands | hard 17 |
      | T♠ 6♦ A♣    | stands | hard 17 |
      | A♠ 8♦       | stands | soft 19 |
      | K♠ Q♦       | stands | hard 20 |

  @reading
  Scenario: reading — the dealer does not draw when every box has busted or been paid
    Nothing is left to decide; seeds 001 and 002 state this practice outright.

    Given the house rules "casino-classic"
    When the dealer holds T♠ 4♦
    Then the dealer does not draw when no live bets remain
    And the profile records a reading for "dealer_draws_when_no_live_hands"
