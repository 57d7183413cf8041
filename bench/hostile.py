"""What the zoo of hostile bots costs the honest bots beside it: figures printed.

    ./dev bench bench/hostile.py                 (about two minutes)
    ./dev bench bench/hostile.py --honest 4      (fewer honest games: about a minute)

Two gauntlets of five-card cribbage (``match_points=1``) on a temporary SQLite database,
through the real runner, two games at once, with the time control of the zoo test
(connect 3 s, decision 300 ms, bank 1 s) and the dashboard served on a loopback port:

1. alone: ``--honest`` honest challengers (the greedy and random examples in turn) against
   the honest field (greedy, random);
2. with the zoo: the same honest challengers spread among every hostile bot of
   ``tests/fakebots/zoo.py`` (one per misdeed the issue lists) as challengers of the same
   field, so that the honest games are played while hostile ones are.

Printed: the hostile bots and the fault kinds charged; the games played, lost (scheduled
but not stored as finished once) and misjudged (a fault charged to an honest seat, of a
kind not expected, or missing); the intruder's tries that succeeded (leaks); and the wall
time of each honest-vs-honest game (from its creation, before its bots start, to its end),
p50 and p95 alone and with the zoo present. Bots choose reproducibly (``CROUPIER_BOT_SEED``).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import Engine

sys.path.append(str(Path(__file__).resolve().parents[1]))  # tests/ too

from croupier_server.db import FaultKind, create_database_engine, init_database
from tests.fakebots import zoo

EXAMPLES = ("cribbage_greedy", "cribbage_random")


@dataclass(frozen=True, slots=True)
class Run:
    """One gauntlet's games and how long it took."""

    games: list[zoo.PlayedGame]
    scheduled: int
    wall_s: float


def honest_challengers(count: int) -> dict[str, str]:
    """``count`` honest challengers: bot name -> example."""
    return {f"honest_{i}": EXAMPLES[i % len(EXAMPLES)] for i in range(count)}


def spread(hostile: Sequence[str], honest: Sequence[str]) -> list[str]:
    """The hostile challengers with the honest ones spread evenly among them.

    >>> spread(["a", "b", "c", "d"], ["X", "Y"])
    ['a', 'b', 'X', 'c', 'd', 'Y']
    """
    order: list[str] = []
    for index, name in enumerate(hostile):
        order.append(name)
        order.extend(
            honest[index * len(honest) // len(hostile) : (index + 1) * len(honest) // len(hostile)]
        )
    return order


async def play(engine: Engine, challengers: Sequence[str], tokens: Path) -> Run:
    started = time.monotonic()
    tournament_id = await zoo.play_gauntlet(
        engine, challengers=challengers, deals=1, concurrency=2, tokens=tokens
    )
    wall = time.monotonic() - started
    scheduled = len(challengers) * len(zoo.FIELD) * 2  # every pairing, seats swapped
    return Run(zoo.played_games(engine, tournament_id), scheduled, wall)


def lost(run: Run) -> int:
    """The scheduled games not stored as finished exactly once."""
    stored = Counter(game.number for game in run.games)
    return sum(1 for number in range(run.scheduled) if stored[number] != 1)


def honest_seconds(run: Run, honest: Sequence[str]) -> list[float]:
    """The wall time of each game between honest bots only."""
    field = set(zoo.FIELD) | set(honest)
    return [game.seconds for game in run.games if set(game.bots) <= field]


def percentiles(seconds: Sequence[float]) -> tuple[float, float]:
    """The median and the 95th percentile."""
    cuts = statistics.quantiles(seconds, n=20, method="inclusive")
    return statistics.median(seconds), cuts[18]


async def bench(directory: Path, honest_count: int) -> None:
    database = directory / "croupier.db"
    engine = create_database_engine(f"sqlite:///{database}")
    init_database(engine)
    tokens = directory / "relayed" / "finished-tokens"
    tokens.parent.mkdir()
    honest = honest_challengers(honest_count)
    async with zoo.serving_dashboard(engine) as url:
        files = [database.with_name(database.name + suffix) for suffix in ("", "-wal", "-shm")]
        hostile = zoo.hostile_bots(tokens=tokens, database_files=files, dashboard_url=url)
        zoo.register(engine, hostile, {**zoo.FIELD, **honest})
        alone = await play(engine, list(honest), tokens)
        beside = await play(engine, spread([bot.name for bot in hostile], list(honest)), tokens)
    notes = zoo.intruder_notes(engine)
    engine.dispose()
    report(hostile, honest, alone, beside, notes)


def report(
    hostile: Sequence[zoo.Hostile],
    honest: dict[str, str],
    alone: Run,
    beside: Run,
    notes: Sequence[dict[str, Any]],
) -> None:
    names = {bot.name for bot in hostile}
    charged: Counter[FaultKind] = Counter(
        kind for game in beside.games for seat, kind in game.faults if game.bots[seat] in names
    )
    next_to = [game for game in beside.games if names & set(game.bots)]
    print(f"{os.cpu_count()} CPUs; two games at once; {len(honest)} honest challengers")
    print(f"hostile bots: {len(hostile)} ({', '.join(bot.misdeed for bot in hostile)})")
    print(
        f"fault kinds charged to them: {len(charged)} "
        f"({', '.join(f'{kind} x{count}' for kind, count in sorted(charged.items()))})"
    )
    print(f"intruder's tries: {len(zoo.tries(notes))} kinds")
    print(
        f"games played next to them: {len(next_to)} with a hostile seat, "
        f"{len(beside.games) - len(next_to)} honest ones in the same tournament"
    )
    print(f"games lost: {lost(alone) + lost(beside)}")
    print(f"faults misjudged: {len(zoo.misjudged_faults(beside.games, hostile))}")
    leaks = zoo.leaks(notes)
    print(f"leaks found: {len(leaks)}" + "".join(f"\n  {leak}" for leak in leaks))
    without = percentiles(honest_seconds(alone, list(honest)))
    with_zoo = percentiles(honest_seconds(beside, list(honest)))
    count = len(honest_seconds(beside, list(honest)))
    print(f"honest-vs-honest games ({count} each run), wall seconds per game:")
    print(f"  alone     p50 {without[0]:5.2f}  p95 {without[1]:5.2f}  (run {alone.wall_s:5.1f} s)")
    print(
        f"  with zoo  p50 {with_zoo[0]:5.2f}  p95 {with_zoo[1]:5.2f}  (run {beside.wall_s:5.1f} s)"
    )
    print(f"  extra     p50 {with_zoo[0] - without[0]:+5.2f}  p95 {with_zoo[1] - without[1]:+5.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--honest", type=int, default=8, help="honest challengers (default 8)")
    args = parser.parse_args()
    os.environ.setdefault("CROUPIER_BOT_SEED", "7")
    with tempfile.TemporaryDirectory(prefix="croupier-hostile-") as directory:
        asyncio.run(bench(Path(directory), args.honest))


if __name__ == "__main__":
    main()
