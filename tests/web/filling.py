"""A dashboard database filled the way users fill theirs: real example bots, real referee.

:func:`fill_database` registers the example bots (one Lexio bot under a name full of HTML,
to prove that pages escape what users supply) and a cribbage bot that crashes at start,
then plays through the command line:

- a Lexio round robin of four bots, four seats, one deal (4 games of 2 rounds);
- a two-player cribbage round robin of three bots, one deal (6 games);
- a cribbage match the crashing bot forfeits (1 game, ended by forfeit).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

from croupier_server.cli import main

ROOT = Path(__file__).parents[2]
EXAMPLES = ROOT / "examples"
SCRIPTED = ROOT / "tests" / "fakebots" / "scripted.py"

HTML_NAME = '<b id="x">bold</b> & "quoted"'
"""A bot name that would change the page if it were not escaped."""

LEXIO_BOTS = ("lexio_strong", "lexio_greedy", "lexio_cautious", HTML_NAME)
CRIBBAGE_BOTS = ("cribbage_strong", "cribbage_greedy", "cribbage_random")
CRASHER = "crasher"


@dataclass(frozen=True, slots=True)
class FilledDatabase:
    """What :func:`fill_database` stored."""

    url: str
    lexio_games: int = 4
    cribbage_games: int = 6
    forfeited_games: int = 1


def fill_database(url: str) -> FilledDatabase:
    """Register the bots and play the games into the database at ``url``."""
    python = sys.executable
    seeded = f"env CROUPIER_BOT_SEED=7 {python}"  # the random bots choose reproducibly
    bots = {
        "lexio_strong": ("lexio", f"{python} {EXAMPLES / 'lexio_strong.py'}"),
        "lexio_greedy": ("lexio", f"{python} {EXAMPLES / 'lexio_greedy.py'}"),
        "lexio_cautious": ("lexio", f"{python} {EXAMPLES / 'lexio_cautious.py'}"),
        HTML_NAME: ("lexio", f"{seeded} {EXAMPLES / 'lexio_random.py'}"),
        "cribbage_strong": ("cribbage", f"{python} {EXAMPLES / 'cribbage_strong.py'}"),
        "cribbage_greedy": ("cribbage", f"{python} {EXAMPLES / 'cribbage_greedy.py'}"),
        "cribbage_random": ("cribbage", f"{seeded} {EXAMPLES / 'cribbage_random.py'}"),
        CRASHER: ("cribbage", f"{python} {SCRIPTED} crash-at-start"),
    }
    # fmt: off
    for name, (game, command) in bots.items():
        description = f"<i>{name}</i> <script>document.title='owned'</script>"
        unchecked = ["--no-check"] if name == CRASHER else []  # it never says Hello
        _cli("bot", "add", name, "--game", game, "--command", command, *unchecked,
             "--description", description, "--db", url)
    # Generous time: the games must end the same way on a loaded machine.
    time_control = ["--decision-ms", "10000", "--bank-ms", "60000", "--db", url]
    _cli("tournament", "run", "--game", "lexio", "--players", "4", "--rounds", "2",
         "--bots", ",".join(LEXIO_BOTS), "--deals", "1", "--seed", "11", *time_control)
    _cli("tournament", "run", "--game", "cribbage", "--match-points", "1",
         "--bots", ",".join(CRIBBAGE_BOTS), "--deals", "1", "--seed", "12", *time_control)
    _cli("match", "--game", "cribbage", "--match-points", "1", "--seed", "13",
         "--bot", CRASHER, "--bot", "cribbage_random", "--connect-ms", "3000", *time_control)
    # fmt: on
    return FilledDatabase(url)


def _cli(*argv: str) -> None:
    status = main(list(argv))
    if status != 0:
        raise RuntimeError(f"croupier {' '.join(argv)} ended with status {status}")
