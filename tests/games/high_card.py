"""High card, a toy game for testing ``check_game``, with one switch per bug it must catch.

Each of two seats is dealt a hidden card from 1 to 5; in turn each keeps it or swaps it for
the next card of the pack; the higher card wins. ``HighCard(bug="...")`` breaks one rule of
the contract on purpose.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import ClassVar

from croupier.games import (
    Event,
    Game,
    IllegalAction,
    OptionSpec,
    PrivateEvent,
    Result,
    Seat,
    State,
)

BUGS = (
    "",
    "leaky",
    "unseeded",
    "sticky_refusal",
    "shallow_clone",
    "bad_text",
    "endless",
    "late_seats",
    "spoiled_resample",
    "seats_only",
)


@dataclass(frozen=True, slots=True)
class Dealt(PrivateEvent):
    card: int


@dataclass(frozen=True, slots=True)
class Moved(Event):
    seat: Seat
    swapped: bool


@dataclass(frozen=True, slots=True)
class Shuffled(Event):
    """Seen by both seats but not by a spectator: neither public nor a private event."""

    def is_visible_to(self, seat: Seat | None) -> bool:
        return seat is not None


@dataclass(frozen=True, slots=True)
class View:
    hand: int | None
    moves: tuple[tuple[Seat, str], ...]
    to_act: Seat | None


@dataclass(frozen=True, slots=True)
class HighCard(Game["HighCardState"]):
    name: ClassVar[str] = "high_card"
    title: ClassVar[str] = "High card"
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec("bug", str, "", "the contract this game breaks", choices=BUGS),
    )

    bug: str = ""

    @property
    def num_players(self) -> int:
        return 2

    def new_state(self, seed: int) -> HighCardState:
        return HighCardState(self, seed)

    def parse_action(self, text: str) -> str:
        if text not in ("keep", "swap"):
            raise ValueError(f"not a high card action: {text!r}")
        return "swap" if self.bug == "bad_text" else text

    def is_public(self, action: object) -> bool:
        return True


class HighCardState(State[str, View, Result]):
    def __init__(self, game: HighCard, seed: int) -> None:
        self._game, self._seed = game, seed
        self._rng = random.Random() if game.bug == "unseeded" else random.Random(seed)
        self._pack = self._rng.sample(range(1, 6), 5)
        self._hands = [self._pack.pop(), self._pack.pop()]
        self._events: list[Event] = [Dealt(seat, card) for seat, card in enumerate(self._hands)]
        if game.bug == "seats_only":
            self._events.insert(0, Shuffled())
        self._actions: list[tuple[Seat, str]] = []

    @property
    def game(self) -> HighCard:
        return self._game

    @property
    def seed(self) -> int:
        return self._seed

    def seats_to_act(self) -> tuple[Seat, ...]:
        turn = len(self._actions)
        if self._game.bug == "endless":
            return (turn % 2,)
        if self._game.bug == "late_seats" and turn == 1:
            return (1, 0)
        return (turn,) if turn < 2 else ()

    def legal_actions(self, seat: Seat) -> list[str]:
        return ["keep", "swap"] if seat in self.seats_to_act() else []

    def apply(self, seat: Seat, action: str) -> None:
        if self._game.bug == "sticky_refusal":
            self._events.append(Moved(seat, action == "swap"))
        if action not in self.legal_actions(seat):
            raise IllegalAction(f"seat {seat} may not {action} now")
        if self._game.bug == "sticky_refusal":
            self._events.pop()
        if action == "swap" and self._pack:
            self._hands[seat % 2] = self._pack.pop()
        self._events.append(Moved(seat, action == "swap"))
        self._actions.append((seat, action))

    def observation(self, seat: Seat | None) -> View:
        hand: int | None
        if self._game.bug == "leaky" and seat is not None:
            hand = self._hands[0] * 10 + self._hands[1]
        else:
            hand = None if seat is None else self._hands[seat]
        seats = self.seats_to_act()
        return View(hand, tuple(self._actions), seats[0] if seats else None)

    @property
    def events(self) -> list[Event]:
        return self._events

    @property
    def actions(self) -> list[tuple[Seat, str]]:
        return self._actions

    def result(self) -> Result | None:
        if self.seats_to_act():
            return None
        first, second = self._hands
        return Result(scores=(int(first > second), int(second > first)))

    def clone(self) -> HighCardState:
        copy = HighCardState.__new__(HighCardState)
        copy.__dict__.update(self.__dict__)
        if self._game.bug != "shallow_clone":
            copy._rng = random.Random()
            copy._rng.setstate(self._rng.getstate())
            copy._pack, copy._hands = list(self._pack), list(self._hands)
            copy._events, copy._actions = list(self._events), list(self._actions)
        return copy

    def resample_hidden(self, seat: Seat, rng: random.Random) -> HighCardState:
        copy = self.clone()
        unseen = [*copy._pack, copy._hands[1 - seat]]
        rng.shuffle(unseen)
        copy._hands[1 - seat] = unseen.pop()
        copy._pack = unseen
        if self._game.bug == "spoiled_resample":
            copy._hands[seat] = copy._hands[1 - seat]
        copy._events = [
            Dealt(event.seat, copy._hands[event.seat])
            if isinstance(event, Dealt) and event.seat != seat
            else event
            for event in copy._events
        ]
        return copy
