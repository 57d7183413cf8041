"""Every value of a game survives the wire: decode(encode(x)) == x, through bytes.

Random games of Lexio and of every cribbage variant are played to the end; at every step
each seat's observation (and the spectator's) travels in a decision request with its legal
actions, every new event and every legal action travels on its own, and the final result
travels in a result message. Rule sets, game starts and action replies round-trip too.
"""

import inspect
import random
from typing import Any, TypeVar

import pytest
from google.protobuf.message import Message
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier import GameStart, codec
from croupier.codec import _cribbage_events, _lexio_events
from croupier.games import Event, Game, Result, State
from croupier.games import cribbage as cribbage_engine
from croupier.games import lexio as lexio_engine
from croupier.games.cribbage import NEXT_FIRST_DEALER, VARIANTS, Cribbage
from croupier.games.lexio import PLAYER_COUNTS, TWOS_PENALTIES, Lexio
from croupier.proto.v1 import referee_pb2 as pb
from croupier.protocol import COMMENT_MAX_BYTES

MessageT = TypeVar("MessageT", bound=Message)

seeds = st.integers(0, 2**32 - 1)

lexio_games = st.builds(
    Lexio,
    players=st.sampled_from(PLAYER_COUNTS),
    rounds=st.integers(1, 3),
    starting_chips=st.integers(1, 100),
    twos_penalty=st.sampled_from(TWOS_PENALTIES),
)

game_points = (
    st.lists(st.integers(1, 9), min_size=4, max_size=4)
    .map(sorted)
    .map(lambda points: (points[0], points[1], points[2], points[3]))
)
"""Win, skunk, double and triple skunk points: never decreasing."""


def cribbage_games(variants: st.SearchStrategy[str]) -> st.SearchStrategy[Cribbage]:
    """Rule sets of the given variants; small targets keep the games short and end them early."""
    return st.builds(
        Cribbage,
        variant=variants,
        target=st.sampled_from([0, 5, 31, 61]),
        match_points=st.integers(1, 3),
        game_points=game_points,
        triple_skunk_wins_match=st.booleans(),
        next_first_dealer=st.sampled_from(NEXT_FIRST_DEALER),
    )


def wire(message: MessageT) -> MessageT:
    """The message as the other end reads it: serialized, then parsed."""
    return type(message).FromString(message.SerializeToString())


def check_observation(state: State[Any, Any, Any], seat: int | None, request_id: int) -> None:
    observation = state.observation(seat)
    message = codec.decision_request(
        request_id=request_id,
        game_id="game-1",
        game=state.game,
        observation=observation,
        time_left_ms=1500,
        bank_left_ms=500,
        attempt=2,
    )
    decision = codec.read_decision_request(wire(message).decision)
    assert decision == codec.DecisionRequest(request_id, "game-1", observation, 1500, 500, 2)
    bare = codec.decode_observation(
        wire(codec.encode_observation(observation, game=state.game)), ()
    )
    assert bare.legal_actions == ()
    for action in observation.legal_actions:
        encoded = wire(codec.encode_action(action, game=state.game))
        assert codec.decode_action(encoded, state.game) == action


def check_events(game: Game[Any], events: list[Event]) -> None:
    for event in events:
        message = wire(codec.encode_event("game-1", event, game=game))
        assert message.event.game_id == "game-1"
        assert codec.decode_event(message.event) == event


def play_and_check(game: Game[Any], seed: int) -> None:
    """Play a random game to its end, checking every value on the way."""
    state = game.new_state(seed)
    rng = random.Random(seed)
    seen = 0
    for step in range(10_000):
        for seat in (None, *range(game.num_players)):
            check_observation(state, seat, request_id=step)
        check_events(game, list(state.events[seen:]))
        seen = len(state.events)
        seats = state.seats_to_act()
        if not seats:
            break
        seat = rng.choice(seats)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    result = state.result()
    assert result is not None
    assert codec.decode_result(wire(codec.encode_result(result, game=game))) == result


@settings(max_examples=12)
@given(lexio_games, seeds)
def test_a_lexio_match_round_trips(game: Lexio, seed: int) -> None:
    play_and_check(game, seed)


@pytest.mark.parametrize("variant", VARIANTS)
@settings(max_examples=6)
@given(data=st.data(), seed=seeds)
def test_a_cribbage_game_round_trips(variant: str, data: st.DataObject, seed: int) -> None:
    play_and_check(data.draw(cribbage_games(st.just(variant))), seed)


@given(st.one_of(lexio_games, cribbage_games(st.sampled_from(VARIANTS))))
def test_rules_round_trip(game: Lexio | Cribbage) -> None:
    assert codec.decode_rules(wire(codec.encode_rules(game))) == game


def test_a_target_of_zero_on_the_wire_takes_the_variants_own() -> None:
    message = codec.encode_rules(Cribbage(variant="five-card"))
    assert message.cribbage.target == 61
    message.cribbage.target = 0
    assert codec.decode_rules(message) == Cribbage(variant="five-card", target=61)


