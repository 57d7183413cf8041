"""A bot that talks: it says what it weighs on stdout while deciding, and explains its choice.

    python tests/fakebots/chatty.py

Before it connects it writes :data:`BANNER_LINES` lines ``chatty: starting, line N`` to
standard error (enough to be cut with ``--output-kb 1``); then, asked to decide, ``chatty:
weighing K actions`` to standard output, waits :data:`THINK_S` (so the referee reads the
line while the decision is still open), and answers with the first legal action and the
comment ``the first of K``. It plays either game.
"""

from __future__ import annotations

import sys
import time
from typing import Any

import croupier

THINK_S = 0.05
BANNER_LINES = 40


class Chatty(croupier.Bot[Any, Any]):
    """Plays the first legal action, saying so."""

    def act(self, observation: Any) -> croupier.Decision[Any]:
        legal = observation.legal_actions
        print(f"chatty: weighing {len(legal)} actions", flush=True)
        time.sleep(THINK_S)
        return croupier.Decision(legal[0], comment=f"the first of {len(legal)}")


if __name__ == "__main__":
    for number in range(BANNER_LINES):
        print(f"chatty: starting, line {number}", file=sys.stderr, flush=True)
    croupier.run(Chatty())
