"""``python -m croupier.opponents NAME --game GAME``: run an opponent as a bot process."""

from __future__ import annotations

import argparse

import croupier
from croupier.opponents import OPPONENTS, opponent


def main(argv: list[str] | None = None) -> None:
    """Connect the opponent the arguments name to the referee and play until it is done."""
    parser = argparse.ArgumentParser(
        prog="python -m croupier.opponents",
        description="Run one of the SDK's opponents as a bot: it connects to the referee at "
        "CROUPIER_ADDRESS with CROUPIER_TOKEN, as the referee sets them for the bots it "
        "starts. A random bot draws each game afresh from CROUPIER_BOT_SEED when it is set.",
    )
    parser.add_argument("name", choices=sorted({n for names in OPPONENTS.values() for n in names}))
    parser.add_argument("--game", required=True, choices=sorted(OPPONENTS))
    arguments = parser.parse_args(argv)
    croupier.run(opponent(arguments.name, arguments.game))


if __name__ == "__main__":
    main()
