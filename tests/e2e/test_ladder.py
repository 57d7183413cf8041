"""A ladder played by a real ``croupier serve``, killed in the middle and started again.

The ladder is opened with ``croupier ladder open``; the versions are command bots (the
example bots) made directly in the database, as the submissions' check leaves an active
version. The serve plays until every version has its rating, as its dashboard's API says;
then a new version enters, and while it plays its first deals the serve is killed
(SIGKILL) and started again. Afterwards every game chosen before the kill has finished,
each chosen game has one finished game at most and each finished game its chosen game, no
number twice, and the new version has its rating too.
"""

from __future__ import annotations

import json
import re
import signal
import urllib.request
from collections import Counter
from typing import Any

import pytest
from sqlalchemy import Engine
from sqlmodel import Session, select

from croupier_server.cli import main
from croupier_server.db import (
    GameRecord,
    GameStatus,
    check_stored_game,
    create_database_engine,
    init_database,
)
from croupier_server.db.work import ScheduledGameRecord, ScheduleStatus
from tests.e2e.test_remote import CROUPIER, Processes
from tests.server.ladder.harness import add_versions
from tests.waiting import ended, next_line, patience_s, wait_for

pytestmark = [
    pytest.mark.slow,
    pytest.mark.usefixtures("seeded_bots", "versions_dir"),
    pytest.mark.parametrize("database_url", ["sqlite"], indirect=True),
]

ADMIN = "e2e-ladder-admin-token-0123456789"
FIRST = {"random": "lexio_random", "greedy": "lexio_greedy", "cautious": "lexio_cautious"}
LADDER = [
    *("ladder", "open", "--game", "lexio", "--players", "3", "--rounds", "1"),
    *("--concurrency", "2", "--rating-deals", "3", "--seed", "11"),
    *("--decision-ms", "5000", "--connect-ms", "30000"),
]


def serve(processes: Processes, database: str) -> tuple[Any, str]:
    """Start ``croupier serve``; the process and its dashboard's URL."""
    argv = [str(CROUPIER), "serve", "--listen", "127.0.0.1:0", "--http", "127.0.0.1:0"]
    server = processes.start([*argv, "--db", database], CROUPIER_ADMIN_TOKEN=ADMIN)
    assert next_line(server).startswith("referee listening on ")
    dashboard = next_line(server)
    assert dashboard.startswith("dashboard: http://127.0.0.1:"), dashboard
    return server, dashboard.split()[1].rstrip("/")


def ladder_of(url: str, ladder_id: int) -> dict[str, Any]:
    with urllib.request.urlopen(f"{url}/api/ladders/{ladder_id}", timeout=patience_s()) as answer:
        detail: dict[str, Any] = json.load(answer)
        return detail


def wait_for_ladder(url: str, ladder_id: int, condition: Any, what: str) -> dict[str, Any]:
    """The ladder's detail (its API's) once ``condition`` holds of it."""

    def detail_once_it_holds() -> dict[str, Any] | None:
        detail = ladder_of(url, ladder_id)
        return detail if condition(detail) else None

    return wait_for(detail_once_it_holds, what)


def rated(names: set[str]) -> Any:
    """Whether every bot of ``names`` has played its first deals, and has a standing."""

    def check(detail: dict[str, Any]) -> bool:
        done = {e["bot"] for e in detail["entrants"] if not e["new"]}
        standing = {line["bot"] for line in detail["standings"]}
        return names <= done and names <= standing

    return check


def schedule(engine: Engine, tournament_id: int) -> list[ScheduledGameRecord]:
    with Session(engine) as session:
        query = select(ScheduledGameRecord).where(
            ScheduledGameRecord.tournament_id == tournament_id
        )
        return list(session.exec(query))


def games(engine: Engine, tournament_id: int, status: GameStatus) -> list[GameRecord]:
    with Session(engine) as session:
        query = select(GameRecord).where(
            GameRecord.tournament_id == tournament_id, GameRecord.status == status
        )
        return list(session.exec(query))


