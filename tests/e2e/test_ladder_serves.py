"""Two ``croupier serve``s on one PostgreSQL: a ladder is played by one, taken over by the other.

Each open ladder is played by the serve that holds its lease; the other waits. Killed
(SIGKILL) in the middle of the ladder's games, the holder leaves them ``playing``: the
other serve takes the ladder over (at once, the dead serve being a process of this machine),
plays again the games the dead one was playing, and goes on choosing new ones. No game is
lost, none is finished twice.
"""

from __future__ import annotations

import signal
from collections import Counter
from typing import Any

import pytest
from sqlalchemy import Engine
from sqlmodel import Session, select

from croupier_server.db import GameStatus
from croupier_server.db.ladders import LadderRecord
from croupier_server.db.work import ScheduleStatus
from tests.e2e.test_ladder import (
    games,
    open_ladder,
    rated,
    schedule,
    serve,
    wait_for_chosen,
    wait_for_ladder,
)
from tests.e2e.test_remote import Processes
from tests.waiting import ended, wait_for

pytestmark = [
    pytest.mark.slow,
    pytest.mark.usefixtures("seeded_bots", "versions_dir"),
    pytest.mark.parametrize("database_url", ["postgresql"], indirect=True),
]


def runner_pid(engine: Engine, ladder_id: int) -> int | None:
    """The process id of the serve that holds the ladder's lease, if one does."""
    with Session(engine) as session:
        runner = session.exec(select(LadderRecord.runner).where(LadderRecord.id == ladder_id)).one()
    return None if runner is None else int(runner.split(":")[1])


def test_a_ladder_is_played_by_one_serve_and_taken_over_when_it_dies(
    database_url: str, processes: Processes, capsys: pytest.CaptureFixture[str]
) -> None:
    engine, first, ladder_id, tournament_id = open_ladder(database_url, capsys)

    serves: dict[int, tuple[Any, str]] = {}
    for _ in range(2):
        process, url = serve(processes, database_url)
        serves[process.pid] = (process, url)
    holder_pid = wait_for(lambda: runner_pid(engine, ladder_id), "a serve holding the ladder")
    assert holder_pid in serves
    holder, _ = serves.pop(holder_pid)
    [(other, url)] = serves.values()
    wait_for(
        lambda: (
            len(games(engine, tournament_id, GameStatus.RUNNING)) >= 1
            and games(engine, tournament_id, GameStatus.FINISHED)
        ),
        "the holder playing the ladder's games",
    )
    holder.send_signal(signal.SIGKILL)
    ended(holder)
    chosen = {row.number: row for row in schedule(engine, tournament_id)}
    unfinished = {n for n, row in chosen.items() if row.status is not ScheduleStatus.FINISHED}
    assert unfinished, "the kill came with no game chosen and unfinished"

    wait_for_ladder(url, ladder_id, rated(first), "every version rated, by the other serve")
    wait_for_chosen(engine, url, ladder_id, tournament_id, unfinished)
    assert runner_pid(engine, ladder_id) == other.pid
    other.send_signal(signal.SIGTERM)
    _, err = ended(other)
    assert other.returncode == 130, err
    assert "Traceback" not in err, err

    rows = {row.number: row for row in schedule(engine, tournament_id)}
    finished = games(engine, tournament_id, GameStatus.FINISHED)
    numbers = Counter(game.schedule_number for game in finished)
    assert [n for n, count in numbers.items() if count > 1] == []  # no number twice
    assert set(numbers) == {n for n, row in rows.items() if row.status is ScheduleStatus.FINISHED}
    assert all(rows[n].status is ScheduleStatus.FINISHED for n in chosen)  # none lost
    assert runner_pid(engine, ladder_id) is None  # the lease ended with the serve
    engine.dispose()
