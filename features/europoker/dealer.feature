@europoker @dealer
Feature: EuroPoker — the dealer's draw
  Seed 004: "the dealer must take another card below 17 and stop at 17 or more".

  Scenario Outline: the dealer draws below 17 and stops at 17 or more
    Given the house rules "europoker"
    When the dealer holds <cards>
    Then the dealer <move>
    And the dealer's hand counts <total>

    Examples:
      | cards       | move   | total   |
      | T♠ 6♦       | hits   | hard 16 |
      | 9♠ 7♦       | hits   | hard 16 |
      | 2♠ 3♦       | hits   | hard 5  |
      | A♠ 5♦       | hits   | soft 16 |
      | T♠ 7♦       | stands | hard 17 |
      | 9♠ 9♦       | stands | hard 18 |
      | A♠ 7♦       | stands | soft 18 |
      | T♠ 6♦ 5♣    | stands | hard 21 |
      | A♠ 9♦       | stands | soft 20 |

  Scenario: a dealer over 21 busts
    Given the house rules "europoker"
    When the dealer holds T♠ 6♦ 8♣
    Then the dealer busts

  @reading
  Scenario Outline: reading — a soft 17 is a 17, so the dealer stands on soft 17 (S17)
    The source says "stop at 17 or more" without a word on soft hands;
    the profile reads a soft 17 as 17.

    Given the house rules "europoker"
    When the dealer holds <cards>
    Then the dealer stands
    And the dealer's hand counts soft 17
    And the profile records a reading for "soft_17"

    Examples:
      | cards       |
      | A♠ 6♦       |
      | 6♠ A♦       |
      | A♠ 2♦ 4♣    |
      | 2♠ 3♦ A♣ A♥ |

  @reading
  Scenario: reading — the dealer does not draw when every box has busted or been paid
    Given the house rules "europoker"
    When the dealer holds T♠ 5♦
    Then the dealer does not draw when no live bets remain
    And the profile records a reading for "dealer_draws_when_no_live_hands"
