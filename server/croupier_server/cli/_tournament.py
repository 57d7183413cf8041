"""``croupier tournament``: play a tournament of registered bots in any format, resumably."""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import time
from collections.abc import Callable
from typing import Any

from sqlalchemy import Engine
from sqlmodel import Session

from croupier_server import db
from croupier_server.board_fits import BoardKey
from croupier_server.cli._formats import add_format_options, format_settings_from_args
from croupier_server.cli._options import (
    add_database_option,
    add_limit_options,
    add_log_options,
    add_sealing_option,
    add_time_options,
    limits_from_args,
    logging_from_args,
    open_database,
    positive_number,
    require_sealed_seats,
    sealing_from_args,
    seed_number,
    time_control_from_args,
)
from croupier_server.cli._output import CliError, print_json
from croupier_server.cli._ratings import board_standings, print_standings, standings_data
from croupier_server.cli._rules import add_rules_options, rules_from_args
from croupier_server.cli._serving import referee_serving
from croupier_server.db import TournamentRecord, TournamentStatus
from croupier_server.db.errors import DatabaseFailure
from croupier_server.db.schedule import first_failure, schedule_counts
from croupier_server.db.tournaments import start_failure
from croupier_server.queueing.jobs import require_queue
from croupier_server.queueing.tournaments import (
    QueuedProgress,
    is_on_workers,
    queue_tournament,
    queued_progress,
)
from croupier_server.referee.game import RefereeSettings
from croupier_server.tournament.formats import format_names
from croupier_server.tournament.formats.ladder import LADDER_FORMAT
from croupier_server.tournament.records import (
    format_report,
    settings_of,
    total_games,
)
from croupier_server.tournament.runner import (
    BotDidNotStart,
    Progress,
    create_tournament,
    run_tournament,
)
from croupier_server.tournament.settings import ProcessMode

__all__ = ["play_stored", "play_tournament", "queue_on_workers", "register"]

_FOLLOW_SECONDS = 1.0
"""How often a tournament played by workers is looked at while it is followed."""


def register(commands: Any) -> None:
    """Add the ``tournament`` command and its subcommands."""
    tournament = commands.add_parser("tournament", help="play and inspect tournaments")
    actions = tournament.add_subparsers(dest="action", required=True, metavar="ACTION")
    run = actions.add_parser("run", help="play a new tournament")
    add_rules_options(run)
    run.add_argument("--bots", required=True, metavar="A,B,...", help="the entrants")
    add_format_options(run, format_names())
    run.add_argument("--seed", type=seed_number, help="the tournament seed (default: random)")
    add_time_options(run)
    run.add_argument(
        "--processes",
        dest="process_mode",  # --max-processes, a limit, is args.processes
        choices=[str(mode) for mode in ProcessMode],
        default=str(ProcessMode.FAIR),
        help="how the bots' processes are used from game to game: fair (the default), a "
        "process plays many games but never two of one deal; fresh, a process per seat of "
        "every game; reuse, any games, faster but unfair (see docs/tournaments.md)",
    )
    add_limit_options(run)
    add_sealing_option(run)
    _add_run_options(run)
    run.set_defaults(run=run_new)
    listing = actions.add_parser("list", help="list the tournaments")
    listing.add_argument("--json", action="store_true")
    add_database_option(listing)
    listing.set_defaults(run=run_list)
    show = actions.add_parser("show", help="a tournament's progress and standings")
    show.add_argument("id", type=positive_number)
    show.add_argument("--json", action="store_true")
    add_database_option(show)
    show.set_defaults(run=run_show)
    resume = actions.add_parser("resume", help="play the games a tournament has left")
    resume.add_argument("id", type=positive_number)
    _add_run_options(resume)
    resume.set_defaults(run=run_resume)


def _add_run_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--concurrency", type=positive_number, help="games at once (default: CPUs)")
    parser.add_argument(
        "--queue",
        action="store_true",
        help="queue the games for `croupier worker`s (PostgreSQL) rather than play them here",
    )
    parser.add_argument(
        "--detach", action="store_true", help="with --queue: return once the games are queued"
    )
    parser.add_argument("--listen", default="127.0.0.1:0", metavar="ADDRESS")
    parser.add_argument("--json", action="store_true", help="print the standings as JSON")
    add_database_option(parser)
    add_log_options(parser)


def run_new(args: argparse.Namespace) -> int:
    """Create the tournament, play it, print its standings."""
    game = rules_from_args(args)
    logging_from_args(args)
    engine = open_database(args)
    if args.queue:
        require_queue(engine)  # before the tournament is stored, which no one would play
    settings = RefereeSettings(
        time_control=time_control_from_args(args),
        limits=limits_from_args(args),
        sealed=sealing_from_args(args),
    )
    record = create_tournament(
        engine,
        game=game,
        bots=_names(args.bots),
        seed=args.seed if args.seed is not None else random.SystemRandom().randrange(2**63),
        format_settings=format_settings_from_args(args),
        concurrency=args.concurrency,
        settings=settings,
        processes=ProcessMode(args.process_mode),
    )
    assert record.id is not None
    if args.queue:
        return queue_on_workers(args, engine, record.id)
    return play_tournament(args, engine, record.id)


