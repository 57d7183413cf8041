"""Kuhn poker, the smallest poker, as a third game of croupier living outside it.

The game of H. W. Kuhn, "A simplified two-person poker", Contributions to the Theory of
Games I (Annals of Mathematics Studies 24, 1950), pp. 97-103, in its standard description
(also OpenSpiel's ``kuhn_poker``): a deck of three cards, J < Q < K; each of two seats
antes and is dealt one card; one betting round where the first seat checks or bets one
chip, a check may be answered by a check or a bet, a bet by a call or a fold; a fold gives
the pot to the bettor, otherwise the higher card takes it. The rules as enforced are in
``tests/kuhn_poker/README.md``.

It plugs into croupier only through the entry points of its ``pyproject.toml``
(``croupier.games``, ``croupier.codecs``, ``croupier.tables``), as Lexio and cribbage do.

>>> from kuhn_poker import Action, KuhnPoker
>>> state = KuhnPoker(hands=2).new_state(seed=3)
>>> while not state.is_over():
...     seat = state.seats_to_act()[0]
...     state.apply(seat, state.legal_actions(seat)[0])
>>> sum(state.result().scores)
0
"""

from kuhn_poker._cards import Action, Card, parse_action
from kuhn_poker._events import Acted, CardDealt, HandStarted, PotWon, Showdown
from kuhn_poker._game import KuhnPoker
from kuhn_poker._observation import KuhnObservation, KuhnResult
from kuhn_poker._state import BET_SIZE, KuhnState

__all__ = [
    "BET_SIZE",
    "Acted",
    "Action",
    "Card",
    "CardDealt",
    "HandStarted",
    "KuhnObservation",
    "KuhnPoker",
    "KuhnResult",
    "KuhnState",
    "PotWon",
    "Showdown",
    "parse_action",
]