def wait_for_chosen(
    engine: Engine, url: str, ladder_id: int, tournament_id: int, unfinished: set[int]
) -> None:
    """Wait until the games chosen before the kill (``unfinished`` then) have finished."""
    wait_for_ladder(
        url,
        ladder_id,
        lambda _: all(
            row.status is ScheduleStatus.FINISHED
            for row in schedule(engine, tournament_id)
            if row.number in unfinished
        ),
        "the games chosen before the kill finished",
    )


def open_ladder(
    database_url: str, capsys: pytest.CaptureFixture[str]
) -> tuple[Engine, set[str], int, int]:
    """The ladder of the first versions opened: the database, the versions, its and its
    tournament's ids."""
    engine = create_database_engine(database_url)
    init_database(engine)
    first = set(add_versions(engine, "lexio", FIRST))
    assert main([*LADDER, "--db", database_url]) == 0
    opened = re.search(
        r"opened ladder (\d+) \(lexio, 3 players\), tournament (\d+)", capsys.readouterr().out
    )
    assert opened is not None
    return engine, first, int(opened.group(1)), int(opened.group(2))


def test_a_ladder_rates_its_versions_and_a_new_one_through_a_killed_serve(
    database_url: str, processes: Processes, capsys: pytest.CaptureFixture[str]
) -> None:
    engine, first, ladder_id, tournament_id = open_ladder(database_url, capsys)

    server, url = serve(processes, database_url)
    wait_for_ladder(url, ladder_id, rated(first), "every version rated")
    add_versions(engine, "lexio", {"strong": "lexio_strong"})
    wait_for_ladder(
        url,
        ladder_id,
        lambda d: any(e["bot"] == "strong@1" and e["deals"] >= 1 for e in d["entrants"]),
        "the new version playing its first deals",
    )
    server.send_signal(signal.SIGKILL)
    ended(server)
    chosen = {row.number: row for row in schedule(engine, tournament_id)}
    # A game the kill came between storing and marking its row finished is not played again.
    stored = {game.schedule_number for game in games(engine, tournament_id, GameStatus.FINISHED)}
    playing = [
        row
        for row in chosen.values()
        if row.status is ScheduleStatus.PLAYING and row.number not in stored
    ]
    unfinished = {n for n, row in chosen.items() if row.status is not ScheduleStatus.FINISHED}
    assert unfinished, "the kill came with no game chosen and unfinished"

    server, url = serve(processes, database_url)
    wait_for_ladder(url, ladder_id, rated({*first, "strong@1"}), "the new version rated")
    wait_for_chosen(engine, url, ladder_id, tournament_id, unfinished)
    server.send_signal(signal.SIGTERM)
    _, err = ended(server)
    assert server.returncode == 130, err
    assert "Traceback" not in err, err
    assert f"{len(playing)} games to play again first" in err  # in its log

    rows = {row.number: row for row in schedule(engine, tournament_id)}
    finished = games(engine, tournament_id, GameStatus.FINISHED)
    numbers = Counter(game.schedule_number for game in finished)
    assert [n for n, count in numbers.items() if count > 1] == []  # no number twice
    assert set(numbers) == {n for n, row in rows.items() if row.status is ScheduleStatus.FINISHED}
    assert set(chosen) <= set(rows)
    assert all(rows[n].status is ScheduleStatus.FINISHED for n in chosen)  # none lost
    for game in finished:
        assert game.schedule_number is not None
        assert (game.schedule_deal, game.seed) == (
            rows[game.schedule_number].deal,
            rows[game.schedule_number].seed,
        )
    with Session(engine) as session:
        for game in finished:
            assert game.id is not None
            check_stored_game(session, game_id=game.id)
    aborted = games(engine, tournament_id, GameStatus.ABORTED)
    assert {game.schedule_number for game in aborted} <= set(numbers) | {
        n for n, row in rows.items() if row.status is ScheduleStatus.QUEUED
    }
    assert main(["ladder", "show", str(ladder_id), "--json", "--db", database_url]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert {line["bot"] for line in shown["standings"]} == {*first, "strong@1"}
    engine.dispose()
