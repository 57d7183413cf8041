"""Busy loops beside a test run, to see the suite pass on a loaded machine.

``CROUPIER_TEST_BUSY=N`` (``./dev test --busy N``) starts ``N`` processes that only spin, at
normal priority, for the whole run.
"""

from __future__ import annotations

import os
import subprocess
import sys

BUSY_VARIABLE = "CROUPIER_TEST_BUSY"
# The loop ends by itself once its parent (the test run) is gone, even if killed.
SPIN = "import os\nparent = os.getppid()\nwhile os.getppid() == parent:\n    pass\n"


def busy_loops_wanted() -> int:
    """How many busy loops ``$CROUPIER_TEST_BUSY`` asks for (0 unless set)."""
    text = os.environ.get(BUSY_VARIABLE, "").strip() or "0"
    if not text.isdigit():
        raise ValueError(f"{BUSY_VARIABLE} must be a number of busy loops, not {text!r}")
    return int(text)


def start_busy_loops(count: int) -> list[subprocess.Popen[bytes]]:
    """``count`` processes spinning on a core each."""
    return [subprocess.Popen([sys.executable, "-c", SPIN]) for _ in range(count)]


def stop_busy_loops(loops: list[subprocess.Popen[bytes]]) -> None:
    """End the busy loops and wait for their end."""
    for loop in loops:
        loop.kill()
    for loop in loops:
        loop.wait()
