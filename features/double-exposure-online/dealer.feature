@double-exposure-online @dealer
Feature: Double exposure online — the dealer hits soft 17
  Seed 001: the dealer draws until the total exceeds sixteen, "ace counted
  the hard way (H17)"; the dealer does not draw when no bets are left playing.

  Scenario Outline: the dealer draws to 16 and stands on hard 17
    Given the house rules "double-exposure-online"
    When the dealer holds <cards>
    Then the dealer <move>

    Examples:
      | cards    | move   |
      | T♠ 6♦    | hits   |
      | 9♠ 7♦    | hits   |
      | T♠ 7♦    | stands |
      | T♠ 6♦ A♣ | stands |
      | T♠ 8♦    | stands |

  @reading
  Scenario Outline: reading — the dealer hits soft 17 and stands on soft 18 and above (H17)
    Taken literally ("the ace counts the hard way") the dealer would also hit
    soft 18-20; the "(H17)" tag settles it.

    Given the house rules "double-exposure-online"
    When the dealer holds <cards>
    Then the dealer <move>
    And the profile records a reading for "soft_17"

    Examples:
      | cards    | move   |
      | A♠ 6♦    | hits   |
      | A♠ 2♦ 4♣ | hits   |
      | A♠ 7♦    | stands |
      | A♠ 8♦    | stands |
      | A♠ 9♦    | stands |

  Scenario: the dealer does not draw when no bets are left playing
    Given the house rules "double-exposure-online"
    When the dealer holds T♠ 4♦
    Then the dealer does not draw when no live bets remain
