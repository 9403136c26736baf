"""The audit step library (English and Russian) and its hooks, for the shipped features."""

from trainer.audit.plugin import (  # noqa: F401 - hooks used by pytest
    pytest_bdd_step_func_lookup_error,
    pytest_itemcollected,
)
from trainer.audit.steps.bets import *  # noqa: F403 - step fixtures
from trainer.audit.steps.deal import *  # noqa: F403 - step fixtures
from trainer.audit.steps.dealer import *  # noqa: F403 - step fixtures
from trainer.audit.steps.house import *  # noqa: F403 - step fixtures
from trainer.audit.steps.insurance import *  # noqa: F403 - step fixtures
from trainer.audit.steps.options import *  # noqa: F403 - step fixtures
from trainer.audit.steps.payouts import *  # noqa: F403 - step fixtures
from trainer.audit.steps.readings import *  # noqa: F403 - step fixtures
from trainer.audit.steps.ru import *  # noqa: F403 - step fixtures
from trainer.audit.steps.shared import *  # noqa: F403 - step fixtures
from trainer.audit.steps.shoe import *  # noqa: F403 - step fixtures
