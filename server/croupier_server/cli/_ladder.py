"""``croupier ladder``: open, list, show and close the ladders ``croupier serve`` plays."""

from __future__ import annotations

import argparse
import math
from collections.abc import Sequence
from typing import Any

from sqlmodel import Session

from croupier_server.board_fits import BoardKey
from croupier_server.cli._options import (
    add_database_option,
    add_limit_options,
    add_sealing_option,
    add_time_options,
    limits_from_args,
    open_database,
    positive_number,
    sealing_from_args,
    seed_number,
    time_control_from_args,
)
from croupier_server.cli._output import CliError, print_json
from croupier_server.cli._ratings import board_standings
from croupier_server.cli._rules import add_rules_options, rules_from_args
from croupier_server.db.ladder_games import get_ladder, list_ladders
from croupier_server.db.ladders import LadderRecord
from croupier_server.db.listings import ListedGame
from croupier_server.ladder.matchmaking import MatchRules
from croupier_server.ladder.opening import close_ladder, open_ladder
from croupier_server.ladder.progress import EntrantProgress, LadderProgress, ladder_progress
from croupier_server.referee.game import RefereeSettings
from croupier_server.standings import Standing
from croupier_server.tournament.settings import ProcessMode

__all__ = ["register"]

_RULES = MatchRules()


def register(commands: Any) -> None:
    """Add the ``ladder`` command and its subcommands."""
    ladder = commands.add_parser(
        "ladder", help="rated games among a game's active versions, played by croupier serve"
    )
    actions = ladder.add_subparsers(dest="action", required=True, metavar="ACTION")
    opening = actions.add_parser(
        "open",
        help="open a ladder of a game and its rules",
        description="Open a ladder: croupier serve then keeps playing rated games among the "
        "active versions of the game's submitted bots, its connected remote bots and the "
        "bots given --with, within a budget of games at once (docs/ladder.md).",
    )
    add_rules_options(opening)
    _add_open_options(opening)
    add_time_options(opening)
    add_limit_options(opening)
    add_sealing_option(opening)
    add_database_option(opening)
    opening.set_defaults(run=run_open)
    listing = actions.add_parser("list", help="list the ladders")
    listing.add_argument("--json", action="store_true")
    add_database_option(listing)
    listing.set_defaults(run=run_list)
    show = actions.add_parser(
        "show", help="a ladder's standings, bots, games playing and newest games"
    )
    show.add_argument("id", type=positive_number)
    show.add_argument("--json", action="store_true")
    add_database_option(show)
    show.set_defaults(run=run_show)
    close = actions.add_parser("close", help="close a ladder: it plays no more, its games stay")
    close.add_argument("id", type=positive_number)
    add_database_option(close)
    close.set_defaults(run=run_close)


def _add_open_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--concurrency",
        type=positive_number,
        default=2,
        help="the budget: games played at once (default 2)",
    )
    parser.add_argument("--seed", type=seed_number, help="the ladder's seed (default: random)")
    parser.add_argument(
        "--with",
        dest="with_bots",
        default="",
        metavar="A,B,...",
        help="the organiser's bots that play too, as fixed references (registered bots)",
    )
    parser.add_argument(
        "--processes",
        dest="process_mode",  # --max-processes, a limit, is args.processes
        choices=[str(mode) for mode in ProcessMode],
        default=str(ProcessMode.FAIR),
        help="how the bots' processes are used from game to game (as for a tournament)",
    )
    parser.add_argument(
        "--rating-deals",
        type=positive_number,
        default=_RULES.rating_deals,
        metavar="N",
        help="deals a new version plays before the others are chosen again "
        f"(default {_RULES.rating_deals})",
    )
    parser.add_argument(
        "--closeness-elo",
        type=_positive_float,
        default=_RULES.closeness_elo,
        metavar="ELO",
        help=f"how near in Elo opponents mostly are (default {_RULES.closeness_elo:g})",
    )
    parser.add_argument(
        "--unmet-boost",
        type=_positive_float,
        default=_RULES.unmet_boost,
        metavar="X",
        help="how much likelier an opponent never met is drawn, at least 1 "
        f"(default {_RULES.unmet_boost:g})",
    )


def _positive_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"expected a positive number, got {text}")
    return value


def run_open(args: argparse.Namespace) -> int:
    """Open the ladder; say how it will be played."""
    game = rules_from_args(args)
    referee = RefereeSettings(
        time_control=time_control_from_args(args),
        limits=limits_from_args(args),
        sealed=sealing_from_args(args),
    )
    try:
        rules = MatchRules(
            rating_deals=args.rating_deals,
            closeness_elo=args.closeness_elo,
            unmet_boost=args.unmet_boost,
        )
    except ValueError as error:
        raise CliError(str(error)) from None
    engine = open_database(args)
    record = open_ladder(
        engine,
        game=game,
        seed=args.seed,
        concurrency=args.concurrency,
        processes=ProcessMode(args.process_mode),
        with_bots=[name.strip() for name in args.with_bots.split(",") if name.strip()],
        rules=rules,
        referee=referee,
    )
    print(
        f"opened ladder {record.id} ({record.game}, {record.variant}), tournament "
        f"{record.tournament_id}; croupier serve plays it"
    )
    return 0


