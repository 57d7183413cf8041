"""The database of ``bench/dashboard.py``: many stored games, filled fast, every one real.

First a few hundred template games are played by the example bots
(:mod:`bench._dashboard_templates`). A pool of bots is registered for each game, and real
tournaments are recorded (``create_tournament``: round robins of bots drawn from the
pool, with their schedule), of each game in turn, a few hours apart. Every scheduled game
is stored as a copy of the template of its deal and rotation (:mod:`bench._dashboard_copies`),
packed as the store packs an ended game: the same rules, seed, actions and decision times,
so every stored game still replays exactly, with the tournament's bots in its seats and
times of its own. The last tournament is cut short (interrupted) at the number of games asked.

A ``bench_fill`` table records what was filled (a fingerprint of the settings, of the
filling code and of the tables), so that a later run reuses the database.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import random
import time
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import sqlalchemy as sa
from sqlalchemy import Engine
from sqlalchemy.schema import CreateIndex, CreateTable
from sqlmodel import Session, SQLModel

from bench._dashboard_copies import CONCURRENCY, PlannedTournament, PoolBot, TemplateCopies
from bench._dashboard_templates import KINDS, Kind, play_templates
from croupier.games import load_game
from croupier_server import db
from croupier_server.db import TournamentStatus, init_database
from croupier_server.db.models import UTCDateTime
from croupier_server.tournament.formats.round_robin import RoundRobinSettings
from croupier_server.tournament.records import tournament_schedule
from croupier_server.tournament.runner import create_tournament

__all__ = ["FillSettings", "fill_database", "previous_fill"]

FILLING_CODE = sorted(Path(__file__).parent.glob("_dashboard_*.py"))
"""The modules whose text decides what a fill holds, beside its settings."""


@dataclass(frozen=True, slots=True)
class FillSettings:
    """What to fill: ``games`` stored games in about ``tournaments`` tournaments."""

    games: int
    tournaments: int
    seed: int = 1

    def fingerprint(self, engine: Engine) -> str:
        """A digest of these settings, the filling code and the tables' definitions."""
        tables = SQLModel.metadata.sorted_tables
        ddl = [str(CreateTable(table).compile(dialect=engine.dialect)) for table in tables]
        ddl += [
            str(CreateIndex(index).compile(dialect=engine.dialect))
            for table in tables
            for index in table.indexes
        ]
        code = [path.read_text() for path in FILLING_CODE]
        text = json.dumps([dataclasses.asdict(self), code, sorted(ddl)])
        return hashlib.sha256(text.encode()).hexdigest()


FILLS = sa.Table(
    "bench_fill",
    sa.MetaData(),
    sa.Column("fingerprint", sa.String(64), primary_key=True),
    sa.Column("filled_at", UTCDateTime, nullable=False),
    sa.Column("seconds", sa.Float, nullable=False),
)
"""What was filled, and how long it took."""


def previous_fill(engine: Engine, settings: FillSettings) -> float | None:
    """The seconds the fill of ``settings`` took, if the database holds it; else ``None``."""
    if not sa.inspect(engine).has_table(FILLS.name):
        return None
    query = sa.select(FILLS.c.seconds).where(FILLS.c.fingerprint == settings.fingerprint(engine))
    with engine.connect() as connection:
        return connection.execute(query).scalar()


def fill_database(engine: Engine, settings: FillSettings) -> float:
    """Fill the empty database of ``engine``; returns the seconds it took."""
    start = time.perf_counter()
    init_database(engine)
    rng = random.Random(settings.seed)
    staging = TemplateCopies({kind.game: play_templates(kind, rng) for kind in KINDS})
    played = len(staging.templates)
    print(f"played {played} template games in {time.perf_counter() - start:.1f} s", flush=True)
    pools = {kind.game: _register_pool(engine, kind, rng) for kind in KINDS}
    with engine.connect() as connection:
        if engine.dialect.name == "sqlite":
            connection.exec_driver_sql("PRAGMA synchronous = OFF")  # a cache, not a ledger
        staging.create(connection)
        for planned in _tournaments(engine, settings, pools, rng):
            staging.add_tournament(connection, planned, pools[planned.record.game])
        staging.copy_plays(connection)
        seconds = time.perf_counter() - start
        FILLS.create(connection)
        fill = {"fingerprint": settings.fingerprint(engine), "filled_at": datetime.now(UTC)}
        connection.execute(FILLS.insert(), [{**fill, "seconds": seconds}])
        connection.commit()
    return seconds


def _register_pool(engine: Engine, kind: Kind, rng: random.Random) -> dict[str, PoolBot]:
    """Register two versions of a bot of each style of ``kind``'s pool, by name."""
    pool = {}
    with Session(engine) as session:
        for style in kind.pool:
            for version in (1, 2):
                bot = db.add_bot(
                    session,
                    name=f"{kind.game}_{style}_v{version}",
                    game=kind.game,
                    command=f"python bots/{kind.game}_{style}.py --version {version}",
                    description=f"A {style} {kind.game} bot, version {version}.",
                )
                assert bot.id is not None
                pool[bot.name] = PoolBot(bot.id)
    return pool


def _tournaments(
    engine: Engine,
    settings: FillSettings,
    pools: dict[str, dict[str, PoolBot]],
    rng: random.Random,
) -> Iterator[PlannedTournament]:
    """Round robins of each kind in turn, a few hours apart, until the games are all there."""
    per_tournament = -(-settings.games // settings.tournaments)
    left = settings.games
    newest = datetime.now(UTC).replace(microsecond=0)
    for number in range(settings.tournaments):
        kind = KINDS[number % len(KINDS)]
        rules = load_game(kind.game, kind.options)
        bots = rng.sample(sorted(pools[kind.game]), rng.randint(rules.num_players + 1, 8))
        tables = len(bots) * (len(bots) - 1) if rules.num_players == 2 else rules.num_players
        record = create_tournament(
            engine,
            game=rules,
            bots=bots,
            seed=rng.randrange(2**31),
            format_settings=RoundRobinSettings(deals=-(-per_tournament // tables)),
            concurrency=CONCURRENCY,
        )
        schedule = tournament_schedule(record)[1]
        games = schedule[:left]
        left -= len(games)
        yield PlannedTournament(
            record,
            games,
            TournamentStatus.FINISHED if games == schedule else TournamentStatus.INTERRUPTED,
            newest - timedelta(hours=6 * (settings.tournaments - number)),
        )
        if left == 0:
            return
