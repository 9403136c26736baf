"""The dealer trainer: a blackjack rules engine, drills and rule audits."""
