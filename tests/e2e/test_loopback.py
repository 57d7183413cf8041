"""End to end on loopback: the example bots, registered and matched with the real command line.

``croupier bot add`` registers the example bots; ``croupier match`` starts them as
subprocesses, referees the game over gRPC and stores it. Every Lexio player count and
every cribbage variant is played; every stored game is replayed at teardown.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from sqlmodel import Session

from croupier_server import db
from croupier_server.cli import main
from croupier_server.db import create_database_engine
from tests.server.referee.harness import example_command

pytestmark = pytest.mark.usefixtures("seeded_bots")

EXAMPLE_BOTS = {
    "lexio": ["lexio_random", "lexio_greedy", "lexio_strong"],
    "cribbage": ["cribbage_random", "cribbage_greedy", "cribbage_strong"],
}
GENEROUS_CLOCK = ["--decision-ms", "10000", "--bank-ms", "60000", "--connect-ms", "30000"]
"""Nothing here tests the clock: no bot may time out on a loaded machine."""

GAMES = {
    "lexio-3": "--game lexio --players 3 --rounds 1"
    " --bot lexio_strong --bot lexio_greedy --bot lexio_random",
    "lexio-4": "--game lexio --players 4 --rounds 2"
    " --bot lexio_random --bot lexio_strong --bot lexio_greedy --bot lexio_random",
    "lexio-5": "--game lexio --players 5 --rounds 1 --bot lexio_greedy --bot lexio_random"
    " --bot lexio_strong --bot lexio_greedy --bot lexio_random",
    # The strong bot thinks for seconds in the two-player five- and six-card games.
    "six-card": "--variant six-card --bot cribbage_greedy --bot cribbage_random",
    "five-card": "--variant five-card --bot cribbage_random --bot cribbage_greedy",
    "seven-card": "--variant seven-card --bot cribbage_strong --bot cribbage_greedy",
    "three-player": "--variant three-player"
    " --bot cribbage_greedy --bot cribbage_strong --bot cribbage_random",
    "four-player": "--variant four-player --bot cribbage_strong --bot cribbage_random"
    " --bot cribbage_greedy --bot cribbage_random",
    "solitaire": "--variant solitaire --bot cribbage_strong",
    "square": "--variant square --bot cribbage_strong",
}
"""The options of each game played; cribbage is played to one game point."""
ON_POSTGRESQL = ("lexio-4", "four-player")
"""PostgreSQL plays one game of each kind; SQLite plays them all."""


def croupier(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """Run the command line in this process; its standard output (it must succeed)."""
    status = main(list(argv))
    captured = capsys.readouterr()
    assert status == 0, captured.err
    return captured.out


def register_examples(capsys: pytest.CaptureFixture[str], database: str) -> None:
    for game, bots in EXAMPLE_BOTS.items():
        for bot in bots:
            command = example_command(bot)
            add = ["bot", "add", bot, "--game", game, "--command", command]
            out = croupier(capsys, *add, "--db", database)
            assert out == f"registered bot {bot} ({game}): {command}\n"


@pytest.mark.parametrize(
    ("database_url", "name"),
    [("sqlite", name) for name in GAMES] + [("postgresql", name) for name in ON_POSTGRESQL],
    indirect=["database_url"],
)
def test_example_bots_play_a_recorded_game(
    checked_database: str, name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    register_examples(capsys, checked_database)
    listed = json.loads(croupier(capsys, "bot", "list", "--json", "--db", checked_database))
    assert sorted(bot["name"] for bot in listed) == sorted(
        bot for bots in EXAMPLE_BOTS.values() for bot in bots
    )

    options = GAMES[name].split()
    if "--variant" in options:
        options = ["--game", "cribbage", "--match-points", "1", *options]
    argv = ["match", *options, "--seed", "11", *GENEROUS_CLOCK, "--json"]
    played: dict[str, Any] = json.loads(croupier(capsys, *argv, "--db", checked_database))

    bots = [argv[i + 1] for i, option in enumerate(argv) if option == "--bot"]
    assert [seat["bot"] for seat in played["seats"]] == bots
    assert all(seat["status"] == "finished" and seat["faults"] == [] for seat in played["seats"])
    engine = create_database_engine(checked_database)
    try:
        with Session(engine) as session:
            game = db.get_game(session, game_id=played["game_id"])
            assert game is not None
            assert game.status == "finished"
            assert game.ended_by == "normal"
            assert game.result is not None
            assert game.result["scores"] == [seat["score"] for seat in played["seats"]]
            seats = db.game_seats(session, game_id=played["game_id"])
            assert [seat.status for seat in seats] == ["finished"] * len(bots)
            assert [seat.place for seat in seats] == [seat["place"] for seat in played["seats"]]
            assert all(seat.decisions > 0 for seat in seats)
            assert db.game_faults(session, game_id=played["game_id"]) == []
    finally:
        engine.dispose()
    replay = croupier(capsys, "replay", str(played["game_id"]), "--check", "--db", checked_database)
    assert replay.startswith(f"game {played['game_id']}: {played['game']}")
