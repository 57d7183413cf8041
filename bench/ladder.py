"""What a ladder plays: its games a minute, its fits, and the games a new version needs.

    ./dev bench bench/ladder.py                  (about 8 minutes)
    ./dev run python bench/ladder.py --quick     (about 3 minutes)

For each game, on a temporary SQLite database and versions directory, the example bots
are made versions of submitted bots (as the submissions' check leaves them) and a ladder of
them is played by :class:`~croupier_server.ladder.runner.LadderRun` on a loopback
``RefereeServer``, as ``croupier serve`` plays it, with a budget of as many games at once
as CPUs, in the default fair process mode:

- Lexio, 4 seats, one round a game (``rounds=1``): random, greedy, cautious and strong;
- Cribbage six-card, one game a match (``match_points=1``): random, greedy and strong.

1. **Games a minute.** After a warm-up, the games finished in a measured spell, and the
   referee's CPU over it (this process: matchmaking, serve's fitter in its thread and the
   database included); then how long one fit of all the ladder's games takes.
2. **A round robin of the same bots**, as ``croupier tournament run`` plays it
   (``run_tournament``, fair mode, as many games at once): the rate a ladder compares with.
3. **A new version.** Then another version (greedy, under a new name) enters and the ladder
   plays on for a while; its games are fitted again afterwards, prefix after prefix, to
   find how many games it took for its 95% interval to be under 100 Elo wide (or how wide
   it was at the end).

The bots choose reproducibly (``CROUPIER_BOT_SEED``), with time enough that a loaded
machine charges no fault.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import Engine
from sqlmodel import Session

REPOSITORY = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPOSITORY))  # tests.server.ladder.versions: the versions' stand-in

from croupier.games import Game, load_game  # noqa: E402
from croupier_server import db  # noqa: E402
from croupier_server.board_fits import BoardFitter, BoardKey, compute_board  # noqa: E402
from croupier_server.control import TimeControl  # noqa: E402
from croupier_server.db import create_database_engine, init_database, statistics  # noqa: E402
from croupier_server.ladder.fit import rate_deals  # noqa: E402
from croupier_server.ladder.matchmaking import MatchRules  # noqa: E402
from croupier_server.ladder.opening import open_ladder  # noqa: E402
from croupier_server.ladder.runner import LadderRun  # noqa: E402
from croupier_server.referee.game import RefereeSettings  # noqa: E402
from croupier_server.referee.registry import SessionRegistry  # noqa: E402
from croupier_server.referee.service import RefereeServer  # noqa: E402
from croupier_server.standings import deals_of  # noqa: E402
from croupier_server.tournament.formats.round_robin import RoundRobinSettings  # noqa: E402
from croupier_server.tournament.runner import create_tournament, run_tournament  # noqa: E402
from tests.server.ladder.versions import add_version  # noqa: E402
from tests.server.referee.harness import example_command  # noqa: E402

SETTINGS = RefereeSettings(
    time_control=TimeControl(connect_ms=30_000, decision_ms=5_000, bank_ms=30_000)
)
"""Time enough that a loaded machine charges no fault: this measures cost, not the clock."""
WIDTH = 100.0
"""The interval width a new version's rating is measured against, in Elo."""


@dataclass(frozen=True, slots=True)
class Field:
    """A game and its versions: submitted name -> example script."""

    label: str
    game: Game[Any]
    versions: dict[str, str]


FIELDS = (
    Field(
        "Lexio, 4 seats, 1 round",
        load_game("lexio", {"players": 4, "rounds": 1}),
        {
            "random": "lexio_random",
            "greedy": "lexio_greedy",
            "cautious": "lexio_cautious",
            "strong": "lexio_strong",
        },
    ),
    Field(
        "Cribbage six-card, 1 game",
        load_game("cribbage", {"match_points": 1}),
        {
            "random": "cribbage_random",
            "greedy": "cribbage_greedy",
            "strong": "cribbage_strong",
        },
    ),
)


@dataclass(frozen=True, slots=True)
class Spell:
    """What a ladder played in a measured spell."""

    games: int
    seconds: float
    cpu_s: float
    fit_s: float
    """How long a fit of every game of the ladder took, at the end of the spell."""
    fitted: int

    @property
    def per_minute(self) -> float:
        """Games finished a minute."""
        return 60 * self.games / self.seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="shorter spells")
    args = parser.parse_args()
    os.environ.setdefault("CROUPIER_BOT_SEED", "7")
    warm, measured, newcomer = (5, 20, 40) if args.quick else (10, 60, 120)
    cpus = os.cpu_count() or 1
    print(f"ladders of the example bots, {cpus} games at once (CPUs), fair processes")
    for field in FIELDS:
        with temporary_engine() as engine:
            spell, new = asyncio.run(
                play_ladder(engine, field, cpus, warm=warm, measured=measured, newcomer=newcomer)
            )
            needed = games_for_width(engine, field.game.name, "newcomer@1")
        with temporary_engine() as engine:
            tournament = asyncio.run(play_round_robin(engine, field, cpus, spell.games))
        print(f"\n{field.label}")
        print(
            f"  ladder:      {spell.per_minute:7.1f} games/min ({spell.games} games in "
            f"{spell.seconds:.0f} s), referee CPU {spell.cpu_s / spell.seconds:.0%} of a core"
        )
        print(f"  a fit:       {spell.fit_s:.2f} s for the {spell.fitted} games so far")
        print(f"  round robin: {tournament:7.1f} games/min, the same bots and games at once")
        print(f"  new version: {new} games in {newcomer} s; {needed}")


