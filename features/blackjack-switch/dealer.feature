@blackjack-switch @dealer
Feature: Blackjack Switch — the dealer's draw

  @reading
  Scenario Outline: reading — the dealer stands on soft 17
    The variant does not change the dealer's draw, so the base S17 stands.

    Given the house rules "blackjack-switch"
    When the dealer holds <cards>
    Then the dealer <move>
    And the profile records a reading for "soft_17"

    Examples:
      | cards    | move   |
      | T♠ 6♦    | hits   |
      | A♠ 5♦    | hits   |
      | A♠ 6♦    | stands |
      | A♠ 2♦ 4♣ | stands |
      | T♠ 7♦    | stands |

  @reading
  Scenario: reading — the dealer does not draw when every box has busted or been paid
    Given the house rules "blackjack-switch"
    When the dealer holds T♠ 4♦
    Then the dealer does not draw when no live bets remain
    And the profile records a reading for "dealer_draws_when_no_live_hands"
