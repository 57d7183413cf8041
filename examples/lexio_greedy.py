"""A Lexio bot that sheds as many tiles as it can, as cheaply as it can, every turn.

It never passes while it has a play. Leading, it plays the combination with the most tiles
(a five-tile play before a triple, a triple before a pair, ...) and, among those, the
weakest. Answering, the size is fixed by the table, so it plays the weakest tiles that
beat it. It keeps no plan: it breaks pairs and straights to answer a single, and keeps its
2s until they are the weakest thing it can play.

The referee starts it with its address and token, once registered:

    croupier bot add lexio-greedy --game lexio --command "python examples/lexio_greedy.py"

Its code is in the SDK, ``croupier/opponents/lexio.py`` (read it there, a page long), since
``croupier-bot play`` and ``python -m croupier.opponents greedy --game lexio`` seat the same
bot: this file is the script that runs it.
"""

from __future__ import annotations

import croupier
from croupier.opponents.lexio import GreedyLexioBot

__all__ = ["GreedyLexioBot"]

if __name__ == "__main__":
    croupier.run(GreedyLexioBot())
