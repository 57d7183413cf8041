"""The one-player games: solitaire and cribbage square (rules page, "Variants").

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
from croupier.games.cribbage._result import CribbageResult
from croupier.games.cribbage._table import DISCARD, OVER, PLACE, Table
from croupier.games.cribbage.scoring import show_parts

__all__ = ["begin_solitaire", "begin_square", "discard_solitaire", "place"]

_LINES: tuple[tuple[str, tuple[int, ...]], ...] = (
    *((f"row {row}", tuple(range(row * 4, row * 4 + 4))) for row in range(4)),
    *((f"column {col}", tuple(range(col, 16, 4))) for col in range(4)),
)
"""Each row and column of the square with its cells (numbered row by row)."""


def _shuffled_pack(table: Table) -> list[int]:
    pack = list(range(52))
    table.rng.shuffle(pack)
    return pack


def begin_solitaire(table: Table) -> None:
    """Shuffle the one pack of the game and make the first deal."""
    table.game_number = 1
    table.pack = _shuffled_pack(table)
    _deal_solitaire(table)


def _deal_solitaire(table: Table) -> None:
    """The next deal: the previous deal's cards leave play, 6 to the hand and 2 to the crib."""
    if table.starter is not None:
        table.dead.extend([*table.hands[0], *(table.discards[0] or ()), *table.crib])
        table.dead.append(table.starter)
    table.hand_number += 1
    table.hand_events = len(table.events)
    table.hand_actions = len(table.actions)
    pack = table.pack
    table.hands = [sorted(pack.pop() for _ in range(6))]
    table.crib = [pack.pop(), pack.pop()]
    table.kept = [()]
    table.discards = [None]
    table.starter = None
    table.shown = []
    table.events.append(HandDealt(1, table.hand_number, 0, 6, 2))
    table.events.append(CardsDealt(0, tuple(CARDS[code] for code in table.hands[0])))
    table.phase = DISCARD
    table.to_act = (0,)


def discard_solitaire(table: Table, codes: tuple[int, ...]) -> None:
    """Lay ``codes`` away (checked legal by the caller), turn the starter, count, go on."""
    hand = table.hands[0]
    for code in codes:
        hand.remove(code)
    table.discards[0] = codes
    table.events.append(DiscardedCards(0, tuple(CARDS[code] for code in codes)))
    table.events.append(Discarded(0))
    table.kept = [tuple(hand)]
    turn_starter(table, 0)
    starter = table.starter
    assert starter is not None  # just turned
    show_cards(table, 0, table.kept[0], starter, crib=False)
    show_cards(table, 0, tuple(table.crib_cards()), starter, crib=True)
    if table.hand_number < table.layout.deals:
        _deal_solitaire(table)
    else:
        _finish(table)


def begin_square(table: Table) -> None:
    """Shuffle the pack and turn the first card to place."""
    table.game_number = 1
    table.hand_number = 1
    table.pack = _shuffled_pack(table)
    _turn_card(table)


def _turn_card(table: Table) -> None:
    code = table.pack.pop()
    table.turned = code
    number = 17 - table.grid.count(None)
    table.events.append(CardTurned(CARDS[code], number))
    table.phase = PLACE
    table.to_act = (0,)


def place(table: Table, cell: int) -> None:
    """Place the turned card in free ``cell`` (checked by the caller); the 16th ends the game."""
    code = table.turned
    assert code is not None  # a card is turned whenever a place is asked for
    table.grid[cell] = code
    table.turned = None
    table.events.append(CardPlaced(CARDS[code], cell // 4, cell % 4))
    if None in table.grid:
        _turn_card(table)
        return
    table.to_act = ()
    turn_starter(table, 0)
    starter = table.starter
    assert starter is not None  # just turned
    for label, cells in _LINES:
        codes = tuple(code for index in cells if (code := table.grid[index]) is not None)
        breakdown = show_parts(codes, starter)
        score = table.award(0, breakdown.total)
        cards = tuple(CARDS[code] for code in codes)
        table.events.append(LineShown(label, cards, CARDS[starter], breakdown, score))
        table.shown.append(ShownHand(0, label, cards, CARDS[starter], breakdown.total))
    _finish(table)


def _finish(table: Table) -> None:
    total = table.scores[0]
    won = total >= table.game.target
    table.events.append(SoloGameEnded(total, table.game.target, won))
    table.phase = OVER
    table.to_act = ()
    table.result = CribbageResult(scores=(total,), won=won)
