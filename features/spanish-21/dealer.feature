@spanish-21 @dealer
Feature: Spanish 21 — the dealer hits soft 17
  Seed 000: "the dealer must take another card on a soft 17" (H17).

  Scenario Outline: the dealer draws to 16, hits soft 17, stands on hard 17
    Given the house rules "spanish-21"
    When the dealer holds <cards>
    Then the dealer <move>
    And the dealer's hand counts <total>

    Examples:
      | cards       | move   | total   |
      | K♠ 6♦       | hits   | hard 16 |
      | A♠ 5♦       | hits   | soft 16 |
      | A♠ 6♦       | hits   | soft 17 |
      | 6♠ A♦       | hits   | soft 17 |
      | A♠ 2♦ 4♣    | hits   | soft 17 |
      | 2♠ 3♦ A♣ A♥ | hits   | soft 17 |
      | K♠ 7♦       | stands | hard 17 |
      | K♠ 6♦ A♣    | stands | hard 17 |
      | A♠ 7♦       | stands | soft 18 |
      | A♠ 6♦ A♣    | stands | soft 18 |

  @reading
  Scenario: reading — the dealer does not draw when every box has busted or been paid
    Given the house rules "spanish-21"
    When the dealer holds K♠ 4♦
    Then the dealer does not draw when no live bets remain
    And the profile records a reading for "dealer_draws_when_no_live_hands"