@contextlib.contextmanager
def temporary_engine() -> Iterator[Engine]:
    with tempfile.TemporaryDirectory(prefix="croupier-bench-ladder-") as directory:
        # The versions are made ready here, not in the user's own versions directory.
        os.environ["CROUPIER_VERSIONS_DIR"] = f"{directory}/versions"
        engine = create_database_engine(f"sqlite:///{directory}/ladder.db")
        init_database(engine)
        try:
            yield engine
        finally:
            engine.dispose()


async def play_ladder(
    engine: Engine,
    field: Field,
    concurrency: int,
    *,
    warm: float,
    measured: float,
    newcomer: float,
) -> tuple[Spell, int]:
    """Play a ladder of ``field``'s versions: its spell after ``warm`` s, then a newcomer."""
    with Session(engine) as session:
        for name, example in field.versions.items():
            add_version(session, name, game=field.game.name, command=example_command(example))
    ladder = open_ladder(
        engine,
        game=field.game,
        seed=3,
        concurrency=concurrency,
        rules=MatchRules(),
        referee=SETTINGS,
    )
    server = RefereeServer(SessionRegistry())
    await server.start()
    run = LadderRun(engine, server, ladder, on_workers=False, sealed=False)
    task = asyncio.create_task(run.run())
    fitter = asyncio.create_task(BoardFitter(engine).run())  # as serve runs it beside
    try:
        await asyncio.sleep(warm)
        games = finished(engine, ladder.tournament_id)
        cpu, started = time.process_time(), time.monotonic()
        await asyncio.sleep(measured)
        games, seconds = finished(engine, ladder.tournament_id) - games, time.monotonic() - started
        cpu = time.process_time() - cpu
        fit = await asyncio.to_thread(
            compute_board, engine, BoardKey(field.game.name, None, ladder.tournament_id)
        )
        spell = Spell(games, seconds, cpu, fit.seconds, fit.version.games)
        greedy = field.versions["greedy"]
        with Session(engine) as session:
            add_version(session, "newcomer", game=field.game.name, command=example_command(greedy))
        await asyncio.sleep(newcomer)
        new = newcomer_games(engine, field.game.name, ladder.tournament_id)
    finally:
        for running in (task, fitter):
            running.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await running
        await server.stop()
    return spell, new


def finished(engine: Engine, tournament_id: int) -> int:
    with Session(engine) as session:
        return len(db.finished_schedule_numbers(session, tournament_id=tournament_id))


def newcomer_games(engine: Engine, game: str, tournament_id: int) -> int:
    with Session(engine) as session:
        games = statistics.finished_game_seats(session, game=game, tournament_id=tournament_id)
    return sum("newcomer@1" in record.bots for record in games)


def games_for_width(engine: Engine, game: str, name: str) -> str:
    """How many of ``name``'s games it took for its interval to be under :data:`WIDTH`."""
    with Session(engine) as session:
        games = statistics.finished_game_seats(session, game=game)
    mine = [index for index, record in enumerate(games) if name in record.bots]
    if not mine:
        return "it played no game"

    def width(count: int) -> float:
        ratings = rate_deals(deals_of(games[: mine[count - 1] + 1]))
        return ratings[name].width if name in ratings else float("inf")

    if width(len(mine)) >= WIDTH:
        return f"its interval was {width(len(mine)):.0f} Elo wide after its {len(mine)} games"
    low, high = 1, len(mine)  # the fewest games whose fit is under WIDTH (about monotone)
    while low < high:
        middle = (low + high) // 2
        low, high = (low, middle) if width(middle) < WIDTH else (middle + 1, high)
    return f"its interval was under {WIDTH:.0f} Elo wide after {low} games"


async def play_round_robin(engine: Engine, field: Field, concurrency: int, games: int) -> float:
    """The games a minute of a round robin of ``field``'s bots, about ``games`` long."""
    with Session(engine) as session:
        for name, example in field.versions.items():
            db.add_bot(session, name=name, game=field.game.name, command=example_command(example))
    seats = field.game.num_players
    deals = max(1, games // (seats * (1 if seats > 2 else 6)))
    record = create_tournament(
        engine,
        game=field.game,
        bots=list(field.versions),
        seed=3,
        format_settings=RoundRobinSettings(deals=deals),
        concurrency=concurrency,
        settings=SETTINGS,
    )
    assert record.id is not None
    server = RefereeServer(SessionRegistry())
    await server.start()
    try:
        progress = await run_tournament(engine, server, tournament_id=record.id)
    finally:
        await server.stop()
    return 60 * progress.played / progress.elapsed_s


if __name__ == "__main__":
    main()
