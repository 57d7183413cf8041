"""How often the 95% Elo intervals hold the truth: figures printed, nothing asserted.

    ./dev bench bench/interval_coverage.py [--tournaments N] [--percentile] [--seats 2|4]

The simulation of ``tests/server/ratings/test_coverage.py`` (its tournaments, the same
seeds): for two-seat and four-seat play, each kind of tournament and each size (deals a bot),
the share of the 95% intervals that held the truth, its own 95% margin (robust to the
dependence of one tournament's intervals), and the intervals' mean width.

- croupier's intervals: the fit plus or minus a t quantile times the CR2 standard error by
  deals (``croupier_server.ratings.robust``); about 10 s a number of seats.
- ``--percentile``: the former intervals, percentiles of 200 bootstrap refits over the
  deals, on the same tournaments; about a minute a number of seats.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parents[1]))  # the simulator lives in tests/

from tests.server.ratings.coverage import (
    SIZES,
    TOURNAMENTS,
    Coverage,
    Method,
    kinds,
    measure,
    percentile_intervals,
    robust_intervals,
)


def report(seats: int, method: Method, tournaments: int) -> None:
    start = time.process_time()
    total = Coverage((), 0.0)
    for deals in SIZES:
        size = Coverage((), 0.0)
        for scenario in kinds(seats, deals):
            coverage = measure(scenario, tournaments=tournaments, method=method)
            print(f"    {scenario!s:46} {coverage}")
            size += coverage
        print(f"  {seats} seats, {deals:3} deals a bot: {size}", flush=True)
        total += size
    seconds = time.process_time() - start
    print(f"{seats} seats, every size: {total} ({seconds:.0f} s of CPU)\n", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--tournaments", type=int, default=TOURNAMENTS, help="of each kind (default: the test's)"
    )
    parser.add_argument("--percentile", action="store_true", help="also the former intervals")
    parser.add_argument("--seats", type=int, choices=(2, 4), help="only this number of seats")
    args = parser.parse_args()
    methods = [("croupier's t intervals (CR2 by deals)", robust_intervals)]
    if args.percentile:
        methods.append(("the former percentile bootstrap (200 resamples)", percentile_intervals))
    for title, method in methods:
        print(f"{title}, {args.tournaments} tournaments of each kind:")
        for seats in (2, 4) if args.seats is None else (args.seats,):
            report(seats, method, args.tournaments)


if __name__ == "__main__":
    main()
