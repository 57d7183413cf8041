"""How fast the ratings are, and what duplicate deals save: figures printed, nothing asserted.

    ./dev bench bench/ratings.py [--resamples N]

- The Bradley-Terry fit and its bootstrap (over deals) for 8 bots x 2,000 two-player
  duplicate deals and 50 bots x 20,000 four-player games (5,000 deals of 4 rotations).
- How many times more games random deals need than duplicate deals for the same interval
  width, with a deal luck of standard deviation 1.5 (natural log-strength units) per seat.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from croupier_server.ratings import bootstrap_elo, fit_elo, tally_pairs

sys.path.append(str(Path(__file__).resolve().parents[1]))  # the simulator lives in tests/

from tests.server.ratings.simulation import duplicate_advantage, field, tournament


def time_fit(bots: int, games: int, seats: int, resamples: int) -> None:
    truth = field([25.0 * i for i in range(bots)])
    deals = tournament(truth, games=games, seats=seats, seed=1)
    start = time.perf_counter()
    fitted = fit_elo(tally_pairs(deals))
    fit_seconds = time.perf_counter() - start
    start = time.perf_counter()
    bootstrap = bootstrap_elo(deals, resamples=resamples)
    boot_seconds = time.perf_counter() - start
    error = max(abs(fitted[bot] - truth[bot]) for bot in truth)
    width = sum(bootstrap.interval(bot).width for bot in truth) / bots
    print(
        f"{bots:3} bots, {len(deals):6,} deals, {games:6,} games of {seats}: "
        f"fit {fit_seconds * 1000:6.0f} ms, bootstrap x{resamples} {boot_seconds:5.1f} s; "
        f"largest error {error:4.1f} Elo, mean 95% width {width:5.1f} Elo"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--resamples", type=int, default=200)
    args = parser.parse_args()
    time_fit(8, 4_000, 2, args.resamples)
    time_fit(50, 20_000, 4, args.resamples)
    truth = field([0, 60, 120, 250])
    for seats in (2, 4):
        ratio = duplicate_advantage(truth, games=4_000, seats=seats, resamples=args.resamples)
        print(
            f"{seats}-seat games, luck sd 1.5: random deals need {ratio:.2f}x the games "
            "of duplicate deals for the same interval width"
        )


if __name__ == "__main__":
    main()
