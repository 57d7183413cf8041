"""A Lexio match in progress: deals, turns, tricks, the end of rounds and of the match."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from croupier.games._api import Event, IllegalAction, Result, Seat, State
from croupier.games.lexio._actions import Action, Pass, Play
from croupier.games.lexio._combinations import Combination, IllegalCombination, combination
from croupier.games.lexio._events import (
    MatchEnded,
    Passed,
    Played,
    RoundEnded,
    RoundStarted,
    TilesDealt,
    TrickWon,
)
from croupier.games.lexio._generate import RawPlay, generate_plays
from croupier.games.lexio._observation import LexioObservation, LexioResult
from croupier.games.lexio._scoring import hand_count, settle_counts
from croupier.games.lexio._tiles import Tile, deck, indices_of, tiles_of, top_number

if TYPE_CHECKING:
    from croupier.games.lexio._game import Lexio

__all__ = ["LexioState"]

_TILE: tuple[Tile, ...] = tuple(Tile.from_index(index) for index in range(60))
_PASS = Pass()
_CLOUD3 = 1  # the bit of tile index 0, cloud3


class LexioState(State[Action, LexioObservation, LexioResult]):
    """A match of Lexio, from the first deal to the final settlement.

    Hands are bit sets of tile indices (see :mod:`croupier.games.lexio._tiles`); the legal
    plays of the seat to act are generated once per decision and reused by :meth:`apply`.

    >>> from croupier.games.lexio import Lexio
    >>> state = Lexio(players=3).new_state(seed=1)
    >>> seat = state.current_player()
    >>> state.apply(seat, state.legal_actions(seat)[0])
    >>> print(state.events[-1])
    seat 1 plays cloud3 (single)
    """

    def __init__(self, game: Lexio, seed: int) -> None:
        players = game.players
        self._game = game
        self._seed = seed
        self._rng = random.Random(seed)
        self._top = top_number(players)
        self._hands = [0] * players
        self._balances = [game.starting_chips] * players
        self._round = 0
        self._starter: Seat = 0
        self._turn: Seat | None = None
        self._table: Combination | None = None
        self._table_seat: Seat | None = None
        self._passes = 0
        self._log: list[tuple[Seat, Action]] = []
        self._events: list[Event] = []
        self._actions: list[tuple[Seat, Action]] = []
        self._nets: list[tuple[int, ...]] = []
        self._round_start = 0
        self._legal: dict[int, RawPlay] | None = None
        self._legal_list: list[Action] | None = None
        self._start_round()

    @property
    def game(self) -> Lexio:
        """The rule set this match follows."""
        return self._game

    @property
    def seed(self) -> int:
        """The seed of the generator that shuffles every round's deal."""
        return self._seed

    @property
    def events(self) -> Sequence[Event]:
        """Every event so far, in order, private ones included."""
        return tuple(self._events)

    @property
    def actions(self) -> Sequence[tuple[Seat, Action]]:
        """The actions applied so far, in order."""
        return tuple(self._actions)

    @property
    def round_number(self) -> int:
        """The round being played (or the last one, once the match is over), from 1."""
        return self._round

    def seats_to_act(self) -> tuple[Seat, ...]:
        """The one seat to act, or nothing once the match is over."""
        return () if self._turn is None else (self._turn,)

    def hand(self, seat: Seat) -> tuple[Tile, ...]:
        """The tiles ``seat`` holds, weakest first (hidden information: for the referee)."""
        return tiles_of(self._hands[seat])

    def legal_actions(self, seat: Seat) -> list[Action]:
        """Every legal action of ``seat``: plays by size then strength, then pass if allowed.

        A leader may play anything and cannot pass; a seat facing a play may answer it with
        a stronger play of the same size or pass, even when it could play.
        """
        if seat != self._turn:
            return []
        if self._legal_list is None:
            actions: list[Action] = [
                Play._trusted(tuple(_TILE[index] for index in raw[1]), raw[0])
                for raw in self._legal_plays().values()
            ]
            if self._table is not None:
                actions.append(_PASS)
            self._legal_list = actions
        return list(self._legal_list)

    def _legal_plays(self) -> dict[int, RawPlay]:
        if self._legal is None:
            assert self._turn is not None
            hand, table = self._hands[self._turn], self._table
            if table is None:
                plays = generate_plays(hand, self._top)
            else:
                plays = generate_plays(hand, self._top, len(table.tiles), table.strength)
            self._legal = {play[0]: play for play in plays}
        return self._legal

    def apply(self, seat: Seat, action: Action) -> None:
        """Play or pass for ``seat``; a play that empties a hand ends the round at once.

        Raises:
            IllegalAction: the match is over, it is not ``seat``'s turn, the tiles are not
                all in its hand or make no combination, the play does not beat the table,
                or the leader passes. The state is left unchanged.
        """
        played = self._check(seat, action)
        self._actions.append((seat, action))
        self._log.append((seat, action))
        self._legal = self._legal_list = None
        if played is None:
            self._pass(seat)
        else:
            self._play(seat, *played)

    def _check(self, seat: Seat, action: Action) -> tuple[int, Combination] | None:
        """The play's bit set and combination (``None`` for a pass) if legal; else why not."""
        if self._turn is None:
            raise IllegalAction("the match is over")
        if seat != self._turn:
            raise IllegalAction(f"it is seat {self._turn}'s turn, not seat {seat!r}'s")
        if isinstance(action, Pass):
            if self._table is None:
                raise IllegalAction(f"seat {seat} leads and may not pass")
            return None
        if not isinstance(action, Play):
            raise IllegalAction(f"not a Lexio action: {action!r}")
        if self._legal is not None and (raw := self._legal.get(action.mask)) is not None:
            return action.mask, Combination(raw[2], action.tiles, self._game.players, raw[3])
        return action.mask, self._judge(seat, action)

    def _judge(self, seat: Seat, action: Play) -> Combination:
        """The combination of ``action`` if ``seat`` may play it now; else why not."""
        missing = action.mask & ~self._hands[seat]
        if missing:
            names = " ".join(str(tile) for tile in tiles_of(missing))
            raise IllegalAction(f"seat {seat} does not hold {names}")
        try:
            played = combination(action.tiles, self._game.players)
        except IllegalCombination as error:
            raise IllegalAction(f"'{action}' is no combination: {error}") from None
        table = self._table
        if table is not None and not played.beats(table):
            if played.size != table.size:
                raise IllegalAction(
                    f"the table holds {table.size} tile(s) ({table}): answer with "
                    f"{table.size} tile(s) or pass"
                )
            raise IllegalAction(f"{played} ({played.kind}) does not beat {table} ({table.kind})")
        return played

    def _play(self, seat: Seat, mask: int, played: Combination) -> None:
        self._hands[seat] &= ~mask
        self._events.append(Played(seat, played))
        if not self._hands[seat]:
            self._end_round(seat)
            return
        self._table, self._table_seat, self._passes = played, seat, 0
        self._turn = (seat + 1) % self._game.players

    def _pass(self, seat: Seat) -> None:
        self._events.append(Passed(seat))
        self._passes += 1
        self._turn = (seat + 1) % self._game.players
        if self._passes == self._game.players - 1:
            # Everyone else passed in a row, so the turn is back with the last player.
            assert self._table_seat == self._turn
            self._events.append(TrickWon(self._turn))
            self._table, self._table_seat, self._passes = None, None, 0

    def _end_round(self, winner: Seat) -> None:
        game = self._game
        hands = tuple(tiles_of(hand) for hand in self._hands)
        counts = tuple(hand_count(hand, game.twos_penalty) for hand in hands)
        nets = tuple(settle_counts(counts))
        self._balances = [balance + net for balance, net in zip(self._balances, nets, strict=True)]
        self._nets.append(nets)
        balances = tuple(self._balances)
        self._events.append(RoundEnded(self._round, winner, hands, counts, nets, balances))
        self._table, self._table_seat, self._passes = None, None, 0
        if self._round >= game.rounds or min(balances) <= 0:
            self._turn = None
            places = Result(scores=balances).places
            self._events.append(MatchEnded(self._round, balances, places))
        else:
            self._start_round()

    def _start_round(self) -> None:
        players = self._game.players
        tiles = list(_DECKS[self._top])
        self._rng.shuffle(tiles)
        share = len(tiles) // players
        self._hands = [
            _mask_of(tiles[seat * share : (seat + 1) * share]) for seat in range(players)
        ]
        self._round += 1
        self._starter = next(seat for seat, hand in enumerate(self._hands) if hand & _CLOUD3)
        self._turn = self._starter
        self._log = []
        self._round_start = len(self._events)
        self._events.append(RoundStarted(self._round, self._starter, (share,) * players))
        self._events.extend(
            TilesDealt(seat, self._round, tiles_of(hand)) for seat, hand in enumerate(self._hands)
        )

    def observation(self, seat: Seat | None) -> LexioObservation:
        """What ``seat`` may see now; ``None`` gives the spectator's public view.

        Raises:
            ValueError: ``seat`` is not a seat of this match.
        """
        if seat is not None and not 0 <= seat < self._game.players:
            raise ValueError(f"no seat {seat!r} in a {self._game.players}-player match")
        return LexioObservation(
            seat=seat,
            hand=() if seat is None else tiles_of(self._hands[seat]),
            game=self._game,
            round_number=self._round,
            starting_seat=self._starter,
            table=self._table,
            table_seat=self._table_seat,
            history=tuple(self._log),
            hand_sizes=tuple(hand.bit_count() for hand in self._hands),
            balances=tuple(self._balances),
            to_act=self._turn,
            legal_actions=() if seat is None else tuple(self.legal_actions(seat)),
        )

    def result(self) -> LexioResult | None:
        """Final balances, rounds played and each round's nets; ``None`` while playing."""
        if self._turn is not None:
            return None
        return LexioResult(
            scores=tuple(self._balances), rounds_played=self._round, round_nets=tuple(self._nets)
        )

    def clone(self) -> LexioState:
        """An independent copy, future shuffles included."""
        copy = object.__new__(LexioState)
        copy.__dict__.update(self.__dict__)
        copy._rng = random.Random()
        copy._rng.setstate(self._rng.getstate())
        copy._hands = list(self._hands)
        copy._balances = list(self._balances)
        copy._log = list(self._log)
        copy._events = list(self._events)
        copy._actions = list(self._actions)
        copy._nets = list(self._nets)
        # The legal-play caches are never mutated in place, so the copy may share them.
        return copy

    def resample_hidden(self, seat: Seat, rng: random.Random) -> LexioState:
        """A copy where the other seats' tiles are redealt among them at random.

        Each hand keeps its size. ``cloud3`` stays with the round's starting seat while it
        holds it, since everybody knows the starter was dealt it. The generator of future
        deals is reseeded from ``rng``, so ``seed`` and ``actions`` no longer replay the copy.
        ``seat``'s observation of the copy is identical to its observation of this state.
        """
        copy = self.clone()
        copy._rng = random.Random(rng.getrandbits(64))
        if self._turn is None:
            return copy
        hands = list(self._hands)
        others = [other for other in range(len(hands)) if other != seat]
        pinned = [0] * len(hands)
        if self._starter != seat and hands[self._starter] & _CLOUD3:
            pinned[self._starter] = _CLOUD3
        pool: list[int] = []
        for other in others:
            pool.extend(indices_of(hands[other] & ~pinned[other]))
        rng.shuffle(pool)
        for other in others:
            size = hands[other].bit_count() - pinned[other].bit_count()
            hands[other] = pinned[other] | _mask_of(pool[:size])
            del pool[:size]
        copy._replace_hands(hands)
        return copy

    def _replace_hands(self, hands: list[int]) -> None:
        """Put ``hands`` in place of the hidden hands, keeping this round's deal events true.

        Each changed seat's ``TilesDealt`` event of the round becomes its new hand plus the
        tiles it has played this round. For determinization and tests; no rule is checked.
        """
        played = [0] * len(hands)
        for seat, action in self._log:
            if isinstance(action, Play):
                played[seat] |= action.mask
        for index in range(self._round_start, len(self._events)):
            event = self._events[index]
            if isinstance(event, TilesDealt) and hands[event.seat] != self._hands[event.seat]:
                dealt = tiles_of(hands[event.seat] | played[event.seat])
                self._events[index] = TilesDealt(event.seat, event.round_number, dealt)
        self._hands = list(hands)
        self._legal = self._legal_list = None


def _mask_of(indices: Sequence[int]) -> int:
    mask = 0
    for index in indices:
        mask |= 1 << index
    return mask


_DECKS: dict[int, tuple[int, ...]] = {
    top_number(players): tuple(tile.index for tile in deck(players)) for players in (3, 4, 5)
}
