"""``croupier ratings``: Elo, margins, faults and decision times of the bots of a game."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from sqlalchemy import Engine
from sqlmodel import Session

from croupier_server import db
from croupier_server.board_fits import Board, BoardKey, fresh_board
from croupier_server.cli._options import add_database_option, open_database, positive_number
from croupier_server.cli._output import CliError, print_json
from croupier_server.cli._rules import add_game_option
from croupier_server.clock import utc_now
from croupier_server.db import statistics
from croupier_server.ratings import HeadToHead
from croupier_server.standings import Standing, with_latencies

__all__ = ["board_standings", "print_head_to_head", "print_standings", "register", "standings_data"]


def register(commands: Any) -> None:
    """Add the ``ratings`` command."""
    ratings = commands.add_parser("ratings", help="the bots' ratings from their finished games")
    add_game_option(ratings)
    ratings.add_argument(
        "--tournament", type=positive_number, metavar="ID", help="this tournament only"
    )
    ratings.add_argument(
        "--head-to-head",
        action="store_true",
        help="also the results of every two bots: games, score ± 95%%, likelihood of superiority",
    )
    ratings.add_argument("--json", action="store_true", help="print the table as JSON")
    add_database_option(ratings)
    ratings.set_defaults(run=run_ratings)


def run_ratings(args: argparse.Namespace) -> int:
    """Print the ratings table: the board's stored fit when it covers the games, else made now."""
    engine = open_database(args)
    with Session(engine) as session:
        if args.tournament is not None and not db.get_tournament(
            session, tournament_id=args.tournament
        ):
            raise CliError(f"no tournament {args.tournament}")
    board, table = board_standings(engine, BoardKey(args.game, None, args.tournament))
    pairs = dict(board.head_to_head) if args.head_to_head else {}
    if args.json:
        data: dict[str, Any] = {"standings": standings_data(table)}
        if args.head_to_head:
            data["head_to_head"] = [_pair_data(pair) for pair in pairs.values()]
        print_json(data if args.head_to_head else data["standings"])
        return 0
    if table:
        print(board.as_of(utc_now()))
    print_standings(table)
    if args.head_to_head:
        print_head_to_head([row.bot for row in table], pairs)
    return 0


def board_standings(engine: Engine, key: BoardKey) -> tuple[Board, list[Standing]]:
    """The board's fit (stored if it covers the games, else made now), and its standings.

    The standings carry each bot's decision times.

    Raises:
        DatabaseFailure: the database failed.
    """
    board = fresh_board(engine, key)
    with Session(engine) as session:
        latencies = statistics.bot_latencies(
            session, game=key.game, variant=key.variant, tournament_id=key.tournament_id
        )
    return board, with_latencies(board.standings, latencies)


def print_head_to_head(bots: Sequence[str], pairs: dict[tuple[str, str], HeadToHead]) -> None:
    """Print each bot's results against each other, in standings order."""
    print("\nhead to head (row against column): score % ± 95%, likelihood of superiority")
    print(" " * 20 + "".join(f"{bot[:18]:>20}" for bot in bots))
    for bot in bots:
        cells = []
        for opponent in bots:
            pair = pairs.get((bot, opponent))
            if pair is None or pair.games == 0:
                cells.append(f"{'-':>20}")
                continue
            half = 100 * pair.interval.width / 2
            cells.append(f"{100 * pair.score:>6.1f}±{half:<4.1f} LOS {100 * pair.los:3.0f}%")
        print(f"{bot[:20]:20}" + "".join(f"{cell:>20}" for cell in cells))


def _pair_data(pair: HeadToHead) -> dict[str, Any]:
    return {
        "bot": pair.bot,
        "opponent": pair.opponent,
        "games": round(pair.games, 3),
        "score": round(pair.score, 4),
        "score_interval": [round(pair.interval.low, 4), round(pair.interval.high, 4)],
        "los": round(pair.los, 4),
    }


def standings_data(table: Sequence[Standing]) -> list[dict[str, Any]]:
    """The standings as JSON values."""
    return [
        {
            "rank": row.rank,
            "bot": row.bot,
            "elo": round(row.elo, 1),
            "elo_interval": [round(row.elo_interval.low, 1), round(row.elo_interval.high, 1)],
            "games": row.games,
            "score": round(row.score, 4),
            "margin": round(row.margin, 3),
            "margin_interval": (
                None
                if row.margin_interval is None
                else [round(row.margin_interval.low, 3), round(row.margin_interval.high, 3)]
            ),
            "faults": row.faults,
            "latency_ms": (
                dict(zip(("p50", "p95", "max"), row.latency_ms, strict=True))
                if row.latency_ms
                else None
            ),
        }
        for row in table
    ]


def print_standings(table: Sequence[Standing]) -> None:
    """Print the standings as a table."""
    if not table:
        print("no finished games")
        return
    print(
        f"{'rank':>4}  {'bot':20} {'elo':>6} {'± 95%':>7} {'games':>6} {'score':>6} "
        f"{'margin':>8} {'± 95%':>7}  {'t/o':>4} {'ill':>4} {'crash':>5} {'forf':>4}  "
        f"{'p50 ms':>7} {'p95 ms':>7} {'max ms':>7}"
    )
    for row in table:
        elo_half = row.elo_interval.width / 2
        # Fewer deals than a bootstrap needs: no interval (n/a).
        margin_half = f"{row.margin_interval.width / 2:.2f}" if row.margin_interval else "n/a"
        latency = row.latency_ms or (float("nan"),) * 3
        faults = row.faults
        print(
            f"{row.rank:>4}  {row.bot:20} {row.elo:>6.0f} {elo_half:>7.0f} {row.games:>6} "
            f"{row.score:>6.1%} {row.margin:>8.2f} {margin_half:>7}  "
            f"{faults['timeouts']:>4} {faults['illegal']:>4} {faults['crashes']:>5} "
            f"{faults['forfeits']:>4}  {latency[0]:>7.1f} {latency[1]:>7.1f} {latency[2]:>7.1f}"
        )
