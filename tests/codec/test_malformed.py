"""Malformed input: every decode function raises CodecError, and nothing else.

The referee turns a CodecError into a "malformed" fault of the seat, so any message that
parses must either decode or raise it. Random messages are built field by field from the
descriptors (mostly small numbers, so that they get deep into the decoders), random bytes
are parsed, and targeted cases pin the messages.

What decoding refuses and what it leaves to the engine: a message that cannot be a value of
the domain types (an unset oneof, an unknown or unspecified enum value, a tile number
outside 1..15, a card rank outside 1..13, a row outside 0..3, a play or discard naming a
tile or card twice, a combination whose kind does not match its tiles, a seat outside the
game, an action of the other game) raises CodecError. A well-formed action that breaks the
rules of the moment (tiles the seat does not hold, a tile above the player count's top
number, a discard of the wrong size) decodes, and the state refuses it with IllegalAction.
"""

import contextlib
import random
from collections.abc import Callable
from functools import cache
from typing import Any, TypeVar

import pytest
from google.protobuf.descriptor import Descriptor, FieldDescriptor
from google.protobuf.message import DecodeError, Message
from google.protobuf.message_factory import GetMessageClass
from hypothesis import given
from hypothesis import strategies as st

from croupier import codec
from croupier.codec._memo import ItemBytes, clear_memos
from croupier.games import IllegalAction, State
from croupier.games.cribbage import Card, Cribbage, Discard
from croupier.games.lexio import Lexio, Play, Tile
from croupier.proto.v1 import cribbage_pb2 as cpb
from croupier.proto.v1 import lexio_pb2 as lpb
from croupier.proto.v1 import referee_pb2 as pb

MessageT = TypeVar("MessageT", bound=Message)

GAMES: tuple[Lexio | Cribbage, ...] = (
    Lexio(players=3, rounds=1),
    Lexio(players=5, rounds=1),
    Cribbage(variant="five-card", target=31),
    Cribbage(variant="four-player", target=31),
    Cribbage(variant="solitaire"),
    Cribbage(variant="square"),
)

# Random messages from the descriptors ------------------------------------------------------

_UNSIGNED = st.one_of(st.integers(0, 16), st.sampled_from([99, 2**31, 2**32 - 1]))
_SIGNED = st.one_of(st.integers(-3, 70), st.sampled_from([-(2**40), 2**40]))
_SCALARS: dict[int, st.SearchStrategy[Any]] = {
    FieldDescriptor.TYPE_UINT32: _UNSIGNED,
    FieldDescriptor.TYPE_UINT64: st.one_of(_UNSIGNED, st.just(2**64 - 1)),
    FieldDescriptor.TYPE_SINT64: _SIGNED,
    FieldDescriptor.TYPE_INT64: _SIGNED,
    FieldDescriptor.TYPE_BOOL: st.booleans(),
    FieldDescriptor.TYPE_STRING: st.text(max_size=8),
    FieldDescriptor.TYPE_BYTES: st.binary(max_size=8),  # the packed message of other_game
    # Enum fields of proto3 are open: unknown numbers are kept, so try them.
    FieldDescriptor.TYPE_ENUM: st.one_of(st.integers(0, 8), st.sampled_from([-1, 99, 2**31 - 1])),
}


@cache
def messages(descriptor: Descriptor) -> st.SearchStrategy[Message]:
    """Messages of ``descriptor`` with each field set or not, at random."""
    fields: list[FieldDescriptor] = list(descriptor.fields)
    values = st.tuples(*(st.none() | field_values(field) for field in fields))
    message_class = GetMessageClass(descriptor)

    def build(chosen: tuple[Any, ...]) -> Message:
        message = message_class()
        for field, value in zip(fields, chosen, strict=True):
            if value is not None:
                put(message, field, value)
        return message

    return values.map(build)


def field_values(field: FieldDescriptor) -> st.SearchStrategy[Any]:
    """Values of ``field``: a list of them for a repeated field."""
    if field.type == FieldDescriptor.TYPE_MESSAGE:
        value = st.deferred(lambda: messages(field.message_type))
    else:
        value = _SCALARS[field.type]
    if field.is_repeated:
        return st.lists(value, max_size=5)
    return value


