"""``croupier sprt``: is bot A stronger than bot B? Duplicate pairs until the SPRT decides.

The match is a stored tournament of the ``sprt`` format (see
:mod:`croupier_server.tournament.formats.sprt`): ``croupier tournament resume`` finishes
one that was stopped, its page shows the log-likelihood ratio as the games come in, and
``croupier ratings`` counts its games, each pair of a deal as one duplicate set.
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import os
import random
import sys
from typing import Any

from croupier_server.cli._options import (
    add_database_option,
    add_log_options,
    add_sealing_option,
    add_time_options,
    logging_from_args,
    open_database,
    positive_number,
    sealing_from_args,
    seed_number,
    time_control_from_args,
)
from croupier_server.cli._output import CliError, print_json
from croupier_server.cli._rules import add_rules_options, rules_from_args
from croupier_server.cli._tournament import play_stored, queue_on_workers
from croupier_server.queueing.jobs import require_queue
from croupier_server.referee.game import RefereeSettings
from croupier_server.tournament.formats.sprt import (
    SprtHypotheses,
    SprtProgress,
    SprtSchedule,
    SprtSettings,
)
from croupier_server.tournament.runner import Progress, create_tournament

__all__ = ["register"]


def register(commands: Any) -> None:
    """Add the ``sprt`` command."""
    parser = commands.add_parser(
        "sprt", help="play duplicate pairs of two bots until the SPRT decides"
    )
    add_rules_options(parser)
    parser.add_argument(
        "--bot", action="append", required=True, metavar="NAME", help="twice: A, then B"
    )
    parser.add_argument("--elo0", type=float, default=0.0, help="Elo of H0 (default: 0)")
    parser.add_argument("--elo1", type=float, default=50.0, help="Elo of H1 (default: 50)")
    parser.add_argument("--alpha", type=float, default=0.05, help="false H1 rate (default: 0.05)")
    parser.add_argument("--beta", type=float, default=0.05, help="false H0 rate (default: 0.05)")
    parser.add_argument(
        "--max-deals", type=positive_number, default=1000, help="stop after this many pairs"
    )
    parser.add_argument(
        "--min-deals", type=positive_number, default=10, help="no verdict before this many pairs"
    )
    parser.add_argument("--concurrency", type=positive_number, help="games at once (default: CPUs)")
    parser.add_argument("--seed", type=seed_number, help="the seed of the deals (default: random)")
    add_time_options(parser)
    add_sealing_option(parser)
    parser.add_argument("--listen", default="127.0.0.1:0", metavar="ADDRESS")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument(
        "--queue",
        action="store_true",
        help="queue the games for `croupier worker`s (PostgreSQL), each pair as the last ends; "
        "--concurrency then says how many pairs the workers play at once",
    )
    parser.add_argument(
        "--detach", action="store_true", help="with --queue: return once the games are queued"
    )
    add_database_option(parser)
    add_log_options(parser)
    parser.set_defaults(run=run_sprt_command)


def run_sprt_command(args: argparse.Namespace) -> int:
    """Play the sequential match and print its verdict (exit 0 whatever the verdict)."""
    game = rules_from_args(args)
    if game.num_players != 2:
        raise CliError(f"sprt is for two-player games, not {game.num_players} players")
    if len(args.bot) != 2 or args.bot[0] == args.bot[1]:
        raise CliError("sprt needs --bot twice, with two different bots")
    logging_from_args(args)
    try:
        hypotheses = SprtHypotheses(args.elo0, args.elo1, args.alpha, args.beta)
    except ValueError as error:
        raise CliError(str(error)) from None
    engine = open_database(args)
    if args.queue:
        require_queue(engine)  # before the match is stored, which no one would play
    concurrency = args.concurrency or os.cpu_count() or 1
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**63)
    record = create_tournament(
        engine,
        game=game,
        bots=args.bot,
        seed=seed,
        # Both games of a deal at once, never more than the games at once.
        format_settings=SprtSettings(
            hypotheses, args.max_deals, args.min_deals, batch=math.ceil(concurrency / 2)
        ),
        concurrency=concurrency,
        settings=RefereeSettings(
            time_control=time_control_from_args(args), sealed=sealing_from_args(args)
        ),
    )
    assert record.id is not None
    if args.queue:
        return queue_on_workers(args, engine, record.id)
    report = _ProgressReport()
    try:
        progress = play_stored(args, engine, record.id, report)
    finally:
        report.end()
    final = _final(progress)
    if args.json:
        data = _data(args, hypotheses, seed, final, progress.elapsed_s)
        print_json({**data, "tournament": record.id, "options": game.options()})
        return 0
    a, b = args.bot
    print(f"{a} vs {b}: {final.verdict} after {final.deals} deals ({final.games} games)")
    print(f"  {_line(final)}")
    print(
        f"  H0 elo {hypotheses.elo0:g}, H1 elo {hypotheses.elo1:g}, "
        f"alpha {hypotheses.alpha:g}, beta {hypotheses.beta:g}, seed {seed}"
    )
    return 0


def _final(progress: Progress) -> SprtProgress:
    """Where the match stands at the end of a run."""
    assert isinstance(progress.schedule, SprtSchedule)
    return progress.schedule.progress


def _line(progress: SprtProgress) -> str:
    """The progress line: deals, LLR within its bounds, W/D/L, pentanomial."""
    result = progress.result
    pairs = " ".join(str(count) for count in progress.pentanomial)
    return (
        f"{progress.deals} deals  LLR {result.llr:.2f} [{result.lower:.2f}, {result.upper:.2f}]"
        f"  W/D/L {progress.wins}/{progress.draws}/{progress.losses}  pairs {pairs}"
    )


def _data(
    args: argparse.Namespace,
    hypotheses: SprtHypotheses,
    seed: int,
    final: SprtProgress,
    elapsed_s: float,
) -> dict[str, Any]:
    return {
        "bot": args.bot[0],
        "opponent": args.bot[1],
        "game": args.game,
        **dataclasses.asdict(hypotheses),
        "seed": seed,
        "min_deals": args.min_deals,
        "max_deals": args.max_deals,
        "deals": final.deals,
        "games": final.games,
        "wins": final.wins,
        "draws": final.draws,
        "losses": final.losses,
        "pentanomial": list(final.pentanomial),
        "llr": round(final.result.llr, 4),
        "lower": round(final.result.lower, 4),
        "upper": round(final.result.upper, 4),
        "verdict": final.verdict,
        "elapsed_s": round(elapsed_s, 2),
    }


class _ProgressReport:
    """The progress line after each pair, rewritten on a terminal; every tenth deal otherwise."""

    def __init__(self) -> None:
        self._tty = sys.stderr.isatty()
        self._open = False
        self._counted = 0

    def __call__(self, progress: Progress) -> None:
        assert isinstance(progress.schedule, SprtSchedule)
        counted = progress.schedule.counted
        for state in counted[self._counted :]:
            if self._tty:
                print(f"\r{_line(state)}", end="", file=sys.stderr, flush=True)
                self._open = True
            elif state.deals % 10 == 0:
                print(_line(state), file=sys.stderr, flush=True)
        self._counted = len(counted)

    def end(self) -> None:
        """End the rewritten line, if any."""
        if self._open:
            print(file=sys.stderr, flush=True)
