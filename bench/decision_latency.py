"""Whether page traffic moves a bot's decision latency: p50 and p99, idle beside flooded.

    ./dev bench bench/decision_latency.py                  (about four minutes)
    ./dev run python bench/decision_latency.py --windows 2 --window-s 8     (quicker)

A real ``croupier serve --game cribbage`` runs on a temporary SQLite database, pairing
two remote bots (``examples/cribbage_random.py``, which answer at once) game after game.
The database also holds a long finished Lexio game (5 players, ``--rounds`` rounds, played
first with ``croupier match``), whose all-seats replay is the heavy download of the issue
(``/api/games/ID/replay?view=all``: about a second of work and a megabyte).

The run alternates windows of ``--window-s`` seconds, ``--windows`` times each: idle
(nobody asks the dashboard anything); flooded (``--clients`` anonymous clients, each
looping on the replay download: the issue's attack, which the dashboard answers from its
cache of finished games' replays once built); and uncached (the same, each download asking
from a step of its own, ``&since=N``, which no cache holds: the dashboard builds every one,
as for a flood over many games); and busy, the control: no page is asked for, and a process
spins at the lowest CPU priority, as much CPU as the flood's own process may take. The
clients stand for strangers on other machines: they run in a process of their own at the
lowest CPU priority (nice 19 and ``SCHED_IDLE``), so that what the bench measures is the
server's own processes sharing the machine, and the serve's budget of pages per address is
lifted (``--http-page-budget``), since they all come from one address: the flood does the
whole work of every download, as one from many addresses would. A decision's latency is
the one the referee stores (an action's ``latency_ms``, packed or not: from queueing the
request to the reply's arrival, which a busy referee reads late); each is counted in the
window it was asked in.
The p50 and p99 of each kind are printed side by side with their ratios to idle; the p99
holds if the flood moves it by at most 10%. The control says what any CPU used beside the
referee costs it on the machine, whatever its priority: on a 2-vCPU virtual machine, a
busy loop alone moved the p99 by a third and more.
"""

from __future__ import annotations

import argparse
import itertools
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from datetime import UTC, datetime
from pathlib import Path

import sqlalchemy as sa
from sqlmodel import Session, select

sys.path.append(str(Path(__file__).resolve().parents[1]))  # examples/ and tests/ too

from croupier_server.db import GameRecord, create_database_engine
from croupier_server.db.game_log import game_actions
from tests.server.referee.harness import example_command

CROUPIER = str(Path(sys.executable).with_name("croupier"))
EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
KEY_LINE = re.compile(r"its key \(shown once; give it to the bot as CROUPIER_TOKEN\): (\S+)")
HOLDS = 1.10
"""The flood may move the p99 by at most 10%."""
UNBUDGETED = 1_000_000
"""Pages a minute the flood's one address may fetch: no limit that binds."""


