"""The shape every rules engine shares.

A :class:`Game` is a rule set (the options of one variant). It creates a :class:`State`
from a seed; the seed fixes every shuffle and cut, so a state is rebuilt exactly from
``(game, seed, actions)``: that triple is the replay format. Players are numbered seats
``0 .. num_players - 1``. The state is driven by ``apply(seat, action)``; chance (deals,
starters) is drawn inside the state from its seeded generator, never passed in.
"""

from __future__ import annotations

import abc
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Self, TypeVar

from croupier.games._options import InvalidOptions, OptionSpec, Variant, plain

Seat = int
"""A player's position at the table, ``0 .. num_players - 1``."""


class IllegalAction(ValueError):
    """An action the rules do not allow in this state; the state is left unchanged."""


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened in a game, seen by every seat unless a subclass says otherwise."""

    def is_visible_to(self, seat: Seat | None) -> bool:
        """Whether ``seat`` (``None``: a spectator) may see this event."""
        return True


@dataclass(frozen=True, slots=True)
class PrivateEvent(Event):
    """An event only its own seat may see, such as the cards dealt to that seat."""

    seat: Seat

    def is_visible_to(self, seat: Seat | None) -> bool:
        """Only the seat named by the event sees it."""
        return seat == self.seat


@dataclass(frozen=True, slots=True)
class Result:
    """The final result of a game: one score per seat, higher is better.

    What a score counts depends on the game (chips in Lexio, game points of a cribbage
    match, the total of a one-player cribbage game). Partners share their side's score.
    """

    scores: tuple[int, ...]

    @property
    def places(self) -> tuple[int, ...]:
        """Each seat's place, 1 for the best; equal scores share a place (1, 1, 3, ...).

        >>> Result(scores=(5, 9, 5)).places
        (2, 1, 2)
        """
        return tuple(1 + sum(other > score for other in self.scores) for score in self.scores)


ActionT = TypeVar("ActionT")
ObservationT = TypeVar("ObservationT")
ResultT = TypeVar("ResultT", bound=Result)
StateT = TypeVar("StateT", bound="State[Any, Any, Any]")


class State(abc.ABC, Generic[ActionT, ObservationT, ResultT]):
    """A game in progress: who is to act, what they may do, and what each seat may see."""

    @property
    @abc.abstractmethod
    def game(self) -> Game[Self]:
        """The rule set this state follows."""

    @property
    @abc.abstractmethod
    def seed(self) -> int:
        """The seed that fixed every shuffle and cut of this game."""

    @abc.abstractmethod
    def seats_to_act(self) -> tuple[Seat, ...]:
        """The seats that must act now, in seat order; empty when the game is over."""

    def current_player(self) -> Seat | tuple[Seat, ...] | None:
        """The seat to act, the seats to act when several act at once, or ``None`` when over."""
        seats = self.seats_to_act()
        if not seats:
            return None
        return seats[0] if len(seats) == 1 else seats

    def is_over(self) -> bool:
        """Whether the game has ended."""
        return not self.seats_to_act()

    @abc.abstractmethod
    def legal_actions(self, seat: Seat) -> list[ActionT]:
        """Every legal action of ``seat``, in a stable order; empty when it is not to act."""

    def is_legal(self, seat: Seat, action: ActionT) -> bool:
        """Whether ``seat`` may take ``action`` now."""
        return action in self.legal_actions(seat)

    @abc.abstractmethod
    def apply(self, seat: Seat, action: ActionT) -> None:
        """Take ``action`` for ``seat``.

        Raises:
            IllegalAction: the seat may not act now, or the action breaks the rules. The state
                is left exactly as it was.
        """

    @abc.abstractmethod
    def observation(self, seat: Seat | None) -> ObservationT:
        """Exactly what ``seat`` may see now; ``None`` gives the spectator's public view."""

    @property
    @abc.abstractmethod
    def events(self) -> Sequence[Event]:
        """Every event so far, in order, private ones included."""

    def events_for(self, seat: Seat | None) -> list[Event]:
        """The events ``seat`` may see (``None``: a spectator), in order."""
        return [event for event in self.events if event.is_visible_to(seat)]

    @property
    @abc.abstractmethod
    def actions(self) -> Sequence[tuple[Seat, ActionT]]:
        """The actions applied so far, in order: with the seed, the replay of this game."""

    @abc.abstractmethod
    def result(self) -> ResultT | None:
        """The final result, or ``None`` while the game goes on."""

    @abc.abstractmethod
    def clone(self) -> Self:
        """An independent copy, for search and rollouts."""

    @abc.abstractmethod
    def resample_hidden(self, seat: Seat, rng: random.Random) -> Self:
        """A copy in which everything ``seat`` cannot see is dealt afresh at random.

        The copy agrees with everything ``seat`` has seen (its observation is identical),
        while other seats' hidden cards, the undealt stock and future shuffles are redrawn
        with ``rng``: a determinization for information-set search.
        """


