"""Rules, actions, observations, events and results of either game, in ``referee.proto``.

Each function picks the game from the value (encoding) or from the message's ``game``
oneof (decoding) and hands the game's part to the modules of that game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeAlias, overload

from croupier.codec import _cribbage, _cribbage_events, _lexio, _lexio_events
from croupier.codec._errors import CodecError
from croupier.games import Event, Game, Result, cribbage, lexio
from croupier.games.cribbage import Cribbage, CribbageObservation, CribbageResult
from croupier.games.lexio import Lexio, LexioObservation, LexioResult
from croupier.proto.v1 import referee_pb2 as pb

__all__ = [
    "GameAction",
    "GameObservation",
    "GameResult",
    "decode_action",
    "decode_event",
    "decode_observation",
    "decode_result",
    "decode_rules",
    "encode_action",
    "encode_event",
    "encode_observation",
    "encode_result",
    "encode_rules",
]

GameAction: TypeAlias = lexio.Action | cribbage.Action
"""An action of either game."""

GameObservation: TypeAlias = LexioObservation | CribbageObservation
"""A seat's observation of either game."""

GameResult: TypeAlias = LexioResult | CribbageResult
"""The result of a game of either kind."""

_LEXIO_ACTIONS = (lexio.Play, lexio.Pass)
_CRIBBAGE_ACTIONS = (cribbage.Discard, cribbage.Peg, cribbage.Place)


# Rules


def encode_rules(game: Game[Any]) -> pb.Rules:
    """The message of a rule set.

    Raises:
        CodecError: ``game`` is neither Lexio nor cribbage.
    """
    if isinstance(game, Lexio):
        return pb.Rules(lexio=_lexio.encode_rules(game))
    if isinstance(game, Cribbage):
        return pb.Rules(cribbage=_cribbage.encode_rules(game))
    raise CodecError(f"no wire form for the rules of {game!r}")


def decode_rules(message: pb.Rules) -> Lexio | Cribbage:
    """The rule set of ``message``.

    Raises:
        CodecError: no game set, or options the rules refuse.
    """
    kind = message.WhichOneof("game")
    if kind == "lexio":
        return _lexio.decode_rules(message.lexio)
    if kind == "cribbage":
        return _cribbage.decode_rules(message.cribbage)
    raise CodecError("the rules name no game (Rules.game is not set)")


# Actions


def encode_action(action: GameAction) -> pb.Action:
    """The message of an action of either game.

    Raises:
        CodecError: ``action`` is no action of either game.
    """
    if isinstance(action, _LEXIO_ACTIONS):
        return pb.Action(lexio=_lexio.encode_action(action))
    if isinstance(action, _CRIBBAGE_ACTIONS):
        return pb.Action(cribbage=_cribbage.encode_action(action))
    raise CodecError(f"not an action of either game: {action!r}")


@overload
def decode_action(message: pb.Action, game: Lexio) -> lexio.Action: ...
@overload
def decode_action(message: pb.Action, game: Cribbage) -> cribbage.Action: ...
@overload
def decode_action(message: pb.Action, game: Game[Any]) -> GameAction: ...
def decode_action(message: pb.Action, game: Game[Any]) -> GameAction:
    """The action of ``message``, which must be an action of ``game``.

    Decoding checks the form, not the rules: a well-formed action the state does not allow
    (tiles or cards the seat does not hold, the wrong number of them) decodes, and the state
    refuses it with ``IllegalAction``.

    Raises:
        CodecError: no game set, an action of another game, or a malformed one.
    """
    kind = message.WhichOneof("game")
    if kind is None:
        raise CodecError("the action names no game (Action.game is not set)")
    if kind != game.name:
        raise CodecError(f"a {kind} action for a game of {game.name}")
    if kind == "lexio":
        return _lexio.decode_action(message.lexio)
    return _cribbage.decode_action(message.cribbage)


# Observations