def put(message: Message, field: FieldDescriptor, value: Any) -> None:
    """Set ``field`` of ``message`` to ``value`` (a list, appended, for a repeated field)."""
    if field.is_repeated:
        container = getattr(message, field.name)
        for item in value:
            if field.type == FieldDescriptor.TYPE_MESSAGE:
                container.add().CopyFrom(item)
            else:
                container.append(item)
    elif field.type == FieldDescriptor.TYPE_MESSAGE:
        getattr(message, field.name).CopyFrom(value)
    else:
        setattr(message, field.name, value)


# Valid messages with a few random changes: deep into the decoders --------------------------


def samples() -> tuple[list[pb.DecisionRequest], list[pb.GameEvent], list[pb.Result]]:
    """Decision requests, events and results of a few random games, encoded."""
    requests, events, results = [], [], []
    for seed, game in enumerate(GAMES):
        state: State[Any, Any, Any] = game.new_state(seed)
        rng = random.Random(seed)
        while not state.is_over():
            seat = rng.choice(state.seats_to_act())
            if rng.random() < 0.2:
                request = codec.decision_request(
                    request_id=seed,
                    game_id="g",
                    game=game,
                    observation=state.observation(seat),
                    time_left_ms=1,
                    bank_left_ms=1,
                    attempt=1,
                )
                requests.append(request.decision)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        events += [codec.encode_event("g", event, game=game).event for event in state.events]
        result = state.result()
        assert result is not None
        results.append(codec.encode_result(result, game=game))
    return requests, events, results


REQUESTS, EVENTS, RESULTS = samples()


def nodes(message: Message) -> list[Message]:
    """``message`` and every message inside it."""
    found = [message]
    for field, value in message.ListFields():
        if field.type == FieldDescriptor.TYPE_MESSAGE:
            for item in value if field.is_repeated else [value]:
                found += nodes(item)
    return found


def mutate(message: Message, data: st.DataObject) -> None:
    """Change one field somewhere in ``message``: a new value, cleared, or an item more or less."""
    node = data.draw(st.sampled_from([node for node in nodes(message) if node.DESCRIPTOR.fields]))
    fields: list[Any] = list(node.DESCRIPTOR.fields)  # FieldDescriptors, of two stub types
    field = data.draw(st.sampled_from(fields))
    current = getattr(node, field.name)
    choice = data.draw(st.integers(0, 2))
    if choice == 0 or (field.is_repeated and not current and choice == 1):
        node.ClearField(field.name)
    elif field.is_repeated and choice == 1:
        del current[data.draw(st.integers(0, len(current) - 1))]
    else:  # a new value, or one more item
        put(node, field, data.draw(field_values(field).filter(lambda value: value != [])))


def mutated(pool: list[MessageT], data: st.DataObject) -> MessageT:
    message = data.draw(st.sampled_from(pool))
    copy = type(message)()
    copy.CopyFrom(message)
    for _ in range(data.draw(st.integers(1, 3))):
        mutate(copy, data)
    return copy


@given(st.data())
def test_changed_decision_requests(data: st.DataObject) -> None:
    message = mutated(REQUESTS, data)
    try:
        decision = codec.read_decision_request(message)
    except codec.CodecError:
        return
    again = codec.decision_request(
        request_id=decision.request_id,
        game_id=decision.game_id,
        game=decision.observation.game,
        observation=decision.observation,
        time_left_ms=decision.time_left_ms,
        bank_left_ms=decision.bank_left_ms,
        attempt=decision.attempt,
    )
    assert codec.read_decision_request(again.decision) == decision


@given(st.data())
def test_changed_events(data: st.DataObject) -> None:
    message = mutated(EVENTS, data)
    try:
        event = codec.decode_event(message)
    except codec.CodecError:
        return
    assert codec.decode_event(codec.encode_event("g", event, game=game_of(message)).event) == event


@given(st.data())
def test_changed_results(data: st.DataObject) -> None:
    message = mutated(RESULTS, data)
    try:
        result = codec.decode_result(message)
    except codec.CodecError:
        return
    assert codec.decode_result(codec.encode_result(result, game=game_of(message))) == result


