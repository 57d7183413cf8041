"""Reading a tournament as the dashboard does loads neither the runner nor the referee."""

import subprocess
import sys

import pytest

RUNNER_SIDE = (
    "croupier_server.tournament.runner",
    "croupier_server.matches",
    "croupier_server.referee",
)


@pytest.mark.parametrize("module", ["croupier_server.tournament.records", "croupier_server.web"])
def test_the_runner_is_not_loaded_by(module: str) -> None:
    probe = f"import sys, {module}; print(' '.join(sorted(sys.modules)))"
    loaded = subprocess.run(
        [sys.executable, "-c", probe], check=True, capture_output=True, text=True
    ).stdout.split()
    assert [name for name in loaded if name.startswith(RUNNER_SIDE)] == []
