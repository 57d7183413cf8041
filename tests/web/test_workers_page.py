"""The workers page, /workers and /api/workers, and the attempts on a game's page.

The rows are stored directly, as workers would store them, on SQLite and PostgreSQL: a
worker's state is judged against the database's clock, which is the thing to check on both.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine
from sqlmodel import Session

from croupier.games import Result
from croupier_server import db
from croupier_server.db import create_database_engine, init_database
from croupier_server.db.work import ScheduledGameRecord, ScheduleStatus, WorkerRecord
from croupier_server.db.worker_listing import LOST_AFTER_SECONDS, WorkerState, worker_state
from croupier_server.outcomes import EndedBy
from croupier_server.web import create_app
from tests.server import conftest as server_fixtures

database_url = server_fixtures.database_url
postgres_database_url = server_fixtures.postgres_database_url

LOST_REASON = "lost: worker w1's lease ran out (no progress for 12 s)"
RULES = {"players": 3, "rounds": 1}
BOTS = ("north", "east", "south")


@dataclass(frozen=True, slots=True)
class Cluster:
    """A database where three workers played, and the dashboard over it."""

    client: TestClient
    engine: Engine
    workers: dict[str, int]
    """Each worker's id by name."""
    lost_attempt: int
    """The game row of attempt 1 of scheduled game 0, lost by w1."""
    retried_attempt: int
    """The game row of attempt 2 of scheduled game 0, finished by w2."""
    local_game: int
    """A game played without a tournament or a worker."""


def add_worker(
    session: Session, name: str, *, heartbeat_age_s: float, stopped: bool = False
) -> int:
    beat = datetime.now(UTC) - timedelta(seconds=heartbeat_age_s)
    worker = WorkerRecord(
        name=name,
        host=f"{name}.example&co",
        pid=100 + len(name),
        slots=4,
        started_at=beat - timedelta(hours=1),
        heartbeat_at=beat,
        stopped_at=beat if stopped else None,
    )
    session.add(worker)
    session.commit()
    assert worker.id is not None
    return worker.id


def add_scheduled(
    session: Session, tournament_id: int, number: int, status: ScheduleStatus, worker: int | None
) -> None:
    session.add(
        ScheduledGameRecord(
            tournament_id=tournament_id,
            number=number,
            deal=number,
            bots=list(BOTS),
            seed=number,
            status=status,
            attempt=0 if worker is None else 1,
            last_attempt=5,
            worker_id=worker,
        )
    )
    session.commit()


def add_game(
    session: Session,
    bots: list[int],
    *,
    tournament_id: int | None = None,
    number: int | None = None,
    attempt: int | None = None,
    worker: int | None = None,
) -> int:
    game = db.create_game(
        session,
        game="lexio",
        options=RULES,
        tournament_id=tournament_id,
        schedule_number=number,
        schedule_deal=number,
        seed=7,
        bot_ids=bots,
        attempt=attempt,
        worker_id=worker,
    )
    assert game.id is not None
    return game.id


@pytest.fixture
def cluster(database_url: str) -> Iterator[Cluster]:
    engine = create_database_engine(database_url)
    init_database(engine)
    with Session(engine) as session:
        bots = [db.add_bot(session, name=name, game="lexio", command="./bot").id for name in BOTS]
        bot_ids = [bot for bot in bots if bot is not None]
        tournament = db.create_tournament(
            session, game="lexio", options=RULES, format="round-robin", settings={}
        )
        assert tournament.id is not None
        workers = {
            "w1": add_worker(session, "w1", heartbeat_age_s=330),
            "w2": add_worker(session, "w2", heartbeat_age_s=1),
            "w3": add_worker(session, "w3", heartbeat_age_s=7500, stopped=True),
        }
        for number, status, holder in [
            (0, ScheduleStatus.FINISHED, "w2"),
            (1, ScheduleStatus.PLAYING, "w2"),
            (2, ScheduleStatus.PLAYING, "w2"),
            (3, ScheduleStatus.PLAYING, "w1"),
            (4, ScheduleStatus.QUEUED, None),
        ]:
            holder_id = None if holder is None else workers[holder]
            add_scheduled(session, tournament.id, number, status, holder_id)
        lost = add_game(
            session, bot_ids, tournament_id=tournament.id, number=0, attempt=1, worker=workers["w1"]
        )
        db.abort_game(session, game_id=lost, reason=LOST_REASON)
        lost_game = session.get(db.GameRecord, lost)
        assert lost_game is not None
        lost_game.ended_by = EndedBy.LOST
        session.add(lost_game)
        session.commit()
        retried = add_game(
            session, bot_ids, tournament_id=tournament.id, number=0, attempt=2, worker=workers["w2"]
        )
        db.finish_game(session, game_id=retried, result=Result(scores=(3, 1, 0)))
        local = add_game(session, bot_ids)
    with TestClient(create_app(engine)) as client:
        yield Cluster(client, engine, workers, lost, retried, local)
    engine.dispose()


