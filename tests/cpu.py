"""CPU time, the measure of a test's speed limits: a loaded machine stretches the wall clock
of a test, not the CPU time of its work."""

from __future__ import annotations

import resource


def cpu_seconds() -> float:
    """The CPU time (user and system) this process and its children waited for have used."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime
