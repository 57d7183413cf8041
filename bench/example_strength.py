"""How much stronger each example bot is than the one below it: figures printed, nothing asserted.

    ./dev bench bench/example_strength.py [--games N] [--game lexio|cribbage]

Every line pits side A against side B (strong against greedy, greedy against random) on
``N`` deals. Each deal is played once per seating, the seats rotated, so both sides hold
the same cards equally often (duplicate deals); the per-deal results give the 95%
confidence interval (normal approximation).

- Lexio (matches of 5 rounds): side A's final chips per seat less side B's, and how often
  a side-A seat finishes first, against the share of seats it holds.
- Cribbage (one game to the target): how often side A wins, against the share of the
  seatings' seats it holds; the one-player games compare the two bots' totals deal by deal.

Each side's time per decision is printed too: mean, 99th percentile and slowest (the slowest
also catches the machine's hiccups).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from statistics import fmean, stdev
from typing import Any

import croupier
from croupier.games import Event, Result
from croupier.games.cribbage import VARIANTS, Cribbage, CribbageResult
from croupier.games.lexio import Lexio
from croupier.local import play

sys.path.append(str(Path(__file__).resolve().parents[1]))  # examples/ is not a package

from examples.cribbage_greedy import GreedyCribbageBot
from examples.cribbage_random import RandomCribbageBot
from examples.cribbage_strong import StrongCribbageBot
from examples.lexio_greedy import GreedyLexioBot
from examples.lexio_random import RandomLexioBot
from examples.lexio_strong import StrongLexioBot

AnyBot = croupier.Bot[Any, Any]

LEXIO_SEATINGS = {3: "ABB", 4: "AABB", 5: "AABBB"}
CRIBBAGE_SEATINGS = {2: ["AB", "BA"], 3: ["ABB", "BAB", "BBA"], 4: ["ABAB", "BABA"]}


class Timed(croupier.Bot[Any, Any]):
    """A bot whose decisions are timed into ``seconds`` (shared by every bot of a side)."""

    def __init__(self, bot: AnyBot, seconds: list[float]) -> None:
        self.bot = bot
        self.seconds = seconds

    def act(self, observation: Any) -> Any:
        """The wrapped bot's action, timed."""
        started = time.perf_counter()
        action = self.bot.act(observation)
        self.seconds.append(time.perf_counter() - started)
        return action

    def on_game_start(self, start: croupier.GameStart) -> None:
        """Passed on to the wrapped bot."""
        self.bot.on_game_start(start)

    def on_event(self, event: Event) -> None:
        """Passed on to the wrapped bot."""
        self.bot.on_event(event)

    def on_game_end(self, result: Result) -> None:
        """Passed on to the wrapped bot."""
        self.bot.on_game_end(result)


@dataclass(frozen=True)
class Matchup:
    """Side A against side B: their names and how to make a fresh bot of each."""

    a: str
    b: str
    make_a: Callable[[], AnyBot]
    make_b: Callable[[], AnyBot]

    def seat(self, seating: str, seconds: dict[str, list[float]]) -> list[AnyBot]:
        """Fresh timed bots for a seating such as ``AABB``."""
        return [
            Timed(self.make_a() if side == "A" else self.make_b(), seconds[side])
            for side in seating
        ]


def rotations(seating: str) -> list[str]:
    """Every rotation of a seating: each seat is each side's equally often."""
    return [seating[shift:] + seating[:shift] for shift in range(len(seating))]


def estimate(values: Sequence[float]) -> str:
    """The mean of ``values`` with its 95% confidence half-width."""
    half = 1.96 * stdev(values) / len(values) ** 0.5 if len(values) > 1 else float("nan")
    return f"{fmean(values):+.1f} ± {half:.1f}"


def percent(values: Sequence[float]) -> str:
    """The mean of ``values`` (0 to 1) as a percentage with its 95% confidence half-width."""
    half = 1.96 * stdev(values) / len(values) ** 0.5 if len(values) > 1 else float("nan")
    return f"{fmean(values):.1%} ± {half:.1%}"


def side_margin(scores: Sequence[int], seating: str) -> float:
    """Side A's average score per seat less side B's."""
    by_side: dict[str, list[int]] = {"A": [], "B": []}
    for side, score in zip(seating, scores, strict=True):
        by_side[side].append(score)
    return fmean(by_side["A"]) - fmean(by_side["B"])


