"""``check_codec``: a game's values survive the wire, through its codec and the envelope.

It plays random games of one rule set and sends every value a referee or a bot sends, as
the other end reads it (serialized, then parsed), through the game's registered
:class:`~croupier.codec.GameCodec` alone and through the messages of ``referee.proto``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

from google.protobuf.message import Message

from croupier import codec
from croupier.bot import GameStart
from croupier.games import Event, Game, Result, State
from croupier.testing._game_check import GameCheckFailed

__all__ = ["check_codec"]

MessageT = TypeVar("MessageT", bound=Message)

_CLOCK = codec.TimeControl(connect_ms=1_000, decision_ms=1_000, bank_ms=1_000)


def check_codec(
    game: Game[Any], *, seeds: Iterable[int] = range(4), max_actions: int = 10_000
) -> None:
    """Check that every value of ``game`` round-trips through its codec, or fail saying where.

    The game's codec is the one registered for its name (``croupier.codecs`` entry points).
    Each value is encoded, serialized, parsed and decoded, through the codec alone and
    through ``referee.proto`` (in the game's arm, or packed in ``other_game``), and must
    come back equal: the rules (and a game start for each seat); then, for each seed, in
    one random game (the choices drawn from ``random.Random(seed)``), every seat's
    observation and the spectator's at every step (in a decision request, with its legal
    actions), every legal action, every event and the result. Each message must also be of
    the type the codec declares for its kind (``rules_message`` ...), by which a packed
    message finds its game.

    Args:
        game: the rule set to check.
        seeds: one random game per seed.
        max_actions: a bound that turns a game that never ends into a failure.

    Raises:
        GameCheckFailed: the first value that does not come back, with the game, seed and
            step.
    """
    with _where(game, "rules"):
        game_codec = codec.codec_for(game.name)
        _check_rules(game_codec, game)
    for seed in seeds:
        _check_seed(game_codec, game, seed, max_actions)


@contextmanager
def _where(game: Game[Any], place: str) -> Iterator[None]:
    """Turn any failure inside into a :class:`GameCheckFailed` saying where it happened."""
    try:
        yield
    except Exception as error:  # a codec's own error is a failure too
        what = str(error) or type(error).__name__
        raise GameCheckFailed(f"{game.name} {game.options()}, {place}: {what}") from error


def _wire(message: MessageT) -> MessageT:
    """``message`` as the other end reads it: serialized, then parsed."""
    return type(message).FromString(message.SerializeToString())


def _same(value: object, back: object, what: str) -> None:
    if back != value:
        raise AssertionError(f"{what} {value!r} comes back as {back!r}")


def _of_type(message: Message, expected: type[Message], what: str) -> Message:
    """``message`` checked to be of the type its codec declares for it."""
    if not isinstance(message, expected):
        declared = expected.DESCRIPTOR.full_name
        raise AssertionError(
            f"the {what} message is a {message.DESCRIPTOR.full_name}, not {declared}"
        )
    return _wire(message)


def _check_rules(game_codec: codec.GameCodec, game: Game[Any]) -> None:
    _same(game_codec.name, game.name, "the codec's name")
    message = _of_type(game_codec.encode_rules(game), game_codec.rules_message, "rules")
    _same(game, game_codec.decode_rules(message), "the rules (codec)")
    _same(game, codec.decode_rules(_wire(codec.encode_rules(game))), "the rules")
    for seat in range(game.num_players):
        start = codec.game_start(game_id="g", game=game, seat=seat, time_control=_CLOCK)
        read = codec.read_game_start(_wire(start.game_start))
        _same(GameStart(game_id="g", game=game, seat=seat), read, "the game start")


def _check_seed(game_codec: codec.GameCodec, game: Game[Any], seed: int, max_actions: int) -> None:
    choices = random.Random(seed)
    with _where(game, f"seed {seed}, new state"):
        state: State[Any, Any, Any] = game.new_state(seed)
    sent = 0
    for step in range(max_actions + 1):
        with _where(game, f"seed {seed}, step {step}"):
            sent = _check_step(game_codec, state, step, sent)
            seats = state.seats_to_act()
            if not seats:
                break
            seat = choices.choice(seats)
            state.apply(seat, choices.choice(state.legal_actions(seat)))
    else:
        raise GameCheckFailed(
            f"{game.name} {game.options()}, seed {seed}: no end in {max_actions} actions"
        )
    with _where(game, f"seed {seed}, result"):
        result = state.result()
        if result is None:
            raise AssertionError("a game with no seat to act has no result")
        _check_result(game_codec, game, result)


def _check_step(
    game_codec: codec.GameCodec, state: State[Any, Any, Any], step: int, sent: int
) -> int:
    """Check the observations, legal actions and new events; the number of events sent."""
    game = state.game
    for seat in (None, *range(game.num_players)):
        _check_observation(game_codec, state.observation(seat), game, step)
        for action in state.legal_actions(seat) if seat is not None else ():
            _check_action(game_codec, action, game)
    events = state.events
    for event in events[sent:]:
        _check_event(game_codec, event, game)
    return len(events)


def _check_observation(
    game_codec: codec.GameCodec, observation: Any, game: Game[Any], request_id: int
) -> None:
    legal = tuple(observation.legal_actions)
    message = game_codec.encode_observation(observation)
    wired = _of_type(message, game_codec.observation_message, "observation")
    back = game_codec.decode_observation(wired, legal)
    _same(observation, back, "the observation (codec)")
    request = codec.decision_request(
        request_id=request_id,
        game_id="g",
        game=game,
        observation=observation,
        time_left_ms=2_000,
        bank_left_ms=1_000,
        attempt=1,
    )
    read = codec.read_decision_request(_wire(request.decision))
    expected = codec.DecisionRequest(request_id, "g", observation, 2_000, 1_000, 1)
    _same(expected, read, "the decision request")


def _check_action(game_codec: codec.GameCodec, action: Any, game: Game[Any]) -> None:
    message = _of_type(game_codec.encode_action(action), game_codec.action_message, "action")
    _same(action, game_codec.decode_action(message), "the action (codec)")
    _same(
        action,
        codec.decode_action(_wire(codec.encode_action(action, game=game)), game),
        "the action",
    )
    reply = codec.action_reply(request_id=7, game=game, action=action)
    read = codec.read_action_reply(_wire(reply.action), game)
    _same(codec.Reply(7, action), read, "the action reply")


def _check_event(game_codec: codec.GameCodec, event: Event, game: Game[Any]) -> None:
    message = _of_type(game_codec.encode_event(event), game_codec.event_message, "event")
    _same(event, game_codec.decode_event(message), "the event (codec)")
    sent = _wire(codec.encode_event("g", event, game=game)).event
    _same("g", sent.game_id, "the event's game id")
    _same(event, codec.decode_event(sent), "the event")


def _check_result(game_codec: codec.GameCodec, game: Game[Any], result: Result) -> None:
    message = _of_type(game_codec.encode_result(result), game_codec.result_message, "result")
    _same(result, game_codec.decode_result(message, result.scores), "the result (codec)")
    _same(result, codec.decode_result(_wire(codec.encode_result(result, game=game))), "the result")
