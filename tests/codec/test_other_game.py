"""A game outside the contract travels packed in ``other_game``, end to end.

Nim (``tests/codec/nim.py``) has no arm in ``referee.proto``, and its messages are protobuf's
own well-known types: it is registered for each test, through entry points, as a game's
own distribution would register it.
"""

from collections.abc import Callable
from typing import TypeVar

import pytest
from google.protobuf import any_pb2, struct_pb2, wrappers_pb2
from google.protobuf.message import Message

from croupier import GameStart, codec
from croupier.games import Result
from croupier.games.lexio import Lexio
from croupier.proto.v1 import referee_pb2 as pb
from tests.codec import nim

MessageT = TypeVar("MessageT", bound=Message)

Register = Callable[[dict[str, str]], None]


@pytest.fixture(autouse=True)
def nim_registered(register: Register) -> None:
    register({"nim": "tests.codec.nim:CODEC"})


def wire(message: MessageT) -> MessageT:
    return type(message).FromString(message.SerializeToString())


def packed(message: Message, type_name: str) -> any_pb2.Any:
    """The packed message in ``message``'s game oneof, checked to be of ``type_name``."""
    assert message.WhichOneof("game") == "other_game"
    inside: any_pb2.Any = getattr(message, "other_game")  # noqa: B009 (a oneof arm)
    assert inside.TypeName() == type_name
    return inside


def test_the_rules_and_a_game_start_travel_packed() -> None:
    game = nim.Nim(stones=5)
    rules = wire(codec.encode_rules(game))
    packed(rules, "google.protobuf.Struct")
    assert codec.decode_rules(rules) == game
    time_control = codec.TimeControl(connect_ms=1, decision_ms=2, bank_ms=3)
    start = codec.game_start(game_id="g", game=game, seat=1, time_control=time_control)
    assert codec.read_game_start(wire(start).game_start) == GameStart("g", game, 1)


def test_a_decision_its_reply_events_and_the_result_travel_packed() -> None:
    game = nim.Nim(stones=3)
    state = game.new_state(seed=0)
    observation = state.observation(0)
    request = wire(
        codec.decision_request(
            request_id=1,
            game_id="g",
            game=game,
            observation=observation,
            time_left_ms=10,
            bank_left_ms=5,
            attempt=1,
        )
    ).decision
    packed(request.observation, "google.protobuf.Struct")
    for action in request.legal_actions:
        packed(action, "google.protobuf.Int32Value")
    read = codec.read_decision_request(request)
    assert read == codec.DecisionRequest(1, "g", observation, 10, 5, 1)
    assert read.observation.legal_actions == (1, 2)

    reply = wire(codec.action_reply(request_id=1, game="nim", action=2, comment="two"))
    assert codec.read_action_reply(reply.action, game) == codec.Reply(1, 2, "two")

    state.apply(0, 2)
    event = wire(codec.encode_event("g", state.events[-1], game=game)).event
    packed(event, "google.protobuf.ListValue")
    assert codec.decode_event(event) == nim.Took(0, 2)

    state.apply(1, 1)
    result = state.result()
    assert result == Result((0, 1))
    message = wire(codec.encode_result(result, game=game))
    packed(message, "google.protobuf.Empty")
    assert (list(message.scores), list(message.places)) == ([0, 1], [2, 1])
    assert codec.decode_result(message) == result


def refused(decode: Callable[[], object], reason: str) -> None:
    with pytest.raises(codec.CodecError, match=reason):
        decode()


def any_of(message: Message, type_url: str | None = None) -> any_pb2.Any:
    inside = any_pb2.Any()
    inside.Pack(message)
    if type_url is not None:
        inside.type_url = type_url
    return inside


def test_a_packed_message_no_game_sends_is_refused() -> None:
    unknown = pb.Action(other_game=any_of(wrappers_pb2.Int32Value(value=1), "example.com/x.Y"))
    refused(lambda: codec.decode_action(unknown, nim.Nim()), "no game sends messages of type 'x.Y'")
    refused(lambda: codec.decode_rules(pb.Rules(other_game=any_pb2.Any())), "of type ''")


def test_a_packed_message_of_the_wrong_kind_is_refused() -> None:
    rules = struct_pb2.Struct()
    action = pb.Action(other_game=any_of(rules))
    refused(
        lambda: codec.decode_action(action, nim.Nim()),
        "a nim action is a google.protobuf.Int32Value, not a google.protobuf.Struct",
    )


def test_a_packed_message_that_does_not_parse_is_refused() -> None:
    garbage = any_of(wrappers_pb2.Int32Value())
    garbage.value = b"\xff\xff\xff"
    refused(
        lambda: codec.decode_action(pb.Action(other_game=garbage), "nim"), "a packed nim action"
    )


def test_a_packed_action_of_another_game_is_refused() -> None:
    action = codec.encode_action(1, game="nim")
    refused(lambda: codec.decode_action(action, Lexio()), "a nim action for a game of lexio")
    lexio = codec.encode_action(Lexio().new_state(0).legal_actions(0)[0], game="lexio")
    refused(lambda: codec.decode_action(lexio, "nim"), "a lexio action for a game of nim")


def test_a_game_with_its_own_arm_is_never_packed() -> None:
    rules = codec.encode_rules(Lexio())
    assert rules.WhichOneof("game") == "lexio"