def timing(matchup: Matchup, seconds: dict[str, list[float]]) -> str:
    """Each side's mean, 99th percentile and slowest decision in milliseconds."""
    parts = []
    for name, times in ((matchup.a, seconds["A"]), (matchup.b, seconds["B"])):
        if times:
            ordered = sorted(times)
            high = ordered[int(0.99 * (len(ordered) - 1))]
            parts.append(
                f"{name} {fmean(ordered) * 1e3:.2f} ms (99% under {high * 1e3:.1f}, "
                f"max {ordered[-1] * 1e3:.1f})"
            )
    return "    time per decision: " + "; ".join(parts)


def lexio_line(matchup: Matchup, players: int, games: int) -> str:
    """Side A against side B over ``games`` deals of ``players``-player Lexio matches."""
    seatings = rotations(LEXIO_SEATINGS[players])
    seconds: dict[str, list[float]] = {"A": [], "B": []}
    margins, first_places = [], []
    for seed in range(games):
        deal_margins, deal_firsts = [], []
        for seating in seatings:
            state = play(Lexio(players=players), matchup.seat(seating, seconds), seed=seed)
            result = state.result()
            assert result is not None  # the match is over
            deal_margins.append(side_margin(result.scores, seating))
            first = [side for side, at in zip(seating, result.places, strict=True) if at == 1]
            deal_firsts.append(first.count("A") / len(first))
        margins.append(fmean(deal_margins))
        first_places.append(fmean(deal_firsts))
    share = LEXIO_SEATINGS[players].count("A") / players
    return (
        f"lexio {players} players, {matchup.a} vs {matchup.b}: {games} deals x "
        f"{len(seatings)} seatings; chips per seat a match {estimate(margins)}; "
        f"first place {percent(first_places)} (seat share {share:.0%})\n" + timing(matchup, seconds)
    )


def cribbage_line(matchup: Matchup, variant: str, games: int) -> str:
    """Side A against side B over ``games`` deals of one cribbage variant."""
    game = Cribbage(variant=variant, match_points=1)
    seconds: dict[str, list[float]] = {"A": [], "B": []}
    if game.num_players == 1:
        margins = [solo_total(game, matchup.make_a, seconds["A"], seed)
                   - solo_total(game, matchup.make_b, seconds["B"], seed)
                   for seed in range(games)]  # fmt: skip
        return (
            f"cribbage {variant}, {matchup.a} vs {matchup.b}: {games} deals; "
            f"total points a game {estimate(margins)}\n" + timing(matchup, seconds)
        )
    seatings = CRIBBAGE_SEATINGS[game.num_players]
    wins = []
    for seed in range(games):
        deal_wins = []
        for seating in seatings:
            result = play(game, matchup.seat(seating, seconds), seed=seed).result()
            assert isinstance(result, CribbageResult)
            deal_wins.append(float(seating[result.games[0].winner] == "A"))
        wins.append(fmean(deal_wins))
    share = seatings[0].count("A") / len(seatings[0])
    return (
        f"cribbage {variant}, {matchup.a} vs {matchup.b}: {games} deals x "
        f"{len(seatings)} seatings; games won {percent(wins)} (seat share {share:.0%})\n"
        + timing(matchup, seconds)
    )


def solo_total(game: Cribbage, make: Callable[[], AnyBot], seconds: list[float], seed: int) -> int:
    """The total of a one-player game played by a fresh bot."""
    result = play(game, [Timed(make(), seconds)], seed=seed).result()
    assert isinstance(result, CribbageResult)  # the game is over
    return result.scores[0]


LEXIO_MATCHUPS = (
    Matchup("strong", "greedy", StrongLexioBot, GreedyLexioBot),
    Matchup("greedy", "random", GreedyLexioBot, lambda: RandomLexioBot(seed=1)),
)
CRIBBAGE_MATCHUPS = (
    Matchup("strong", "greedy", StrongCribbageBot, GreedyCribbageBot),
    Matchup("greedy", "random", GreedyCribbageBot, lambda: RandomCribbageBot(seed=1)),
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="deals per line (default 200)")
    parser.add_argument("--game", choices=("lexio", "cribbage"), help="only this game")
    args = parser.parse_args()
    if args.game != "cribbage":
        for players in LEXIO_SEATINGS:
            for matchup in LEXIO_MATCHUPS:
                print(lexio_line(matchup, players, args.games), flush=True)
    if args.game != "lexio":
        for variant in VARIANTS:
            for matchup in CRIBBAGE_MATCHUPS:
                print(cribbage_line(matchup, variant, args.games), flush=True)


if __name__ == "__main__":
    main()
