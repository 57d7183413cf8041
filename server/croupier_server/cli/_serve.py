"""``croupier serve``: the referee and the dashboard on one database, playing what is asked.

The server plays the tournaments queued through the dashboard (``POST /api/tournaments``
or its form), oldest first, one at a time, as ``croupier tournament resume`` plays a
stored tournament; one it is stopped in the middle of is queued again, for the next
``serve`` to finish. It also plays the open ladders (``croupier ladder``, docs/ladder.md)
without end. With ``--queue`` it hands their games to the workers instead
(``croupier worker``, on PostgreSQL).

Remote bots (``croupier bot add NAME --remote``) connect with their key; those registered
through this server's dashboard are admitted at once, others after a restart. With
``--game``, the server also pairs them: whenever enough distinct remote bots of the game
(registered when it started) are connected and idle, a game between a random choice of
them is played and recorded, lichess-style.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
from functools import partial
from typing import Any

from sqlalchemy import Engine
from sqlmodel import Session

from croupier.games import Game
from croupier_server import db
from croupier_server.board_fits import BoardFitter
from croupier_server.cli._dashboard_processes import (
    DashboardSettings,
    dashboard_processes_serving,
)
from croupier_server.cli._metrics import watch_backlog
from croupier_server.cli._options import (
    add_access_options,
    add_dashboard_options,
    add_database_option,
    add_log_options,
    add_metrics_option,
    add_sealing_option,
    add_tls_options,
    http_limits_from_args,
    logging_from_args,
    metrics_from_args,
    open_database,
    open_to_submissions,
    positive_number,
    sealing_from_args,
    seed_number,
    tls_from_args,
    tls_trust_line,
)
from croupier_server.cli._output import CliError
from croupier_server.cli._rules import add_rules_options, given_rules, rules_from_args
from croupier_server.cli._serving import (
    DashboardTokens,
    dashboard_tokens,
    referee_serving,
    remote_admitter,
)
from croupier_server.cli._submissions import (
    add_submission_options,
    submission_settings_from_args,
)
from croupier_server.db import BotKind, BotRecord, database_url
from croupier_server.ladder.serving import play_open_ladders
from croupier_server.matchmaking import pair_remote_bots
from croupier_server.person_tables.host import MAX_TABLES_PER_CLIENT, TableHost
from croupier_server.queueing.jobs import require_queue
from croupier_server.queueing.tournaments import queue_tournament
from croupier_server.referee.game import RefereeSettings
from croupier_server.referee.tls import TlsCredentials
from croupier_server.referee_link import RefereeSide
from croupier_server.second_opinion import ServerSecondOpinions
from croupier_server.settings import SubmissionSettings
from croupier_server.submissions.checker import check_versions
from croupier_server.submissions.preparing import restore_active_versions
from croupier_server.tournament.queue import play_queued_tournaments
from croupier_server.web.play import TablesOpenTo

__all__ = ["register"]


def register(commands: Any) -> None:
    """Add the ``serve`` command."""
    serve = commands.add_parser(
        "serve",
        help="run the referee and the dashboard: play queued tournaments and ladders, pair "
        "remote bots",
        description="Run the referee and the dashboard. Plays the tournaments queued through "
        "the dashboard and the open ladders; with --game, also plays games among the remote "
        "bots connected.",
    )
    serve.add_argument(
        "--listen",
        default="127.0.0.1:50051",
        metavar="ADDRESS",
        help="where bots connect (default: 127.0.0.1:50051)",
    )
    add_tls_options(serve)
    add_rules_options(serve, required=False)
    serve.add_argument(
        "--games", type=positive_number, help="stop after this many games of remote bots"
    )
    serve.add_argument(
        "--seed", type=seed_number, help="seed of the remote bots' pairing and deals"
    )
    add_sealing_option(serve)
    serve.add_argument(
        "--queue",
        action="store_true",
        help="queue the games of the tournaments asked for through the dashboard, and of the "
        "open ladders, for `croupier worker`s (PostgreSQL) rather than play them here",
    )
    add_dashboard_options(serve, optional=True)
    serve.add_argument(
        "--http-processes",
        type=positive_number,
        default=1,
        metavar="N",
        help="how many processes serve the dashboard, beside the referee's and at a lower "
        "CPU priority, sharing its address (default: 1)",
    )
    add_access_options(serve)
    serve.add_argument(
        "--sign-up",
        action="store_true",
        help="let people sign up as authors on the dashboard (/signup, POST /api/authors; "
        "limited per address); without it, `croupier author add` adds them",
    )
    serve.add_argument(
        "--tables",
        choices=[who.value for who in TablesOpenTo],
        default=TablesOpenTo.ADMIN.value,
        help="who may open a table on the dashboard and play against the bots (/play): the "
        "admin (default), authors too, or anyone",
    )
    serve.add_argument(
        "--away-s",
        type=positive_number,
        default=30,
        metavar="SECONDS",
        help="how long a person's seat may have no page open before its stand-in bot plays "
        "it or it is forfeited, as its table says (default: 30)",
    )
    serve.add_argument(
        "--tables-per-client",
        type=positive_number,
        default=MAX_TABLES_PER_CLIENT,
        metavar="N",
        help="how many tables one client (an author, or a guest's address) may have playing "
        f"at once; the admin's are not counted (default: {MAX_TABLES_PER_CLIENT})",
    )
    add_submission_options(serve)
    add_database_option(serve)
    add_log_options(serve)
    add_metrics_option(serve)
    serve.set_defaults(run=run_serve)


def run_serve(args: argparse.Namespace) -> int:
    """Serve until interrupted (or until ``--games`` games of remote bots are played)."""
    game = _pairing_rules(args)
    if args.sign_up and args.no_dashboard:
        raise CliError("--sign-up is for the dashboard, which --no-dashboard leaves out")
    tls = tls_from_args(args)
    submitting = submission_settings_from_args(args)
    tokens = None if args.no_dashboard else dashboard_tokens(read_protected=args.read_token)
    logging_from_args(args)
    engine = open_database(args)
    sealing_from_args(args, implied_by=open_to_submissions(args, engine))
    if args.queue:
        require_queue(engine)
    bots: dict[str, BotRecord] = {}
    if game is not None:
        bots = _remote_bots(engine, game)
        if len(bots) < game.num_players:
            raise CliError(
                f"{game.num_players} remote {game.name} bots are needed, {len(bots)} registered "
                "(croupier bot add NAME --game GAME --remote)"
            )
    asyncio.run(_serve(engine, args, tokens, game, bots, submitting=submitting, tls=tls))
    return 0


def _pairing_rules(args: argparse.Namespace) -> Game[Any] | None:
    """The rules of the remote bots' games, if ``--game`` asks for them."""
    if args.game is not None:
        return rules_from_args(args)
    stray = given_rules(args) + [
        f"--{name}" for name in ("games", "seed") if getattr(args, name) is not None
    ]
    if stray:
        raise CliError(f"{', '.join(stray)}: options of the remote bots' games, which need --game")
    return None