def main() -> None:
    """Run the windows and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--windows", type=int, default=3, help="windows of each kind")
    parser.add_argument("--window-s", type=float, default=15.0, help="seconds per window")
    parser.add_argument("--clients", type=int, default=8, help="concurrent downloaders")
    parser.add_argument("--rounds", type=int, default=20, help="rounds of the Lexio game")
    parser.add_argument("--flood", metavar="URL", help=argparse.SUPPRESS)  # the flood's process
    parser.add_argument("--uncached", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--busy", action="store_true", help=argparse.SUPPRESS)  # the control
    args = parser.parse_args()
    if args.busy:
        _busy()
        return
    if args.flood is not None:
        _flood(args.flood, args.clients, uncached=args.uncached)
        return
    with tempfile.TemporaryDirectory(prefix="croupier-latency-") as directory:
        database = f"sqlite:///{Path(directory) / 'latency.db'}"
        replay = _long_game(database, args.rounds)
        keys = [_remote_bot(database, name) for name in ("left", "right")]
        argv = [CROUPIER, "serve", "--listen", "127.0.0.1:0", "--http", "127.0.0.1:0"]
        argv += ["--http-page-budget", str(UNBUDGETED)]
        serve = _start([*argv, "--game", "cribbage", "--db", database])
        processes = [serve]
        try:
            address = _line(serve).split()[3]
            url = _line(serve).split()[1].rstrip("/")
            for key in keys:
                bot = [sys.executable, str(EXAMPLES / "cribbage_random.py")]
                processes.append(_start(bot, CROUPIER_ADDRESS=address, CROUPIER_TOKEN=key))
            download = f"{url}/api/games/{replay}/replay?view=all"
            size, seconds = _download(download)
            print(f"replay download: {size / 1e6:.2f} MB gzipped in {seconds * 1000:.0f} ms alone")
            windows = _windows(download, args)
        finally:
            for process in processes:
                process.terminate()
            for process in processes:
                process.communicate(timeout=60)
        _report(database, windows)


def _long_game(database: str, rounds: int) -> int:
    """A finished 5-player Lexio game of ``rounds`` rounds; its id."""
    bot = example_command("lexio_random")
    _croupier("bot", "add", "lexio_random", "--game", "lexio", "--command", bot, "--db", database)
    match = ["match", "--game", "lexio", "--players", "5", "--rounds", str(rounds)]
    _croupier(*match, *["--bot", "lexio_random"] * 5, "--seed", "7", "--db", database)
    engine = create_database_engine(database)
    with engine.connect() as connection:
        game_id = connection.execute(sa.text("select max(id) from game")).scalar_one()
    engine.dispose()
    return int(game_id)


def _remote_bot(database: str, name: str) -> str:
    out = _croupier("bot", "add", name, "--game", "cribbage", "--remote", "--db", database)
    found = KEY_LINE.search(out)
    assert found is not None, out
    return found.group(1)


def _croupier(*argv: str) -> str:
    done = subprocess.run([CROUPIER, *argv], capture_output=True, text=True, check=False)
    if done.returncode != 0:
        sys.exit(f"croupier {argv[0]} failed: {done.stderr.strip()}")
    return done.stdout


def _start(argv: list[str], **env: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        argv,
        env={**os.environ, **env},
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )


def _line(process: subprocess.Popen[str]) -> str:
    assert process.stdout is not None
    line = process.stdout.readline()
    if not line:
        sys.exit(f"croupier serve ended: status {process.wait()}")
    return line


def _download(url: str) -> tuple[int, float]:
    """Download ``url`` as a browser does (compressed); its size as sent, and the time taken."""
    start = time.perf_counter()
    asked = urllib.request.Request(url, headers={"Accept-Encoding": "gzip"})
    with urllib.request.urlopen(asked, timeout=120) as answer:
        size = len(answer.read())
    return size, time.perf_counter() - start


Window = tuple[str, datetime, datetime]
"""A window: its kind (:data:`KINDS`), and when it began and ended."""
KINDS = ("idle", "flooded", "uncached", "busy")
"""The windows: the dashboard idle, flooded with one download, flooded with uncached ones;
and the control, the dashboard idle beside a busy loop at the lowest priority."""
FLOODS = ("flooded", "uncached")


def _windows(download: str, args: argparse.Namespace) -> list[Window]:
    """Alternate the kinds of windows; each, with its times."""
    windows: list[Window] = []
    downloads = dict.fromkeys(FLOODS, 0)
    refused = 0
    for _ in range(args.windows):
        for kind in KINDS:
            flood = _start_load(download, args.clients, kind)
            begun = datetime.now(UTC)
            time.sleep(args.window_s)  # a bench's window, not a wait for an event
            ended = datetime.now(UTC)
            if flood is not None:
                done, failed = _stop_flood(flood)
                if kind in downloads:
                    downloads[kind] += done
                refused += failed
            windows.append((kind, begun, ended))
    for kind, done in downloads.items():
        print(f"{done} replay downloads in the {kind} windows ({args.clients} clients)")
    if refused:
        print(f"{refused} downloads were refused or failed")
    return windows


def _start_load(url: str, clients: int, kind: str) -> subprocess.Popen[str] | None:
    """The window's load, in a process at the lowest priority; ``None`` for an idle window.

    A flood is ``clients`` threads looping on ``url``; the control, a busy loop.
    """
    if kind == "idle":
        return None
    if kind == "busy":
        argv = [sys.executable, __file__, "--busy"]
    else:
        argv = [sys.executable, __file__, "--flood", url, "--clients", str(clients)]
    return subprocess.Popen(
        [*argv, *(["--uncached"] if kind == "uncached" else [])],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )


def _stop_flood(flood: subprocess.Popen[str]) -> tuple[int, int]:
    """Stop the flood; how many downloads it made, and how many failed."""
    out, _ = flood.communicate("", timeout=300)
    done, failed = out.split()
    return int(done), int(failed)


def _lowest_priority() -> None:
    """This process's CPU priority as low as there is: nice 19, and ``SCHED_IDLE``."""
    os.nice(19)
    os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))


