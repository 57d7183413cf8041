"""Cribbage, every variant: the rules engine croupier referees.

The rules as enforced, with every option and every case the sources leave open, are
docs/rules/cribbage.md; each variant is a rule set of one engine::

    >>> from croupier.games.cribbage import Card, Cribbage, parse_cards, score_peg, score_show
    >>> score_show(parse_cards("5C 5D 5H JS"), Card.from_str("5S"))
    29
    >>> score_peg(parse_cards("7H 8C"))
    2
    >>> game = Cribbage(variant="five-card", match_points=1)
    >>> state = game.new_state(seed=7)
    >>> state.current_player()
    (0, 1)

Public modules: this package, and :mod:`croupier.games.cribbage.scoring` for the fast show
scorer over card codes.
"""

import inspect

from croupier.games.cribbage._actions import Action, Discard, Peg, Place, parse_action
from croupier.games.cribbage._cards import CARDS, RANKS, SUITS, Card, cards_text, parse_cards
from croupier.games.cribbage._events import (
    CardPlaced,
    CardsDealt,
    CardTurned,
    CountReset,
    CribShown,
    CutForDeal,
    Discarded,
    DiscardedCards,
    GameStarted,
    GameWon,
    Go,
    HandDealt,
    HandShown,
    HisHeels,
    LastCard,
    LineShown,
    MatchEnded,
    Pegged,
    SoloGameEnded,
    StarterTurned,
    ThreeForLast,
)
from croupier.games.cribbage._game import NEXT_FIRST_DEALER, VARIANTS, Cribbage
from croupier.games.cribbage._observation import CribbageObservation, ShownHand
from croupier.games.cribbage._pegging import PegScore, explain_peg, score_peg
from croupier.games.cribbage._result import CribbageResult, GameOutcome
from croupier.games.cribbage._state import CribbageState
from croupier.games.cribbage._variants import Skunk, skunk_of
from croupier.games.cribbage.scoring import (
    ShowCombination,
    ShowScore,
    explain_show,
    score_show,
    show_combinations,
)

__all__ = [
    "CARDS",
    "NEXT_FIRST_DEALER",
    "RANKS",
    "SUITS",
    "VARIANTS",
    "Action",
    "Card",
    "CardPlaced",
    "CardTurned",
    "CardsDealt",
    "CountReset",
    "CribShown",
    "Cribbage",
    "CribbageObservation",
    "CribbageResult",
    "CribbageState",
    "CutForDeal",
    "Discard",
    "Discarded",
    "DiscardedCards",
    "GameOutcome",
    "GameStarted",
    "GameWon",
    "Go",
    "HandDealt",
    "HandShown",
    "HisHeels",
    "LastCard",
    "LineShown",
    "MatchEnded",
    "Peg",
    "PegScore",
    "Pegged",
    "Place",
    "ShowCombination",
    "ShowScore",
    "ShownHand",
    "Skunk",
    "SoloGameEnded",
    "StarterTurned",
    "ThreeForLast",
    "cards_text",
    "explain_peg",
    "explain_show",
    "parse_action",
    "parse_cards",
    "score_peg",
    "score_show",
    "show_combinations",
    "skunk_of",
]

for _name in __all__:
    _value = globals()[_name]
    if inspect.isclass(_value) or inspect.isfunction(_value):
        _value.__module__ = __name__  # the docs and reprs show the public path
del _name, _value
