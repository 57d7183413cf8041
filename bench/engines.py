"""How fast the rules engines are, on one core: figures printed, nothing asserted.

    ./dev bench bench/engines.py [--quick]

- Random play: Lexio 4-player matches (5 rounds) per second and Cribbage two-player six-card
  games per second, with the cost of ``legal_actions`` and ``apply`` per move.
- The cribbage show table: every (four-card hand, starter) pair scored, 12,994,800 of them,
  and the distribution checked against the published one (Lumetta, "Amusing Cribbage
  Facts"), once pair by pair through the scorer and once hand by hand against all starters.
  ``--quick`` scores the pairs with a club starter only (a quarter of them, which by suit
  symmetry gives exactly a quarter of every count).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from croupier.games import load_game
from croupier.games.cribbage import SUITS
from croupier.games.cribbage.scoring import show_points, show_score_distribution

SHOW_DISTRIBUTION = {
    0: 1_009_008, 1: 99_792, 2: 2_813_796, 3: 505_008, 4: 2_855_676, 5: 697_508,
    6: 1_800_268, 7: 751_324, 8: 1_137_236, 9: 361_224, 10: 388_740, 11: 51_680,
    12: 317_340, 13: 19_656, 14: 90_100, 15: 9_168, 16: 58_248, 17: 11_196, 18: 2_708,
    20: 8_068, 21: 2_496, 22: 444, 23: 356, 24: 3_680, 28: 76, 29: 4,
}  # fmt: skip
"""Scores over all 12,994,800 (hand, starter) pairs; 19, 25, 26 and 27 never occur."""


@dataclass(frozen=True, slots=True)
class RandomPlayFigures:
    """What uniformly random play of one rule set cost."""

    games: int
    seconds: float
    moves: int
    legal_actions_seconds: float
    apply_seconds: float

    def report(self, label: str) -> str:
        """The figures as two printed lines."""
        per_move = 1e6 / self.moves
        return (
            f"{label}: {self.games / self.seconds:,.1f} games/s "
            f"({self.games} games, {self.moves / self.games:,.0f} moves each)\n"
            f"    per move: legal_actions {self.legal_actions_seconds * per_move:.1f} us, "
            f"apply {self.apply_seconds * per_move:.1f} us"
        )


def measure_random_play(name: str, options: Mapping[str, Any], games: int) -> RandomPlayFigures:
    """Play ``games`` uniformly random games, timing ``legal_actions`` and ``apply`` apart."""
    game = load_game(name, options)
    rng = random.Random(0)
    clock = time.perf_counter
    moves = 0
    legal_seconds = apply_seconds = 0.0
    started = clock()
    for seed in range(games):
        state = game.new_state(seed)
        while seats := state.seats_to_act():
            seat = seats[0]
            before = clock()
            actions = state.legal_actions(seat)
            middle = clock()
            state.apply(seat, rng.choice(actions))
            after = clock()
            legal_seconds += middle - before
            apply_seconds += after - middle
            moves += 1
    return RandomPlayFigures(games, clock() - started, moves, legal_seconds, apply_seconds)


def score_every_pair(starter_suits: str) -> Counter[int]:
    """Score each (four-card hand, starter) pair on its own, with the scorer's fast path.

    ``show_points`` is what ``score_show`` calls once it has checked its arguments.
    """
    suit_codes = {SUITS.index(letter) for letter in starter_suits}
    starters = [code for code in range(52) if code & 3 in suit_codes]
    tally = [0] * 64
    for hand in combinations(range(52), 4):
        for starter in starters:
            if starter not in hand:
                tally[show_points(hand, starter)] += 1
    return Counter({points: count for points, count in enumerate(tally) if count})


def check_show_table(label: str, count: Callable[[str], Counter[int]], *, quick: bool) -> bool:
    """Run one way of scoring every pair; print its time and whether the table matches."""
    started = time.perf_counter()
    counts = count("C" if quick else SUITS)
    seconds = time.perf_counter() - started
    pairs = sum(counts.values())
    scale = 4 if quick else 1
    found = {score: number * scale for score, number in counts.items()}
    matches = found == SHOW_DISTRIBUTION
    print(
        f"cribbage show table, {label}: {pairs:,} pairs in {seconds:.1f} s "
        f"({seconds / pairs * 1e6:.2f} us per pair); "
        f"distribution {'matches' if matches else 'DIFFERS from'} Lumetta's table"
    )
    for score in sorted(SHOW_DISTRIBUTION.keys() | found.keys()):
        expected, got = SHOW_DISTRIBUTION.get(score, 0), found.get(score, 0)
        if expected != got:
            print(f"    score {score}: expected {expected:,}, got {got:,}")
    return matches


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a smaller run of every figure")
    args = parser.parse_args()
    scale = 5 if args.quick else 1
    lexio = measure_random_play("lexio", {"players": 4, "rounds": 5}, games=200 // scale)
    print(lexio.report("lexio, 4 players, 5-round matches"))
    cribbage = measure_random_play(
        "cribbage", {"variant": "six-card", "match_points": 1}, games=2000 // scale
    )
    print(cribbage.report("cribbage, two-player six-card games to 121"))
    tables = [
        check_show_table("each pair scored alone", score_every_pair, quick=args.quick),
        check_show_table(
            "each hand against all starters at once", show_score_distribution, quick=args.quick
        ),
    ]
    return 0 if all(tables) else 1


if __name__ == "__main__":
    sys.exit(main())
