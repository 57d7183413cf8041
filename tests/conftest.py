"""Test-wide settings: hypothesis profiles (``HYPOTHESIS_PROFILE=ci`` in CI), sealed seats,
the run's one time limit (``CROUPIER_TEST_PATIENCE_S``), busy loops beside the run
(``CROUPIER_TEST_BUSY=N``)."""

import os
import subprocess

import pytest
from hypothesis import HealthCheck, settings

from croupier_server.referee.containment import sandbox
from tests.busy import busy_loops_wanted, start_busy_loops, stop_busy_loops
from tests.waiting import patience_s

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


BUSY_LOOPS = pytest.StashKey[list[subprocess.Popen[bytes]]]()
TEARDOWN_S = 60.0
"""What a test that waited in vain has left, after its wait, to end and clean up."""


@pytest.hookimpl(tryfirst=True)  # before pytest-timeout reads its setting
def pytest_configure(config: pytest.Config) -> None:
    """Limit each test to the run's patience (and a teardown), unless ``--timeout`` or
    ``$PYTEST_TIMEOUT`` says otherwise; start the busy loops ``$CROUPIER_TEST_BUSY`` asks for,
    once a run (not in each xdist worker)."""
    # One limit: a test waits as long as the run allows, and a hung one ends by its wait,
    # saying what it waited for, rather than at a guess of how long it takes on a quiet machine.
    try:
        if config.option.timeout is None and not os.environ.get("PYTEST_TIMEOUT"):
            config.option.timeout = patience_s() + TEARDOWN_S
        if not hasattr(config, "workerinput"):
            config.stash[BUSY_LOOPS] = start_busy_loops(busy_loops_wanted())
    except ValueError as error:
        raise pytest.UsageError(str(error)) from None


def pytest_unconfigure(config: pytest.Config) -> None:
    """End the busy loops started for the run."""
    stop_busy_loops(config.stash.get(BUSY_LOOPS, []))
