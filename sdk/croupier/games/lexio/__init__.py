"""Lexio, the climbing game played with tiles, as croupier referees it.

The rules as enforced are docs/rules/lexio.md: 3 to 5 players, tiles numbered up to 9, 13
or 15 in four suits, plays of 1, 2, 3 or 5 tiles, and a match of rounds settled in chips.

>>> from croupier.games.lexio import Lexio, Pass
>>> state = Lexio(players=4).new_state(seed=3)
>>> while not state.is_over():
...     seat = state.seats_to_act()[0]
...     actions = state.legal_actions(seat)
...     state.apply(seat, actions[-1] if Pass() in actions else actions[0])
>>> result = state.result()
>>> sum(result.scores) == 4 * 64
True
"""

import inspect

from croupier.games.lexio._actions import Action, Pass, Play, parse_action
from croupier.games.lexio._combinations import Combination, IllegalCombination, Kind, combination
from croupier.games.lexio._events import (
    MatchEnded,
    Passed,
    Played,
    RoundEnded,
    RoundStarted,
    TilesDealt,
    TrickWon,
)
from croupier.games.lexio._game import Lexio
from croupier.games.lexio._observation import LexioObservation, LexioResult
from croupier.games.lexio._scoring import (
    TWOS_PENALTIES,
    Payment,
    hand_count,
    payments,
    settle,
    settle_counts,
)
from croupier.games.lexio._state import LexioState
from croupier.games.lexio._tiles import PLAYER_COUNTS, Suit, Tile, deck, top_number

__all__ = [
    "PLAYER_COUNTS",
    "TWOS_PENALTIES",
    "Action",
    "Combination",
    "IllegalCombination",
    "Kind",
    "Lexio",
    "LexioObservation",
    "LexioResult",
    "LexioState",
    "MatchEnded",
    "Pass",
    "Passed",
    "Payment",
    "Play",
    "Played",
    "RoundEnded",
    "RoundStarted",
    "Suit",
    "Tile",
    "TilesDealt",
    "TrickWon",
    "combination",
    "deck",
    "hand_count",
    "parse_action",
    "payments",
    "settle",
    "settle_counts",
    "top_number",
]

for _name in __all__:
    _value = globals()[_name]
    if inspect.isclass(_value) or inspect.isfunction(_value):
        _value.__module__ = __name__  # the docs and reprs show the public path
del _name, _value
