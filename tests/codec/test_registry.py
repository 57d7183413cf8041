"""The codec registry: a game's codec found by its name, or by the type of a message it sends."""

from collections.abc import Callable

import pytest

from croupier import codec
from croupier.codec import _cribbage, _lexio
from tests.codec import nim

Register = Callable[[dict[str, str]], None]


def test_lexio_and_cribbage_are_registered_by_their_names() -> None:
    assert {"lexio", "cribbage"} <= set(codec.codec_names())
    assert codec.codec_for("lexio") is _lexio.CODEC
    assert codec.codec_for("cribbage") is _cribbage.CODEC
    assert codec.codec_sending("croupier.proto.v1.LexioObservation") is _lexio.CODEC


def test_an_unknown_game_is_one_line_of_error() -> None:
    with pytest.raises(codec.CodecError, match=r"^no codec for the game 'chess' \(none in"):
        codec.codec_for("chess")
    with pytest.raises(codec.CodecError, match=r"no game sends messages of type 'chess\.Move'"):
        codec.codec_sending("chess.Move")


def test_a_codec_is_loaded_once(register: Register) -> None:
    register({"nim": "tests.codec.nim:CODEC"})
    assert codec.codec_for("nim") is codec.codec_for("nim") is nim.CODEC
    assert codec.codec_sending("google.protobuf.Int32Value") is nim.CODEC


def test_a_codec_registered_under_another_name_is_refused(register: Register) -> None:
    register({"chess": "tests.codec.nim:CODEC"})
    with pytest.raises(codec.CodecError, match="registered for 'chess' is the codec of 'nim'"):
        codec.codec_for("chess")


def test_two_games_sending_one_type_are_refused(register: Register) -> None:
    register({"nim": "tests.codec.nim:CODEC", "nim_twin": "tests.codec.nim:TWIN_CODEC"})
    with pytest.raises(codec.CodecError, match=r"both send google\.protobuf"):
        codec.codec_sending("google.protobuf.Int32Value")
