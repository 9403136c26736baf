"""Exact dealer odds, computed player expected values, basic strategy and simulation.

Dealer odds are exact rationals (``fractions.Fraction``) for any shoe; player
expected values and the basic strategy are computed for an infinite deck from
each house's own rules (see ``player_ev``); ``simulate`` plays whole rounds
through the engine's ``play_round``.
"""
