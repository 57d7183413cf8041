"""A league of thousands: figures printed as ``name key=value ... figure unit`` lines.

    ./dev bench bench/league.py [--sections fit ...]

Each section prints lines a script can read: a name, the settings as ``key=value``, the
figure and its unit, separated by spaces.

- ``fit``: the ratings fit with its 95% intervals (``bootstrap_elo(results, resamples=0)``,
  the CR2 covariance by deals) on simulated four-seat duplicate deals, timed from the board's
  results as arrays (:class:`~croupier_server.ratings.results.PairResults`, built from the
  games' seats and scores, which is timed too): 1,000 versions and 100,000 games paired as a
  ladder (each deal's table among neighbours in strength) and as a round robin (tables drawn
  from the whole field), and 10,000 versions and 1,000,000 games as a ladder. Before numpy,
  the fit of 1,000 versions and 100,000 games took 378 s on this machine.
- ``board``: a ladder board's whole fit, as the fitter makes and stores it
  (:func:`~croupier_server.board_fits.fit_board_now`: standings with intervals and margins,
  head-to-head, rating histories, seat games), over simulated four-seat Lexio games stored
  in a fresh SQLite database (bulk inserts of game and seat rows, one ladder tournament whose
  deals are duplicate sets): 1,000 versions and 100,000 games, and with ``--large`` 10,000
  versions and 1,000,000 games (inserting them takes a few minutes). It prints the seconds
  of the insert, of the read of the seats as arrays, of the whole fit (read included) and
  of its packing, the bytes stored, and the milliseconds of a process's first read of the
  stored fit (its row read and unpacked); the read, the fit and the first read also in CPU
  seconds of this process (on a machine other work keeps busy, the wall clock counts the
  waits for a core too).
- ``game_bytes``: the bytes a stored game takes on PostgreSQL (what ``pg_total_relation_size``
  of every table a game's record uses, its indexes with it, output lines aside, grows by,
  over the games: 100 and 1,000 stored, the 20 played over and over: each stored once as
  the layout stores it, then its rows copied under new game ids until there are that many),
  for the example bots' Lexio and cribbage games (the SDK's greedy and random opponents, each
  decision timed as the referee times it): ``before``, stored in the journal's rows (an
  ``event`` row per event, an ``action`` row per action, as every game was before packing);
  ``after``, stored as the referee stores a game's end (:func:`store_game_log`, which packs
  it). Each in a fresh database beside ``$CROUPIER_TEST_POSTGRES_URL``'s (default: the local
  server's ``postgres``), vacuumed full before it is measured.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import sqlite3
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import sqlalchemy as sa
from sqlmodel import Session

from croupier.bot import Decision
from croupier.games import Game, load_game
from croupier.opponents import opponent
from croupier_server import db
from croupier_server.board_fits import BoardKey, fit_board_now
from croupier_server.board_fits.packing import pack
from croupier_server.board_fits.store import read_board
from croupier_server.clock import utc_now
from croupier_server.db.statistics import board_seats
from croupier_server.game_store import store_game_log
from croupier_server.outcomes import DecidedBy
from croupier_server.ratings import ELO_PER_NEPER, bootstrap_elo
from croupier_server.ratings.results import PairResults
from croupier_server.recorded_games import settings_data
from croupier_server.referee.game import RefereeSettings
from croupier_server.referee.records import ActionEntry, EventEntry, GameLog

SEATS = 4
LADDER_REACH = 20
"""A ladder's table: a version and three others within this many places in strength."""

LUCK = 1.0
"""The sd of a seat's cards' luck in a deal, in natural log-strength (shared by rotations)."""


def simulate(
    versions: int, games: int, *, ladder: bool, seed: int = 0
) -> tuple[list[str], npt.NDArray[np.int64], npt.NDArray[np.float64], npt.NDArray[np.int64]]:
    """Four-seat duplicate deals of ``versions`` bots: names, seats, scores and deals."""
    rng = np.random.default_rng(seed)
    deals = games // SEATS
    strength = np.sort(rng.normal(0.0, 300.0, versions)) / ELO_PER_NEPER
    if ladder:
        centre = rng.integers(LADDER_REACH, versions - LADDER_REACH, deals)
        offsets = np.concatenate([np.arange(-LADDER_REACH, 0), np.arange(1, LADDER_REACH + 1)])
        drawn = np.argsort(rng.random((deals, len(offsets))), axis=1)[:, : SEATS - 1]
        tables = np.column_stack([centre, centre[:, np.newaxis] + offsets[drawn]])
    else:
        tables = np.argsort(rng.random((deals, versions)), axis=1)[:, :SEATS]
    rotations = (np.arange(SEATS)[:, np.newaxis] + np.arange(SEATS)) % SEATS
    seats = tables[:, rotations].reshape(-1, SEATS)
    luck = np.repeat(rng.normal(0.0, LUCK, (deals, SEATS)), SEATS, axis=0)
    scores = strength[seats] + luck + rng.gumbel(size=seats.shape)
    names = [f"v{i:05d}" for i in range(versions)]
    return names, seats, scores, np.repeat(np.arange(deals), SEATS)


