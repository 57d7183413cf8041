"""croupier: write bots for Lexio and Cribbage, and the rules engines they play by.

A bot is a class with one method::

    import croupier

    class MyBot(croupier.Bot):
        def act(self, observation):          # returns one of observation.legal_actions
            return observation.legal_actions[0]

    if __name__ == "__main__":
        croupier.run(MyBot())                # address and token from the referee

``act`` may also return ``croupier.Decision(action, comment="why")``: the comment is stored
with the action and shown in the game's replay. While ``act`` runs, ``self.clock`` (a
:class:`Clock`) says how much time the decision has. ``croupier.local.play`` plays a whole game
in one process, for tests and rollouts; ``croupier.testing`` checks a game of your own.

Importing ``croupier`` (or ``croupier.games``) loads no gRPC: :func:`run` brings it in on
first use.
"""

import os
from typing import TYPE_CHECKING, Any

from croupier._version import __version__
from croupier.bot import Bot, Clock, Decision, GameStart

if TYPE_CHECKING:
    from croupier._runtime import run

__all__ = ["Bot", "Clock", "Decision", "GameStart", "__version__", "run"]

for _value in (Bot, Clock, Decision, GameStart):
    _value.__module__ = __name__
del _value


def __getattr__(name: str) -> Any:
    # run needs gRPC and the codec: import them only for a bot that connects to a referee.
    if name == "run":
        # gRPC's core logs a refused certificate on stderr beside the line run() says: only
        # its errors, unless the bot asks for more. gRPC reads this once, as it loads.
        os.environ.setdefault("GRPC_VERBOSITY", "ERROR")
        from croupier._runtime import run  # noqa: PLC0415 (lazy on purpose)

        run.__module__ = __name__
        return run
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