def _busy() -> None:
    """Spin on one CPU at the lowest priority until standard input ends; print ``0 0``."""
    _lowest_priority()
    stop = threading.Event()

    def spin() -> None:
        while not stop.is_set():
            pass

    spinner = threading.Thread(target=spin, daemon=True)
    spinner.start()
    sys.stdin.read()
    stop.set()
    spinner.join()
    print(0, 0)


def _flood(url: str, clients: int, *, uncached: bool) -> None:
    """Download ``url`` from ``clients`` threads until standard input ends; print the counts.

    ``uncached``: each download from a step of its own, which no cache holds.
    """
    _lowest_priority()
    stop = threading.Event()
    counts = [[0, 0] for _ in range(clients)]
    steps = itertools.count(1)

    def loop(count: list[int]) -> None:
        while not stop.is_set():
            try:
                _download(f"{url}&since={next(steps)}" if uncached else url)
                count[0] += 1
            except OSError:  # a refusal (HTTPError) or a dropped connection
                count[1] += 1

    threads = [threading.Thread(target=loop, args=(count,), daemon=True) for count in counts]
    for thread in threads:
        thread.start()
    sys.stdin.read()
    stop.set()
    for thread in threads:
        thread.join()
    print(sum(count[0] for count in counts), sum(count[1] for count in counts))


def _report(database: str, windows: list[Window]) -> None:
    engine = create_database_engine(database)
    with Session(engine) as session:  # packed or journaled, as the store keeps them
        cribbage = select(GameRecord.id).where(GameRecord.game == "cribbage")
        rows = [
            (_utc(action.requested_at), action.latency_ms)
            for game_id in session.exec(cribbage)
            if game_id is not None
            for action in game_actions(session, game_id=game_id)
            if action.latency_ms is not None
        ]
    engine.dispose()
    latencies: dict[str, list[float]] = {kind: [] for kind in KINDS}
    for kind, begun, ended in windows:
        latencies[kind] += [latency for at, latency in rows if begun <= at < ended]
    figures = {kind: _percentiles(values) for kind, values in latencies.items()}
    _, idle_p50, idle_p99 = figures["idle"]
    heads = f"{'decisions':>10}{'p50 ms':>10}{'p99 ms':>10}{'p50 /idle':>11}{'p99 /idle':>11}"
    print(f"{'dashboard':<10}{heads}")
    for kind, (count, p50, p99) in figures.items():
        ratios = f"{p50 / idle_p50:>11.2f}{p99 / idle_p99:>11.2f}"
        print(f"{kind:<10}{count:>10}{p50:>10.2f}{p99:>10.2f}{ratios}")
    for kind in FLOODS:
        verdict = "holds" if figures[kind][2] / idle_p99 <= HOLDS else "does not hold"
        print(f"the {kind} flood moves p99 by at most 10%: {verdict}")
    control = figures["busy"][2] / idle_p99
    print(f"a busy loop at the lowest priority, no page asked for, moves it x{control:.2f}")


def _utc(value: datetime | str) -> datetime:
    at = datetime.fromisoformat(value) if isinstance(value, str) else value
    return at if at.tzinfo is not None else at.replace(tzinfo=UTC)


def _percentiles(values: list[float]) -> tuple[int, float, float]:
    if len(values) < 2:
        sys.exit("too few decisions were played to measure: lengthen --window-s")
    cuts = statistics.quantiles(values, n=100, method="inclusive")
    return len(values), cuts[49], cuts[98]


if __name__ == "__main__":
    main()