def fit_section(_: argparse.Namespace) -> None:
    """The fit's seconds, intervals included, for 1,000 and 10,000 versions.

    Wall-clock seconds, and the CPU seconds of this process beside them: on a machine that
    other work keeps busy the wall clock counts the waits for a core too.
    """
    for versions, games, ladder in (
        (1_000, 100_000, True),
        (1_000, 100_000, False),
        (10_000, 1_000_000, True),
    ):
        names, seats, scores, deals = simulate(versions, games, ladder=ladder)
        pairing = "ladder" if ladder else "round_robin"
        settings = f"versions={versions} games={games} pairing={pairing}"
        start, cpu = time.perf_counter(), time.process_time()
        results = PairResults.from_games(names, seats, scores, deals)
        arrays = time.perf_counter() - start
        fit = bootstrap_elo(results, resamples=0)
        intervals = [fit.interval(bot) for bot in fit.estimate]
        seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
        width = sum(interval.width for interval in intervals) / len(intervals)
        print(f"fit_seconds {settings} {seconds:.2f} s", flush=True)
        print(f"fit_cpu_seconds {settings} {cpu:.2f} s")
        print(f"fit_arrays_seconds {settings} {arrays:.2f} s")
        print(f"fit_mean_interval_width {settings} {width:.1f} elo", flush=True)


BOARD = BoardKey("lexio", "4 players")
"""The board the ``board`` section simulates."""

BOARD_SIZES = ((1_000, 100_000),)
LARGE_BOARD_SIZES = ((10_000, 1_000_000),)
"""The boards of ``board``: versions and games (with ``--large``, the second too)."""


def board_section(args: argparse.Namespace) -> None:
    """A ladder board's whole fit, stored: the read, the fit, the packing, its bytes, a read."""
    for versions, games in (*BOARD_SIZES, *(LARGE_BOARD_SIZES if args.large else ())):
        settings = f"backend=sqlite versions={versions} games={games} pairing=ladder"
        with tempfile.TemporaryDirectory() as directory:
            path = Path(directory) / "board.db"
            engine = db.create_database_engine(f"sqlite:///{path}")
            db.init_database(engine)
            start = time.perf_counter()
            _insert_ladder_board(engine, path, versions, games)
            print(f"board_insert_seconds {settings} {time.perf_counter() - start:.1f} s")
            with Session(engine) as session:
                start, cpu = time.perf_counter(), time.process_time()
                board_seats(session, game=BOARD.game, variant=BOARD.variant)
                seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
                print(f"board_read_seconds {settings} {seconds:.2f} s")
                print(f"board_read_cpu_seconds {settings} {cpu:.2f} s")
            start, cpu = time.perf_counter(), time.process_time()
            board = fit_board_now(engine, BOARD)
            seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
            assert board is not None
            assert board.games == games
            print(f"board_fit_seconds {settings} {seconds:.2f} s", flush=True)
            print(f"board_fit_cpu_seconds {settings} {cpu:.2f} s")
            start = time.perf_counter()
            packed = pack(board)
            print(f"board_pack_seconds {settings} {time.perf_counter() - start:.2f} s")
            print(f"board_stored_bytes {settings} {len(packed)} bytes")
            print(f"board_head_to_head_pairs {settings} {len(board.head_to_head)} pairs")
            engine.dispose()
            engine = db.create_database_engine(f"sqlite:///{path}")  # a process that never read it
            with Session(engine) as session:
                start, cpu = time.perf_counter(), time.process_time()
                read = read_board(session, BOARD)
                first_ms = (time.perf_counter() - start) * 1000
                first_cpu_ms = (time.process_time() - cpu) * 1000
            assert read is not None
            assert read.standings == board.standings
            print(f"board_first_read_ms {settings} {first_ms:.0f} ms")
            print(f"board_first_read_cpu_ms {settings} {first_cpu_ms:.0f} ms", flush=True)
            engine.dispose()


