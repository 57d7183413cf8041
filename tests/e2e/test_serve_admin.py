"""``croupier serve`` without remote bots: tournaments asked for through the dashboard's API.

The server runs as a real process (the installed ``croupier`` command) with real example
bots; the test speaks HTTP to its dashboard as a user's script would, with the admin token
it was given or the one it made up and showed once.
"""

from __future__ import annotations

import json
import re
import shlex
import signal
import subprocess
import sys
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from sqlmodel import Session

from croupier_server import db
from croupier_server.cli import main
from croupier_server.db import (
    GameStatus,
    TournamentStatus,
    check_stored_game,
    create_database_engine,
)
from tests import queries
from tests.e2e.test_remote import (
    CROUPIER,
    Processes,
    assert_ended_cleanly,
    remote_example,
)
from tests.server.referee.harness import example_command
from tests.waiting import ended, next_line, patience_s, wait_for

pytestmark = [
    pytest.mark.usefixtures("seeded_bots"),
    pytest.mark.parametrize("database_url", ["sqlite"], indirect=True),
]

ADMIN = "e2e-admin-token-0123456789"
LEXIO_BOTS = ["lexio_random", "lexio_greedy", "lexio_cautious"]
KUHN_POKER_BOTS = Path(__file__).parents[1] / "kuhn_poker" / "bots"
KUHN_BOTS = ("kuhn_equilibrium", "kuhn_random")
"""The third game's bots: its games are the quickest to play."""
TOKEN_LINE = re.compile(
    r"dashboard (admin|read) token \(shown once; set \$\w+ to choose it\): (\S+)"
)


def with_lexio_bots(database: str, capsys: pytest.CaptureFixture[str]) -> str:
    """``database`` with three Lexio example bots registered."""
    for name in LEXIO_BOTS:
        add = ["bot", "add", name, "--game", "lexio", "--command", example_command(name)]
        assert main([*add, "--db", database]) == 0
    capsys.readouterr()
    return database


@pytest.fixture
def database(checked_database: str, capsys: pytest.CaptureFixture[str]) -> str:
    """A database with the Lexio example bots; at teardown, every game finished and replays."""
    return with_lexio_bots(checked_database, capsys)


@dataclass(frozen=True)
class Serving:
    """A ``croupier serve`` process, where its referee listens and its dashboard's URL."""

    process: subprocess.Popen[str]
    referee: str
    url: str


def serve(processes: Processes, database: str, *options: str, **env: str) -> Serving:
    """Start ``croupier serve`` without remote bots (pairing them needs ``--game``)."""
    argv = [CROUPIER, "serve", "--listen", "127.0.0.1:0", "--http", "127.0.0.1:0", *options]
    server = processes.start([*argv, "--db", database], **env)
    listening = re.fullmatch(r"referee listening on (127\.0\.0\.1:\d+)\n", next_line(server))
    assert listening is not None
    dashboard = next_line(server)
    assert dashboard.startswith("dashboard: http://127.0.0.1:"), dashboard
    return Serving(server, listening.group(1), dashboard.split()[1].rstrip("/"))


def request(
    url: str, body: dict[str, Any] | None = None, token: str | None = None
) -> tuple[int, Any]:
    """GET ``url``, or POST ``body`` as JSON; the status and the JSON answer."""
    headers = {"Content-Type": "application/json"}
    if token is not None:
        headers["Authorization"] = f"Bearer {token}"
    data = None if body is None else json.dumps(body).encode()
    try:
        with urllib.request.urlopen(
            urllib.request.Request(url, data, headers), timeout=patience_s()
        ) as answer:
            return answer.status, json.load(answer)
    except urllib.error.HTTPError as error:
        return error.code, json.load(error)


def queue_lexio(
    url: str, token: str, *, rounds: int, deals: int, bots: list[str] = LEXIO_BOTS
) -> int:
    """Queue a Lexio round robin of three bots; its id."""
    body = {
        "game": "lexio",
        "options": {"players": 3, "rounds": rounds},
        "bots": bots,
        "deals": deals,
        "seed": 17,
        "concurrency": 1,
    }
    status, queued = request(f"{url}/api/tournaments", body, token)
    assert status == 201, queued
    assert queued["status"] == "queued"
    return int(queued["id"])


