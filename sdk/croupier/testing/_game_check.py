"""``check_game``: the contract of :mod:`croupier.games` that every game must keep.

It plays random games of one rule set and checks, step by step, what the referee, the replay
viewer and every search bot take for granted.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from croupier.games._api import Event, Game, IllegalAction, PrivateEvent, State
from croupier.games._options import InvalidOptions

__all__ = ["GameCheckFailed", "check_game"]

_UNLISTED_PER_STEP = 8


class GameCheckFailed(AssertionError):
    """A game broke the contract; the message names the game, the seed and the step."""


def check_game(
    game: Game[Any],
    *,
    seeds: Iterable[int] = range(4),
    max_actions: int = 10_000,
    every: int = 1,
) -> None:
    """Check that ``game`` keeps the contract every croupier game keeps, or fail saying where.

    The checks: the option specs describe :meth:`Game.options` and round-trip through
    :meth:`Game.from_options`, and each variant loads with its seats and label. Then, for
    each seed, one random game (the choices drawn from ``random.Random(seed)``) in which:

    - the same seed and choices give the same game;
    - the seats to act have legal actions, listed once each, and the others have none;
    - every listed action applies (on a clone) and its text parses back to it;
    - unlisted actions (other seats' actions, actions listed earlier, a seat out of turn) are
      refused with :class:`~croupier.games.IllegalAction` and leave the state as it was;
    - every event is public (visible to the spectator, then to every seat too) or a
      :class:`~croupier.games.PrivateEvent` visible to its own seat only: what a stored
      game can record;
    - a clone is independent of its original, both ways;
    - ``resample_hidden(seat, rng)`` keeps that seat's observation and visible events and
      the spectator's view: an observation shows nothing the seat may not see;
    - the game ends within ``max_actions`` actions with one score per seat, and replays
      from ``(game, seed, actions)``, the actions given as objects or as their text.

    Args:
        game: the rule set to check.
        seeds: one random game per seed.
        max_actions: a bound that turns a game that never ends into a failure.
        every: check the costly step properties (listed and unlisted actions, clones,
            resampling) at every ``every``-th step only; the others hold at each step.

    Raises:
        GameCheckFailed: the first broken property, with the game, seed and step.
    """
    with _where(game, "options"):
        _check_options(game)
    for seed in seeds:
        _check_seed(game, seed, max_actions, every)


@contextmanager
def _where(game: Game[Any], place: str) -> Iterator[None]:
    """Turn any failure inside into a :class:`GameCheckFailed` saying where it happened."""
    try:
        yield
    except GameCheckFailed:
        raise
    except Exception as error:  # an engine's own error is a failure too
        what = str(error) or type(error).__name__
        message = f"{game.name} {game.options()}, {place}: {what}"
        raise GameCheckFailed(message) from error


def _require(condition: bool, message: str) -> None:
    if not condition:
        raise AssertionError(message)


def _check_options(game: Game[Any]) -> None:
    kind = type(game)
    names = [spec.name for spec in kind.option_specs]
    _require(names == list(game.options()), f"option_specs name {names}, options() has others")
    _require(kind.from_options(game.options()) == game, "from_options(options()) is another game")
    defaults = {spec.name: spec.default for spec in kind.option_specs}
    _require(kind.from_options(defaults) == kind.from_options({}), "spec defaults != defaults")
    for spec in kind.option_specs:
        values: tuple[object, ...] = (True, False) if spec.kind is bool else spec.choices
        for value in values:
            try:
                built = kind.from_options({spec.name: value})
            except InvalidOptions as error:
                raise AssertionError(f"option {spec.name}={value!r} is refused: {error}") from None
            _require(built.options()[spec.name] == value, f"option {spec.name}={value!r} is lost")
    variants = kind.variants()
    _require(bool(variants), "variants() is empty")
    default_label = kind.variant_label(kind.from_options({}).options())
    _require(variants[0].label == default_label, "the default variant is not listed first")
    for variant in variants:
        built = kind.from_options(variant.options)
        _require(built.num_players == variant.seats, f"variant {variant.label}: seats differ")
        label = kind.variant_label(built.options())
        _require(label == variant.label, f"variant {variant.label}: labelled {label!r}")
    _require(
        kind.seat_counts() == tuple(sorted({v.seats for v in variants})), "seat_counts() differ"
    )
    labels = [variant.label for variant in variants]
    _require(len(set(labels)) == len(labels), f"variant labels repeat: {labels}")
    _require(kind.variant_label(game.options()) in labels, "the game's variant is not listed")


def _check_seed(game: Game[Any], seed: int, max_actions: int, every: int) -> None:
    with _where(game, f"seed {seed}, new state"):
        state = game.new_state(seed)
        _require(state.seed == seed, "state.seed is not the seed")
        _require(state.game == game, "state.game is not the game")
        twin = game.new_state(seed)
        _check_events(state.events, game.num_players)
    choices = random.Random(seed)
    checks = random.Random(~seed)
    seen: list[Hashable] = []
    step = 0
    while not state.is_over():
        with _where(game, f"seed {seed}, step {step}"):
            _require(step < max_actions, f"the game did not end within {max_actions} actions")
            seat, action = _check_turn(state, choices)
            after = _no_check
            if step % every == 0:
                _check_actions(state, seat, checks, seen)
                _check_resample(state, checks)
                after = _check_clone(state, seat, action)
            shown = len(state.events)
            state.apply(seat, action)
            _check_events(state.events[shown:], game.num_players)
            after()
            twin.apply(seat, action)
            _require(twin.events == state.events, "the same seed and actions gave other events")
        step += 1
    with _where(game, f"seed {seed}, the end (step {step})"):
        _check_end(game, state, seed)


def _no_check() -> None:
    pass


def _check_turn(state: State[Any, Any, Any], choices: random.Random) -> tuple[int, Any]:
    """The properties of every step; the seat to act and its (random) action."""
    seats = state.seats_to_act()
    players = state.game.num_players
    _require(list(seats) == sorted(set(seats)), f"seats_to_act() {seats} not in seat order")
    _require(all(0 <= seat < players for seat in seats), f"seats_to_act() {seats} out of range")
    current = state.current_player()
    _require(current == (seats[0] if len(seats) == 1 else seats), "current_player() differs")
    for seat in range(players):
        legal = state.legal_actions(seat)
        if seat not in seats:
            _require(not legal, f"seat {seat} has legal actions out of turn")
            continue
        _require(bool(legal), f"seat {seat} is to act but has no legal action")
        _require(len(set(legal)) == len(legal), f"seat {seat}'s legal actions repeat")
    seat = choices.choice(seats)
    return seat, choices.choice(state.legal_actions(seat))


def _check_events(events: Iterable[Event], players: int) -> None:
    """Each event is public, and then every seat's, or private to the one seat it names."""
    for event in events:
        name = type(event).__name__
        if event.is_visible_to(None):
            for seat in range(players):
                _require(event.is_visible_to(seat), f"public {name} is hidden from seat {seat}")
        elif isinstance(event, PrivateEvent):
            for seat in range(players):
                own = seat == event.seat
                wrong = f"{'hidden from' if own else 'shown to'} seat {seat}"
                _require(event.is_visible_to(seat) == own, f"seat {event.seat}'s {name} is {wrong}")
        else:
            raise AssertionError(f"{name} is neither public nor a PrivateEvent")


def _check_actions(
    state: State[Any, Any, Any], seat: int, checks: random.Random, seen: list[Hashable]
) -> None:
    """Listed actions apply and parse back; unlisted ones are refused without a trace."""
    game = state.game
    legal = state.legal_actions(seat)
    sizes = (len(state.events), len(state.actions))
    for action in legal:
        _require(game.parse_action(str(action)) == action, f"{action!r} does not parse back")
        _require(state.is_legal(seat, action), f"{action} is listed but not legal")
        clone = state.clone()
        clone.apply(seat, action)
        _require(clone.actions[-1] == (seat, action), f"{action} is not recorded as taken")
        changed = (len(state.events), len(state.actions)) != sizes
        _require(not changed, f"applying {action} to a clone changed the original")
    known = set(seen)
    seen.extend(action for action in legal if action not in known)
    listed = set(legal)
    others = [action for action in seen if action not in listed]
    tries = [(seat, action) for action in checks.sample(others, min(len(others), 8))]
    idle = [other for other in range(game.num_players + 1) if other not in state.seats_to_act()]
    tries += [(other, action) for other in idle for action in legal[:2]]
    before = _fingerprint(state)
    for other, action in tries[: 2 * _UNLISTED_PER_STEP]:
        _require(not state.is_legal(other, action), f"seat {other} may take unlisted {action}")
        try:
            state.apply(other, action)
        except IllegalAction:
            pass
        else:
            raise AssertionError(f"seat {other} took {action}, which is not listed")
        _require(_fingerprint(state) == before, f"refusing {action} changed the state")


def _check_clone(state: State[Any, Any, Any], seat: int, action: object) -> Callable[[], None]:
    """Check that changing a clone leaves the original alone, and return the converse check.

    The returned check runs once ``action`` is applied to the original.
    """
    before = _fingerprint(state)
    moved, kept = state.clone(), state.clone()
    _require(_fingerprint(moved) == before, "a clone differs from its original")
    moved.apply(seat, action)
    _require(_fingerprint(state) == before, "applying to a clone changed the original")

    def after() -> None:
        _require(_fingerprint(kept) == before, "applying to the original changed a clone")
        _require(_fingerprint(moved) == _fingerprint(state), "a clone plays on differently")

    return after


def _check_resample(state: State[Any, Any, Any], checks: random.Random) -> None:
    """A determinization keeps what its seat has seen, and leaves the state alone."""
    before = _fingerprint(state)
    for seat in range(state.game.num_players):
        copy = state.resample_hidden(seat, random.Random(checks.random()))
        _require(copy.observation(seat) == state.observation(seat), f"seat {seat}'s view moved")
        _require(copy.observation(None) == state.observation(None), "the public view moved")
        _require(copy.events_for(seat) == state.events_for(seat), f"seat {seat}'s events moved")
        _require(copy.seats_to_act() == state.seats_to_act(), "the seats to act moved")
    _require(_fingerprint(state) == before, "resample_hidden changed the state")


def _check_end(game: Game[Any], state: State[Any, Any, Any], seed: int) -> None:
    result = state.result()
    if result is None:
        raise AssertionError("the game is over but has no result")
    _require(len(result.scores) == game.num_players, "the result has not one score per seat")
    _require(state.current_player() is None, "current_player() is not None at the end")
    for seat in range(game.num_players):
        _require(not state.legal_actions(seat), f"seat {seat} has legal actions at the end")
    replayed = game.replay(seed, state.actions)
    _require(replayed.events == state.events, "the replay gives other events")
    _require(replayed.result() == result, "the replay gives another result")
    written = [(seat, game.parse_action(str(action))) for seat, action in state.actions]
    _require(game.replay(seed, written).events == state.events, "the text replay differs")


def _fingerprint(state: State[Any, Any, Any]) -> tuple[object, ...]:
    """Everything a state shows through the API: equal fingerprints, equal states."""
    players = range(state.game.num_players)
    return (
        tuple(state.events),
        tuple(state.actions),
        state.seats_to_act(),
        state.observation(None),
        tuple(state.observation(seat) for seat in players),
        tuple(tuple(state.legal_actions(seat)) for seat in players),
        state.result(),
    )