def _insert_ladder_board(engine: sa.Engine, path: Path, versions: int, games: int) -> None:
    """Store :func:`simulate`'s ladder as one tournament's finished, rated four-seat games."""
    names, seats, scores, deals = simulate(versions, games, ladder=True)
    created = datetime(2026, 1, 1, tzinfo=UTC)
    options = {"players": SEATS}
    with Session(engine) as session:
        session.execute(
            sa.insert(db.BotRecord),
            [
                {"id": i + 1, "name": name, "game": BOARD.game, "kind": "command"}
                | {"created_at": created}
                for i, name in enumerate(names)
            ],
        )
        session.execute(
            sa.insert(db.TournamentRecord),
            [{"id": 1, "game": BOARD.game, "options": options, "format": "ladder"}],
        )
        session.commit()
    when = "2026-01-01 00:00:00.000000"
    rules = json.dumps(options)
    game_rows = (
        (number + 1, BOARD.game, rules, BOARD.variant, number, "{}", 1, number, deal)
        for number, deal in enumerate(deals.tolist())
    )
    points = np.round(scores * 100).astype(np.int64).tolist()
    seat_rows = (
        (game + 1, seat, bot + 1, "finished", points[game][seat], 1, 0)
        for game, table in enumerate(seats.tolist())
        for seat, bot in enumerate(table)
    )
    connection = sqlite3.connect(path)
    connection.execute("PRAGMA synchronous = OFF")  # a benchmark's database: no crash to survive
    with connection:
        connection.executemany(
            "INSERT INTO game (id, game, options, variant, seed, settings, tournament_id,"
            " schedule_number, schedule_deal, status, started_at, end_detail, rated)"
            f" VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'finished', '{when}', '', 1)",
            game_rows,
        )
        connection.executemany(
            "INSERT INTO seat (game_id, seat, bot_id, status, score, decisions,"
            " output_dropped_bytes) VALUES (?, ?, ?, ?, ?, ?, ?)",
            seat_rows,
        )
        connection.execute(  # the board's tally, as finishing the games keeps it
            "INSERT INTO board_tally (game, variant, games, last_game_id)"
            " SELECT game, variant, count(*), max(id) FROM game GROUP BY game, variant"
        )
        connection.execute(  # and the tournament's
            "INSERT INTO tournament_tally (tournament_id, games, last_game_id)"
            " SELECT tournament_id, count(*), max(id) FROM game GROUP BY tournament_id"
        )
    connection.close()


PLAYED_GAMES = 20
"""How many games of each game ``game_bytes`` plays (each seed once)."""

STORED_GAMES = {"before": 100, "after": 1_000}
"""How many games of each game it stores in each layout: the games played, over and over
(enough that a table's last page, partly filled, counts for little against its rows)."""

GAME_TABLES = ("game", "seat", "action", "event", "fault", "packed_log")
"""The tables a game's record uses, output lines aside."""

BYTES_OPPONENTS = ("greedy", "random")
"""The SDK's opponents that take the seats, in turn."""


def game_bytes_section(_: argparse.Namespace) -> None:
    """Bytes a stored Lexio and cribbage game of the example bots, before and after packing."""
    for name in ("lexio", "cribbage"):
        rules = load_game(name)
        played = [_played(rules, seed) for seed in range(PLAYED_GAMES)]
        actions = sum(len(log.actions) for log in played) / len(played)
        events = sum(len(log.events) for log in played) / len(played)
        settings = f"backend=postgresql game={name}"
        print(f"game_actions {settings} games={len(played)} {actions:.0f} actions")
        print(f"game_events {settings} games={len(played)} {events:.0f} events", flush=True)
        for layout, stored in STORED_GAMES.items():
            figure = _stored_bytes(played, layout, stored) / stored
            print(
                f"game_bytes {settings} games={stored} layout={layout} {figure:.0f} bytes",
                flush=True,
            )


def _played(rules: Game[Any], seed: int) -> GameLog:
    """A game of the SDK's opponents, logged as the referee logs it (decisions timed)."""
    bots = [
        opponent(BYTES_OPPONENTS[seat % 2], rules.name, seed=seed)
        for seat in range(rules.num_players)
    ]
    log = GameLog(game_id="0", game=rules, seed=seed)
    state = rules.new_state(seed)
    log.events += [EventEntry(event, log.started_at) for event in state.events]
    while seats := state.seats_to_act():
        entries = []
        for seat in seats:  # several at once (the cribbage discard) see the same state
            legal = state.legal_actions(seat)
            requested_at = utc_now()
            if len(legal) == 1:
                entries.append(ActionEntry(seat, legal[0], DecidedBy.FORCED, requested_at, None))
                continue
            start = time.perf_counter()
            decision = Decision.of(bots[seat].act(state.observation(seat)))
            latency_ms = (time.perf_counter() - start) * 1000
            entries.append(
                ActionEntry(
                    seat, decision.action, DecidedBy.BOT, requested_at, latency_ms, decision.comment
                )
            )
        for entry in entries:  # its events at its answer's time, as the referee stamps them
            seen = len(state.events)
            state.apply(entry.seat, entry.action)
            log.actions.append(entry)
            at = entry.answered_at or utc_now()
            log.events += [EventEntry(event, at) for event in state.events[seen:]]
    log.result = state.result()
    log.finished_at = utc_now()
    return log


