"""A cribbage bot that takes the most points it can see right now.

- Laying away, it keeps the cards that score the most as they are, without a starter
  (fifteens, pairs, runs, a flush), and ignores what it gives to the crib.
- Pegging, it plays the card that scores the most at once (15, 31, pairs, runs); on a tie,
  the first such card in its hand.
- In cribbage square, it puts the turned card where its row and column gain the most
  points as they lie.

It plays every variant; it never thinks about the starter, the crib or the opponent's reply.

The referee starts it with its address and token, once registered:

    croupier bot add cribbage-greedy --game cribbage --command "python examples/cribbage_greedy.py"

Its code is in the SDK, ``croupier/opponents/cribbage.py`` (read it there, a page long), since
``croupier-bot play`` and ``python -m croupier.opponents greedy --game cribbage`` seat the same
bot: this file is the script that runs it.
"""

from __future__ import annotations

import croupier
from croupier.opponents.cribbage import GreedyCribbageBot

__all__ = ["GreedyCribbageBot"]

if __name__ == "__main__":
    croupier.run(GreedyCribbageBot())
