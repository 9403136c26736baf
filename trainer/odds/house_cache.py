"""Memoise a function of one house (``HouseRules`` holds a dict, so it is not hashable).

>>> calls = []
>>> @per_house
... def name_twice(rules):
...     calls.append(1)
...     return rules.name * 2
>>> from trainer.engine.houses import find_house
>>> name_twice(find_house("europoker")) == name_twice(find_house("europoker")), len(calls)
(True, 1)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from trainer.engine.rules import HouseRules

T = TypeVar("T")


def per_house(function: Callable[[HouseRules], T]) -> Callable[[HouseRules], T]:
    """Cache ``function(rules)`` by the identity of the rules object (kept alive by the cache)."""
    cache: dict[int, tuple[HouseRules, T]] = {}

    def cached(rules: HouseRules) -> T:
        hit = cache.get(id(rules))
        if hit is None or hit[0] is not rules:
            hit = (rules, function(rules))
            cache[id(rules)] = hit
        return hit[1]

    cached.__doc__ = function.__doc__
    cached.__name__ = function.__name__
    return cached
