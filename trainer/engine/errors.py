"""Errors the engine raises for bad input; all are ``ValueError``s."""


class EngineError(ValueError):
    """A value the engine refuses, with a message naming it."""


class CardError(EngineError):
    """A card that cannot be parsed or that the shoe cannot hold."""


class MoneyError(EngineError):
    """An amount of money that is not a valid positive amount."""


class RoundError(EngineError):
    """A round or hand that cannot arise under the house's rules."""
