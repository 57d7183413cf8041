"""The waits of the tests (:mod:`tests.waiting`), and the busy loops beside a run
(:mod:`tests.busy`)."""

from __future__ import annotations

import asyncio
import itertools
import subprocess
import sys

import pytest

from tests import waiting
from tests.busy import BUSY_VARIABLE, busy_loops_wanted, start_busy_loops, stop_busy_loops


def python(code: str) -> subprocess.Popen[str]:
    """``code`` run by this interpreter, its output in pipes."""
    return subprocess.Popen(
        [sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )


@pytest.fixture
def short_patience(monkeypatch: pytest.MonkeyPatch) -> None:
    """A run whose patience is a fifth of a second."""
    monkeypatch.setenv(waiting.PATIENCE_VARIABLE, "0.2")


def test_the_patience_is_600_s_unless_the_run_says_otherwise(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv(waiting.PATIENCE_VARIABLE, raising=False)
    assert waiting.patience_s() == 600
    monkeypatch.setenv(waiting.PATIENCE_VARIABLE, "42.5")
    assert (waiting.patience_s(), waiting.patience_ms()) == (42.5, 42_500)


@pytest.mark.parametrize("text", ["soon", "0", "-1", "inf", "nan"])
def test_a_patience_that_is_no_positive_number_is_refused_in_a_line(
    monkeypatch: pytest.MonkeyPatch, text: str
) -> None:
    monkeypatch.setenv(waiting.PATIENCE_VARIABLE, text)
    with pytest.raises(ValueError, match=f"^{waiting.PATIENCE_VARIABLE} must be a positive"):
        waiting.patience_s()


def test_a_wait_returns_the_first_true_value() -> None:
    asked = itertools.count()
    assert waiting.wait_for(lambda: next(asked) >= 3 and "done", "three asks") == "done"
    assert next(asked) == 4


def test_a_wait_in_vain_says_what_it_waited_for_and_why(short_patience: None) -> None:
    with pytest.raises(AssertionError, match=r"^waited 0\.2 s for the moon; it is night$"):
        waiting.wait_for(lambda: None, "the moon", explain=lambda: "it is night")


def test_a_wait_in_an_event_loop_returns_the_first_true_value_or_says_what_it_waited_for(
    short_patience: None,
) -> None:
    asked = itertools.count()

    async def third() -> int | None:
        number = next(asked)
        return number if number >= 3 else None

    async def never() -> bool:
        return False

    assert asyncio.run(waiting.wait_until(third, "three asks")) == 3
    with pytest.raises(AssertionError, match=r"^waited 0\.2 s for nothing$"):
        asyncio.run(waiting.wait_until(never, "nothing"))


def test_the_lines_of_a_process_are_read_as_they_come_then_its_end() -> None:
    with python("print('listening', flush=True); import time; time.sleep(60)") as process:
        assert waiting.next_line(process) == "listening\n"
        assert process.poll() is None  # read as soon as printed
        process.kill()
        assert waiting.next_line(process) == ""
        assert waiting.exit_status(process) < 0


def test_a_process_that_says_nothing_is_killed_once_the_patience_ran_out(
    short_patience: None,
) -> None:
    with python("import time; time.sleep(60)") as process:
        with pytest.raises(AssertionError, match=r"^waited 0\.2 s for a line from "):
            waiting.next_line(process)
        assert waiting.exit_status(process) < 0  # killed


def test_the_output_of_an_ended_process_and_a_process_that_never_ends(
    short_patience: None,
) -> None:
    assert waiting.ended(python("import sys; print('out'); print('err', file=sys.stderr)")) == (
        "out\n",
        "err\n",
    )
    stuck = python("import time; time.sleep(60)")
    with pytest.raises(AssertionError, match=r"^waited 0\.2 s for .* to exit$"):
        waiting.ended(stuck)
    assert stuck.returncode < 0  # killed


def test_busy_loops_spin_until_stopped(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(BUSY_VARIABLE, "2")
    loops = start_busy_loops(busy_loops_wanted())
    assert [loop.poll() for loop in loops] == [None, None]
    stop_busy_loops(loops)
    assert all(loop.returncode is not None for loop in loops)
    monkeypatch.setenv(BUSY_VARIABLE, "two")
    with pytest.raises(ValueError, match=f"^{BUSY_VARIABLE} must be a number of busy loops"):
        busy_loops_wanted()
