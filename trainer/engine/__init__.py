"""The rules engine: the single source of truth for every drill and audit.

Pure Python: no I/O, no globals, randomness only from an injected
``random.Random``. Money is ``decimal.Decimal`` throughout.
"""
