"""relay is registered only here, with the environment variable a game kept
outside `rulesets/` uses; it is unset again after each module, so no other
test sees a third ruleset."""
from __future__ import annotations

import pytest

from relay_helpers import REGISTRATION


@pytest.fixture(scope="module", autouse=True)
def relay_registered():
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("HAUNTKIT_RULESETS", REGISTRATION)
        yield