def _remote_bots(engine: Engine, game: Game[Any]) -> dict[str, BotRecord]:
    with Session(engine) as session:
        return {
            bot.name: bot
            for bot in db.list_bots(session, game=game.name)
            if bot.kind is BotKind.REMOTE
        }


async def _serve(
    engine: Engine,
    args: argparse.Namespace,
    tokens: DashboardTokens | None,
    game: Game[Any] | None,
    bots: dict[str, BotRecord],
    *,
    submitting: SubmissionSettings,
    tls: TlsCredentials | None,
) -> None:
    async with contextlib.AsyncExitStack() as stack:
        server = await stack.enter_async_context(referee_serving(engine, args.listen, tls=tls))
        pairing = f" for remote {game.name} bots: {', '.join(bots)}" if game is not None else ""
        print(f"referee listening on {server.address}{pairing}", flush=True)
        if (trust := tls_trust_line(tls)) is not None:
            print(trust, flush=True)
        tables = TableHost(
            engine,
            server,
            settings=RefereeSettings(sealed=args.sealed),
            away_s=args.away_s,
            max_tables_per_client=args.tables_per_client,
        )
        stack.push_async_callback(tables.close)
        dashboard_failed: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        if tokens is not None:
            side = RefereeSide(
                tables=tables,
                second_opinions=ServerSecondOpinions(engine, server, sealed=args.sealed),
                admit_remote=remote_admitter(engine, server.registry),
            )
            dashboard = await stack.enter_async_context(
                dashboard_processes_serving(
                    args.http,
                    _dashboard_settings(args, tokens, submitting),
                    side,
                    count=args.http_processes,
                )
            )
            print(f"dashboard: {dashboard.url}", *tokens.shown_once, sep="\n", flush=True)
            dashboard_failed = dashboard.failed
        watch_backlog(engine)
        if (metrics := metrics_from_args(args)) is not None:
            print(f"metrics: {metrics}", flush=True)
        await asyncio.to_thread(restore_active_versions, engine, submitting)
        checker = asyncio.create_task(
            check_versions(engine, server, settings=submitting, sealed=args.sealed)
        )
        queue = asyncio.create_task(
            play_queued_tournaments(
                engine,
                server,
                sealed=args.sealed,
                hand_over=partial(queue_tournament, engine) if args.queue else None,
            )
        )
        fitter = asyncio.create_task(BoardFitter(engine).run())
        ladders = asyncio.create_task(
            play_open_ladders(engine, server, on_workers=args.queue, sealed=args.sealed)
        )
        work = queue
        if game is not None:
            work = asyncio.create_task(
                pair_remote_bots(engine, server, game, bots, games=args.games, seed=args.seed)
            )
        try:
            await asyncio.wait([work, dashboard_failed], return_when=asyncio.FIRST_COMPLETED)
            if dashboard_failed.done():
                dashboard_failed.result()  # serve stops with the reason the dashboard stopped
            await work
        finally:
            for task in (work, queue, ladders, fitter, checker):
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task


def _dashboard_settings(
    args: argparse.Namespace, tokens: DashboardTokens, submitting: SubmissionSettings
) -> DashboardSettings:
    """The dashboard the options ask for."""
    return DashboardSettings(
        database_url=database_url(args.db),
        admin_token=tokens.tokens.admin,
        read_token=tokens.tokens.read,
        sign_up=args.sign_up,
        tables_open_to=TablesOpenTo(args.tables),
        submissions=submitting,
        http_limits=http_limits_from_args(args),
        log_format=args.log_format,
        verbose=args.verbose,
    )