def run_list(args: argparse.Namespace) -> int:
    """List the ladders."""
    engine = open_database(args)
    with Session(engine) as session:
        rows = [
            _summary(ladder_progress(session, record, recent=1)) for record in list_ladders(session)
        ]
    if args.json:
        print_json(rows)
        return 0
    if not rows:
        print("no ladders (croupier ladder open --game GAME)")
    for row in rows:
        print(
            f"{row['id']:>4}  {row['game']:8} {row['variant']:12} {row['status']:6} "
            f"{row['finished']:>6} games  {row['playing']} playing  {row['bots']} bots"
        )
    return 0


def run_show(args: argparse.Namespace) -> int:
    """Show a ladder."""
    engine = open_database(args)
    with Session(engine) as session:
        record = _require(session, args.id)
        progress = ladder_progress(session, record)
    _, table = board_standings(engine, BoardKey(record.game, None, record.tournament_id))
    if args.json:
        print_json(_detail(progress, table))
        return 0
    _print_detail(progress, table)
    return 0


def run_close(args: argparse.Namespace) -> int:
    """Close a ladder."""
    record = close_ladder(open_database(args), args.id)
    print(f"ladder {record.id} is closed; its games and ratings stay")
    return 0


def _require(session: Session, ladder_id: int) -> LadderRecord:
    record = get_ladder(session, ladder_id=ladder_id)
    if record is None:
        raise CliError(f"no ladder {ladder_id} (see: croupier ladder list)")
    return record


def _summary(progress: LadderProgress) -> dict[str, Any]:
    record = progress.record
    return {
        "id": record.id,
        "game": record.game,
        "variant": record.variant,
        "options": record.options,
        "status": str(record.status),
        "tournament": record.tournament_id,
        "finished": progress.finished,
        "playing": len(progress.playing),
        "bots": sum(entrant.plays for entrant in progress.entrants),
        "created_at": record.created_at.isoformat(),
        "closed_at": None if record.closed_at is None else record.closed_at.isoformat(),
    }


def _detail(progress: LadderProgress, table: Sequence[Standing]) -> dict[str, Any]:
    settings = progress.settings
    return {
        **_summary(progress),
        "settings": {
            "seed": settings.seed,
            "concurrency": settings.concurrency,
            "processes": str(settings.processes),
            "with": list(settings.with_bots),
            **settings.rules.to_data(),
            "time_control": settings.time_control,
            "sealed": settings.sealed,
        },
        "games": {str(status): count for status, count in progress.counts.items()},
        "standings": [
            {
                "rank": line.rank,
                "bot": line.bot,
                "elo": round(line.elo, 1),
                "elo_interval": [round(line.elo_interval.low, 1), round(line.elo_interval.high, 1)],
                "games": line.games,
            }
            for line in table
        ],
        "entrants": [_entrant_data(entrant) for entrant in progress.entrants],
        "playing_games": [_game_data(game) for game in progress.playing],
        "recent_games": [_game_data(game) for game in progress.recent],
    }


def _entrant_data(entrant: EntrantProgress) -> dict[str, Any]:
    return {
        "bot": entrant.name,
        "kind": entrant.kind,
        "status": entrant.status,
        "detail": entrant.detail,
        "deals": entrant.deals,
        "games": entrant.games,
        "deals_needed": entrant.needed,
        "new": entrant.is_new,
    }


def _game_data(game: ListedGame) -> dict[str, Any]:
    return {
        "id": game.id,
        "schedule_number": game.schedule_number,
        "status": str(game.status),
        "bots": [seat.bot for seat in game.seats],
        "scores": [seat.score for seat in game.seats],
    }


def _print_detail(progress: LadderProgress, table: Sequence[Standing]) -> None:
    record, settings = progress.record, progress.settings
    print(
        f"ladder {record.id}: {record.game}, {record.variant} {record.options}, "
        f"{record.status}, tournament {record.tournament_id}"
    )
    print(
        f"  {settings.concurrency} games at once, processes {settings.processes}, "
        f"seed {settings.seed}; a new version plays {settings.rules.rating_deals} deals first"
    )
    counts = ", ".join(f"{count} {status}" for status, count in progress.counts.items())
    print(f"  chosen games: {counts}")
    print("\nstandings")
    if not table:
        print("  no finished games yet")
    for line in table:
        half = line.elo_interval.width / 2
        elo = f"{line.elo:>+6.0f} ± {half:<4.0f}"
        print(f"  {line.rank:>4}  {line.bot:24} {elo} {line.games:>6} games")
    print("\nbots")
    for entrant in progress.entrants:
        progressed = (
            f"{entrant.deals}/{entrant.needed} first deals"
            if entrant.is_new
            else (f"{entrant.deals} deals")
        )
        detail = f"  ({entrant.detail})" if entrant.detail else ""
        print(
            f"  {entrant.name:24} {entrant.kind:9} {entrant.status:9} {progressed:>18}, "
            f"{entrant.games} games{detail}"
        )
    print(f"\nplaying now: {len(progress.playing)}")
    for game in progress.playing:
        print(f"  game {game.id} #{game.schedule_number}: {', '.join(s.bot for s in game.seats)}")
    print("\nnewest games")
    for game in progress.recent:
        seats = ", ".join(
            f"{s.bot} {'' if s.score is None else s.score}".strip() for s in game.seats
        )
        print(f"  game {game.id} #{game.schedule_number} {game.status}: {seats}")
