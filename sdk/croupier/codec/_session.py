"""The messages of a bot's session: it says hello, a game starts, a decision is asked and answered.

Builders for the sender (``hello``, ``game_start``, ``decision_request``, ``action_reply``)
and readers for the receiver (``read_*``), which give the SDK's own values and raise
:class:`CodecError` on malformed input. A reply's comment is cut to
:data:`~croupier.protocol.COMMENT_MAX_BYTES` on both sides (:func:`cut_comment`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from croupier._version import __version__
from croupier.bot import GameStart
from croupier.codec._envelope import (
    decode_action,
    decode_observation_of,
    decode_rules,
    encode_action,
    encode_observation_into,
    encode_rules,
    legal_actions_field,
)
from croupier.codec._errors import required, seat_in
from croupier.codec._memo import ItemBytes
from croupier.games import Game
from croupier.proto.v1 import referee_pb2 as pb
from croupier.protocol import COMMENT_MAX_BYTES, PROTOCOL_VERSION

__all__ = [
    "DecisionRequest",
    "Reply",
    "TimeControl",
    "action_reply",
    "cut_comment",
    "decision_request",
    "game_start",
    "hello",
    "read_action_reply",
    "read_decision_request",
    "read_game_start",
]


@dataclass(frozen=True, slots=True)
class TimeControl:
    """The time a bot has, in milliseconds (``referee.proto``, ``TimeControl``).

    Attributes:
        connect_ms: how long a started bot has to connect and say hello.
        decision_ms: the limit of one decision, before the bank is used.
        bank_ms: a bank shared by all of a seat's decisions of the game.
    """

    connect_ms: int
    decision_ms: int
    bank_ms: int


@dataclass(frozen=True, slots=True)
class DecisionRequest:
    """A decision request as the bot reads it: the observation holds the legal actions.

    Attributes:
        request_id: names the request; the reply must carry it.
        game_id: the game the decision belongs to.
        observation: exactly what the seat may see, with its legal actions.
        time_left_ms: the time left for this decision, bank included.
        bank_left_ms: what is left of the bank.
        attempt: 1 for the first request of a decision, then 2, 3 ... after refusals.
    """

    request_id: int
    game_id: str
    observation: Any
    time_left_ms: int
    bank_left_ms: int
    attempt: int


@dataclass(frozen=True, slots=True)
class Reply:
    """An action reply as the referee reads it: which request, the action chosen, and why.

    Attributes:
        request_id: the request answered.
        action: the action chosen.
        comment: the bot's explanation, cut to ``COMMENT_MAX_BYTES``; ``None`` for none.
    """

    request_id: int
    action: Any
    comment: str | None = None


_LEGAL_ACTIONS = ItemBytes(pb.DecisionRequest, "legal_actions")
"""A request's legal actions read as each one's bytes, all in one parse."""


# The start of a session and of a game


def hello(
    *, token: str, bot_name: str, games: Sequence[str] = (), live_events: bool = False
) -> pb.BotMessage:
    """A bot's first message: its token, its name for itself, and this SDK's contract.

    ``games`` are the games the bot plays (empty: it does not say); ``live_events`` asks
    for every event as it happens rather than with the next message.
    """
    return pb.BotMessage(
        hello=pb.Hello(
            token=token,
            bot_name=bot_name,
            protocol_version=PROTOCOL_VERSION,
            sdk=f"croupier-python/{__version__}",
            live_events=live_events,
            games=games,
        )
    )


def game_start(
    *, game_id: str, game: Game[Any], seat: int, time_control: TimeControl
) -> pb.RefereeMessage:
    """The message telling a bot that game ``game_id`` begins, with it in ``seat``."""
    start = pb.GameStart(
        game_id=game_id,
        seat=seat,
        rules=encode_rules(game),
        time_control=pb.TimeControl(
            connect_ms=time_control.connect_ms,
            decision_ms=time_control.decision_ms,
            bank_ms=time_control.bank_ms,
        ),
    )
    return pb.RefereeMessage(game_start=start)


def read_game_start(message: pb.GameStart) -> GameStart:
    """Which game begins, under which rules, in which seat.

    Raises:
        CodecError: no rules, malformed rules, or a seat the game does not have.
    """
    game = decode_rules(required(message, "rules", "a game start"))
    seat = seat_in(message.seat, game.num_players, "game start seat")
    return GameStart(game_id=message.game_id, game=game, seat=seat)


# Decisions


def decision_request(
    *,
    request_id: int,
    game_id: str,
    game: Game[Any] | str,
    observation: Any,
    time_left_ms: int,
    bank_left_ms: int,
    attempt: int,
    events: Sequence[pb.GameEvent] = (),
) -> pb.RefereeMessage:
    """The referee's request for a decision in ``game`` (or the game called that).

    The legal actions are those of ``observation``; ``events`` are the seat's events that
    came since its last message (contract version 2), already encoded.

    Raises:
        CodecError: ``observation`` or one of its legal actions is not of ``game``.
    """
    message = pb.RefereeMessage()
    request = message.decision
    request.MergeFromString(legal_actions_field(observation.legal_actions, game=game))
    request.request_id = request_id
    request.game_id = game_id
    encode_observation_into(request.observation, observation, game=game)
    request.time_left_ms = time_left_ms
    request.bank_left_ms = bank_left_ms
    request.attempt = attempt
    request.events.extend(events)
    return message


def read_decision_request(message: pb.DecisionRequest) -> DecisionRequest:
    """The decision asked by ``message``, its legal actions put back in the observation.

    Raises:
        CodecError: no observation, or a malformed observation or legal action (including
            an action of another game).
    """
    observation = required(message, "observation", "a decision request")
    legal_actions = _LEGAL_ACTIONS.of(message).legal_actions
    return DecisionRequest(
        request_id=message.request_id,
        game_id=message.game_id,
        observation=decode_observation_of(observation, legal_actions),
        time_left_ms=message.time_left_ms,
        bank_left_ms=message.bank_left_ms,
        attempt=message.attempt,
    )


def action_reply(
    *, request_id: int, game: Game[Any] | str, action: Any, comment: str | None = None
) -> pb.BotMessage:
    """The bot's answer to decision request ``request_id``, with its comment (cut) if any.

    Raises:
        CodecError: ``action`` is no action of ``game``.
    """
    reply = pb.ActionReply(
        request_id=request_id,
        action=encode_action(action, game=game),
        comment=None if comment is None else cut_comment(comment),
    )
    return pb.BotMessage(action=reply)


def read_action_reply(message: pb.ActionReply, game: Game[Any] | str) -> Reply:
    """The request answered by ``message``, the action chosen (of ``game``) and its comment.

    A comment longer than ``COMMENT_MAX_BYTES`` is cut, not refused.

    Raises:
        CodecError: no action, or an action that is malformed or of another game.
    """
    action = decode_action(required(message, "action", "an action reply"), game)
    comment = cut_comment(message.comment) if message.HasField("comment") else None
    return Reply(request_id=message.request_id, action=action, comment=comment)


def cut_comment(comment: str) -> str:
    """``comment`` cut to its first ``COMMENT_MAX_BYTES`` bytes of UTF-8, whole characters.

    >>> cut_comment("ab" * 600) == "ab" * 512
    True
    >>> len(cut_comment("€" * 400).encode())  # three bytes each: 341 of them fit
    1023
    """
    data = comment.encode()
    if len(data) <= COMMENT_MAX_BYTES:
        return comment
    # The bytes of a character cut in two are dropped: the UTF-8 ended with a whole one.
    return data[:COMMENT_MAX_BYTES].decode(errors="ignore")