def run_resume(args: argparse.Namespace) -> int:
    """Play the games of a tournament that have not finished."""
    logging_from_args(args)
    engine = open_database(args)
    record = _require(engine, args.id)
    if record.format == LADDER_FORMAT:  # before its running games are aborted as a resume's
        raise CliError(f"tournament {args.id} holds a ladder's games: croupier ladder list")
    if args.queue:
        return queue_on_workers(args, engine, args.id)
    with Session(engine) as session:
        if is_on_workers(session, args.id):
            raise CliError(
                f"tournament {args.id} is played by workers: resume it there with "
                f"croupier tournament resume {args.id} --queue"
            )
    if settings_of(record).sealed:
        require_sealed_seats()  # it was started --sealed: it plays on so or not at all
    return play_tournament(args, engine, args.id)


def queue_on_workers(args: argparse.Namespace, engine: Engine, tournament_id: int) -> int:
    """Queue a tournament's games for the workers; unless ``--detach``, follow it to its end.

    ``args`` carries ``detach`` and ``json``. A Ctrl-C stops following; the workers play on.
    """
    queued = queue_tournament(engine, tournament_id)
    print(f"tournament {tournament_id}: {queued} games queued for the workers", file=sys.stderr)
    if args.detach:
        print(f"follow it: croupier tournament show {tournament_id}", file=sys.stderr)
        return 0
    report = _ProgressReport()
    started = time.monotonic()
    first = queued_progress(engine, tournament_id)
    try:
        while (
            progress := queued_progress(engine, tournament_id)
        ).status is TournamentStatus.RUNNING:
            report(_as_progress(progress, first.done, started))
            time.sleep(_FOLLOW_SECONDS)
    except KeyboardInterrupt:
        print(
            f"\nthe workers play on; follow it: croupier tournament show {tournament_id}",
            file=sys.stderr,
        )
        raise
    report(_as_progress(progress, first.done, started))
    status = _print_result(args, engine, _require(engine, tournament_id))
    if progress.failure:
        reason, *output = progress.failure.splitlines()
        if output:  # a bot that did not start: what it printed comes first
            print(progress.failure, file=sys.stderr)
        raise CliError(
            f"tournament {tournament_id} stopped: {reason}; once the cause is gone: "
            f"croupier tournament resume {tournament_id} --queue"
        )
    return status


def _as_progress(progress: QueuedProgress, done_before: int, started: float) -> Progress:
    """A tournament on workers' progress as the progress bar shows a local run's."""
    return Progress(
        progress.done, progress.total, progress.done - done_before, time.monotonic() - started
    )


def run_list(args: argparse.Namespace) -> int:
    """List the tournaments."""
    engine = open_database(args)
    with Session(engine) as session:
        rows = [_summary(session, record) for record in db.list_tournaments(session)]
    if args.json:
        print_json(rows)
        return 0
    for row in rows:
        games = f"{row['finished']}" + ("" if row["games"] is None else f"/{row['games']}")
        print(
            f"{row['id']:>4}  {row['game']:8} {row['format']:12} {row['status']:11} "
            f"{games} games  {', '.join(row['bots'])}"
        )
    return 0


def run_show(args: argparse.Namespace) -> int:
    """Show a tournament's progress and standings."""
    engine = open_database(args)
    record = _require(engine, args.id)
    return _print_result(args, engine, record)


def play_tournament(args: argparse.Namespace, engine: Engine, tournament_id: int) -> int:
    """Play what is left of a tournament with a progress report, then print its standings.

    ``args`` carries ``listen``, ``concurrency`` and ``json``.

    Raises:
        CliError: the database failed; the message says how to resume the tournament.
    """
    play_stored(args, engine, tournament_id, _ProgressReport())
    return _print_result(args, engine, _require(engine, tournament_id))


def play_stored(
    args: argparse.Namespace,
    engine: Engine,
    tournament_id: int,
    progress: Callable[[Progress], None],
) -> Progress:
    """Play what is left of a stored tournament, telling ``progress`` after every game.

    ``args`` carries ``listen`` and ``concurrency``. A Ctrl-C, a failure of the
    database, or a bot that does not start in its first games says how to resume the
    tournament.

    Raises:
        CliError: the database failed, or a bot did not start (what it printed, and why, is
            printed first: a line naming the bot and why, then its output lines, indented).
    """
    print(f"tournament {tournament_id}", file=sys.stderr)

    async def play() -> Progress:
        async with referee_serving(engine, args.listen) as server:
            return await run_tournament(
                engine,
                server,
                tournament_id=tournament_id,
                concurrency=args.concurrency,
                progress=progress,
            )

    try:
        return asyncio.run(play())
    except KeyboardInterrupt:
        print(f"\nresume it: croupier tournament resume {tournament_id}", file=sys.stderr)
        raise
    except DatabaseFailure as failure:
        raise CliError(
            f"{failure}; tournament {tournament_id} stopped, resume it once the cause is gone: "
            f"croupier tournament resume {tournament_id}"
        ) from failure
    except BotDidNotStart as stopped:
        print(stopped.failure, file=sys.stderr)
        raise CliError(
            f"tournament {tournament_id} stopped: bot {stopped.failure.bot} did not start (game "
            f"{stopped.game_id} was not played); once it starts: croupier tournament resume "
            f"{tournament_id}"
        ) from None


