"""Checks that a game plugged into croupier keeps the contract the platform relies on.

Run them from a game's own tests::

    from croupier.games import load_game
    from croupier.testing import check_game

    def test_my_game_keeps_the_contract():
        check_game(load_game("my_game"))

:func:`check_game` vets the rules engine (seeds, replays, hidden information, legal and
illegal actions, clones, option specs); :func:`check_codec` vets its wire side, the codec
registered for it (``croupier.codecs``), and needs protobuf.
"""

from croupier.testing._codec_check import check_codec
from croupier.testing._game_check import GameCheckFailed, check_game

__all__ = ["GameCheckFailed", "check_codec", "check_game"]

for _name in __all__:
    globals()[_name].__module__ = __name__
del _name
