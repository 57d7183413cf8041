"""Test-wide settings: hypothesis profiles (``HYPOTHESIS_PROFILE=ci`` in CI), sealed seats."""

import os

import pytest
from hypothesis import HealthCheck, settings

from croupier_server.referee.containment import sandbox

settings.register_profile("dev", max_examples=60, deadline=None)
settings.register_profile(
    "ci", max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))

REQUIRE_SEALING_VARIABLE = "CROUPIER_REQUIRE_SEALING"


@pytest.fixture
def sealed_seats() -> None:
    """Skip the test where the seats cannot be sealed; ``CROUPIER_REQUIRE_SEALING=1`` (CI)
    makes that a failure."""
    failure = sandbox.sealing_failure()
    if failure is None:
        return
    if os.environ.get(REQUIRE_SEALING_VARIABLE) == "1":
        pytest.fail(f"the seats cannot be sealed here, and {REQUIRE_SEALING_VARIABLE}=1: {failure}")
    pytest.skip(f"the seats cannot be sealed here: {failure}")