def _print_result(args: argparse.Namespace, engine: Engine, record: TournamentRecord) -> int:
    with Session(engine) as session:
        summary = _summary(session, record)
        report = format_report(session, record)
    _, table = board_standings(engine, BoardKey(record.game, None, record.id))
    if args.json:
        print_json({**summary, "standings": standings_data(table)})
        return 0
    games = f"{summary['finished']}" + ("" if summary["games"] is None else f"/{summary['games']}")
    print(
        f"tournament {summary['id']}: {record.game} {record.options} {record.format}, "
        f"{summary['status']}, {games} games"
    )
    print(f"  Processes: {summary['processes']}")
    if summary["stopped"]:
        reason, *output = summary["stopped"].splitlines()
        print(f"  Stopped: {reason}", *(f"  {line}" for line in output), sep="\n")
    queue = summary.get("queue")
    if queue is not None:
        counts = ", ".join(f"{count} {status}" for status, count in queue["games"].items())
        print(
            f"  On workers: {counts}"
            + (f"; failed: {queue['failure']}" if queue["failure"] else "")
        )
    for row in report.rows:
        print(f"  {row.label}: {row.value}" + (f" ({row.note})" if row.note else ""))
    print_standings(table)
    return 0


def _summary(session: Session, record: TournamentRecord) -> dict[str, Any]:
    assert record.id is not None
    settings = settings_of(record)
    finished = len(db.finished_schedule_numbers(session, tournament_id=record.id))
    done = record.status == TournamentStatus.FINISHED
    return {
        "id": record.id,
        "game": record.game,
        "options": record.options,
        "format": record.format,
        "status": str(record.status),
        "bots": list(settings.bots),
        "settings": settings.format_settings.to_data(),
        "seed": settings.seed,
        "processes": str(settings.processes),
        "limits": settings.limits,
        "games": finished if done else total_games(record),
        "finished": finished,
        "stopped": _stopped(session, record),
        "created_at": record.created_at.isoformat(),
        **_queue_summary(session, record.id),
    }


def _stopped(session: Session, record: TournamentRecord) -> str:
    """Why an interrupted tournament stopped on a bot that did not start; empty otherwise."""
    assert record.id is not None
    if record.status is not TournamentStatus.INTERRUPTED or is_on_workers(session, record.id):
        return ""  # on workers, its failed game says why (``queue``)
    return start_failure(session, tournament_id=record.id)


def _queue_summary(session: Session, tournament_id: int) -> dict[str, Any]:
    """Where the games of a tournament on workers stand; nothing for one played here."""
    if not is_on_workers(session, tournament_id):
        return {}
    counts = schedule_counts(session, tournament_id=tournament_id)
    return {
        "queue": {
            "games": {str(status): count for status, count in counts.items()},
            "failure": first_failure(session, tournament_id=tournament_id),
        }
    }


class _ProgressReport:
    """A progress bar on a terminal; a plain line every tenth of the games otherwise."""

    def __init__(self) -> None:
        self._tty = sys.stderr.isatty()
        self._last_tenth = -1

    def __call__(self, progress: Progress) -> None:
        eta = progress.eta_s
        left = f"{eta:.0f}s left" if eta is not None else "?"
        # A format that decides as it goes has no total yet: its games so far fill the bar.
        total = progress.done if progress.total is None else progress.total
        games = f"{progress.done}" if progress.total is None else f"{progress.done}/{total}"
        text = f"{games} games  {progress.rate:.2f} games/s  {left}"
        if self._tty:
            width = 30
            filled = width * progress.done // max(total, 1)
            bar = "#" * filled + "-" * (width - filled)
            end = "\n" if progress.done == progress.total else ""
            print(f"\r[{bar}] {text}", end=end, file=sys.stderr, flush=True)
            return
        tenth = 10 * progress.done // max(total, 1)
        if tenth != self._last_tenth:
            self._last_tenth = tenth
            print(text, file=sys.stderr, flush=True)


def _require(engine: Engine, tournament_id: int) -> TournamentRecord:
    with Session(engine) as session:
        record = db.get_tournament(session, tournament_id=tournament_id)
    if record is None:
        raise CliError(f"no tournament {tournament_id} (see: croupier tournament list)")
    return record


def _names(text: str) -> list[str]:
    names = [name.strip() for name in text.split(",") if name.strip()]
    if not names:
        raise CliError("expected comma-separated bot names")
    return names
