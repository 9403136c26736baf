@baden-baden @dealer
Feature: Baden-Baden — the dealer stands on 17, as in the base game

  Scenario Outline: the dealer draws to 16 and stands on every 17
    Given the house rules "baden-baden"
    When the dealer holds <cards>
    Then the dealer <move>

    Examples:
      | cards    | move   |
      | T♠ 6♦    | hits   |
      | A♠ 5♦    | hits   |
      | A♠ 6♦    | stands |
      | A♠ 2♦ 4♣ | stands |
      | T♠ 7♦    | stands |

  @reading
  Scenario: reading — the dealer does not draw when every box has busted or been paid
    Given the house rules "baden-baden"
    When the dealer holds T♠ 4♦
    Then the dealer does not draw when no live bets remain
    And the profile records a reading for "dealer_draws_when_no_live_hands"
