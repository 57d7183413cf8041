"""How fast the dashboard answers over 100,000 stored games: time to first byte, printed.

    ./dev bench bench/dashboard.py                  (the first run fills it: a minute or two)
    ./dev bench bench/dashboard.py --games 10000    (a smaller database, filled in seconds)
    ./dev bench bench/dashboard.py --postgres postgresql://user@localhost/croupier_bench

The database holds ``--games`` stored games of real tournaments, each a copy of a game the
example bots played, packed as the store packs an ended game (see
``bench/_dashboard_data.py``): SQLite by default, in ``bench/.cache/dashboard-GAMES.db``,
reused while what it holds matches (a fingerprint of the fill's settings, its code and the
tables); or an empty PostgreSQL database (``--postgres``), reused likewise. Before timing,
the fit of every game's, variant's and tournament's board is stored
(``board_fits.fitting.fit_board_now``, as ``serve``'s fitter does) and the database's
statistics are gathered (``ANALYZE``, as autovacuum keeps them in service).

The server is ``croupier dashboard --http 127.0.0.1:0 --db URL`` in a process of its own,
as a user runs it. Over one keep-alive HTTP/1.1 connection (``http.client``) each page is
asked for once cold (its first request since the server started: caches are empty), then
``--warmup`` times unmeasured, then ``--requests`` times measured, one after another, with
a browser's ``Accept-Encoding: gzip``. The time to first byte runs from sending the
request to having read the response's status line and headers. The targets are the
issue's: a p95 under 200 ms warm and under 1 s cold, for every page timed (home,
leaderboard, tournament and tournaments list, replay, bot, the games list and filters).
"""

from __future__ import annotations

import argparse
import http.client
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote_plus, urlsplit

import sqlalchemy as sa
from sqlalchemy import Engine
from sqlmodel import col, select

sys.path.append(str(Path(__file__).resolve().parents[1]))  # examples/ and tests/ too

from bench._dashboard_data import FillSettings, fill_database, previous_fill
from croupier_server.board_fits.board import BoardKey
from croupier_server.board_fits.fitting import fit_board_now
from croupier_server.db import (
    ActionRecord,
    BotRecord,
    EventRecord,
    FaultRecord,
    GameRecord,
    PackedLogRecord,
    SeatRecord,
    create_database_engine,
)
from tests.browser.serving import serving_dashboard

CACHE = Path(__file__).resolve().parent / ".cache"
TARGET_P95_MS = 200.0
TARGET_COLD_MS = 1_000.0
BROWSER_HEADERS = {"Accept": "text/html", "Accept-Encoding": "gzip"}
"""What a browser asks for: the page, compressed if the server compresses."""


@dataclass(frozen=True, slots=True)
class Page:
    """A page to time."""

    label: str
    path: str


@dataclass(frozen=True, slots=True)
class Timing:
    """Times to first byte of a page, in milliseconds."""

    cold_ms: float
    warm_ms: list[float]

    def quantile(self, q: float) -> float:
        """The ``q`` quantile of the measured (warm) requests."""
        return statistics.quantiles(self.warm_ms, n=100, method="inclusive")[round(q * 100) - 1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000, help="stored games")
    parser.add_argument("--tournaments", type=int, default=100, help="tournaments they make")
    parser.add_argument("--requests", type=int, default=200, help="measured requests a page")
    parser.add_argument("--warmup", type=int, default=20, help="unmeasured requests a page")
    parser.add_argument("--postgres", metavar="URL", help="an empty PostgreSQL database")
    args = parser.parse_args()
    settings = FillSettings(games=args.games, tournaments=args.tournaments)
    cache_file = None if args.postgres else CACHE / f"dashboard-{args.games}.db"
    url = args.postgres or f"sqlite:///{cache_file}"
    engine = _filled_engine(url, settings, cache_file)
    try:
        print(_contents(engine, cache_file))
        pages = _pages(engine)
        _fit_boards(engine)
        with engine.connect() as database:  # statistics, as autovacuum keeps them in service
            database.exec_driver_sql("ANALYZE")
            database.commit()
    finally:
        engine.dispose()
    with (
        tempfile.TemporaryDirectory() as scratch,
        serving_dashboard(url, Path(scratch) / "dashboard.log") as base_url,
    ):
        host, port = urlsplit(base_url).netloc.split(":")
        connection = http.client.HTTPConnection(host, int(port), timeout=120)
        timings = {
            page: _timing(connection, page.path, args.warmup, args.requests) for page in pages
        }
        connection.close()
    _print_timings(timings)


def _filled_engine(url: str, settings: FillSettings, cache_file: Path | None) -> Engine:
    """An engine over ``url``, filled now unless it holds the fill of ``settings``.

    A cache file that holds anything else is replaced; a PostgreSQL database must be empty.
    """
    if cache_file is not None:
        cache_file.parent.mkdir(exist_ok=True)
    engine = create_database_engine(url)
    seconds = previous_fill(engine, settings)
    if seconds is not None:
        print(f"reusing {url} (its fill took {seconds:.0f} s)")
        return engine
    if sa.inspect(engine).get_table_names():
        engine.dispose()
        if cache_file is None:
            raise SystemExit(f"{url} is not empty: give the benchmark an empty database")
        for suffix in ("", "-wal", "-shm"):
            cache_file.with_name(cache_file.name + suffix).unlink(missing_ok=True)
        engine = create_database_engine(url)
    print(f"filling {url} with {settings.games:,} games", flush=True)
    seconds = fill_database(engine, settings)
    print(f"filled in {seconds:.0f} s")
    return engine