@given(st.one_of(lexio_games, cribbage_games(st.sampled_from(VARIANTS))), st.data())
def test_a_game_start_round_trips(game: Lexio | Cribbage, data: st.DataObject) -> None:
    seat = data.draw(st.integers(0, game.num_players - 1))
    time_control = codec.TimeControl(connect_ms=20_000, decision_ms=1_000, bank_ms=data.draw(seeds))
    message = codec.game_start(game_id="g-7", game=game, seat=seat, time_control=time_control)
    start = wire(message).game_start
    assert codec.read_game_start(start) == GameStart(game_id="g-7", game=game, seat=seat)
    assert start.time_control == pb.TimeControl(
        connect_ms=20_000, decision_ms=1_000, bank_ms=time_control.bank_ms
    )


def test_an_action_reply_round_trips() -> None:
    state = Cribbage().new_state(seed=3)
    action = state.legal_actions(0)[4]
    message = wire(codec.action_reply(request_id=2**63, game=state.game, action=action))
    assert message.WhichOneof("message") == "action"
    assert codec.read_action_reply(message.action, state.game) == codec.Reply(2**63, action)


@given(st.text(max_size=300))
def test_a_comment_within_the_limit_round_trips_as_it_is(comment: str) -> None:
    state = Lexio().new_state(seed=5)
    action = state.legal_actions(state.seats_to_act()[0])[0]
    message = wire(codec.action_reply(request_id=9, game="lexio", action=action, comment=comment))
    assert message.action.HasField("comment")
    read = codec.read_action_reply(message.action, state.game)
    assert read == codec.Reply(9, action, comment)


def test_a_reply_without_a_comment_has_none() -> None:
    state = Lexio().new_state(seed=5)
    action = state.legal_actions(state.seats_to_act()[0])[0]
    message = wire(codec.action_reply(request_id=9, game=state.game, action=action))
    assert not message.action.HasField("comment")
    assert codec.read_action_reply(message.action, state.game).comment is None


LIMIT = COMMENT_MAX_BYTES


@pytest.mark.parametrize(
    ("comment", "kept"),
    [
        pytest.param("a" * LIMIT, "a" * LIMIT, id="ascii at the limit"),
        pytest.param("a" * (LIMIT + 1), "a" * LIMIT, id="ascii past it"),
        pytest.param("é" * 600, "é" * (LIMIT // 2), id="two-byte characters"),
        pytest.param("a" + "€" * 400, "a" + "€" * 341, id="a three-byte character cut"),
        pytest.param("ab" + "€" * 400, "ab" + "€" * 340, id="a three-byte character cut after 1"),
        pytest.param("a" * 1021 + "🂡", "a" * 1021, id="a four-byte character cut"),
        pytest.param("a" * 1020 + "🂡" * 2, "a" * 1020 + "🂡", id="a four-byte character whole"),
    ],
)
def test_a_long_comment_is_cut_at_a_character_boundary(comment: str, kept: str) -> None:
    assert codec.cut_comment(comment) == kept
    assert len(kept.encode()) <= LIMIT
    # The referee cuts what it reads, whatever a bot sent.
    state = Lexio().new_state(seed=5)
    action = state.legal_actions(state.seats_to_act()[0])[0]
    encoded = codec.encode_action(action, game=state.game)
    raw = pb.ActionReply(request_id=1, action=encoded, comment=comment)
    assert codec.read_action_reply(wire(raw), state.game).comment == kept
    # The SDK cuts what it sends.
    sent = codec.action_reply(request_id=1, game=state.game, action=action, comment=comment)
    assert sent.action.comment == kept


@given(st.text(min_size=300, max_size=1500))
def test_a_cut_comment_is_the_longest_whole_prefix_within_the_limit(comment: str) -> None:
    kept = codec.cut_comment(comment)
    assert comment.startswith(kept)
    assert len(kept.encode()) <= LIMIT
    if kept != comment:
        assert len((kept + comment[len(kept)]).encode()) > LIMIT


def event_classes(module: object) -> set[type[Event]]:
    return {
        value
        for value in vars(module).values()
        if inspect.isclass(value) and issubclass(value, Event)
    } - {Event}


def test_every_event_class_of_the_engines_has_a_message() -> None:
    assert set(_lexio_events.EVENT_TYPES) == event_classes(lexio_engine)
    assert set(_cribbage_events.EVENT_TYPES) == event_classes(cribbage_engine)
    assert len(_cribbage_events.EVENT_TYPES) == 21


def test_values_of_no_game_are_refused_on_encoding() -> None:
    with pytest.raises(codec.CodecError):
        codec.encode_action("pass", game=Lexio())
    with pytest.raises(codec.CodecError):
        codec.encode_event("g", Event(), game=Cribbage())
    with pytest.raises(codec.CodecError):
        codec.encode_observation(object(), game="lexio")
    with pytest.raises(codec.CodecError):
        codec.encode_result(Result((1, 2)), game="cribbage")
    with pytest.raises(codec.CodecError, match="no codec for the game 'chess'"):
        codec.encode_action("e2e4", game="chess")
    with pytest.raises(codec.CodecError, match="out of range"):
        codec.encode_rules(Lexio(starting_chips=2**32))
    with pytest.raises(codec.CodecError, match="out of range"):
        codec.encode_rules(Cribbage(target=2**32))
