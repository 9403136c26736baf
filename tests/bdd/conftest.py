"""The audit step library (English and Russian) and its hooks, for the shipped features."""

from trainer.audit.plugin import (  # noqa: F401 - hooks used by pytest
    pytest_bdd_step_func_lookup_error,
    pytest_itemcollected,
)
from trainer.audit.steps import *  # noqa: F403 - step fixtures
from trainer.audit.steps_ru import *  # noqa: F403 - step fixtures
