"""croupier: write bots for Lexio and Cribbage, and the rules engines they play by.

A bot is a class with one method::

    import croupier

    class MyBot(croupier.Bot):
        def act(self, observation):          # returns one of observation.legal_actions
            return observation.legal_actions[0]

    if __name__ == "__main__":
        croupier.run(MyBot())                # address and token from the referee

``act`` may also return ``croupier.Decision(action, comment="why")``: the comment is stored
with the action and shown in the game's replay. ``croupier.local.play`` plays a whole game
in one process, for tests and rollouts.
"""

from croupier._runtime import run
from croupier._version import __version__
from croupier.bot import Bot, Decision, GameStart

__all__ = ["Bot", "Decision", "GameStart", "__version__", "run"]