class Game(abc.ABC, Generic[StateT]):
    """A rule set: one game with its options, the factory of states.

    A game describes itself, so that no other layer lists its options or variants: its
    :attr:`name` and :attr:`title`, its :attr:`option_specs`, its :meth:`variants` and
    their labels, and which actions are public (:meth:`is_public`). A game that is a
    dataclass with one field per option spec gets :meth:`options`, :meth:`from_options` and
    the checking of every option (in ``__post_init__``) from this class.
    """

    name: ClassVar[str]
    """The game's identifier, as used on the command line and in stored games (``"lexio"``)."""

    title: ClassVar[str]
    """The game's name for people, as the dashboard shows it (``"Lexio"``)."""

    option_specs: ClassVar[tuple[OptionSpec, ...]]
    """Every rule option, in the order :meth:`options` lists them."""

    _called: ClassVar[str] = ""
    # How the messages name the game mid-sentence ("cribbage"); empty: the title.

    def __post_init__(self) -> None:
        """Check every option against its spec, keeping the value as the spec gives it.

        Raises:
            InvalidOptions: an option value its spec does not allow.
        """
        for spec in self.option_specs:
            object.__setattr__(self, spec.name, spec.check(getattr(self, spec.name)))

    @property
    @abc.abstractmethod
    def num_players(self) -> int:
        """How many seats a game of these rules has."""

    def options(self) -> dict[str, Any]:
        """The rule options as plain JSON-compatible values; ``from_options`` inverts it."""
        return {spec.name: plain(getattr(self, spec.name)) for spec in self.option_specs}

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> Self:
        """Build the rule set from options; missing ones take their defaults.

        Raises:
            InvalidOptions: an unknown option or a value the rules do not allow.
        """
        called = cls._called or cls.title
        if not isinstance(options, Mapping):
            raise InvalidOptions(f"{called} options are a mapping, not {options!r}")
        known = [spec.name for spec in cls.option_specs]
        unknown = sorted(str(key) for key in options if key not in known)
        if unknown:
            raise InvalidOptions(
                f"unknown {called} option {', '.join(unknown)} (known: {', '.join(known)})"
            )
        return cls(**options)

    @classmethod
    def variants(cls) -> tuple[Variant, ...]:
        """The rule sets rated apart, the default one first.

        This default is the one variant of the default options; a game whose options change
        who wins (the number of seats, a different deal) lists each of them.
        """
        game = cls.from_options({})
        return (Variant(cls.variant_label({}), {}, game.num_players),)

    @classmethod
    def variant_label(cls, options: Mapping[str, Any]) -> str:
        """The variant a game of ``options`` is rated in, by its label in :meth:`variants`.

        Games of one label share a leaderboard; options that change how long a game lasts,
        not who wins it, do not change the label. This default gives the title.
        """
        return cls.title

    @classmethod
    def score_unit(cls, options: Mapping[str, Any]) -> str:
        """What the final scores of a game of ``options`` count, in the plural (``"chips"``).

        The dashboard writes it beside the numbers made of scores (a margin in chips per
        game). This default says ``"points"``.
        """
        return "points"

    @classmethod
    def seat_counts(cls) -> tuple[int, ...]:
        """Every number of seats a variant of the game has, in increasing order."""
        return tuple(sorted({variant.seats for variant in cls.variants()}))

    @abc.abstractmethod
    def is_public(self, action: Any) -> bool:
        """Whether every seat sees ``action`` when it is taken (a secret discard is not)."""

    @abc.abstractmethod
    def new_state(self, seed: int) -> StateT:
        """A new game whose every shuffle and cut is fixed by ``seed``."""

    @abc.abstractmethod
    def parse_action(self, text: str) -> Any:
        """The action written as ``text`` (the inverse of ``str(action)``).

        Raises:
            ValueError: ``text`` names no action of this game.
        """

    def replay(self, seed: int, actions: Iterable[tuple[Seat, Any]]) -> StateT:
        """Rebuild a game from its seed and the actions taken, checking each one.

        Raises:
            IllegalAction: an action that was not legal at its turn.
        """
        state = self.new_state(seed)
        for seat, action in actions:
            state.apply(seat, action)
        return state
