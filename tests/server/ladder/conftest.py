"""Fixtures of the ladder's tests: a versions directory of their own (never the user's)."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def versions_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """``$CROUPIER_VERSIONS_DIR`` for the test: where this machine makes versions ready."""
    directory = tmp_path / "versions"
    monkeypatch.setenv("CROUPIER_VERSIONS_DIR", str(directory))
    return directory
