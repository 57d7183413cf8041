"""Fixtures of the referee's tests: a database whose every game is replayed at the end."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from sqlalchemy import Engine

from tests.server.referee.harness import check_stored_games


@pytest.fixture
def checked_engine(engine: Engine) -> Iterator[Engine]:
    """``engine``, and at teardown: every stored game finished and replays exactly."""
    yield engine
    check_stored_games(engine)
