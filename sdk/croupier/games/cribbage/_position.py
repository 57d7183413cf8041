"""The position of a game in progress: the mutable record the flow modules change.

Cards are codes (:attr:`Card.index`). Every card is in exactly one place: the pack, a hand,
a seat's played cards (``played``), a discard, the crib's cards from the pack, the starter,
the grid or the turned card of cribbage square.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from croupier.games._api import Event, Seat
from croupier.games.cribbage._actions import Action
from croupier.games.cribbage._observation import ShownHand
from croupier.games.cribbage._result import CribbageResult, GameOutcome
from croupier.games.cribbage._variants import Layout

if TYPE_CHECKING:
    from croupier.games.cribbage._game import Cribbage

__all__ = ["DISCARD", "NO_LIMIT", "OVER", "PLACE", "PLAY", "GameOver", "Position"]

DISCARD = "discard"
PLAY = "play"
PLACE = "place"
OVER = "over"

NO_LIMIT = 99
"""A go limit that rules nothing out (see :attr:`Position.go_limits`)."""


class GameOver(Exception):
    """A side reached the target: the game ends at once (docs/rules/cribbage.md step 6)."""

    def __init__(self, seat: Seat) -> None:
        super().__init__(seat)
        self.seat = seat


class Position:
    """Where everything of a game in progress stands; the state wraps one and guards it."""

    __slots__ = (
        "actions",
        "count",
        "crib",
        "dead",
        "dealer",
        "discards",
        "events",
        "first_dealer",
        "game",
        "game_number",
        "game_points",
        "go_limits",
        "goes",
        "grid",
        "hand_actions",
        "hand_events",
        "hand_number",
        "hands",
        "kept",
        "last_player",
        "layout",
        "loser",
        "pack",
        "phase",
        "played",
        "records",
        "result",
        "rng",
        "run",
        "scores",
        "shown",
        "starter",
        "to_act",
        "turn",
        "turned",
    )

    def __init__(self, game: Cribbage, rng: random.Random) -> None:
        players = game.layout.players
        self.game = game
        self.layout: Layout = game.layout
        self.rng = rng
        self.events: list[Event] = []
        self.actions: list[tuple[Seat, Action]] = []
        self.phase = DISCARD
        self.to_act: tuple[Seat, ...] = ()
        self.game_number = 0
        self.hand_number = 0
        self.first_dealer: Seat = 0
        self.dealer: Seat = 0
        self.loser: Seat = 0
        """The losing seat of the last game (``next_first_dealer="loser"``)."""
        self.pack: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(players)]
        """Each seat's cards not yet played, sorted."""
        self.kept: list[tuple[int, ...]] = [() for _ in range(players)]
        """Each seat's hand after the discard, as it is shown."""
        self.discards: list[tuple[int, ...] | None] = [None] * players
        self.crib: list[int] = []
        """The crib's cards dealt from the pack (the discards are in ``discards``)."""
        self.starter: int | None = None
        self.dead: list[int] = []
        """Solitaire: the cards of finished deals, out of play (one pack for five deals)."""
        self.scores = [0] * game.layout.sides
        self.game_points = [0] * game.layout.sides
        self.records: list[GameOutcome] = []
        self.turn: Seat = 0
        self.count = 0
        self.run: list[int] = []
        """The cards played since the last reset."""
        self.played: list[tuple[Seat, int]] = []
        """Every card played this hand, with its player."""
        self.goes: list[Seat] = []
        """The seats that said go in the current count."""
        self.go_limits = [NO_LIMIT] * players
        """Each seat's lowest ``31 - count`` at a go this hand: all its cards are worth more."""
        self.last_player: Seat = 0
        self.shown: list[ShownHand] = []
        self.grid: list[int | None] = [None] * 16 if game.layout.kind == "square" else []
        self.turned: int | None = None
        self.hand_events = 0
        """Where the current hand's events begin (private ones are redrawn by a resample)."""
        self.hand_actions = 0
        self.result: CribbageResult | None = None

    def copy(self) -> Position:
        """An independent copy (values are immutable, so lists are copied one level deep)."""
        other = Position.__new__(Position)
        for name in Position.__slots__:
            value = getattr(self, name)
            setattr(other, name, value[:] if isinstance(value, list) else value)
        other.hands = [hand[:] for hand in self.hands]
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        return other

    def crib_cards(self) -> list[int]:
        """Every card in the crib so far: the pack's, then each seat's discard."""
        cards = self.crib[:]
        for discard in self.discards:
            if discard:
                cards.extend(discard)
        return sorted(cards)

    def seat_scores(self) -> tuple[int, ...]:
        """Each seat's score (partners share their side's)."""
        side_of = self.layout.side_of
        return tuple(self.scores[side_of(seat)] for seat in range(self.layout.players))

    def seat_game_points(self) -> tuple[int, ...]:
        """Each seat's game points in the match (partners share their side's)."""
        side_of = self.layout.side_of
        return tuple(self.game_points[side_of(seat)] for seat in range(self.layout.players))

    def award(self, seat: Seat, points: int) -> int:
        """Add ``points`` to ``seat``'s side, capped at the target; the new score.

        A one-player game has no cap: its target is only the total that wins.
        """
        side = self.layout.side_of(seat)
        score = self.scores[side] + points
        if not self.layout.is_solo:
            score = min(score, self.game.target)
        self.scores[side] = score
        return score

    def check_target(self, seat: Seat, score: int) -> None:
        """End the game if ``seat``'s new ``score`` reached the target.

        Raises:
            GameOver: it did (two or more players only).
        """
        if score >= self.game.target and not self.layout.is_solo:
            raise GameOver(seat)