def _contents(engine: Engine, cache_file: Path | None) -> str:
    """What the database holds, and its size on disk."""
    with engine.connect() as connection:
        counts = {
            name: connection.execute(select(sa.func.count()).select_from(table)).scalar_one()
            for name, table in (
                ("games", GameRecord),
                ("packed logs", PackedLogRecord),
                ("actions", ActionRecord),
                ("events", EventRecord),
                ("faults", FaultRecord),
            )
        }
        if cache_file is None:
            size = connection.execute(sa.text("SELECT pg_database_size(current_database())"))
            size_bytes = int(size.scalar_one())
        else:
            files = (cache_file.with_name(cache_file.name + s) for s in ("", "-wal"))
            size_bytes = sum(path.stat().st_size for path in files if path.exists())
    held = ", ".join(f"{count:,} {name}" for name, count in counts.items())
    return f"{engine.dialect.name} database of {size_bytes / 2**30:.2f} GiB: {held}"


def _pages(engine: Engine) -> list[Page]:
    """The pages to time: the largest tournament's, the longest of the first Lexio games..."""
    with engine.connect() as connection:
        tournament = connection.execute(
            select(GameRecord.tournament_id)
            .where(col(GameRecord.tournament_id).is_not(None))
            .group_by(col(GameRecord.tournament_id))
            .order_by(sa.func.count().desc(), col(GameRecord.tournament_id))
            .limit(1)
        ).scalar_one()
        first_lexio = select(GameRecord.id).where(GameRecord.game == "lexio").limit(1_000)
        game = connection.execute(
            select(PackedLogRecord.game_id)
            .where(col(PackedLogRecord.game_id).in_(first_lexio))
            .order_by(sa.func.length(PackedLogRecord.log).desc(), col(PackedLogRecord.game_id))
            .limit(1)
        ).scalar_one()
        bot, name = connection.execute(
            select(SeatRecord.bot_id, BotRecord.name)
            .join(BotRecord, col(BotRecord.id) == col(SeatRecord.bot_id))
            .group_by(col(SeatRecord.bot_id), col(BotRecord.name))
            .order_by(sa.func.count().desc(), col(SeatRecord.bot_id))
            .limit(1)
        ).one()
    bot_filter = f"/games?bot={quote_plus(name)}"
    return [
        Page("home", "/"),
        Page("leaderboard", "/leaderboard"),
        Page("tournament (largest)", f"/tournaments/{tournament}"),
        Page("tournaments list", "/tournaments"),
        Page("replay (longest Lexio)", f"/games/{game}"),
        Page("bot (most games)", f"/bots/{bot}"),
        Page("games list", "/games"),
        Page("games: bot filter", bot_filter),
        Page("games: bot lost", f"{bot_filter}&result=lost"),
        Page("games: forfeits", "/games?ended_by=forfeit"),
        Page("games: tournament", f"/games?tournament={tournament}"),
    ]


def _fit_boards(engine: Engine) -> None:
    """Store the fit of each game's, variant's and tournament's board, as ``serve`` would."""
    with engine.connect() as connection:
        boards = connection.execute(
            select(GameRecord.game, GameRecord.variant, GameRecord.tournament_id).distinct()
        ).all()
    keys = {BoardKey(game) for game, _, _ in boards}
    keys |= {BoardKey(game, variant) for game, variant, _ in boards}
    keys |= {BoardKey(game, variant, tournament) for game, variant, tournament in boards}
    start = time.perf_counter()
    for key in sorted(keys, key=lambda key: key.text):
        fit_board_now(engine, key)
    print(f"fitted {len(keys)} boards in {time.perf_counter() - start:.0f} s", flush=True)


def _timing(
    connection: http.client.HTTPConnection, path: str, warmup: int, requests: int
) -> Timing:
    cold = _time_to_first_byte(connection, path)
    for _ in range(warmup):
        _time_to_first_byte(connection, path)
    return Timing(cold, [_time_to_first_byte(connection, path) for _ in range(requests)])


def _time_to_first_byte(connection: http.client.HTTPConnection, path: str) -> float:
    """Milliseconds from sending ``GET path`` to having its status line and headers."""
    start = time.perf_counter()
    connection.request("GET", path, headers=BROWSER_HEADERS)
    response = connection.getresponse()
    elapsed = time.perf_counter() - start
    body = response.read()
    if response.status != 200:
        raise SystemExit(f"GET {path}: {response.status} {body[:200]!r}")
    return elapsed * 1000


def _print_timings(timings: dict[Page, Timing]) -> None:
    columns = f"{'cold':>8} {'p50':>7} {'p95':>7} {'max':>7}"
    targets = f"p95 < {TARGET_P95_MS:.0f} ms, cold < {TARGET_COLD_MS:.0f} ms"
    print(f"{'time to first byte, ms':27} {'path':44} {columns}  {targets}")
    for page, timing in timings.items():
        p95 = timing.quantile(0.95)
        met = p95 < TARGET_P95_MS and timing.cold_ms < TARGET_COLD_MS
        verdict = "yes" if met else "NO"
        print(
            f"{page.label:27} {page.path:44} {timing.cold_ms:8.1f} {timing.quantile(0.5):7.1f} "
            f"{p95:7.1f} {max(timing.warm_ms):7.1f}  {verdict}"
        )


if __name__ == "__main__":
    main()
