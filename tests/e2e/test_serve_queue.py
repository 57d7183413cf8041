"""``croupier serve --queue``: the tournaments asked for through the dashboard go to workers.

A real ``croupier serve --queue`` and a real ``croupier worker`` on one PostgreSQL
database: the server plays nothing itself, the worker plays every game once.
"""

from __future__ import annotations

import pytest

from croupier_server.db import TournamentStatus
from tests.e2e.test_remote import CROUPIER, Processes
from tests.e2e.test_serve_admin import (
    ADMIN,
    LEXIO_BOTS,
    database,
    queue_lexio,
    serve,
    stop,
    stored_tournament,
    wait_for_progress,
)
from tests.logged import messages
from tests.waiting import ended

__all__ = ["database"]

pytestmark = [
    pytest.mark.usefixtures("seeded_bots"),
    pytest.mark.parametrize("database_url", ["postgresql"], indirect=True),
]


def test_serve_queue_hands_the_dashboards_tournaments_to_the_workers(
    database: str, processes: Processes
) -> None:
    server = serve(processes, database, "--queue", CROUPIER_ADMIN_TOKEN=ADMIN)
    worker = processes.start([CROUPIER, "worker", "--db", database, "--slots", "2", "--name", "w1"])
    tournament_id = queue_lexio(server.url, ADMIN, rounds=1, deals=2)
    wait_for_progress(server.url, tournament_id, finished=6, status=TournamentStatus.FINISHED)
    _, log = stop(server.process)
    worker.terminate()
    _, worker_log = ended(worker)
    assert worker.returncode == 0, worker_log
    label = f"tournament {tournament_id} (lexio: {', '.join(LEXIO_BOTS)})"
    assert f"{label}: 6 games queued for the workers" in log
    assert "finished," not in log  # the server played none of them
    played = [line for line in messages(worker_log) if "): finished in" in line]
    assert len(played) == 6, worker_log
    assert all(line.startswith("worker w1: game ") for line in played)
    assert stored_tournament(database, tournament_id) == (
        TournamentStatus.FINISHED,
        set(range(6)),
    )
