"""A cribbage bot that picks uniformly at random among its legal actions.

It lays away, pegs and places (cribbage square) at random, in every variant: the baseline
every other bot should beat. Set ``CROUPIER_BOT_SEED`` to make its choices reproducible:
each game draws from it afresh, whichever process plays it.

The referee starts it with its address and token, once registered:

    croupier bot add cribbage-random --game cribbage --command "python examples/cribbage_random.py"

Its code is in the SDK, ``croupier/opponents/cribbage.py`` (read it there, a page long), since
``croupier-bot play`` and ``python -m croupier.opponents random --game cribbage`` seat the same
bot: this file is the script that runs it.
"""

from __future__ import annotations

import croupier
from croupier.opponents.cribbage import RandomCribbageBot

__all__ = ["RandomCribbageBot"]

if __name__ == "__main__":
    croupier.run(RandomCribbageBot())
