"""``croupier replay --logs``: each decision's comment, and what the bots wrote, in place.

A seat's view (``--seat N``) holds that seat's comments and output only: another seat's
may tell its hand. Lines are placed as :mod:`croupier_server.db.output_steps` says: those a
seat wrote while deciding an action after that action's line, the others where they fall
in time (before the first decision, between decisions, after the end).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from sqlmodel import Session

from croupier_server import db
from croupier_server.db import GameRecord, outputs
from croupier_server.db.output_steps import place_output

__all__ = ["event_line", "placed_output", "print_steps", "printable"]

_INDENT = " " * 7
"""Output lines start where the text of an event does."""


def placed_output(
    session: Session, *, record: GameRecord, seat: int | None
) -> list[dict[str, Any]]:
    """The game's output lines placed among its steps, as JSON values (``seat``: its own only).

    Each line says at which step it falls, whether its seat was deciding the action of that
    step when it was written, and how many earlier bytes were cut before it.
    """
    assert record.id is not None
    actions = db.game_actions(session, game_id=record.id)
    lines = outputs.game_output(session, game_id=record.id, seat=seat)
    dropped = {
        each.seat: each.output_dropped_bytes for each in db.game_seats(session, game_id=record.id)
    }
    return [
        {
            "seat": placed.line.seat,
            "number": placed.line.number,
            "at": placed.line.at.isoformat(),
            "stream": placed.line.stream,
            "text": placed.line.text,
            "step": placed.step,
            "deciding": placed.deciding,
            "earlier_bytes_cut": placed.earlier_bytes_cut,
        }
        for placed in place_output(actions, lines, dropped)
    ]


def print_steps(data: dict[str, Any], event_counts: Sequence[int]) -> None:
    """Print the events step by step, each action with its comment and output in place.

    ``event_counts[k]`` is how many events the game had at step ``k``.
    """
    output: dict[int, list[dict[str, Any]]] = {}
    for line in data["output"]:
        output.setdefault(line["step"], []).append(line)
    events = iter(data["events"])  # the view's events, in order
    event = next(events, None)
    for step, count in enumerate(event_counts):
        lines = output.get(step, [])
        if step > 0:
            _print_action(data["actions"][step - 1])
            _print_lines(line for line in lines if line["deciding"])
        while event is not None and event["number"] < count:
            print(event_line(event))
            event = next(events, None)
        _print_lines(line for line in lines if not line["deciding"])


def event_line(event: dict[str, Any]) -> str:
    """The line of an event: its number and its text."""
    return f"{event['number']:5d}  {event['text']}"


def _print_action(action: dict[str, Any]) -> None:
    how = str(action["decided_by"])
    if action["latency_ms"] is not None:
        how += f", {action['latency_ms']:.1f} ms"
    said = ""
    if action["comment"] is not None:
        said = f": {printable(json.dumps(action['comment'], ensure_ascii=False))}"
    print(f"  action {action['number']}, seat {action['seat']} ({how}){said}")


def _print_lines(lines: Iterable[dict[str, Any]]) -> None:
    for line in lines:
        at = datetime.fromisoformat(line["at"]).strftime("%H:%M:%S.%f")[:-3]
        where = f"{_INDENT}{at} seat {line['seat']} {line['stream']}"
        if line["earlier_bytes_cut"]:
            print(f"{where}: ({line['earlier_bytes_cut']:,} earlier bytes cut)")
        deciding = " (deciding)" if line["deciding"] else ""
        print(f"{where}{deciding}: {printable(line['text'])}")


def printable(text: str) -> str:
    r"""``text`` with its control characters escaped: a bot's output must not drive the terminal.

    >>> printable("red \x1b[31mtext\x1b[0m\tok")
    'red \\x1b[31mtext\\x1b[0m\tok'
    """
    if text.isprintable():
        return text
    return "".join(
        char if char.isprintable() or char == "\t" else repr(char)[1:-1] for char in text
    )
