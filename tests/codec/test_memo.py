"""The codecs' memos: bounded, never shared with a caller, never mixing two rule sets.

That they change no outcome, for valid and malformed messages alike, is
``test_malformed.test_the_memos_change_no_outcome``; that every value round-trips with them
warm, ``test_roundtrip``.
"""

import contextlib
import random
from dataclasses import replace
from itertools import combinations

import pytest

from croupier import codec
from croupier.codec import _memo
from croupier.codec._memo import MAX_KEY_BYTES, clear_memos
from croupier.games.cribbage import VARIANTS, Cribbage, Discard
from croupier.games.lexio import (
    Action,
    Combination,
    Kind,
    Lexio,
    LexioObservation,
    Pass,
    Play,
    Played,
    Tile,
    combination,
)
from croupier.proto.v1 import lexio_pb2 as lpb
from croupier.proto.v1 import referee_pb2 as pb

TILES = [Tile.from_index(index) for index in range(60)]


def test_every_memo_stays_within_its_bound() -> None:
    rng = random.Random(7)
    for _ in range(20_000):  # more distinct plays than any memo holds
        play = Play(rng.sample(TILES, rng.randint(1, 6)))
        message = codec.encode_action(play, game="lexio")
        message.lexio.play.tiles.append(
            lpb.Tile(number=rng.randint(0, 16), suit=lpb.LEXIO_SUIT_CLOUD)
        )
        with contextlib.suppress(codec.CodecError):
            codec.decode_action(message, "lexio")
    assert _memo._MEMOS
    assert all(len(memo) <= memo._size for memo in _memo._MEMOS)


def test_a_long_message_is_decoded_but_not_kept() -> None:
    play = Play(TILES)  # malformed for no rule: the state refuses it, decoding does not
    message = codec.encode_action(play, game="lexio")
    assert message.ByteSize() > MAX_KEY_BYTES
    clear_memos()
    assert codec.decode_action(message, "lexio") == play
    assert codec.decode_action(message, "lexio") == play
    assert not any(
        len(key) > MAX_KEY_BYTES for memo in _memo._MEMOS for key in memo if isinstance(key, bytes)
    )


def test_a_refused_message_is_refused_every_time() -> None:
    twice = pb.Action(
        lexio=lpb.LexioAction(
            play=lpb.LexioPlay(tiles=[lpb.Tile(number=3, suit=lpb.LEXIO_SUIT_CLOUD)] * 2)
        )
    )
    for _ in range(3):
        with pytest.raises(codec.CodecError, match="more than once"):
            codec.decode_action(twice, "lexio")


def test_a_message_given_out_is_the_callers_own() -> None:
    game = Lexio()
    play = Play([TILES[0], TILES[1]])
    action = codec.encode_action(play, game=game)
    action.lexio.play.tiles[0].number = 15
    assert codec.decode_action(codec.encode_action(play, game=game), game) == play
    rules = codec.encode_rules(game)
    rules.lexio.players = 5
    assert codec.decode_rules(codec.encode_rules(game)) == game
    played = Played(1, combination([TILES[0]], players=4))
    event = codec.encode_event("g", played, game=game)
    event.event.lexio.played.seat = 3
    assert codec.decode_event(codec.encode_event("g", played, game=game).event) == played
    observation = game.new_state(seed=1).observation(0)
    encoded = codec.encode_observation(observation, game=game)
    encoded.lexio.hand.pop()
    encoded.lexio.rules.rounds = 9
    again = codec.decode_observation(codec.encode_observation(observation, game=game), ())
    assert again.hand == observation.hand
    assert again.game == game


def test_a_decoded_value_is_the_same_whatever_the_memos_hold() -> None:
    discard = Discard(Cribbage().new_state(seed=2).observation(0).hand[:2])
    message = codec.encode_action(discard, game="cribbage")
    first = codec.decode_action(message, "cribbage")
    clear_memos()
    assert codec.decode_action(message, "cribbage") == first == discard


def test_two_rule_sets_never_share_a_message_or_a_game() -> None:
    games: list[Lexio | Cribbage] = [Lexio(players=count) for count in (3, 4, 5)]
    games += [Cribbage(variant=variant) for variant in VARIANTS]
    games += [Cribbage(variant="five-card", match_points=1), Lexio(twos_penalty="off")]
    for _ in range(2):
        for game in games:
            assert codec.decode_rules(codec.encode_rules(game)) == game
    messages = {codec.encode_rules(game).SerializeToString() for game in games}
    assert len(messages) == len(games)
    for one, other in combinations(games, 2):
        assert codec.decode_rules(codec.encode_rules(one)) != other


def encoded(observation: LexioObservation) -> bytes:
    return codec.encode_observation(observation, game=observation.game).SerializeToString()


def test_each_history_is_encoded_as_with_every_memo_empty() -> None:
    state = Lexio(rounds=2).new_state(seed=4)
    rng = random.Random(4)
    while seats := state.seats_to_act():
        for seat in (None, *range(4)):
            observation = state.observation(seat)
            kept = encoded(observation)
            clear_memos()
            assert encoded(observation) == kept
        seat = rng.choice(seats)
        state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_a_history_sharing_only_its_first_turns_with_the_last_one_is_encoded_whole() -> None:
    state = Lexio().new_state(seed=6)
    for _ in range(6):
        seat = state.seats_to_act()[0]
        state.apply(seat, state.legal_actions(seat)[-1])
    observation = state.observation(0)
    history = observation.history
    assert len(history) >= 4
    forks = [
        (*history[:2], history[3], history[2], *history[4:]),
        history[:3],
        history,
        (history[0], history[1], history[1], history[1]),
    ]
    for fork in forks:
        forked = replace(observation, history=fork)
        kept = encoded(forked)
        clear_memos()
        assert encoded(forked) == kept
        assert (
            codec.decode_observation(codec.encode_observation(forked, game=forked.game), ()).history
            == fork
        )


def test_a_history_given_as_a_list_changed_since_is_encoded_anew() -> None:
    observation = Lexio().new_state(seed=6).observation(0)
    history: list[tuple[int, Action]] = [(0, Pass()), (1, Pass())]
    first = codec.encode_observation(replace(observation, history=history), game="lexio")  # type: ignore[arg-type]
    history[1] = (2, Play([TILES[0]]))  # its first turn the same: the key of its round
    again = codec.encode_observation(replace(observation, history=history), game="lexio")  # type: ignore[arg-type]
    assert again != first
    assert codec.decode_observation(again, ()).history == tuple(history)


def test_a_combination_of_a_list_of_tiles_is_encoded_as_of_a_tuple() -> None:
    tiles = [TILES[0], TILES[1]]
    listed = Combination(Kind.PAIR, tiles, 4, 1)  # type: ignore[arg-type]
    played = codec.encode_event("g", Played(2, listed), game="lexio")
    assert codec.decode_event(played.event) == Played(2, combination(tiles, players=4))
    observation = replace(Lexio().new_state(seed=6).observation(0), table=listed)
    encoded = codec.encode_observation(observation, game="lexio")
    assert codec.decode_observation(encoded, ()).table == combination(tiles, players=4)