def _stored_bytes(played: list[GameLog], layout: str, stored: int) -> int:
    """The bytes ``stored`` games add in ``layout`` (``before``: journal rows; ``after``).

    The games ``played`` are stored once each, then their rows copied under new game ids.
    """
    with _fresh_database() as engine:
        db.init_database(engine)
        empty = _table_bytes(engine)
        with Session(engine) as session:
            rules = played[0].game
            bot_ids = []
            for seat in range(rules.num_players):
                bot = db.add_bot(session, name=f"bot{seat}", game=rules.name, command="true")
                assert bot.id is not None
                bot_ids.append(bot.id)
            settings = settings_data(RefereeSettings())
            for log in played:
                record = db.create_game(
                    session,
                    game=rules.name,
                    options=rules.options(),
                    seed=log.seed,
                    bot_ids=bot_ids,
                    settings=settings,
                    started_at=log.started_at,
                )
                assert record.id is not None
                if layout == "after":
                    store_game_log(session, game_id=record.id, log=log)
                else:
                    _store_journal(session, record.id, log)
        _copy_games(engine, copies=stored // len(played) - 1)
        return _table_bytes(engine) - empty


def _copy_games(engine: sa.Engine, copies: int) -> None:
    """Copy every game's rows in :data:`GAME_TABLES` ``copies`` times, under new game ids."""
    with engine.begin() as connection:
        last = connection.execute(sa.text("SELECT max(id) FROM game")).scalar_one()
        for copy in range(1, copies + 1):
            for table in GAME_TABLES:
                key = "id" if table == "game" else "game_id"
                columns = [
                    column["name"]
                    for column in sa.inspect(connection).get_columns(table)
                    if not (table == "fault" and column["name"] == "id")  # its own serial
                ]
                names = ", ".join(columns)
                values = ", ".join(
                    f"{column} + {copy * last}" if column == key else column for column in columns
                )
                connection.exec_driver_sql(
                    f"INSERT INTO {table} ({names}) SELECT {values} FROM {table}"
                    f" WHERE {key} <= {last}"
                )
        connection.exec_driver_sql(
            "SELECT setval(pg_get_serial_sequence('game', 'id'), (SELECT max(id) FROM game))"
        )


def _table_bytes(engine: sa.Engine) -> int:
    """The bytes of the tables of :data:`GAME_TABLES` and their indexes, vacuumed full."""
    with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as connection:
        connection.exec_driver_sql("VACUUM (FULL, ANALYZE)")
        return sum(
            connection.execute(
                sa.text("SELECT pg_total_relation_size(:table)"), {"table": table}
            ).scalar_one()
            for table in GAME_TABLES
        )


def _store_journal(session: Session, game_id: int, log: GameLog) -> None:
    """Store ``log`` as every game was stored before packing: its journal's rows."""
    with db.atomic(session):
        db.record_events(
            session,
            game_id=game_id,
            events=[entry.event for entry in log.events],
            at=[entry.at for entry in log.events],
        )
        db.record_actions(
            session,
            game_id=game_id,
            actions=[
                db.NewAction(
                    e.seat, e.action, e.requested_at, e.decided_by, e.latency_ms, e.comment
                )
                for e in log.actions
            ],
        )
        assert log.result is not None
        db.finish_game(session, game_id=game_id, result=log.result, finished_at=log.finished_at)


@contextmanager
def _fresh_database() -> Iterator[sa.Engine]:
    """An engine on a new PostgreSQL database, dropped afterwards."""
    server = sa.make_url(
        os.environ.get("CROUPIER_TEST_POSTGRES_URL")
        or "postgresql+psycopg://postgres@localhost:5432/postgres"
    ).set(drivername="postgresql+psycopg")
    name = f"croupier_bench_{secrets.token_hex(4)}"
    admin = sa.create_engine(server, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as connection:
            connection.exec_driver_sql(f'CREATE DATABASE "{name}"')
        engine = db.create_database_engine(server.set(database=name).render_as_string(False))
        try:
            yield engine
        finally:
            engine.dispose()
            with admin.connect() as connection:
                connection.exec_driver_sql(f'DROP DATABASE "{name}" WITH (FORCE)')
    finally:
        admin.dispose()


SECTIONS: dict[str, Callable[[argparse.Namespace], None]] = {
    "fit": fit_section,
    "board": board_section,
    "game_bytes": game_bytes_section,
}
"""Every section, by name, in the order they run."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sections", nargs="+", choices=sorted(SECTIONS), default=list(SECTIONS))
    parser.add_argument(
        "--large", action="store_true", help="board: 10,000 versions and 1,000,000 games too"
    )
    args = parser.parse_args()
    for name in args.sections:
        SECTIONS[name](args)


if __name__ == "__main__":
    main()
