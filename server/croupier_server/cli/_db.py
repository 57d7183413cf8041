"""``croupier db pack``: pack the games a database made before packing still keeps as rows."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from croupier_server.cli._options import add_database_option, open_database
from croupier_server.db.backlog_packing import BacklogTally, pack_backlog

__all__ = ["register"]


def register(commands: Any) -> None:
    """Add the ``db`` command and its ``pack`` subcommand."""
    database = commands.add_parser("db", help="look after the database")
    tasks = database.add_subparsers(dest="task", required=True, metavar="TASK")
    said = "pack the ended games stored before packing (after an upgrade; safe beside serve)"
    pack = tasks.add_parser("pack", help=said, description=said[0].upper() + said[1:] + ".")
    add_database_option(pack)
    pack.set_defaults(run=run_pack)


def run_pack(args: argparse.Namespace) -> int:
    """Pack every ended game still stored as rows, saying how many so far after each batch."""
    tally = pack_backlog(open_database(args), progress=_say)
    print(f"packed {tally.packed} games; {tally.kept} kept as rows (their replay differs)")
    return 0


def _say(tally: BacklogTally) -> None:
    print(f"packed {tally.packed} games so far", file=sys.stderr, flush=True)