def game_of(message: pb.GameEvent | pb.Result) -> str:
    """The name of the game of ``message``, which has one."""
    game = message.WhichOneof("game")
    assert game is not None
    return game


def raises_only_codec_error(decode: Callable[[], object]) -> None:
    """Run ``decode``: a CodecError is an answer, any other exception fails the test."""
    with contextlib.suppress(codec.CodecError):
        decode()


games = st.sampled_from(GAMES)


@given(messages(pb.Action.DESCRIPTOR), games)
def test_random_actions(message: pb.Action, game: Lexio | Cribbage) -> None:
    try:
        action = codec.decode_action(message, game)
    except codec.CodecError:
        return
    assert codec.decode_action(codec.encode_action(action, game=game), game) == action


@given(messages(pb.Observation.DESCRIPTOR))
def test_random_observations(message: pb.Observation) -> None:
    try:
        observation = codec.decode_observation(message, ())
    except codec.CodecError:
        return
    encoded = codec.encode_observation(observation, game=observation.game)
    assert codec.decode_observation(encoded, ()) == observation


@given(messages(pb.GameEvent.DESCRIPTOR))
def test_random_events(message: pb.GameEvent) -> None:
    try:
        event = codec.decode_event(message)
    except codec.CodecError:
        return
    assert codec.decode_event(codec.encode_event("g", event, game=game_of(message)).event) == event


@given(messages(pb.DecisionRequest.DESCRIPTOR))
def test_random_decision_requests(message: pb.DecisionRequest) -> None:
    raises_only_codec_error(lambda: codec.read_decision_request(message))


@given(messages(pb.Result.DESCRIPTOR))
def test_random_results(message: pb.Result) -> None:
    try:
        result = codec.decode_result(message)
    except codec.CodecError:
        return
    assert codec.decode_result(codec.encode_result(result, game=game_of(message))) == result


@given(messages(pb.GameStart.DESCRIPTOR))
def test_random_game_starts(message: pb.GameStart) -> None:
    raises_only_codec_error(lambda: codec.read_game_start(message))
    raises_only_codec_error(lambda: codec.decode_rules(message.rules))


@given(messages(pb.ActionReply.DESCRIPTOR), games)
def test_random_action_replies(message: pb.ActionReply, game: Lexio | Cribbage) -> None:
    raises_only_codec_error(lambda: codec.read_action_reply(message, game))


@given(st.binary(max_size=200), games)
def test_random_bytes(data: bytes, game: Lexio | Cribbage) -> None:
    decoders: list[tuple[type[Message], Callable[[Any], object]]] = [
        (pb.Action, lambda message: codec.decode_action(message, game)),
        (pb.Observation, lambda message: codec.decode_observation(message, ())),
        (pb.GameEvent, codec.decode_event),
        (pb.DecisionRequest, codec.read_decision_request),
        (pb.Result, codec.decode_result),
        (pb.GameStart, codec.read_game_start),
        (pb.Rules, codec.decode_rules),
    ]
    for message_class, decode in decoders:
        try:
            message = message_class.FromString(data)
        except DecodeError:
            continue
        raises_only_codec_error(lambda: decode(message))  # noqa: B023 (called at once)


# Targeted cases ----------------------------------------------------------------------------


def lexio_action(*tiles: tuple[int, int]) -> pb.Action:
    play = lpb.LexioPlay(
        tiles=[
            lpb.Tile(number=number, suit=lpb.LexioSuit.ValueType(suit)) for number, suit in tiles
        ]
    )
    return pb.Action(lexio=lpb.LexioAction(play=play))


def cribbage_discard(*cards: tuple[int, int]) -> pb.Action:
    discard = cpb.CribbageDiscard(
        cards=[cpb.Card(rank=rank, suit=cpb.CardSuit.ValueType(suit)) for rank, suit in cards]
    )
    return pb.Action(cribbage=cpb.CribbageAction(discard=discard))


def refused(decode: Callable[[], object], reason: str) -> None:
    with pytest.raises(codec.CodecError, match=reason):
        decode()


@pytest.mark.parametrize("game", [Lexio(), Cribbage()])
def test_an_empty_action_is_refused(game: Lexio | Cribbage) -> None:
    refused(lambda: codec.decode_action(pb.Action(), game), "names no game")


