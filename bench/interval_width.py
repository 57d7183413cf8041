"""How many games a new bot needs for a 95% Elo interval under 100 Elo: figures printed.

    ./dev bench bench/interval_width.py [--deals N] [--game lexio|cribbage]   (about 3 minutes)

For each game, with its default rules (Lexio: matches of 5 rounds, of 3, 4 and 5 players;
Cribbage: two players, matches to 7 points), real games of the example bots played in
process (``croupier.local.play``), every deal once per rotation of its table:

- **The field**, already rated: a round robin of duplicate deals, 40 a bot (Lexio: random,
  greedy, cautious, strong and a second random; Cribbage: random, greedy and strong).
- **The new bot**, a new version of greedy under its own name, plays ``N`` deals against
  the field at a gauntlet's tables (``--deals``, default 100): the pool of its deals.

The new bot's 95% interval after ``k`` deals is croupier's interval on the leaderboard of
the field's deals and ``k`` of the new bot's drawn from the pool (with replacement: the
pool stands for the score distribution of its games), its width averaged over 20 draws.
The smallest ``k`` with a mean width under 100 Elo is found by bisection; it is printed
with the games it takes (``k`` times the seats: a deal is one game a rotation) and the
width after 8, 30 and 100 deals.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from statistics import fmean
from typing import Any

import croupier
from croupier.games import Game
from croupier.games.cribbage import Cribbage
from croupier.games.lexio import Lexio
from croupier.local import play
from croupier_server.ratings import Deal, GameOutcome, bootstrap_elo
from croupier_server.tournament.formats.tables import Table, field_tables

sys.path.append(str(Path(__file__).resolve().parents[1]))  # examples/ is not a package

from examples.cribbage_greedy import GreedyCribbageBot
from examples.cribbage_random import RandomCribbageBot
from examples.cribbage_strong import StrongCribbageBot
from examples.lexio_cautious import CautiousLexioBot
from examples.lexio_greedy import GreedyLexioBot
from examples.lexio_random import RandomLexioBot
from examples.lexio_strong import StrongLexioBot

AnyBot = croupier.Bot[Any, Any]

WIDTH = 100.0
"""The width, in Elo, the new bot's interval must get under."""
FIELD_DEALS = 40
"""The deals a bot of the field plays against the rest of the field."""
DRAWS = 20
"""The draws of the new bot's deals whose widths are averaged."""
NEW = "greedy-2"
"""The new bot: a new version of greedy."""


@dataclass(frozen=True)
class Board:
    """A game, its field of rated bots, and the new bot: names and fresh bots."""

    label: str
    game: Game[Any]
    field: dict[str, Callable[[], AnyBot]]
    new: Callable[[], AnyBot]

    def deal(self, table: Table, seed: int) -> Deal:
        """The games of ``table`` on deal ``seed``, one per rotation (as ``deal_games``)."""
        games = []
        for rotation in range(len(table)):
            names = table[rotation:] + table[:rotation]
            bots = [self.new() if name == NEW else self.field[name]() for name in names]
            result = play(self.game, bots, seed=seed).result()
            assert result is not None  # the game is over
            games.append(GameOutcome(names, tuple(float(s) for s in result.scores)))
        return Deal(tuple(games))


def lexio(players: int) -> Board:
    field: dict[str, Callable[[], AnyBot]] = {
        "random": lambda: RandomLexioBot(seed=1),
        "greedy": GreedyLexioBot,
        "cautious": CautiousLexioBot,
        "strong": StrongLexioBot,
        "random-2": lambda: RandomLexioBot(seed=2),
    }
    return Board(f"lexio {players} players", Lexio(players=players), field, GreedyLexioBot)


def cribbage() -> Board:
    field: dict[str, Callable[[], AnyBot]] = {
        "random": lambda: RandomCribbageBot(seed=1),
        "greedy": GreedyCribbageBot,
        "strong": StrongCribbageBot,
    }
    return Board("cribbage 2 players", Cribbage(), field, GreedyCribbageBot)


def play_deals(board: Board, deals: int) -> tuple[list[Deal], list[Deal]]:
    """The field's round robin and the new bot's pool of ``deals`` deals."""
    rng = random.Random(1)
    names, seats = list(board.field), board.game.num_players
    if seats == 2:  # field_tables counts deals a pair, or tables in all
        count = max(1, round(FIELD_DEALS / (len(names) - 1)))
    else:
        count = math.ceil(FIELD_DEALS * len(names) / seats)
    rated = [
        board.deal(table, seed) for seed, table in enumerate(field_tables(names, seats, count, rng))
    ]
    per_table = max(1, round(deals / len(names))) if seats == 2 else deals
    gauntlet = field_tables(names, seats - 1, per_table, rng, pairs=seats == 2)
    pool = [board.deal((NEW, *table), 10_000 + seed) for seed, table in enumerate(gauntlet)]
    return rated, pool


def mean_width(rated: Sequence[Deal], pool: Sequence[Deal], deals: int) -> float:
    """The new bot's mean interval width after ``deals`` of its deals drawn from ``pool``."""
    rng = random.Random(deals)
    widths = []
    for _ in range(DRAWS):
        fit = bootstrap_elo([*rated, *rng.choices(pool, k=deals)], resamples=0)
        widths.append(fit.interval(NEW).width)
    return fmean(widths)


def deals_needed(rated: Sequence[Deal], pool: Sequence[Deal]) -> int:
    """The fewest deals whose mean width is under ``WIDTH`` (doubling, then bisection)."""
    high = 4
    while mean_width(rated, pool, high) >= WIDTH:
        high *= 2
    low = high // 2
    while high - low > 1:
        middle = (low + high) // 2
        if mean_width(rated, pool, middle) < WIDTH:
            high = middle
        else:
            low = middle
    return high


def report(board: Board, deals: int) -> None:
    start = time.perf_counter()
    rated, pool = play_deals(board, deals)
    played = time.perf_counter() - start
    seats = board.game.num_players
    needed = deals_needed(rated, pool)
    widths = ", ".join(f"{k} deals {mean_width(rated, pool, k):.0f}" for k in (8, 30, 100))
    print(
        f"{board.label}: {NEW} against {', '.join(board.field)}: a 95% interval under "
        f"{WIDTH:.0f} Elo after {needed} deals = {needed * seats} games "
        f"(mean width: {widths} Elo; a pool of {len(pool)} deals, "
        f"{sum(len(d.games) for d in rated + pool)} games played in {played:.0f} s)",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100, help="the new bot's pool of deals")
    parser.add_argument("--game", choices=("lexio", "cribbage"), help="only this game")
    args = parser.parse_args()
    boards = []
    if args.game != "cribbage":
        boards += [lexio(players) for players in (3, 4, 5)]
    if args.game != "lexio":
        boards.append(cribbage())
    for board in boards:
        report(board, args.deals)


if __name__ == "__main__":
    main()
