"""The third game: Kuhn poker, plugged in from tests/kuhn_poker through entry points alone.

Its two bots are registered and played as sealed processes by the real referee, through
the command line: a match, then a round-robin tournament; the games are stored, rated (the
ratings and the dashboard's leaderboard show them), replayed by ``croupier replay``, and every
stored game replays exactly at teardown.
"""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlmodel import Session

from croupier_server import db
from croupier_server.cli import main
from croupier_server.db import create_database_engine
from croupier_server.web import create_app
from tests import queries

pytestmark = [
    pytest.mark.parametrize("database_url", ["sqlite"], indirect=True),
    pytest.mark.usefixtures("seeded_bots", "sealed_seats"),
]

BOTS = Path(__file__).parents[1] / "kuhn_poker" / "bots"
NAMES = ("kuhn_equilibrium", "kuhn_random")
GENEROUS_CLOCK = ["--decision-ms", "10000", "--bank-ms", "60000", "--connect-ms", "30000"]
"""Nothing here tests the clock: no bot may time out on a loaded machine."""


def croupier(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """Run the command line in this process; its standard output (it must succeed)."""
    status = main(list(argv))
    captured = capsys.readouterr()
    assert status == 0, captured.err
    return captured.out


def register(capsys: pytest.CaptureFixture[str], database: str) -> None:
    for name in NAMES:
        command = shlex.join([sys.executable, str(BOTS / f"{name}.py")])
        add = ["bot", "add", name, "--game", "kuhn_poker", "--command", command]
        assert croupier(capsys, *add, "--db", database) == (
            f"registered bot {name} (kuhn_poker): {command}\n"
        )


def test_a_sealed_match_is_stored_and_replays(
    checked_database: str, capsys: pytest.CaptureFixture[str]
) -> None:
    register(capsys, checked_database)
    bots = [flag for name in NAMES for flag in ("--bot", name)]
    argv = ["match", "--game", "kuhn_poker", "--hands", "6", "--ante", "2", *bots, "--seed", "3"]
    out = croupier(capsys, *argv, *GENEROUS_CLOCK, "--sealed", "--json", "--db", checked_database)
    played: dict[str, Any] = json.loads(out)
    assert [seat["bot"] for seat in played["seats"]] == list(NAMES)
    assert all(seat["status"] == "finished" and seat["faults"] == [] for seat in played["seats"])
    scores = [seat["score"] for seat in played["seats"]]
    assert sum(scores) == 0
    engine = create_database_engine(checked_database)
    try:
        with Session(engine) as session:
            game = db.get_game(session, game_id=played["game_id"])
            assert game is not None
            assert (game.game, game.status, game.options) == (
                "kuhn_poker",
                "finished",
                {"ante": 2, "hands": 6},
            )
            assert game.result is not None
            assert game.result["scores"] == scores
            actions = db.game_actions(session, game_id=played["game_id"])
            assert {action.text for action in actions} <= {"check", "bet", "call", "fold"}
    finally:
        engine.dispose()
    replay = croupier(capsys, "replay", str(played["game_id"]), "--check", "--db", checked_database)
    assert replay.startswith(f"game {played['game_id']}: kuhn_poker")
    assert "hand 6 starts: each seat antes 2; seat 1 acts first" in replay


def test_a_sealed_round_robin_is_stored_and_rated(
    checked_database: str, capsys: pytest.CaptureFixture[str]
) -> None:
    register(capsys, checked_database)
    argv = ["tournament", "run", "--game", "kuhn_poker", "--hands", "4", "--bots", ",".join(NAMES)]
    argv += ["--deals", "3", "--seed", "5", "--concurrency", "2", *GENEROUS_CLOCK, "--sealed"]
    summary = json.loads(croupier(capsys, *argv, "--json", "--db", checked_database))
    # Three deals, each played once with each bot in each seat.
    assert summary["status"] == "finished"
    assert summary["games"] == summary["finished"] == 6
    assert {row["bot"]: row["games"] for row in summary["standings"]} == dict.fromkeys(NAMES, 6)
    tournament = str(summary["id"])
    ratings = ["ratings", "--game", "kuhn_poker", "--tournament", tournament, "--json"]
    table = json.loads(croupier(capsys, *ratings, "--db", checked_database))
    assert {row["bot"]: row["games"] for row in table} == dict.fromkeys(NAMES, 6)
    engine = create_database_engine(checked_database)
    try:
        with TestClient(create_app(engine)) as client:
            boards = client.get("/api/leaderboard").json()["boards"]
            (board,) = [board for board in boards if board["game"] == "kuhn_poker"]
            assert board["variant"] == "Kuhn poker"
            assert board["games"] == 6
            assert {line["bot"] for line in board["lines"]} == set(NAMES)
            page = client.get("/leaderboard/kuhn_poker/Kuhn%20poker")
            assert page.status_code == 200
            assert all(name in page.text for name in NAMES)
            # The tournament is named by the game's own variant label, not by another game's.
            listed = client.get(f"/api/tournaments/{tournament}").json()
            assert listed["variant"] == "Kuhn poker"
            # Every page that shows the tournament, its bots and its games draws them.
            bots = [bot["id"] for bot in client.get("/api/bots").json()["bots"]]
            pages = [f"/tournaments/{tournament}", "/games?game=kuhn_poker", "/bots"]
            pages += [f"/bots/{bot}" for bot in bots]
            for path in pages:
                assert client.get(path).status_code == 200, path
        with Session(engine) as session:
            games = queries.list_games(session, game="kuhn_poker", limit=100)
        assert len(games) == 6
        for game in games:
            assert croupier(capsys, "replay", str(game.id), "--check", "--db", checked_database)
            with TestClient(create_app(engine)) as client:
                assert client.get(f"/games/{game.id}").status_code == 200
                replay = client.get(f"/api/games/{game.id}/replay?view=seat-0")
                assert replay.status_code == 200
    finally:
        engine.dispose()  # after the last request: a disposed engine's new connections leak