def test_an_action_of_the_other_game_is_refused() -> None:
    refused(lambda: codec.decode_action(lexio_action((3, 1)), Cribbage()), "lexio action for")
    refused(lambda: codec.decode_action(cribbage_discard((5, 1)), Lexio()), "cribbage action for")


def test_an_empty_lexio_or_cribbage_action_is_refused() -> None:
    empty_lexio = pb.Action(lexio=lpb.LexioAction())
    refused(lambda: codec.decode_action(empty_lexio, Lexio()), "play or a pass")
    empty_cribbage = pb.Action(cribbage=cpb.CribbageAction())
    refused(lambda: codec.decode_action(empty_cribbage, Cribbage()), "discard, peg or place")


@pytest.mark.parametrize("number", [0, 16, 99, 2**32 - 1])
def test_a_tile_number_out_of_range_is_refused(number: int) -> None:
    refused(lambda: codec.decode_action(lexio_action((number, 1)), Lexio()), "1..15")


@pytest.mark.parametrize("rank", [0, 14])
def test_a_card_rank_out_of_range_is_refused(rank: int) -> None:
    refused(lambda: codec.decode_action(cribbage_discard((rank, 1)), Cribbage()), "1 .ace.")


@pytest.mark.parametrize("suit", [0, 5, 99, -1])
def test_an_unknown_or_unspecified_suit_is_refused(suit: int) -> None:
    refused(lambda: codec.decode_action(lexio_action((3, suit)), Lexio()), "tile suit")
    refused(lambda: codec.decode_action(cribbage_discard((3, suit)), Cribbage()), "card suit")


def test_unknown_enum_values_in_rules_are_refused() -> None:
    lexio_rules = codec.encode_rules(Lexio())
    lexio_rules.lexio.twos_penalty = lpb.LexioTwosPenalty.ValueType(7)
    refused(lambda: codec.decode_rules(lexio_rules), "twos_penalty")
    cribbage_rules = codec.encode_rules(Cribbage())
    cribbage_rules.cribbage.variant = cpb.CRIBBAGE_VARIANT_UNSPECIFIED
    refused(lambda: codec.decode_rules(cribbage_rules), "variant")
    cribbage_rules = codec.encode_rules(Cribbage())
    cribbage_rules.cribbage.next_first_dealer = cpb.CribbageFirstDealer.ValueType(42)
    refused(lambda: codec.decode_rules(cribbage_rules), "next_first_dealer")


def test_options_the_rules_refuse_are_refused() -> None:
    rules = codec.encode_rules(Lexio())
    rules.lexio.players = 6
    refused(lambda: codec.decode_rules(rules), "3, 4 or 5 players")
    rules = codec.encode_rules(Cribbage())
    del rules.cribbage.game_points[3]
    refused(lambda: codec.decode_rules(rules), "game_points")
    refused(lambda: codec.decode_rules(pb.Rules()), "name no game")


def test_a_play_naming_a_tile_twice_is_refused_by_decoding() -> None:
    # Play cannot hold a tile twice, so this is malformed, not illegal.
    refused(lambda: codec.decode_action(lexio_action((3, 1), (3, 1)), Lexio()), "more than once")
    refused(lambda: codec.decode_action(lexio_action(), Lexio()), "at least one tile")


def test_a_discard_naming_a_card_twice_is_refused_by_decoding() -> None:
    refused(lambda: codec.decode_action(cribbage_discard((5, 1), (5, 1)), Cribbage()), "distinct")
    refused(lambda: codec.decode_action(cribbage_discard(), Cribbage()), "one or more cards")


def test_a_well_formed_but_illegal_play_decodes_and_the_engine_refuses_it() -> None:
    game = Lexio(players=3)  # numbers 1..9 only
    action = codec.decode_action(lexio_action((15, 4)), game)
    assert action == Play([Tile.from_str("sun15")])
    state = game.new_state(seed=1)
    with pytest.raises(IllegalAction):
        state.apply(state.seats_to_act()[0], action)


