"""``croupier-bot play DIR``: try a bot against the SDK's opponents, judged as on the server."""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import random
import sys
import textwrap
from collections import Counter
from pathlib import Path
from statistics import fmean
from typing import Any

from croupier.bot_cli._arena import ArenaPlan, GameReport, play_games
from croupier.bot_cli._defaults import SERVER_DEFAULTS
from croupier.bot_cli._errors import CliError, UsageError
from croupier.bot_cli._output import printable
from croupier.codec import TimeControl
from croupier.games import Game, game_class
from croupier.manifest import ManifestError, read_manifest
from croupier.opponents import opponent_names

__all__ = ["add_play"]

_TIME = SERVER_DEFAULTS.time_control
_DESCRIPTION = f"""\
Play the bot in DIR against the SDK's opponents on this machine, to try it in seconds before
submitting it. The bot is started as its croupier.toml says, in DIR, once a game (a leading
"python" is this Python: {{python}}), and talks to a referee on 127.0.0.1 over gRPC, the
contract the server speaks; the opponents (random, greedy) play in this process, in the other
seats, in turn. Its seat turns round the table from game to game. The rules are the game's
defaults (or --players, --variant) and the time control is the server's: {_TIME.decision_ms} ms
a decision, a bank of {_TIME.bank_ms} ms for overruns, {_TIME.connect_ms} ms to say Hello. A
timeout, a crash, or an illegal or malformed action is charged as the server's referee charges
it, and shown in one line with the bot's last output. Exits 0 when the bot made no fault, 1
when it made one.

Needs: Python 3.11+ with this SDK (pip install croupier), and whatever the bot's command runs
(node for a Node.js bot, its own Python packages installed here for a Python bot with
requirements: unlike the server, play installs nothing). Not sealed: the bot runs as you, with
your files and network, and with this environment (but {{hidden}}).
"""


