"""What every seed deals, pinned to ``DEAL_VERSION``.

The answer record keeps a question by its seed and regenerates it, so a change to what a
seed deals (a generator, a scenario file, a house profile) would silently change the
questions of every answer already recorded.  This digest of a few seeds of every family,
house and level fails on any such change: bump ``DEAL_VERSION`` and record the new
digest beside it here (questions stored under an older version then replay as recorded,
not dealt again).
"""

from __future__ import annotations

import hashlib
import json

from trainer.drills import DEAL_VERSION, generate, load_families

DIGESTS = {1: "3f57e9b6f7ede0a13014932bda4cd178213ed7dafe3483dbda194743114d1767",
           2: "4cc5eb0fc5d0011ff368b337ce3d2315b90145ea50358baa53abd9b0f2020713"}
"""The digest of what each deal version deals."""


def test_what_the_seeds_deal_is_pinned_to_the_deal_version() -> None:
    digest = hashlib.sha256()
    for family in load_families().values():
        for house in family.houses:
            for level in family.levels:
                for seed in range(3):
                    question = generate(house, family, seed, level).to_dict()
                    digest.update(json.dumps(question, sort_keys=True,
                                             ensure_ascii=False).encode())
    assert digest.hexdigest() == DIGESTS.get(DEAL_VERSION), (
        "the drills deal otherwise than DEAL_VERSION records: bump DEAL_VERSION in "
        f"trainer/drills/question.py and record {digest.hexdigest()} for it here")