def encode_observation(observation: GameObservation) -> pb.Observation:
    """The message of an observation, without its legal actions.

    Raises:
        CodecError: ``observation`` is of neither game.
    """
    if isinstance(observation, LexioObservation):
        return pb.Observation(lexio=_lexio.encode_observation(observation))
    if isinstance(observation, CribbageObservation):
        return pb.Observation(cribbage=_cribbage.encode_observation(observation))
    raise CodecError(f"not an observation of either game: {observation!r}")


def decode_observation(
    message: pb.Observation, legal_actions: Sequence[GameAction]
) -> GameObservation:
    """The observation of ``message`` with ``legal_actions`` put back in it.

    ``legal_actions`` are decoded actions of the same game (see :func:`decode_action`).

    Raises:
        CodecError: no game set, a malformed observation, or legal actions of the other game.
    """
    kind = message.WhichOneof("game")
    if kind == "lexio":
        lexio_actions = [action for action in legal_actions if isinstance(action, _LEXIO_ACTIONS)]
        _check_all_kept(lexio_actions, legal_actions, kind)
        return _lexio.decode_observation(message.lexio, lexio_actions)
    if kind == "cribbage":
        cribbage_actions = [
            action for action in legal_actions if isinstance(action, _CRIBBAGE_ACTIONS)
        ]
        _check_all_kept(cribbage_actions, legal_actions, kind)
        return _cribbage.decode_observation(message.cribbage, cribbage_actions)
    raise CodecError("the observation names no game (Observation.game is not set)")


def _check_all_kept(kept: Sequence[object], given: Sequence[object], game: str) -> None:
    if len(kept) != len(given):
        raise CodecError(f"the legal actions of a {game} observation are not all {game} actions")


# Events


def encode_event(game_id: str, event: Event) -> pb.RefereeMessage:
    """The message telling a bot that ``event`` happened in game ``game_id``.

    Raises:
        CodecError: ``event`` is no event of either game.
    """
    if isinstance(event, _lexio_events.EVENT_TYPES):
        return pb.RefereeMessage(
            event=pb.GameEvent(game_id=game_id, lexio=_lexio_events.encode_event(event))
        )
    if isinstance(event, _cribbage_events.EVENT_TYPES):
        return pb.RefereeMessage(
            event=pb.GameEvent(game_id=game_id, cribbage=_cribbage_events.encode_event(event))
        )
    raise CodecError(f"not an event of either game: {event!r}")


def decode_event(message: pb.GameEvent) -> Event:
    """The event of ``message`` (its ``game_id`` is for the caller to read).

    Raises:
        CodecError: no game or event set, or a malformed event.
    """
    kind = message.WhichOneof("game")
    if kind == "lexio":
        return _lexio_events.decode_event(message.lexio)
    if kind == "cribbage":
        return _cribbage_events.decode_event(message.cribbage)
    raise CodecError("the event names no game (GameEvent.game is not set)")


# Results


def encode_result(result: Result) -> pb.Result:
    """The message of a game's final result.

    Raises:
        CodecError: ``result`` is of neither game.
    """
    if isinstance(result, LexioResult):
        lexio_result = _lexio.encode_result(result)
        return pb.Result(scores=result.scores, places=result.places, lexio=lexio_result)
    if isinstance(result, CribbageResult):
        cribbage_result = _cribbage.encode_result(result)
        return pb.Result(scores=result.scores, places=result.places, cribbage=cribbage_result)
    raise CodecError(f"not a result of either game: {result!r}")


def decode_result(message: pb.Result) -> GameResult:
    """The final result of ``message``.

    Raises:
        CodecError: no game set, places that do not follow from the scores, or a malformed
            game part.
    """
    scores = tuple(message.scores)
    if tuple(message.places) != Result(scores).places:
        raise CodecError(f"the places {list(message.places)} do not follow from the scores")
    kind = message.WhichOneof("game")
    if kind == "lexio":
        return _lexio.decode_result(message.lexio, scores)
    if kind == "cribbage":
        return _cribbage.decode_result(message.cribbage, scores)
    raise CodecError("the result names no game (Result.game is not set)")