def add_play(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The ``play`` command."""
    parser = commands.add_parser(
        "play",
        help="play the bot locally against the SDK's opponents",
        description=_filled(
            _DESCRIPTION.format(python=sys.executable, hidden="CROUPIER_AUTHOR_TOKEN")
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("directory", metavar="DIR", type=Path, help="the bot's directory")
    parser.add_argument(
        "--against",
        default="random,greedy",
        metavar="NAMES",
        help="the opponents, comma-separated, seated in turn (default: random,greedy)",
    )
    parser.add_argument(
        "--games", type=_count, default=4, metavar="N", help="how many games (default: 4)"
    )
    parser.add_argument(
        "--seed", type=_whole, metavar="S", help="the first game's deal, then S+1... (random)"
    )
    parser.add_argument("--players", type=_count, metavar="N", help="the number of seats")
    parser.add_argument("--variant", metavar="LABEL", help="a variant by its label (six-card)")
    for name, text in (
        ("connect", "to start and say Hello"),
        ("decision", "of a decision"),
        ("bank", "of the bank paying for overruns"),
    ):
        default = getattr(_TIME, f"{name}_ms")
        parser.add_argument(
            f"--{name}-ms",
            type=_count if name != "bank" else _whole,
            default=default,
            metavar="MS",
            help=f"the time {text}, in ms (default: the server's, {default})",
        )
    parser.set_defaults(run=run_play)


def _filled(text: str) -> str:
    """``text`` with each of its paragraphs filled to 88 columns."""
    paragraphs = text.strip().split("\n\n")
    return "\n\n".join(textwrap.fill(" ".join(each.split()), 88) for each in paragraphs)


def run_play(args: argparse.Namespace) -> int:
    """Play the games; print each and a summary; 1 if the bot made any fault."""
    directory: Path = args.directory
    if not directory.is_dir():
        raise CliError(f"{directory} is not a directory")
    try:
        manifest = read_manifest(directory)
    except ManifestError as error:
        raise CliError(str(error)) from None
    game = _rules(game_class(manifest.game), args.players, args.variant)
    against = _opponents(args.against, manifest.game)
    seed = args.seed if args.seed is not None else random.randrange(1, 2**31)
    time_control = TimeControl(args.connect_ms, args.decision_ms, args.bank_ms)
    defaults = dataclasses.replace(SERVER_DEFAULTS, time_control=time_control)
    print(
        f"{manifest.name} ({manifest.game}, {game.variant_label(game.options())}) against "
        f"{', '.join(against)}: {_games(args.games)} from seed {seed}, "
        f"{args.decision_ms} ms a decision and a bank of {args.bank_ms} ms; not sealed"
    )
    plan = ArenaPlan(directory.resolve(), manifest, game, against, args.games, seed, defaults)
    reports = asyncio.run(play_games(plan))
    for report in reports:
        _print_game(report)
    _print_summary(manifest.name, reports)
    return 1 if any(report.faults for report in reports) else 0


def _rules(chosen: type[Game[Any]], players: int | None, label: str | None) -> Game[Any]:
    """The game's default rules, or its variant of ``label`` or of ``players`` seats."""
    variants = chosen.variants()
    if label is not None:
        matching = [variant for variant in variants if variant.label == label]
        if not matching:
            known = ", ".join(variant.label for variant in variants)
            raise UsageError(f"{chosen.name} has no variant {label!r} ({known})")
        variants = tuple(matching)
    if players is not None:
        matching = [variant for variant in variants if variant.seats == players]
        if not matching:
            counts = ", ".join(str(count) for count in sorted({v.seats for v in variants}))
            raise UsageError(f"{chosen.name} is for {counts} players here, not {players}")
        variants = tuple(matching)
    options = variants[0].options if label is not None or players is not None else {}
    return chosen.from_options(options)


def _opponents(text: str, game: str) -> list[str]:
    names = [name.strip() for name in text.split(",") if name.strip()]
    known = opponent_names(game)
    unknown = [name for name in names if name not in known]
    if not names or unknown:
        wrong = f"no opponent {unknown[0]!r}" if unknown else "no opponents named"
        raise UsageError(f"--against: {wrong} for {game} (it has {', '.join(known)})")
    return names


def _print_game(report: GameReport) -> None:
    seats = len(report.players)
    status = ", forfeited" if report.forfeited else ""
    print(
        f"game {report.number} (seed {report.seed}, seat {report.seat}): "
        f"{_ordinal(report.place)} of {seats}, score {report.score}{status}  "
        f"[{', '.join(report.players)}]"
    )
    for fault in report.faults:
        print(f"  {printable(str(fault))}")
    if report.output:
        print("  its last output:")
        for line in report.output:
            print(f"    | {printable(line)}")


def _print_summary(name: str, reports: list[GameReport]) -> None:
    wins = sum(1 for report in reports if report.place == 1)
    kinds = Counter(fault.kind for report in reports for fault in report.faults)
    faults = ", ".join(f"{count} {kind}" for kind, count in sorted(kinds.items())) or "none"
    latencies = [latency for report in reports for latency in report.latencies_ms]
    timing = (
        f"latency mean {fmean(latencies):.1f} ms, max {max(latencies):.1f} ms"
        if latencies
        else "no decision answered"
    )
    print(
        f"{name}: {wins} win{'s' * (wins != 1)} in {_games(len(reports))}, mean score "
        f"{fmean(report.score for report in reports):.1f}; faults: {faults}; {timing}"
    )


def _games(count: int) -> str:
    return f"{count} game{'s' * (count != 1)}"


def _ordinal(place: int) -> str:
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(place if place < 20 else place % 10, "th")
    return f"{place}{suffix}"


def _count(text: str) -> int:
    value = _whole(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"a whole number of at least 1, not {text!r}")
    return value


def _whole(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a whole number, not {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"a whole number of at least 0, not {text!r}")
    return value
