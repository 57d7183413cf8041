"""``croupier tournament``: play a schedule of games between registered bots, resumably."""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
from typing import Any

from sqlalchemy import Engine
from sqlmodel import Session

from croupier_server.cli._options import (
    add_database_option,
    add_limit_options,
    add_sealing_option,
    add_time_options,
    limits_from_args,
    open_database,
    positive_number,
    require_sealed_seats,
    sealing_from_args,
    seed_number,
    time_control_from_args,
)
from croupier_server.cli._output import CliError, print_json
from croupier_server.cli._ratings import print_standings, standings_data
from croupier_server.cli._rules import add_rules_options, rules_from_args
from croupier_server.cli._serving import referee_serving
from croupier_server.db import TournamentRecord, repository
from croupier_server.db.errors import DatabaseFailure
from croupier_server.referee.match import MatchSettings
from croupier_server.standings import standings
from croupier_server.tournament.runner import (
    Progress,
    create_tournament,
    run_tournament,
    tournament_schedule,
)
from croupier_server.tournament.schedule import ScheduleFormat

__all__ = ["play_tournament", "register"]


def register(commands: Any) -> None:
    """Add the ``tournament`` command and its subcommands."""
    tournament = commands.add_parser("tournament", help="play and inspect tournaments")
    actions = tournament.add_subparsers(dest="action", required=True, metavar="ACTION")
    run = actions.add_parser("run", help="play a new tournament")
    add_rules_options(run)
    run.add_argument("--bots", required=True, metavar="A,B,...", help="the entrants")
    run.add_argument("--deals", type=positive_number, default=10, help="deals per pair (or tables)")
    run.add_argument(
        "--format", choices=[str(f) for f in ScheduleFormat], default=ScheduleFormat.ROUND_ROBIN
    )
    run.add_argument("--gauntlet", metavar="BOT,...", help="the gauntlet's challengers")
    run.add_argument("--no-duplicate", action="store_true", help="play each deal once")
    run.add_argument("--seed", type=seed_number, help="the tournament seed (default: random)")
    add_time_options(run)
    run.add_argument(
        "--reuse-processes",
        action="store_true",
        help="keep each bot's processes running from game to game: faster, but a bot may "
        "remember a deal it plays again (see docs/tournaments.md)",
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
    parser.add_argument("--listen", default="127.0.0.1:0", metavar="ADDRESS")
    parser.add_argument("--json", action="store_true", help="print the standings as JSON")
    add_database_option(parser)


def run_new(args: argparse.Namespace) -> int:
    """Create the tournament, play it, print its standings."""
    game = rules_from_args(args)
    engine = open_database(args)
    settings = MatchSettings(
        time_control=time_control_from_args(args),
        limits=limits_from_args(args),
        sealed=sealing_from_args(args),
    )
    challengers = _names(args.gauntlet) if args.gauntlet else []
    if challengers and args.format != ScheduleFormat.GAUNTLET:
        raise CliError("--gauntlet needs --format gauntlet")
    record = create_tournament(
        engine,
        game=game,
        bots=_names(args.bots),
        deals=args.deals,
        seed=args.seed if args.seed is not None else random.SystemRandom().randrange(2**63),
        schedule_format=ScheduleFormat(args.format),
        challengers=challengers,
        duplicate=not args.no_duplicate,
        concurrency=args.concurrency,
        settings=settings,
        reuse_processes=args.reuse_processes,
    )
    assert record.id is not None
    return play_tournament(args, engine, record.id)


def run_resume(args: argparse.Namespace) -> int:
    """Play the games of a tournament that have not finished."""
    engine = open_database(args)
    record = _require(engine, args.id)
    if record.settings.get("sealed"):
        require_sealed_seats()  # it was started --sealed: it plays on so or not at all
    return play_tournament(args, engine, args.id)


def run_list(args: argparse.Namespace) -> int:
    """List the tournaments."""
    engine = open_database(args)
    with Session(engine) as session:
        rows = [_summary(session, record) for record in repository.list_tournaments(session)]
    if args.json:
        print_json(rows)
        return 0
    for row in rows:
        print(
            f"{row['id']:>4}  {row['game']:8} {row['format']:12} {row['status']:11} "
            f"{row['finished']}/{row['games']} games  {', '.join(row['bots'])}"
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
    print(f"tournament {tournament_id}", file=sys.stderr)

    async def play() -> Progress:
        async with referee_serving(engine, args.listen) as server:
            return await run_tournament(
                engine,
                server,
                tournament_id=tournament_id,
                concurrency=args.concurrency,
                progress=_ProgressReport(),
            )

    try:
        asyncio.run(play())
    except KeyboardInterrupt:
        print(f"\nresume it: croupier tournament resume {tournament_id}", file=sys.stderr)
        raise
    except DatabaseFailure as failure:
        raise CliError(
            f"{failure}; tournament {tournament_id} stopped, resume it once the cause is gone: "
            f"croupier tournament resume {tournament_id}"
        ) from failure
    return _print_result(args, engine, _require(engine, tournament_id))


def _print_result(args: argparse.Namespace, engine: Engine, record: TournamentRecord) -> int:
    with Session(engine) as session:
        summary = _summary(session, record)
        table = standings(session, game=record.game, tournament_id=record.id)
    if args.json:
        print_json({**summary, "standings": standings_data(table)})
        return 0
    print(
        f"tournament {summary['id']}: {record.game} {record.options} {record.format}, "
        f"{summary['status']}, {summary['finished']}/{summary['games']} games"
    )
    print_standings(table)
    return 0


def _summary(session: Session, record: TournamentRecord) -> dict[str, Any]:
    assert record.id is not None
    _, games = tournament_schedule(record)
    finished = repository.finished_schedule_numbers(session, tournament_id=record.id)
    return {
        "id": record.id,
        "game": record.game,
        "options": record.options,
        "format": record.format,
        "status": str(record.status),
        "bots": record.settings["bots"],
        "deals": record.settings["deals"],
        "seed": record.settings["seed"],
        "reuse_processes": record.settings.get("reuse_processes", False),
        "limits": record.settings.get("limits", {}),
        "games": len(games),
        "finished": len(finished),
        "created_at": record.created_at.isoformat(),
    }


class _ProgressReport:
    """A progress bar on a terminal; a plain line every tenth of the games otherwise."""

    def __init__(self) -> None:
        self._tty = sys.stderr.isatty()
        self._last_tenth = -1

    def __call__(self, progress: Progress) -> None:
        eta = progress.eta_s
        left = f"{eta:.0f}s left" if eta is not None else "?"
        text = f"{progress.done}/{progress.total} games  {progress.rate:.2f} games/s  {left}"
        if self._tty:
            width = 30
            filled = width * progress.done // max(progress.total, 1)
            bar = "#" * filled + "-" * (width - filled)
            end = "\n" if progress.done == progress.total else ""
            print(f"\r[{bar}] {text}", end=end, file=sys.stderr, flush=True)
            return
        tenth = 10 * progress.done // max(progress.total, 1)
        if tenth != self._last_tenth:
            self._last_tenth = tenth
            print(text, file=sys.stderr, flush=True)


def _require(engine: Engine, tournament_id: int) -> TournamentRecord:
    with Session(engine) as session:
        record = repository.get_tournament(session, tournament_id=tournament_id)
    if record is None:
        raise CliError(f"no tournament {tournament_id} (see: croupier tournament list)")
    return record


def _names(text: str) -> list[str]:
    names = [name.strip() for name in text.split(",") if name.strip()]
    if not names:
        raise CliError("expected comma-separated bot names")
    return names
