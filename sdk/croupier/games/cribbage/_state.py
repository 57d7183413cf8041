"""A cribbage game in progress: who acts, what they may do, and what each seat sees.

The state checks every action completely before it changes anything, so an illegal action
leaves it exactly as it was; then the flow modules apply it and everything that follows with
no choice to make (goes, the show, the next deal) until a seat must act again.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations

from croupier.games._api import Event, IllegalAction, Seat, State
from croupier.games.cribbage import _match, _play, _solo
from croupier.games.cribbage._actions import PEGS, Action, Discard, Peg, Place, discard_of, place_of
from croupier.games.cribbage._cards import CARDS, VALUES, cards_text
from croupier.games.cribbage._game import Cribbage
from croupier.games.cribbage._observation import CribbageObservation, observe
from croupier.games.cribbage._position import DISCARD, PLAY, GameOver, Position
from croupier.games.cribbage._resample import resample
from croupier.games.cribbage._result import CribbageResult

__all__ = ["CribbageState"]


class CribbageState(State[Action, CribbageObservation, CribbageResult]):
    """A cribbage match (or one-player game), reproducible from its game and seed.

    Every chance event (the cut for the first dealer, each shuffle, the starter) comes from
    a :class:`random.Random` seeded with ``seed`` and owned by the state. During the discard
    every seat that has not laid away acts at once; otherwise one seat acts at a time. Goes,
    the show and new deals happen inside :meth:`apply`, each recorded as an event.

    >>> state = Cribbage(match_points=1).new_state(seed=1)
    >>> state.current_player()
    (0, 1)
    >>> state.legal_actions(0)[0]
    Discard.from_str('2D 3D')
    """

    def __init__(self, game: Cribbage, seed: int) -> None:
        self._game = game
        self._seed = seed
        self._position = Position(game, random.Random(seed))
        kind = game.layout.kind
        if kind == "solitaire":
            _solo.begin_solitaire(self._position)
        elif kind == "square":
            _solo.begin_square(self._position)
        else:
            try:
                _match.begin_game(self._position)
            except GameOver as over:
                _match.end_game(self._position, over.seat)

    @classmethod
    def _of_position(cls, game: Cribbage, seed: int, position: Position) -> CribbageState:
        state = cls.__new__(cls)
        state._game = game
        state._seed = seed
        state._position = position
        return state

    @property
    def game(self) -> Cribbage:
        """The rule set of this game."""
        return self._game

    @property
    def seed(self) -> int:
        """The seed of every shuffle and cut (a resampled copy keeps it only as a label)."""
        return self._seed

    def seats_to_act(self) -> tuple[Seat, ...]:
        """The seats to act: every seat yet to lay away during the discard, else one seat."""
        return self._position.to_act

    def legal_actions(self, seat: Seat) -> list[Action]:
        """Every legal action of ``seat`` in a stable order; empty when it is not to act.

        Discards come in the order of their sorted cards, pegs and places by card and cell.
        """
        position = self._position
        if seat not in position.to_act:
            return []
        if position.phase == PLAY:
            limit = 31 - position.count
            return [PEGS[code] for code in position.hands[seat] if VALUES[code] <= limit]
        if position.phase == DISCARD:
            size = position.layout.lay_away
            return [discard_of(codes) for codes in combinations(position.hands[seat], size)]
        turned = position.turned
        assert turned is not None  # the place phase always has a turned card
        return [place_of(turned, cell) for cell, code in enumerate(position.grid) if code is None]

    def apply(self, seat: Seat, action: Action) -> None:
        """Take ``action`` for ``seat``, then everything that follows until a seat must act.

        Raises:
            IllegalAction: the seat is not to act, or the action breaks the rules; the state
                is left exactly as it was.
        """
        position = self._position
        if seat not in position.to_act:
            raise IllegalAction(self._not_to_act(seat))
        if position.phase == PLAY:
            code = self._checked_peg(seat, action)
            position.actions.append((seat, action))
            try:
                if _play.peg(position, seat, code):
                    _match.show_and_deal(position)
            except GameOver as over:
                _match.end_game(position, over.seat)
        elif position.phase == DISCARD:
            codes = self._checked_discard(seat, action)
            position.actions.append((seat, action))
            if position.layout.kind == "solitaire":
                _solo.discard_solitaire(position, codes)
                return
            try:
                _match.discard(position, seat, codes)
            except GameOver as over:
                _match.end_game(position, over.seat)
        else:
            cell = self._checked_place(action)
            position.actions.append((seat, action))
            _solo.place(position, cell)

    def _not_to_act(self, seat: Seat) -> str:
        to_act = self._position.to_act
        if not to_act:
            return f"the game is over: seat {seat!r} cannot act"
        seats = ", ".join(str(other) for other in to_act)
        return f"seat {seat!r} is not to act now (to act: {seats})"

    def _checked_peg(self, seat: Seat, action: object) -> int:
        if not isinstance(action, Peg):
            raise IllegalAction(f"seat {seat} must play a card now (peg CARD), not {action!r}")
        position = self._position
        code = action.card.index
        if code not in position.hands[seat]:
            raise IllegalAction(f"seat {seat} does not hold {action.card}")
        if position.count + VALUES[code] > 31:
            raise IllegalAction(
                f"{action.card} would take the count past 31 (count {position.count})"
            )
        return code

    def _checked_discard(self, seat: Seat, action: object) -> tuple[int, ...]:
        if not isinstance(action, Discard):
            raise IllegalAction(f"seat {seat} must lay away now (discard CARDS), not {action!r}")
        size = self._position.layout.lay_away
        if len(action.cards) != size:
            raise IllegalAction(
                f"seat {seat} lays away exactly {size} card{'s' if size > 1 else ''}, "
                f"not {len(action.cards)}"
            )
        hand = self._position.hands[seat]
        missing = [card for card in action.cards if card.index not in hand]
        if missing:
            raise IllegalAction(f"seat {seat} does not hold {cards_text(missing)}")
        return tuple(card.index for card in action.cards)

    def _checked_place(self, action: object) -> int:
        if not isinstance(action, Place):
            raise IllegalAction(
                f"the turned card must be placed now (place CARD ROW COL), not {action!r}"
            )
        position = self._position
        if action.card.index != position.turned:
            turned = "nothing" if position.turned is None else str(CARDS[position.turned])
            raise IllegalAction(f"the card to place is {turned}, not {action.card}")
        taken = position.grid[action.cell]
        if taken is not None:
            raise IllegalAction(
                f"row {action.row}, column {action.col} already holds {CARDS[taken]}"
            )
        return action.cell

    def observation(self, seat: Seat | None) -> CribbageObservation:
        """Exactly what ``seat`` may see now; ``None`` gives the spectator's public view.

        Raises:
            ValueError: ``seat`` is not a seat of this game.
        """
        players = self._game.num_players
        if seat is not None and (isinstance(seat, bool) or seat not in range(players)):
            raise ValueError(f"seat is None or 0..{players - 1}, not {seat!r}")
        legal = tuple(self.legal_actions(seat)) if seat is not None else ()
        return observe(self._position, seat, legal)

    @property
    def events(self) -> Sequence[Event]:
        """Every event so far, in order, private ones included."""
        return self._position.events

    @property
    def actions(self) -> Sequence[tuple[Seat, Action]]:
        """The actions applied so far, in order: with the seed, the replay of this game."""
        return self._position.actions

    def result(self) -> CribbageResult | None:
        """The final result, or ``None`` while the game goes on."""
        return self._position.result

    def clone(self) -> CribbageState:
        """An independent copy, for search and rollouts."""
        return CribbageState._of_position(self._game, self._seed, self._position.copy())

    def resample_hidden(self, seat: Seat, rng: random.Random) -> CribbageState:
        """A copy in which every card ``seat`` cannot see is dealt afresh with ``rng``.

        Other hands, other seats' discards and the crib before its show, the pack and the
        future starter are redrawn consistently with every go; the future generator is
        reseeded from ``rng``. The copy gives ``seat`` the same observation.

        Raises:
            ValueError: ``seat`` is not a seat of this game.
        """
        players = self._game.num_players
        if isinstance(seat, bool) or seat not in range(players):
            raise ValueError(f"seat is 0..{players - 1}, not {seat!r}")
        return CribbageState._of_position(
            self._game, self._seed, resample(self._position, seat, rng)
        )

    def __repr__(self) -> str:
        position = self._position
        return (
            f"<CribbageState {self._game.variant} seed={self._seed} game={position.game_number} "
            f"hand={position.hand_number} phase={position.phase} "
            f"scores={list(position.seat_scores())}>"
        )
