"""``croupier replay``: a stored game as text, from one seat's view or with all hands open.

``--logs`` adds each decision's comment and what the bots wrote (see :mod:`._replay_logs`);
``--ask BOT --seat N`` asks another bot each decision of the seat instead, and prints where
it would have played otherwise (see :mod:`._replay_ask`).
"""

from __future__ import annotations

import argparse
from typing import Any

from sqlmodel import Session

from croupier_server import db
from croupier_server.cli._options import (
    add_database_option,
    add_sealing_option,
    open_database,
    positive_number,
    sealing_from_args,
)
from croupier_server.cli._output import CliError, print_json
from croupier_server.cli._replay_ask import ask_about_seat
from croupier_server.cli._replay_logs import event_line, placed_output, print_steps, printable
from croupier_server.db import GameStatus, check_stored_game, events_by_step
from croupier_server.db.disclosure import Disclosure, disclosure_of
from croupier_server.web.game_detail import GameDetail, game_detail

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
    replay.add_argument(
        "--ask",
        metavar="BOT",
        help="ask this registered command bot, started offline, for its action at each "
        "decision of --seat, from the observations that seat was sent; print where it differs",
    )
    add_sealing_option(replay)
    add_database_option(replay)
    replay.set_defaults(run=run_replay)


def run_replay(args: argparse.Namespace) -> int:
    """Print the game's header, its events as the chosen view saw them, and its faults.

    The game is the dashboard's record of it (:class:`GameDetail`, as ``/api/games/ID``
    gives it), narrowed to the view. With ``--logs``, the events step by step, each action
    with the bot's comment and the output lines in place (a seat's view: that seat's only).
    With ``--ask``, another bot's answers at the seat's decisions instead.
    """
    if args.ask is not None:
        return _ask(args)
    if args.sealed:
        raise CliError("--sealed is for the bot that --ask starts")
    engine = open_database(args)
    with Session(engine) as session:
        record = db.get_game(session, game_id=args.game_id)
        if record is None:
            raise CliError(f"no game {args.game_id}")
        # The organiser sees every game whole, but one being played as a spectator does.
        running = record.status is GameStatus.RUNNING
        shown = disclosure_of(session, record) if running else Disclosure.whole()
        detail = game_detail(session, record, shown)
        if args.seat is not None and not 0 <= args.seat < len(detail.seats):
            raise CliError(
                f"game {args.game_id} has seats 0..{len(detail.seats) - 1}, not {args.seat}"
            )
        if args.check:
            check_stored_game(session, game_id=args.game_id)
        data = _view(detail, seat=args.seat, spectator=args.spectator)
        event_counts = events_by_step(session, game_id=args.game_id) if args.logs else []
        if args.logs:
            data["output"] = placed_output(session, record=record, seat=args.seat)
    if args.json:
        print_json(data)
    else:
        _print_replay(data, view=_view_name(args), event_counts=event_counts)
    return 0


def _ask(args: argparse.Namespace) -> int:
    """``--ask BOT --seat N``: the bot's answers where they differ from the game's."""
    if args.seat is None:
        raise CliError("--ask needs --seat N: the seat whose decisions the bot is asked")
    if args.check or args.logs:
        raise CliError("--ask goes with --seat, --json and --sealed, not --check or --logs")
    sealed = sealing_from_args(args)
    return ask_about_seat(open_database(args), args, sealed=sealed)


def _view(detail: GameDetail, *, seat: int | None, spectator: bool) -> dict[str, Any]:
    """The game as JSON values, as ``seat`` saw it, or a spectator, or with all hands open.

    A seat's view and a spectator's hold the public events (and the seat's own), no action's
    text (a secret discard), and a seat's view only that seat's faults, comments and output.
    """
    data = detail.model_dump(mode="json")
    if seat is None and not spectator:
        return data
    data["events"] = [event for event in data["events"] if event["visible_to"] in (None, seat)]
    for action in data["actions"]:
        del action["text"]
        if seat is not None and action["seat"] != seat:
            action["comment"] = None
    if seat is not None:
        for part in ("faults", "output"):
            data[part] = [each for each in data[part] if each["seat"] == seat]
    return data


def _view_name(args: argparse.Namespace) -> str:
    if args.seat is not None:
        return f"seat {args.seat}'s view"
    return "the spectator's view" if args.spectator else "all hands open"


def _print_replay(data: dict[str, Any], *, view: str, event_counts: list[int]) -> None:
    """Print the header and the events, step by step when ``event_counts`` are given."""
    print(
        f"game {data['id']}: {data['game']} {data['options']} seed {data['seed']} "
        f"({data['status']})"
    )
    for seat in data["seats"]:
        print(
            f"  seat {seat['seat']}: {seat['bot_name']} - place {seat['place']}, "
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
        first, *rest = (fault["detail"] or "").split("\n")
        print(
            f"fault: seat {fault['seat']} {fault['kind']} "
            f"at action {fault['action_number']}: {printable(first)}"
        )
        for line in rest:
            print(f"  {printable(line)}")
