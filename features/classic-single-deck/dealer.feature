@classic-single-deck @dealer
Feature: Classic single deck — the dealer's draw
  Seed 002: "the croupier must take one more card when holding no more than
  seventeen"; the dealer does not draw when the player has already busted.

  @reading
  Scenario Outline: reading — the dealer draws to 16 and stands on every 17, soft 17 included (S17)
    Literally "no more than 17" would make the dealer hit 17, unlike every
    other source; read as the usual "draw to 16" (flagged as a likely typo).
    The text also calls an ace-counted-as-11 hand "hard"; the engine calls it
    soft (flagged as a likely typo).

    Given the house rules "classic-single-deck"
    When the dealer holds <cards>
    Then the dealer <move>
    And the dealer's hand counts <total>
    And the profile records a reading for "soft_17"

    Examples:
      | cards    | move   | total   |
      | T♠ 6♦    | hits   | hard 16 |
      | A♠ 5♦    | hits   | soft 16 |
      | T♠ 7♦    | stands | hard 17 |
      | A♠ 6♦    | stands | soft 17 |
      | A♠ 2♦ 4♣ | stands | soft 17 |
      | 9♠ 8♦    | stands | hard 17 |

  Scenario: the dealer does not draw when the player has busted
    Given the house rules "classic-single-deck"
    When the dealer holds T♠ 4♦
    Then the dealer does not draw when no live bets remain
