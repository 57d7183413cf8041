"""A Lexio bot that picks uniformly at random among its legal actions.

The simplest bot there is, and the baseline every other bot should beat. It may pass
whenever a play is on the table, and often does: a pass is one legal action among the
plays. Set ``CROUPIER_BOT_SEED`` to make its choices reproducible: each game draws from
it afresh, whichever process plays it.

The referee starts it with its address and token, once registered:

    croupier bot add lexio-random --game lexio --command "python examples/lexio_random.py"

Its code is in the SDK, ``croupier/opponents/lexio.py`` (read it there, a page long), since
``croupier-bot play`` and ``python -m croupier.opponents random --game lexio`` seat the same
bot: this file is the script that runs it.
"""

from __future__ import annotations

import croupier
from croupier.opponents.lexio import RandomLexioBot

__all__ = ["RandomLexioBot"]

if __name__ == "__main__":
    croupier.run(RandomLexioBot())
