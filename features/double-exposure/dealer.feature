@double-exposure @dealer
Feature: Double exposure — the dealer hits soft 17
  Seed 000: "the dealer must take another card on a soft 17" (H17).

  Scenario Outline: the dealer draws to 16, hits soft 17, stands on hard 17
    Given the house rules "double-exposure"
    When the dealer holds <cards>
    Then the dealer <move>

    Examples:
      | cards    | move   |
      | T♠ 6♦    | hits   |
      | A♠ 5♦    | hits   |
      | A♠ 6♦    | hits   |
      | A♠ 2♦ 4♣ | hits   |
      | T♠ 7♦    | stands |
      | T♠ 6♦ A♣ | stands |
      | A♠ 7♦    | stands |

  @reading
  Scenario: reading — the dealer does not draw when every box has busted or been paid
    Given the house rules "double-exposure"
    When the dealer holds T♠ 4♦
    Then the dealer does not draw when no live bets remain
    And the profile records a reading for "dealer_draws_when_no_live_hands"