def rows(text: str, table_class: str) -> list[list[str]]:
    """The text of each cell of each body row of the table of class ``table_class``.

    Tags are dropped, entities unescaped and white space collapsed.
    """
    body = text.partition(f'<table class="{table_class}">')[2].partition("</tbody>")[0]
    return [
        [
            " ".join(html.unescape(re.sub(r"<[^>]+>", " ", cell)).split())
            for cell in re.findall(r"<td[^>]*>(.*?)</td>", row)
        ]
        for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body.partition("<tbody>")[2], re.S)
    ]


def test_the_api_lists_every_worker_newest_first_with_its_state_and_games_now(
    cluster: Cluster,
) -> None:
    workers = cluster.client.get("/api/workers").json()["workers"]
    assert [
        (line["name"], line["state"], line["games_now"], line["slots"]) for line in workers
    ] == [("w3", "stopped", 0, 4), ("w2", "running", 2, 4), ("w1", "lost", 1, 4)]
    ages = {line["name"]: line["heartbeat_age_s"] for line in workers}
    assert ages["w2"] < LOST_AFTER_SECONDS < ages["w1"] < ages["w3"]
    assert workers[0]["stopped_at"] is not None
    assert workers[1]["stopped_at"] is None


def test_the_page_shows_names_states_games_now_and_heartbeats(cluster: Cluster) -> None:
    text = cluster.client.get("/workers").text
    lines = rows(text, "data sortable workers")
    assert [(line[0], line[2], line[4]) for line in lines] == [
        ("w3", "stopped", "0"),
        ("w2", "running", "2"),
        ("w1", "lost", "1"),
    ]
    assert lines[2][1] == "w1.example&co pid 102"
    assert "<td>w1.example&amp;co<br>" in text
    heartbeat = lines[2][5]
    assert re.fullmatch(r"5 min ago \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC", heartbeat), heartbeat
    assert lines[0][5].startswith("2 h ago ")
    assert '<span class="badge lost">lost</span>' in text
    assert '<a href="/workers" aria-current="page">Workers</a>' in text
    assert '<a class="json" href="/api/workers">JSON</a>' in text


def test_an_empty_database_says_how_to_start_a_worker(empty_client: TestClient) -> None:
    assert empty_client.get("/api/workers").json()["workers"] == []
    text = empty_client.get("/workers").text
    assert "<code>croupier worker --db postgresql://...</code>" in text
    assert "<table" not in text


@pytest.mark.parametrize(
    ("age_s", "stopped", "state"),
    [
        (0, False, WorkerState.RUNNING),
        (LOST_AFTER_SECONDS, False, WorkerState.RUNNING),
        (LOST_AFTER_SECONDS + 0.5, False, WorkerState.LOST),
        (0, True, WorkerState.STOPPED),
        (10 * LOST_AFTER_SECONDS, True, WorkerState.STOPPED),
    ],
)
def test_a_worker_is_lost_only_once_its_heartbeat_is_too_old_and_it_never_stopped(
    age_s: float, stopped: bool, state: WorkerState
) -> None:
    now = datetime(2025, 3, 1, 12, tzinfo=UTC)
    beat = now - timedelta(seconds=age_s)
    assert worker_state(heartbeat_at=beat, stopped_at=beat if stopped else None, now=now) is state


def test_a_game_page_names_its_worker_and_attempt_and_lists_every_attempt(
    cluster: Cluster,
) -> None:
    expected = [
        [str(cluster.lost_attempt), "1", "w1", "aborted", "lost", LOST_REASON],
        [str(cluster.retried_attempt), "2", "w2", "finished", "normal", ""],
    ]
    for game_id, worker, attempt in [
        (cluster.lost_attempt, "w1", 1),
        (cluster.retried_attempt, "w2", 2),
    ]:
        text = cluster.client.get(f"/games/{game_id}").text
        facts = (
            f'<a href="/workers#worker-{cluster.workers[worker]}">{worker}</a>, attempt {attempt}'
        )
        assert f"<dt>Worker</dt><dd>{facts}</dd>" in text
        assert rows(text, "data attempts") == expected
        assert f'<a href="/games/{game_id}" aria-current="page">{game_id}</a>' in text
        record = cluster.client.get(f"/api/games/{game_id}").json()
        assert (record["worker"], record["attempt"], record["schedule_number"]) == (
            worker,
            attempt,
            0,
        )


def test_a_game_no_worker_played_and_no_tournament_scheduled_lists_no_attempts(
    cluster: Cluster,
) -> None:
    text = cluster.client.get(f"/games/{cluster.local_game}").text
    assert "<dt>Worker</dt>" not in text
    assert 'class="data attempts"' not in text
    record = cluster.client.get(f"/api/games/{cluster.local_game}").json()
    assert (record["worker"], record["attempt"], record["schedule_number"]) == (None, None, None)