def test_a_discard_of_the_wrong_size_decodes_and_the_engine_refuses_it() -> None:
    state = Cribbage().new_state(seed=1)
    hand = state.observation(0).hand
    message = codec.encode_action(Discard(hand[:3]), game=state.game)
    action = codec.decode_action(message, state.game)
    assert action == Discard(hand[:3])
    with pytest.raises(IllegalAction):
        state.apply(0, action)


def test_a_place_outside_the_square_is_refused() -> None:
    place = cpb.CribbagePlace(card=cpb.Card(rank=1, suit=cpb.CARD_SUIT_CLUBS), row=4, col=0)
    message = pb.Action(cribbage=cpb.CribbageAction(place=place))
    refused(lambda: codec.decode_action(message, Cribbage(variant="square")), "row is an int 0..3")
    missing_card = pb.Action(cribbage=cpb.CribbageAction(peg=cpb.CribbagePeg()))
    refused(lambda: codec.decode_action(missing_card, Cribbage()), "has no card")


def played_event(kind: int, *tiles: tuple[int, int], players: int = 4) -> pb.GameEvent:
    combination = lpb.LexioCombination(
        kind=lpb.LexioCombinationKind.ValueType(kind),
        tiles=[
            lpb.Tile(number=number, suit=lpb.LexioSuit.ValueType(suit)) for number, suit in tiles
        ],
        players=players,
    )
    played = lpb.LexioPlayed(seat=1, combination=combination)
    return pb.GameEvent(game_id="g", lexio=lpb.LexioEvent(played=played))


def test_a_combination_must_match_its_tiles() -> None:
    pair = lpb.LEXIO_COMBINATION_KIND_PAIR
    assert codec.decode_event(played_event(pair, (3, 1), (3, 2))) is not None
    refused(lambda: codec.decode_event(played_event(pair, (3, 1))), "make a single")
    refused(lambda: codec.decode_event(played_event(pair, (3, 1), (4, 2))), "one number")
    refused(lambda: codec.decode_event(played_event(pair, (3, 1), (3, 2), players=7)), "players")
    refused(lambda: codec.decode_event(played_event(0, (3, 1))), "combination kind")


def test_an_observation_with_a_seat_outside_the_game_is_refused() -> None:
    observation = Lexio().new_state(seed=2).observation(0)
    message = codec.encode_observation(observation, game=observation.game)
    message.lexio.seat = 4
    refused(lambda: codec.decode_observation(message, ()), "no seat 4")
    message = codec.encode_observation(observation, game=observation.game)
    del message.lexio.balances[0]
    refused(lambda: codec.decode_observation(message, ()), "balances")
    refused(lambda: codec.decode_observation(pb.Observation(), ()), "names no game")


def test_a_cribbage_observation_with_a_bad_phase_or_grid_is_refused() -> None:
    observation = Cribbage(variant="square").new_state(seed=2).observation(0)
    message = codec.encode_observation(observation, game=observation.game)
    message.cribbage.phase = cpb.CribbagePhase.ValueType(99)
    refused(lambda: codec.decode_observation(message, ()), "phase")
    message = codec.encode_observation(observation, game=observation.game)
    message.cribbage.grid.add()
    refused(lambda: codec.decode_observation(message, ()), "grid")


def test_legal_actions_of_the_other_game_are_refused() -> None:
    state = Lexio().new_state(seed=2)
    seat = state.seats_to_act()[0]
    request = codec.decision_request(
        request_id=1,
        game_id="g",
        game=state.game,
        observation=state.observation(seat),
        time_left_ms=1,
        bank_left_ms=1,
        attempt=1,
    )
    request.decision.legal_actions.append(cribbage_discard((1, 1), (2, 2)))
    refused(lambda: codec.read_decision_request(request.decision), "cribbage action for")
    discard = codec.encode_action(Discard((Card.from_str("AC"),)), game="cribbage")
    refused(
        lambda: codec.decode_observation(request.decision.observation, [discard]),
        "cribbage action for",
    )


