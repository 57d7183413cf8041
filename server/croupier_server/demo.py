"""The demo: random games of every game and variant, played and printed.

It shows what the engines do before any bot is written: one full game log of each game,
then a line per rule set with the results of a few more random games.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, TextIO

from croupier.games import Game, Result, State, load_game, random_rollout

LOGGED_RULE_SETS: tuple[tuple[str, Mapping[str, Any]], ...] = (
    ("lexio", {"players": 4}),
    ("cribbage", {"variant": "six-card", "match_points": 1}),
)
"""The rule sets whose first game is printed event by event."""

SUMMARISED_RULE_SETS: tuple[tuple[str, Mapping[str, Any]], ...] = (
    ("lexio", {"players": 3}),
    ("lexio", {"players": 4}),
    ("lexio", {"players": 5}),
    *(
        ("cribbage", {"variant": variant, "match_points": 1})
        for variant in (
            "six-card",
            "five-card",
            "seven-card",
            "three-player",
            "four-player",
            "solitaire",
            "square",
        )
    ),
)
"""The rule sets summarised a line each."""


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """A finished random game and what it cost to play."""

    game: Game[Any]
    seed: int
    state: State[Any, Any, Any]
    seconds: float


def play_random_games(
    name: str, options: Mapping[str, Any], seeds: list[int]
) -> Iterator[PlayedGame]:
    """Play one uniformly random game of the rule set per seed."""
    game = load_game(name, options)
    for seed in seeds:
        started = time.perf_counter()
        state = random_rollout(game.new_state(seed), random.Random(seed))
        yield PlayedGame(game, seed, state, time.perf_counter() - started)


def describe_rule_set(game: Game[Any]) -> str:
    """A one-line name for a rule set, such as ``lexio players=4 rounds=5 ...``."""
    options = " ".join(f"{key}={value}" for key, value in game.options().items())
    return f"{game.name} {options}"


def print_game_log(played: PlayedGame, out: TextIO) -> None:
    """Print every event of a game, private ones included, and its result."""
    print(f"== {describe_rule_set(played.game)}, seed {played.seed}", file=out)
    for number, event in enumerate(played.state.events, start=1):
        print(f"{number:4d}  {event}", file=out)
    print(f"result: {played.state.result()}\n", file=out)


def run_demo(out: TextIO, *, games: int, seed: int) -> None:
    """Print one full game of each logged rule set, then a summary of every rule set."""
    for name, options in LOGGED_RULE_SETS:
        for played in play_random_games(name, options, [seed]):
            print_game_log(played, out)
    seeds = [seed + offset for offset in range(games)]
    print(f"== {games} random games of each rule set (seeds {seeds[0]}..{seeds[-1]})", file=out)
    for name, options in SUMMARISED_RULE_SETS:
        results = list(play_random_games(name, options, seeds))
        actions = sum(len(played.state.actions) for played in results)
        seconds = sum(played.seconds for played in results)
        scores = ", ".join(str(list(_result_scores(played))) for played in results)
        print(
            f"{describe_rule_set(results[0].game)}\n"
            f"    scores {scores}; {actions} actions in {seconds * 1000:.0f} ms",
            file=out,
        )


def _result_scores(played: PlayedGame) -> tuple[int, ...]:
    result: Result | None = played.state.result()
    if result is None:
        raise RuntimeError(f"{played.game.name} seed {played.seed} did not finish")
    return result.scores
