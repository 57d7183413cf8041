"""Two copies of a colluding bot play a real tournament with duplicate deals: nothing passes.

``tests/fakebots/colluder.py`` writes its hand into every channel between two processes
it can think of, and looks in each for another copy's message (or the sign of one). Two
copies of it play a round robin of four-seat Lexio beside two honest example bots, two
games at once, every deal played once per seat rotation: the copies sit at one table, at
two tables at the same time, and at the later games of the deal they played. Each copy
reports what it tried and found on its output, which is stored with its game; the test
decodes the reports and requires every channel to have carried nothing.

The same pair, played in this process with no seal at all, finds each other's hand: the
reports can tell a leak.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import shlex
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from sqlmodel import Session

from croupier import local
from croupier.games import load_game
from croupier_server import db
from croupier_server.control import TimeControl
from croupier_server.db import create_database_engine, init_database
from croupier_server.db.outputs import game_output
from croupier_server.referee.containment.limits import LimitSettings
from croupier_server.referee.game import RefereeSettings
from croupier_server.referee.registry import SessionRegistry
from croupier_server.referee.service import RefereeServer
from croupier_server.tournament.formats.round_robin import RoundRobinSettings
from croupier_server.tournament.runner import create_tournament, run_tournament
from croupier_server.tournament.settings import ProcessMode
from tests import queries
from tests.fakebots import colluder

pytestmark = pytest.mark.slow

LEXIO = load_game("lexio", {"players": 4, "rounds": 1})
COLLUDERS = ("colluder_a", "colluder_b")
HONEST = {"random": "lexio_random", "greedy": "lexio_greedy"}
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
SETTINGS = RefereeSettings(
    time_control=TimeControl(connect_ms=20_000, decision_ms=3_000, bank_ms=20_000),
    limits=LimitSettings(output_kb=1024),
)
"""Time for the colluders' every try at every decision, and room for their reports."""
DEALS = 2
MOST_CHANNELS_TRIED = 60
"""At least this many channels are tried by each copy in each game."""


def colluder_reports(database_url: str, tournament_id: int) -> list[dict[str, Any]]:
    """Every report of every colluding seat of the tournament's games.

    Each colluding seat of each game must have reported, and none of its output be cut.
    """
    engine = create_database_engine(database_url)
    reports: list[dict[str, Any]] = []
    with Session(engine) as session:
        games = queries.finished_games(session, game="lexio", tournament_id=tournament_id)
        assert len(games) == DEALS * LEXIO.num_players
        for game, seated in games:
            assert game.id is not None
            stored = db.game_seats(session, game_id=game.id)
            for (name, _), seat in zip(seated, stored, strict=True):
                if name not in COLLUDERS:
                    continue
                assert seat.output_dropped_bytes == 0, f"game {game.id} seat {seat.seat}: cut"
                written = game_output(session, game_id=game.id, seat=seat.seat)
                lines = [line.text for line in written]
                found = colluder.read_reports(lines)
                assert len(found) >= MOST_CHANNELS_TRIED, (
                    f"game {game.id} seat {seat.seat} reported {len(found)} channels:\n"
                    + "\n".join(lines[-20:])
                )
                reports += found
    engine.dispose()
    return reports


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_colluding_bots_pass_nothing_to_each_other(
    checked_database: str, seeded_bots: None, sealed_seats: None
) -> None:
    engine = create_database_engine(checked_database)
    init_database(engine)
    command = shlex.join([sys.executable, str(Path(colluder.__file__))])
    with Session(engine) as session:
        for name in COLLUDERS:
            db.add_bot(session, name=name, game="lexio", command=command)
        for name, example in HONEST.items():
            script = shlex.join([sys.executable, str(EXAMPLES / f"{example}.py")])
            db.add_bot(session, name=name, game="lexio", command=script)
    record = create_tournament(
        engine,
        game=LEXIO,
        bots=[*COLLUDERS, *HONEST],
        seed=11,
        format_settings=RoundRobinSettings(deals=DEALS),
        concurrency=2,
        settings=SETTINGS,
        # A process a game: each copy reports at its game's end, which a kept process
        # would write after the game is over, with its next game.
        processes=ProcessMode.FRESH,
    )
    assert record.id is not None
    tournament_id = record.id

    async def play() -> None:
        server = RefereeServer(SessionRegistry())
        await server.start()
        try:
            await run_tournament(engine, server, tournament_id=tournament_id)
        finally:
            await server.stop()

    asyncio.run(play())
    engine.dispose()
    reports = colluder_reports(checked_database, tournament_id)
    channels = {report["channel"] for report in reports}
    leaked = [report for report in reports if report["received"]]
    leaked_bytes = sum(report["received_bytes"] for report in reports)
    print(f"{len(channels)} channels tried, {leaked_bytes} bytes through")
    assert leaked == [], "\n".join(
        f"{report['channel']} (game {report['game']}, seat {report['seat']}): {report['received']}"
        for report in leaked
    )
    assert leaked_bytes == 0


def test_the_same_colluders_unsealed_find_each_others_hands(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    places = [tmp_path / name for name in ("one", "two")]
    for place in places:
        place.mkdir()
    monkeypatch.setenv("CROUPIER_BOT_COLLUSION_PLACES", ":".join(map(str, places)))
    bots = [colluder.Colluder(machine_wide=False) for _ in range(LEXIO.num_players)]
    output = io.StringIO()
    try:
        with contextlib.redirect_stdout(output):
            local.play(LEXIO, bots, seed=3)
    finally:
        for bot in bots:
            bot.close()
        colluder.clean_up()
    reports = colluder.read_reports(output.getvalue().splitlines())
    through = Counter(report["channel"] for report in reports if report["received"])
    for channel in (
        f"file:{places[0]}",
        f"fifo:{places[1]}",
        "sysv shared memory",
        "sysv message queue",
        "posix message queue",
        "posix shared memory",
        "unix abstract socket",
        "file locks",
        "file watches",
    ):
        assert through[channel] > 0, f"{channel} carried nothing unsealed: {sorted(through)}"
