"""The fixture of the tests of games on workers: the queue database of :mod:`..queueing.harness`."""

from __future__ import annotations

from tests.server.queueing.harness import queue_engine

__all__ = ["queue_engine"]
