"""Kuhn poker's codec: what it encodes decodes equal, and malformed messages are refused."""

from __future__ import annotations

import random

import pytest

from croupier.codec import CodecError, codec_for
from kuhn_poker import Action, KuhnPoker, KuhnState
from kuhn_poker.codec import CODEC, encode_observation
from kuhn_poker.v1 import kuhn_poker_pb2 as pb


def finished(seed: int, hands: int = 3) -> KuhnState:
    state = KuhnPoker(ante=2, hands=hands).new_state(seed)
    rng = random.Random(seed)
    while not state.is_over():
        (seat,) = state.seats_to_act()
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def test_the_codec_is_registered_under_the_games_name() -> None:
    assert codec_for("kuhn_poker") is CODEC
    assert CODEC.rules_message.DESCRIPTOR.full_name == "kuhn_poker.v1.Rules"


@pytest.mark.parametrize("seed", range(8))
def test_everything_of_a_match_round_trips(seed: int) -> None:
    state = finished(seed)
    assert CODEC.decode_rules(CODEC.encode_rules(state.game)) == state.game
    for event in state.events:
        assert CODEC.decode_event(CODEC.encode_event(event)) == event
    for _, action in state.actions:
        assert CODEC.decode_action(CODEC.encode_action(action)) is action
    for seat in (0, 1, None):
        observation = state.observation(seat)
        message = CODEC.encode_observation(observation)
        decoded = CODEC.decode_observation(message, observation.legal_actions)
        assert decoded == observation
    result = state.result()
    assert result is not None
    assert CODEC.decode_result(CODEC.encode_result(result), result.scores) == result


@pytest.mark.parametrize(
    ("decode", "message", "error"),
    [
        (CODEC.decode_action, pb.Action(), "unknown or unspecified"),
        (CODEC.decode_rules, pb.Rules(ante=0, hands=1), "ante is a whole number"),
        (CODEC.decode_event, pb.Event(), "not set"),
        (
            CODEC.decode_event,
            pb.Event(acted=pb.Acted(seat=2, kind=pb.ACTION_KIND_BET)),
            "no seat 2",
        ),
        (CODEC.decode_event, pb.Event(showdown=pb.Showdown(cards=[pb.CARD_JACK])), "1 value"),
        (
            CODEC.decode_event,
            pb.Event(card_dealt=pb.CardDealt(card=pb.Card.ValueType(9))),
            "unknown",
        ),
    ],
)
def test_malformed_messages_are_refused(decode: object, message: object, error: str) -> None:
    with pytest.raises(CodecError, match=error):
        decode(message)  # type: ignore[operator]


def test_an_observation_has_a_card_exactly_when_it_is_a_seats() -> None:
    message = encode_observation(KuhnPoker().new_state(1).observation(0))
    message.card = pb.CARD_UNSPECIFIED
    with pytest.raises(CodecError, match="card exactly"):
        CODEC.decode_observation(message, [])
    with pytest.raises(CodecError, match="not a Kuhn poker action"):
        CODEC.encode_action("check")


def test_the_actions_of_the_wire_are_the_engines() -> None:
    kinds = [pb.ACTION_KIND_CHECK, pb.ACTION_KIND_BET, pb.ACTION_KIND_CALL, pb.ACTION_KIND_FOLD]
    assert [CODEC.decode_action(pb.Action(kind=kind)) for kind in kinds] == list(Action)