def test_show_labels_are_checked() -> None:
    shown = cpb.CribbageLineShown(
        line=cpb.CribbageShowLabel(part=cpb.CRIBBAGE_SHOW_PART_ROW, line=4),
        starter=cpb.Card(rank=5, suit=cpb.CARD_SUIT_CLUBS),
        breakdown=cpb.CribbageShowScore(),
    )
    message = pb.GameEvent(cribbage=cpb.CribbageEvent(line_shown=shown))
    refused(lambda: codec.decode_event(message), "0..3, not 4")
    shown.line.CopyFrom(cpb.CribbageShowLabel(part=cpb.CRIBBAGE_SHOW_PART_HAND))
    message = pb.GameEvent(cribbage=cpb.CribbageEvent(line_shown=shown))
    refused(lambda: codec.decode_event(message), "row or column")
    shown.line.CopyFrom(cpb.CribbageShowLabel(part=cpb.CRIBBAGE_SHOW_PART_CRIB, line=1))
    message = pb.GameEvent(cribbage=cpb.CribbageEvent(line_shown=shown))
    refused(lambda: codec.decode_event(message), "no line number")


def test_events_and_results_naming_nothing_are_refused() -> None:
    refused(lambda: codec.decode_event(pb.GameEvent(game_id="g")), "names no game")
    refused(lambda: codec.decode_event(pb.GameEvent(lexio=lpb.LexioEvent())), "names no event")
    refused(lambda: codec.decode_event(pb.GameEvent(cribbage=cpb.CribbageEvent())), "no event")
    refused(lambda: codec.decode_result(pb.Result(scores=[3], places=[1])), "names no game")
    wrong_places = pb.Result(scores=[3, 5], places=[1, 2], lexio=lpb.LexioResult())
    refused(lambda: codec.decode_result(wrong_places), "do not follow")


def test_a_game_start_is_checked() -> None:
    start = codec.game_start(
        game_id="g",
        game=Cribbage(),
        seat=2,
        time_control=codec.TimeControl(connect_ms=1, decision_ms=2, bank_ms=3),
    ).game_start
    refused(lambda: codec.read_game_start(start), "no seat 2")
    refused(lambda: codec.read_game_start(pb.GameStart()), "has no rules")


def test_a_malformed_action_of_the_other_game_is_refused_as_of_the_other_game() -> None:
    # The game is checked before the action's content: the fault is the wrong game.
    refused(lambda: codec.decode_action(cribbage_discard(), Lexio()), "cribbage action for")
    refused(lambda: codec.decode_action(lexio_action(), Cribbage()), "lexio action for")
    refused(lambda: codec.decode_action(lexio_action((99, 1)), Cribbage()), "lexio action for")


# The memos ------------------------------------------------------------------------------


def outcome(decode: Callable[[], object]) -> object:
    """What ``decode`` gives: its value, or the reason of its CodecError."""
    try:
        return decode()
    except codec.CodecError as error:
        return f"refused: {error}"


@given(st.data())
def test_the_memos_change_no_outcome(data: st.DataObject) -> None:
    """A changed message decodes, or is refused, as it is with every memo empty.

    Its valid original is decoded first, so the memos hold what is nearest to it.
    """
    pool: list[Message] = data.draw(st.sampled_from([REQUESTS, EVENTS, RESULTS]))
    decoders: dict[type[Message], Callable[[Any], object]] = {
        pb.DecisionRequest: codec.read_decision_request,
        pb.GameEvent: codec.decode_event,
        pb.Result: codec.decode_result,
    }
    decode = decoders[type(pool[0])]
    original = data.draw(st.sampled_from(pool))
    decode(original)
    message = mutated([original], data)
    warm = outcome(lambda: decode(message))
    clear_memos()
    assert outcome(lambda: decode(message)) == warm
    assert outcome(lambda: decode(message)) == warm


@given(
    st.one_of(
        messages(lpb.LexioObservation.DESCRIPTOR),
        messages(cpb.CribbageObservation.DESCRIPTOR),
        messages(pb.DecisionRequest.DESCRIPTOR),
    )
)
def test_item_bytes_are_each_items_own_bytes(message: Message) -> None:
    fields = [
        field.name
        for field in message.DESCRIPTOR.fields
        if field.is_repeated and field.type == FieldDescriptor.TYPE_MESSAGE
    ]
    items = ItemBytes(type(message), *fields).of(message)
    for field in fields:
        expected = [item.SerializeToString() for item in getattr(message, field)]
        assert getattr(items, field) == expected
