"""A bot that says which process it is at each game's start, and plays the first legal action.

    python tests/fakebots/identified.py [--crash-in-game N] [--stall-in-game N] [--tag TAG]

At the start of each game it writes ``identified: process ID game N`` on its standard
output (flushed), ``ID`` drawn at random when the process starts (a sealed bot's process
id is 1, in a PID namespace of its own) and ``N`` counting the games this process played,
from 1; the referee keeps the line with the game, so a test tells from the stored games
which process played which. With ``--crash-in-game N``, it raises an exception in its
first decision of its ``N``-th game: a traceback ending ``RuntimeError: identified: crash
in game N``, and exit status 1. With ``--stall-in-game N``, it waits :data:`STALL_S` before
its first answer in its ``N``-th game. It plays either game. ``--tag`` is ignored (a test
finds its processes in /proc by it).
"""

from __future__ import annotations

import argparse
import re
import secrets
import time
from typing import Any

import croupier

LINE = re.compile(r"identified: process (?P<process>[0-9a-f]+) game (?P<game>\d+)")
"""What it writes at each game's start."""
STALL_S = 6.0
"""Longer than a test's decision time by more than a loaded machine delays an answer."""


class Identified(croupier.Bot[Any, Any]):
    """Plays the first legal action; says who it is at each game's start."""

    def __init__(self, crash_in_game: int | None, stall_in_game: int | None) -> None:
        self.process = secrets.token_hex(8)
        self.played = 0
        self.crash_in_game = crash_in_game
        self.stall_in_game = stall_in_game
        self.answered = 0

    def on_game_start(self, start: croupier.GameStart) -> None:
        self.played += 1
        self.answered = 0
        print(f"identified: process {self.process} game {self.played}", flush=True)

    def act(self, observation: Any) -> Any:
        if self.played == self.crash_in_game:
            raise RuntimeError(f"identified: crash in game {self.played}")
        if self.played == self.stall_in_game and self.answered == 0:
            time.sleep(STALL_S)
        self.answered += 1
        return observation.legal_actions[0]


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--crash-in-game", type=int)
    parser.add_argument("--stall-in-game", type=int)
    parser.add_argument("--tag")
    arguments = parser.parse_args()
    croupier.run(Identified(arguments.crash_in_game, arguments.stall_in_game))
