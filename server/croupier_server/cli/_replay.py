"""``croupier replay``: a stored game as text, from one seat's view or with all hands open.

``--logs`` adds each decision's comment and what the bots wrote (see :mod:`._replay_logs`).
"""

from __future__ import annotations

import argparse
from typing import Any, Literal

from sqlmodel import Session

from croupier_server.cli._common import (
    CliError,
    add_database_option,
    open_database,
    positive_number,
    print_json,
)
from croupier_server.cli._replay_logs import event_line, logs_data, print_steps, printable
from croupier_server.db import GameRecord, check_stored_game, events_by_step, repository

__all__ = ["register"]


def register(commands: Any) -> None:
    """Add the ``replay`` command."""
    replay = commands.add_parser("replay", help="show a stored game, event by event")
    replay.add_argument("game_id", type=positive_number, metavar="GAME_ID")
    view = replay.add_mutually_exclusive_group()
    view.add_argument("--seat", type=int, help="only what this seat saw")
    view.add_argument("--spectator", action="store_true", help="only public events")
    replay.add_argument("--json", action="store_true", help="print JSON")
    replay.add_argument(
        "--check", action="store_true", help="also rebuild the game through the engine"
    )
    replay.add_argument(
        "--logs",
        action="store_true",
        help="also each decision's comment and what the bots wrote, where it happened",
    )
    add_database_option(replay)
    replay.set_defaults(run=run_replay)


def run_replay(args: argparse.Namespace) -> int:
    """Print the game's header, its events as the chosen view saw them, and its faults.

    With ``--logs``, the events step by step, each action with the bot's comment and the
    output lines in place (a seat's view: that seat's only).
    """
    engine = open_database(args)
    with Session(engine) as session:
        game = repository.get_game(session, game_id=args.game_id)
        if game is None:
            raise CliError(f"no game {args.game_id}")
        seats = repository.game_seats(session, game_id=args.game_id)
        if args.seat is not None and not 0 <= args.seat < len(seats):
            raise CliError(f"game {args.game_id} has seats 0..{len(seats) - 1}, not {args.seat}")
        names = {seat.seat: _bot_name(session, seat.bot_id) for seat in seats}
        visible_to: int | Literal["all"] | None = "all"
        if args.seat is not None:
            visible_to = args.seat
        elif args.spectator:
            visible_to = None
        events = repository.game_events(session, game_id=args.game_id, visible_to=visible_to)
        faults = repository.game_faults(session, game_id=args.game_id)
        if args.check:
            check_stored_game(session, game_id=args.game_id)
        event_counts = events_by_step(session, game_id=args.game_id) if args.logs else []
        data = {
            "game_id": game.id,
            "game": game.game,
            "options": game.options,
            "seed": game.seed,
            "status": game.status,
            "ended_by": game.ended_by,
            "started_at": game.started_at.isoformat(),
            "finished_at": game.finished_at.isoformat() if game.finished_at else None,
            "seats": [
                {
                    "seat": seat.seat,
                    "bot": names[seat.seat],
                    "status": seat.status,
                    "score": seat.score,
                    "place": seat.place,
                    **({"output_dropped_bytes": seat.output_dropped_bytes} if args.logs else {}),
                }
                for seat in seats
            ],
            "result": game.result,
            "events": [
                {
                    "number": event.number,
                    "at": event.at.isoformat(),
                    "kind": event.kind,
                    "visible_to": event.visible_to,
                    "text": event.text,
                    "data": event.data,
                }
                for event in events
            ],
            "faults": [
                {
                    "seat": fault.seat,
                    "kind": fault.kind,
                    "detail": fault.detail,
                    "at": fault.at.isoformat(),
                    "action_number": fault.action_number,
                }
                for fault in faults
                if args.seat is None or fault.seat == args.seat
            ],
        }
        if args.logs:
            data |= logs_data(session, game_id=args.game_id, seats=seats, seat=args.seat)
    if args.json:
        print_json(data)
    else:
        _print_replay(game, data, view=_view_name(args), event_counts=event_counts)
    return 0


def _bot_name(session: Session, bot_id: int) -> str:
    bot = repository.get_bot(session, bot_id=bot_id)
    return bot.name if bot is not None else f"bot {bot_id}"


def _view_name(args: argparse.Namespace) -> str:
    if args.seat is not None:
        return f"seat {args.seat}'s view"
    return "the spectator's view" if args.spectator else "all hands open"


def _print_replay(
    game: GameRecord, data: dict[str, Any], *, view: str, event_counts: list[int]
) -> None:
    """Print the header and the events, step by step when ``event_counts`` are given."""
    print(f"game {game.id}: {game.game} {game.options} seed {game.seed} ({game.status})")
    for seat in data["seats"]:
        print(
            f"  seat {seat['seat']}: {seat['bot']} - place {seat['place']}, "
            f"score {seat['score']}, {seat['status']}"
        )
    print(f"-- {view}")
    if event_counts:
        print_steps(data, event_counts)
    else:
        for event in data["events"]:
            print(event_line(event))
    for fault in data["faults"]:
        # A crash's detail quotes the bot's output: its lines, escaped, one under the other.
        first, *rest = fault["detail"].split("\n")
        print(
            f"fault: seat {fault['seat']} {fault['kind']} "
            f"at action {fault['action_number']}: {printable(first)}"
        )
        for line in rest:
            print(f"  {printable(line)}")
