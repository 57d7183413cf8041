"""Node.js packages the tests install from the npm registry, with ``npm ci`` from a lock.

Without Node.js or npm the tests that need them are skipped, unless
``CROUPIER_REQUIRE_NODE=1`` (CI) makes that a failure. One test process installs a folder's
packages at a time (a file lock), so that test processes running side by side
(``pytest -n``) neither install at once nor wipe out packages another is using.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import NoReturn

import pytest

REQUIRE_NODE_VARIABLE = "CROUPIER_REQUIRE_NODE"
NPM_CI_TIMEOUT_S = 180
"""Below pytest's own timeout (300 s), which counts the fixture's setup too."""


def missing_node(reason: str) -> NoReturn:
    """Skip the test for ``reason`` (Node.js or npm missing), or fail it where it must run."""
    if os.environ.get(REQUIRE_NODE_VARIABLE) == "1":
        pytest.fail(f"{reason} ({REQUIRE_NODE_VARIABLE}=1)")
    pytest.skip(reason)


def npm_ci(directory: Path, what: str, *, installed: Callable[[], bool]) -> None:
    """Install the packages locked in ``directory`` into its ``node_modules`` (for ``what``).

    Nothing is done when ``installed()`` says they are, asked once no other test process
    is installing them.
    """
    with _installing(directory):
        if not installed():
            _run_npm_ci(directory, what)


@contextmanager
def _installing(directory: Path) -> Iterator[None]:
    """Hold the lock of installing ``directory``'s packages while the block runs."""
    key = hashlib.sha256(str(directory.resolve()).encode()).hexdigest()[:16]
    lock = Path(tempfile.gettempdir()) / f"croupier-tests-npm-{key}.lock"
    with lock.open("a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _run_npm_ci(directory: Path, what: str) -> None:
    npm = shutil.which("npm")
    if npm is None:
        missing_node(f"npm is not installed: cannot install {what}")
    command = [npm, "ci", "--prefix", str(directory), "--ignore-scripts", "--no-audit", "--no-fund"]
    try:
        done = subprocess.run(
            command, capture_output=True, text=True, timeout=NPM_CI_TIMEOUT_S, check=False
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"npm ci took more than {NPM_CI_TIMEOUT_S} s")
    if done.returncode != 0:
        pytest.fail(f"npm ci failed ({done.returncode}):\n{done.stdout}\n{done.stderr}")
