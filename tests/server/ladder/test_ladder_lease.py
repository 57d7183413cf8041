"""A ladder's lease: one serve at a time; one that ran out, or a dead holder's, is taken."""

from __future__ import annotations

import subprocess
import sys
from datetime import timedelta

from sqlalchemy import Engine
from sqlmodel import Session

from croupier_server.board_fits.fitting import died_here, this_process
from croupier_server.db.ladder_games import hold_ladder, ladder_runner, release_ladder
from tests.server.ladder.harness import lexio_ladder

LEASE = timedelta(seconds=30)


def test_one_holder_at_a_time_until_its_lease_ends_or_is_released(engine: Engine) -> None:
    ladder = lexio_ladder(engine)
    assert ladder.id is not None
    with Session(engine) as session:
        assert hold_ladder(session, ladder_id=ladder.id, holder="a", lease=LEASE)
        assert not hold_ladder(session, ladder_id=ladder.id, holder="b", lease=LEASE)
        assert hold_ladder(session, ladder_id=ladder.id, holder="a", lease=LEASE)  # renewed
        assert ladder_runner(session, ladder_id=ladder.id) == "a"
        release_ladder(session, ladder_id=ladder.id, holder="b")  # not b's: nothing changes
        assert ladder_runner(session, ladder_id=ladder.id) == "a"
        # a's lease runs out: b takes it, and a cannot renew it.
        assert hold_ladder(session, ladder_id=ladder.id, holder="a", lease=-LEASE)
        assert hold_ladder(session, ladder_id=ladder.id, holder="b", lease=LEASE)
        assert not hold_ladder(session, ladder_id=ladder.id, holder="a", lease=LEASE)
        release_ladder(session, ladder_id=ladder.id, holder="b")
        assert ladder_runner(session, ladder_id=ladder.id) is None
        assert hold_ladder(session, ladder_id=ladder.id, holder="a", lease=LEASE)


def test_a_dead_holders_lease_is_taken_at_once(engine: Engine) -> None:
    ladder = lexio_ladder(engine)
    assert ladder.id is not None
    gone = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        check=True,
        capture_output=True,
        text=True,
    )
    host = this_process().split(":")[0]
    dead = f"{host}:{int(gone.stdout)}:0123abcd"
    assert died_here(dead)
    assert not died_here(this_process())  # this process is alive
    assert not died_here(f"elsewhere:{int(gone.stdout)}:0123abcd")  # another machine's: unknown
    with Session(engine) as session:
        assert hold_ladder(session, ladder_id=ladder.id, holder=dead, lease=LEASE)
        assert not hold_ladder(session, ladder_id=ladder.id, holder="b", lease=LEASE)
        assert hold_ladder(session, ladder_id=ladder.id, holder="b", lease=LEASE, taking_from=dead)
        assert ladder_runner(session, ladder_id=ladder.id) == "b"
