"""Nim, a toy game outside the wire contract, and its codec of protobuf's own message types.

Two seats take turns taking one or two stones from a pile; who takes the last stone wins.
``referee.proto`` has no ``nim`` arm, and the codec's messages are well-known types
(``Struct``, ``Int32Value``, ``ListValue``, ``Empty``): every message of the game travels
packed in ``other_game`` and finds its codec by its type's name. ``LOSSY_CODEC`` forgets
which action was taken, for ``check_codec`` to catch; ``TWIN_CODEC`` is another game
sending the same types, for the registry to refuse.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from google.protobuf import empty_pb2, struct_pb2, wrappers_pb2

from croupier.codec import CodecError
from croupier.games import Event, Game, IllegalAction, OptionSpec, Result, Seat, State


@dataclass(frozen=True, slots=True)
class Took(Event):
    seat: Seat
    stones: int


@dataclass(frozen=True, slots=True)
class View:
    seat: Seat | None
    pile: int
    to_act: Seat | None
    legal_actions: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Nim(Game["NimState"]):
    name: ClassVar[str] = "nim"
    title: ClassVar[str] = "Nim"
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec("stones", int, 7, "the stones in the pile", minimum=1, maximum=30),
    )

    stones: int = 7

    @property
    def num_players(self) -> int:
        return 2

    def new_state(self, seed: int) -> NimState:
        return NimState(self, seed)

    def parse_action(self, text: str) -> int:
        if text not in ("1", "2"):
            raise ValueError(f"a nim action is 1 or 2 stones, not {text!r}")
        return int(text)

    def is_public(self, action: object) -> bool:
        return True


class NimState(State[int, View, Result]):
    def __init__(self, game: Nim, seed: int) -> None:
        self._game, self._seed = game, seed
        self._pile = game.stones
        self._actions: list[tuple[Seat, int]] = []
        self._events: list[Event] = []

    @property
    def game(self) -> Nim:
        return self._game

    @property
    def seed(self) -> int:
        return self._seed

    def seats_to_act(self) -> tuple[Seat, ...]:
        return (len(self._actions) % 2,) if self._pile else ()

    def legal_actions(self, seat: Seat) -> list[int]:
        if seat not in self.seats_to_act():
            return []
        return [take for take in (1, 2) if take <= self._pile]

    def apply(self, seat: Seat, action: int) -> None:
        if action not in self.legal_actions(seat):
            raise IllegalAction(f"seat {seat} may not take {action} now")
        self._pile -= action
        self._actions.append((seat, action))
        self._events.append(Took(seat, action))

    def observation(self, seat: Seat | None) -> View:
        seats = self.seats_to_act()
        legal = tuple(self.legal_actions(seat)) if seat is not None else ()
        return View(seat, self._pile, seats[0] if seats else None, legal)

    @property
    def events(self) -> list[Event]:
        return self._events

    @property
    def actions(self) -> list[tuple[Seat, int]]:
        return self._actions

    def result(self) -> Result | None:
        if self._pile:
            return None
        last = self._actions[-1][0]
        return Result(scores=(int(last == 0), int(last == 1)))

    def clone(self) -> NimState:
        copy = NimState(self._game, self._seed)
        copy._pile, copy._actions, copy._events = self._pile, [*self._actions], [*self._events]
        return copy

    def resample_hidden(self, seat: Seat, rng: random.Random) -> NimState:
        return self.clone()  # nothing is hidden


def _number(value: struct_pb2.Value, what: str) -> int:
    """A whole number of a ``Struct`` (where numbers are floats)."""
    number = value.number_value
    if value.WhichOneof("kind") != "number_value" or number != int(number):
        raise CodecError(f"nim {what} is a whole number")
    return int(number)


def _seat(value: struct_pb2.Value, what: str) -> Seat | None:
    if value.WhichOneof("kind") == "null_value":
        return None
    seat = _number(value, what)
    if seat not in (0, 1):
        raise CodecError(f"nim {what}: no seat {seat}")
    return seat


def _seat_value(seat: Seat | None) -> struct_pb2.Value:
    if seat is None:
        return struct_pb2.Value(null_value=struct_pb2.NULL_VALUE)
    return struct_pb2.Value(number_value=seat)


class NimCodec:
    """Nim's ``GameCodec``: every message one of protobuf's well-known types."""

    name = "nim"
    rules_message = struct_pb2.Struct
    action_message = wrappers_pb2.Int32Value
    observation_message = struct_pb2.Struct
    event_message = struct_pb2.ListValue
    result_message = empty_pb2.Empty

    def encode_rules(self, game: Nim) -> struct_pb2.Struct:
        rules = struct_pb2.Struct()
        rules.update({"stones": game.stones})
        return rules

    def decode_rules(self, message: struct_pb2.Struct) -> Nim:
        if "stones" not in message.fields:
            raise CodecError("nim rules have no stones")
        try:
            return Nim(stones=_number(message.fields["stones"], "stones"))
        except ValueError as error:
            raise CodecError(f"nim rules: {error}") from None

    def encode_action(self, action: int) -> wrappers_pb2.Int32Value:
        return wrappers_pb2.Int32Value(value=action)

    def decode_action(self, message: wrappers_pb2.Int32Value) -> int:
        if message.value not in (1, 2):
            raise CodecError(f"a nim action takes 1 or 2 stones, not {message.value}")
        return message.value

    def encode_observation(self, observation: View) -> struct_pb2.Struct:
        view = struct_pb2.Struct()
        view.fields["seat"].CopyFrom(_seat_value(observation.seat))
        view.fields["pile"].number_value = observation.pile
        view.fields["to_act"].CopyFrom(_seat_value(observation.to_act))
        return view

    def decode_observation(self, message: struct_pb2.Struct, legal_actions: Sequence[int]) -> View:
        fields = message.fields
        if {"seat", "pile", "to_act"} - set(fields):
            raise CodecError("a nim observation has a seat, a pile and a seat to act")
        return View(
            seat=_seat(fields["seat"], "seat"),
            pile=_number(fields["pile"], "pile"),
            to_act=_seat(fields["to_act"], "to_act"),
            legal_actions=tuple(legal_actions),
        )

    def encode_event(self, event: Event) -> struct_pb2.ListValue:
        if not isinstance(event, Took):
            raise CodecError(f"not a nim event: {event!r}")
        took = struct_pb2.ListValue()
        took.extend([event.seat, event.stones])
        return took

    def decode_event(self, message: struct_pb2.ListValue) -> Took:
        if len(message.values) != 2:
            raise CodecError("a nim event is a seat and a number of stones")
        seat, stones = message.values
        taker = _seat(seat, "event seat")
        if taker is None:
            raise CodecError("a nim event names a seat")
        return Took(taker, _number(stones, "event stones"))

    def encode_result(self, result: Result) -> empty_pb2.Empty:
        return empty_pb2.Empty()

    def decode_result(self, message: empty_pb2.Empty, scores: tuple[int, ...]) -> Result:
        return Result(scores)


class LossyNimCodec(NimCodec):
    """A broken codec: every action comes back as one stone."""

    def decode_action(self, message: wrappers_pb2.Int32Value) -> int:
        return 1


class TwinNimCodec(NimCodec):
    """Another game's codec that sends Nim's message types, which the registry refuses."""

    name = "nim_twin"


CODEC = NimCodec()
LOSSY_CODEC = LossyNimCodec()
TWIN_CODEC = TwinNimCodec()
