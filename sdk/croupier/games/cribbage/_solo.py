"""The one-player games: solitaire and cribbage square (docs/rules/cribbage.md, "Variants").

Solitaire: five deals from one pack, never reshuffled. Each deal gives 6 cards to the hand
and 2 face down to the crib; the player lays 2 away to the crib, the starter is turned (his
heels: 2), the hand and then the crib are counted. The total of the five deals is the result.

Cribbage square: 16 cards turned one at a time, each placed at once in a free cell of the
4x4 grid; a 17th card is the starter (his heels: 2, once); each row and column is counted as
a four-card hand (hand flush rules, nobs).

Neither game ends at the target: it is the total that counts as a win.
"""

from __future__ import annotations

from croupier.games.cribbage._cards import CARDS
from croupier.games.cribbage._events import (
    CardPlaced,
    CardsDealt,
    CardTurned,
    Discarded,
    DiscardedCards,
    HandDealt,
    LineShown,
    SoloGameEnded,
)
from croupier.games.cribbage._match import show_cards, turn_starter
from croupier.games.cribbage._observation import ShownHand
from croupier.games.cribbage._position import DISCARD, OVER, PLACE, Position
from croupier.games.cribbage._result import CribbageResult
from croupier.games.cribbage.scoring import show_parts

__all__ = ["begin_solitaire", "begin_square", "discard_solitaire", "place"]

_LINES: tuple[tuple[str, tuple[int, ...]], ...] = (
    *((f"row {row}", tuple(range(row * 4, row * 4 + 4))) for row in range(4)),
    *((f"column {col}", tuple(range(col, 16, 4))) for col in range(4)),
)
"""Each row and column of the square with its cells (numbered row by row)."""


def _shuffled_pack(position: Position) -> list[int]:
    pack = list(range(52))
    position.rng.shuffle(pack)
    return pack


def begin_solitaire(position: Position) -> None:
    """Shuffle the one pack of the game and make the first deal."""
    position.game_number = 1
    position.pack = _shuffled_pack(position)
    _deal_solitaire(position)


def _deal_solitaire(position: Position) -> None:
    """The next deal: the previous deal's cards leave play, 6 to the hand and 2 to the crib."""
    if position.starter is not None:
        position.dead.extend([*position.hands[0], *(position.discards[0] or ()), *position.crib])
        position.dead.append(position.starter)
    position.hand_number += 1
    position.hand_events = len(position.events)
    position.hand_actions = len(position.actions)
    pack = position.pack
    position.hands = [sorted(pack.pop() for _ in range(6))]
    position.crib = [pack.pop(), pack.pop()]
    position.kept = [()]
    position.discards = [None]
    position.starter = None
    position.shown = []
    position.events.append(HandDealt(1, position.hand_number, 0, 6, 2))
    position.events.append(CardsDealt(0, tuple(CARDS[code] for code in position.hands[0])))
    position.phase = DISCARD
    position.to_act = (0,)


def discard_solitaire(position: Position, codes: tuple[int, ...]) -> None:
    """Lay ``codes`` away (checked legal by the caller), turn the starter, count, go on."""
    hand = position.hands[0]
    for code in codes:
        hand.remove(code)
    position.discards[0] = codes
    position.events.append(DiscardedCards(0, tuple(CARDS[code] for code in codes)))
    position.events.append(Discarded(0))
    position.kept = [tuple(hand)]
    turn_starter(position, 0)
    starter = position.starter
    assert starter is not None  # just turned
    show_cards(position, 0, position.kept[0], starter, crib=False)
    show_cards(position, 0, tuple(position.crib_cards()), starter, crib=True)
    if position.hand_number < position.layout.deals:
        _deal_solitaire(position)
    else:
        _finish(position)


def begin_square(position: Position) -> None:
    """Shuffle the pack and turn the first card to place."""
    position.game_number = 1
    position.hand_number = 1
    position.pack = _shuffled_pack(position)
    _turn_card(position)


def _turn_card(position: Position) -> None:
    code = position.pack.pop()
    position.turned = code
    number = 17 - position.grid.count(None)
    position.events.append(CardTurned(CARDS[code], number))
    position.phase = PLACE
    position.to_act = (0,)


def place(position: Position, cell: int) -> None:
    """Place the turned card in free ``cell`` (checked by the caller); the 16th ends the game."""
    code = position.turned
    assert code is not None  # a card is turned whenever a place is asked for
    position.grid[cell] = code
    position.turned = None
    position.events.append(CardPlaced(CARDS[code], cell // 4, cell % 4))
    if None in position.grid:
        _turn_card(position)
        return
    position.to_act = ()
    turn_starter(position, 0)
    starter = position.starter
    assert starter is not None  # just turned
    for label, cells in _LINES:
        codes = tuple(code for index in cells if (code := position.grid[index]) is not None)
        breakdown = show_parts(codes, starter)
        score = position.award(0, breakdown.total)
        cards = tuple(CARDS[code] for code in codes)
        position.events.append(LineShown(label, cards, CARDS[starter], breakdown, score))
        position.shown.append(ShownHand(0, label, cards, CARDS[starter], breakdown.total))
    _finish(position)


def _finish(position: Position) -> None:
    total = position.scores[0]
    won = total >= position.game.target
    position.events.append(SoloGameEnded(total, position.game.target, won))
    position.phase = OVER
    position.to_act = ()
    position.result = CribbageResult(scores=(total,), won=won)
