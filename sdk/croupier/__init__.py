"""croupier: write bots for Lexio and Cribbage, and the rules engines they play by.

A bot is a class with one method::

    import croupier

    class MyBot(croupier.Bot):
        def act(self, observation):
            return observation.legal_actions[0]
"""

from croupier.bot import Bot, GameStart

__all__ = ["Bot", "GameStart"]
__version__ = "0.1.0"
