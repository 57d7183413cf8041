"""A game's options and result stored deflated read back exactly, and old JSON text too."""

from __future__ import annotations

import json
from typing import Any

import pytest

from croupier.games import game_names, load_game
from croupier_server.db.compact_json import CompactJSON

COLUMN = CompactJSON()

VALUES: list[Any] = [
    *(load_game(name).options() for name in game_names()),
    {"scores": [72, -72, 104, 8], "places": [2, 2, 1, 4], "details": {"won": None}},
    {"text": '½ déjà \u2028 "quoted"', "deep": [[[]], {}], "big": 2**62, "float": 0.1 + 0.2},
    [],
    {},
]


@pytest.mark.parametrize("value", VALUES)
def test_a_value_reads_back_exactly(value: Any) -> None:
    stored = COLUMN.process_bind_param(value, None)
    assert stored is not None
    assert COLUMN.process_result_value(stored, None) == value


def test_default_options_take_a_few_bytes() -> None:
    for name in game_names():
        stored = COLUMN.process_bind_param(load_game(name).options(), None)
        assert stored is not None
        assert len(stored) <= 10, name


@pytest.mark.parametrize("text", [b'{"players": 4}', b"null", b" [1, 2]", b"\n{}"])
def test_json_text_stored_before_reads_as_it_did(text: bytes) -> None:
    assert COLUMN.process_result_value(text, None) == json.loads(text)


def test_none_is_null() -> None:
    assert COLUMN.process_bind_param(None, None) is None
    assert COLUMN.process_result_value(None, None) is None


@pytest.mark.parametrize(
    "damage", [lambda b: b[:-2], lambda b: b + b"\x00", lambda b: b"\x01garbage", lambda b: b"{"]
)
def test_damaged_bytes_are_refused_in_one_line(damage: Any) -> None:
    stored = COLUMN.process_bind_param({"scores": [1, 2], "places": [1, 2]}, None)
    assert stored is not None
    with pytest.raises(ValueError, match=r"^a stored JSON value is damaged: [^\n]*$"):
        COLUMN.process_result_value(damage(stored), None)