def wait_for_progress(
    url: str, tournament_id: int, *, finished: int, status: TournamentStatus | None = None
) -> dict[str, Any]:
    """The tournament's progress once ``finished`` of its games have, and it is in
    ``status`` if given (a tournament is marked finished just after its last game)."""

    def progress_once_reached() -> dict[str, Any] | None:
        answer, progress = request(f"{url}/api/tournaments/{tournament_id}/progress")
        assert answer == 200
        reached = progress["finished"] >= finished and status in (None, progress["status"])
        return dict(progress) if reached else None

    return wait_for(progress_once_reached, f"tournament {tournament_id} to reach {finished} games")


def stop(server: subprocess.Popen[str]) -> tuple[str, str]:
    """SIGTERM, as a service manager stops it: status 130, no traceback; its output and log."""
    server.send_signal(signal.SIGTERM)
    out, err = ended(server)
    assert server.returncode == 130, err
    assert "Traceback" not in err, err
    return out, err


def test_serve_plays_a_tournament_queued_with_the_admin_token_it_made_up(
    database: str, processes: Processes, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("CROUPIER_ADMIN_TOKEN", raising=False)
    monkeypatch.delenv("CROUPIER_READ_TOKEN", raising=False)
    server = serve(processes, database)
    url = server.url
    shown = TOKEN_LINE.fullmatch(next_line(server.process).strip())
    assert shown is not None
    assert shown.group(1) == "admin"
    token = shown.group(2)
    body = {"game": "lexio", "options": {"players": 3}, "bots": LEXIO_BOTS, "deals": 1}
    for wrong in [None, token[:-1], "x" * 40]:
        assert request(f"{url}/api/tournaments", body, wrong)[0] == 401
    assert request(f"{url}/api/tournaments")[1] == {"tournaments": []}

    tournament_id = queue_lexio(url, token, rounds=1, deals=1)
    wait_for_progress(url, tournament_id, finished=3, status=TournamentStatus.FINISHED)
    out, log = stop(server.process)
    assert token not in out + log  # shown once, in the line read above
    assert f"tournament {tournament_id} (lexio: {', '.join(LEXIO_BOTS)}): finished, 3 games" in log
    assert stored_tournament(database, tournament_id) == (TournamentStatus.FINISHED, {0, 1, 2})


def test_a_remote_bot_registered_through_the_dashboard_plays_at_once(
    database: str, processes: Processes
) -> None:
    server = serve(processes, database, CROUPIER_ADMIN_TOKEN=ADMIN)
    registration = {"name": "visitor", "game": "lexio", "remote": True}
    status, registered = request(f"{server.url}/api/bots", registration, ADMIN)
    assert status == 201
    visitor = remote_example(processes, "lexio_random", server.referee, registered["key"])
    bots = ["lexio_greedy", "visitor", "lexio_cautious"]
    tournament_id = queue_lexio(server.url, ADMIN, rounds=1, deals=1, bots=bots)
    wait_for_progress(server.url, tournament_id, finished=3)
    stop(server.process)
    assert_ended_cleanly(visitor)  # its stream was ended by the referee, not cut
    engine = create_database_engine(database)
    try:
        with Session(engine) as session:
            seats = [
                seat
                for game in queries.list_games(session)
                for seat in db.game_seats(session, game_id=game.id or 0)
                if seat.bot_id == registered["id"]
            ]
        assert len(seats) == 3
        assert all(seat.decisions > 0 for seat in seats)
    finally:
        engine.dispose()


@pytest.mark.parametrize(
    ("settings", "most_games"),
    [
        ({"format": "swiss", "rounds": 2}, 4),  # the second round paired after the first
        ({"format": "sprt", "max_deals": 2, "min_deals": 1}, 4),  # chosen pair by pair
    ],
    ids=["swiss", "sprt"],
)
def test_serve_plays_an_adaptive_format_queued_through_the_api(
    checked_database: str,
    capsys: pytest.CaptureFixture[str],
    processes: Processes,
    settings: dict[str, Any],
    most_games: int,
) -> None:
    for name in KUHN_BOTS:
        command = shlex.join([sys.executable, str(KUHN_POKER_BOTS / f"{name}.py")])
        add = ["bot", "add", name, "--game", "kuhn_poker", "--command", command]
        assert main([*add, "--db", checked_database]) == 0
    capsys.readouterr()
    server = serve(processes, checked_database, CROUPIER_ADMIN_TOKEN=ADMIN)
    body = {"game": "kuhn_poker", "bots": list(KUHN_BOTS), "seed": 3, **settings}
    status, queued = request(f"{server.url}/api/tournaments", body, ADMIN)
    assert status == 201, queued
    assert (queued["format"], queued["status"]) == (settings["format"], "queued")
    progress = wait_for_progress(
        server.url, queued["id"], finished=2, status=TournamentStatus.FINISHED
    )
    _, log = stop(server.process)
    assert f"tournament {queued['id']} (kuhn_poker: {', '.join(KUHN_BOTS)}): finished" in log
    status_now, played = stored_tournament(checked_database, queued["id"])
    assert status_now is TournamentStatus.FINISHED
    assert len(played) == progress["finished"] <= most_games
    assert played == set(range(len(played)))


@pytest.mark.slow
def test_a_tournament_stopped_with_its_server_is_finished_by_the_next(
    database_url: str, capsys: pytest.CaptureFixture[str], processes: Processes
) -> None:
    database = with_lexio_bots(database_url, capsys)
    url = (first := serve(processes, database, CROUPIER_ADMIN_TOKEN=ADMIN)).url
    tournament_id = queue_lexio(url, ADMIN, rounds=1, deals=4)
    progress = wait_for_progress(url, tournament_id, finished=2)
    total = progress["total"]
    stop(first.process)
    status, played = stored_tournament(database, tournament_id)
    assert status is TournamentStatus.QUEUED
    assert 2 <= len(played) < total == 12

    url = (second := serve(processes, database, CROUPIER_ADMIN_TOKEN=ADMIN)).url
    wait_for_progress(url, tournament_id, finished=total, status=TournamentStatus.FINISHED)
    stop(second.process)
    assert stored_tournament(database, tournament_id) == (
        TournamentStatus.FINISHED,
        set(range(total)),
    )
    engine = create_database_engine(database)
    try:
        with Session(engine) as session:
            games = queries.list_games(session, limit=1_000)
            finished = [game.id for game in games if game.status is GameStatus.FINISHED]
            for game_id in finished:
                assert game_id is not None
                check_stored_game(session, game_id=game_id)
        assert len(finished) == total  # none played twice
        # The game cut short, if any (one at a time), was aborted and played again.
        cut_short = [game.status for game in games if game.id not in finished]
        assert cut_short in ([], [GameStatus.ABORTED])
    finally:
        engine.dispose()


def test_a_read_token_guards_the_dashboard_it_serves(
    database: str, processes: Processes, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("CROUPIER_READ_TOKEN", raising=False)
    argv = [CROUPIER, "dashboard", "--read-token", "--http", "127.0.0.1:0", "--db", database]
    dashboard = processes.start(argv, CROUPIER_ADMIN_TOKEN=ADMIN)
    url = next_line(dashboard).split()[1].rstrip("/")
    shown = TOKEN_LINE.fullmatch(next_line(dashboard).strip())
    assert shown is not None
    assert shown.group(1) == "read"
    read_token = shown.group(2)
    assert request(f"{url}/api/bots")[0] == 401
    for token in [read_token, ADMIN]:
        status, bots = request(f"{url}/api/bots", token=token)
        assert status == 200
        assert [bot["name"] for bot in bots["bots"]] == sorted(LEXIO_BOTS)
    registered = {"name": "visitor", "game": "lexio", "remote": True}
    assert request(f"{url}/api/bots", registered, read_token)[0] == 403
    assert request(f"{url}/api/bots", registered, ADMIN)[0] == 201


@pytest.mark.parametrize(
    ("argv", "env", "message"),
    [
        (
            ["serve", "--games", "2"],
            {},
            "--games: options of the remote bots' games, which need --game",
        ),
        (
            ["serve", "--players", "3", "--seed", "1"],
            {},
            "--players, --seed: options of the remote bots' games, which need --game",
        ),
        (["serve"], {"CROUPIER_ADMIN_TOKEN": "short"}, "the admin token must be at least 16"),
        (["dashboard"], {"CROUPIER_READ_TOKEN": "no spaces in tokens"}, "the read token must"),
    ],
)
def test_bad_serve_options_and_tokens_are_one_line_errors(
    database: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
    env: dict[str, str],
    message: str,
) -> None:
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert main([*argv, "--db", database]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"croupier: error: {message}")
    assert err.count("\n") == 1


def stored_tournament(database: str, tournament_id: int) -> tuple[TournamentStatus, set[int]]:
    """A tournament's status and the schedule numbers of its finished games."""
    engine = create_database_engine(database)
    try:
        with Session(engine) as session:
            record = db.get_tournament(session, tournament_id=tournament_id)
            assert record is not None
            numbers = db.finished_schedule_numbers(session, tournament_id=tournament_id)
            return record.status, numbers
    finally:
        engine.dispose()
