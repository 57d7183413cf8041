"""A JSON column stored deflated against a dictionary of the values games store most.

A game's ``options`` and ``result`` repeat the same keys (and, for its options, the same
values) in every game: deflated with a preset dictionary that holds them, a cribbage
game's options take 5 bytes rather than 150, and its result some 60 rather than 400. The
column reads and writes the same Python values as ``sqlalchemy.JSON``; SQL cannot look
inside it (the queries that do read columns that stay JSON, such as ``settings``).

A stored value is one byte that names the dictionary, then the deflated JSON text. A value
written as JSON text (by a release before this column was compact, its type changed by a
migration that kept its bytes) starts with a character of JSON, never that byte, and is
read as it is.

>>> column = CompactJSON()
>>> stored = column.process_bind_param({"scores": [9, 0], "places": [1, 2]}, None)
>>> len(stored) < len('{"scores": [9, 0], "places": [1, 2]}')
True
>>> column.process_result_value(stored, None)
{'scores': [9, 0], 'places': [1, 2]}
>>> column.process_result_value(b'{"players": 4}', None)
{'players': 4}
>>> column.process_result_value('{"players": 4}', None)
{'players': 4}
"""

from __future__ import annotations

import json
import zlib
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Dialect

__all__ = ["CompactJSON"]

_DICTIONARY = (
    b'{"players":4,"rounds":5,"starting_chips":64,"twos_penalty":"double_each"}'
    b'{"variant":"six-card","target":121,"match_points":7,"game_points":[1,2,4,4],'
    b'"triple_skunk_wins_match":false,"next_first_dealer":"cut"}'
    b'{"ante":1,"hands":1}'
    b'{"scores":[,"places":[,"details":{"rounds_played":"round_nets":[['
    b'{"games":[{"number":1,"scores":[121,"winner":0,"skunk":"no skunk","game_points":1},'
    b'"double skunk"],"won":null}}'
)
"""What the values are deflated against: the games' default options and their results'
keys (the most likely text last). Never change it: a new one takes a new code."""

_DICTIONARY_CODE = 1
"""The first byte of a value deflated against :data:`_DICTIONARY` (no JSON text starts so)."""


class CompactJSON(sa.TypeDecorator[Any]):
    """JSON values stored deflated against :data:`_DICTIONARY`; ``None`` is SQL ``NULL``."""

    impl = sa.LargeBinary
    cache_ok = True

    def process_bind_param(self, value: Any, dialect: Dialect | None) -> bytes | None:
        """The value's compact JSON text, deflated, after the dictionary's code."""
        if value is None:
            return None
        text = json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode()
        deflate = zlib.compressobj(9, zlib.DEFLATED, -zlib.MAX_WBITS, zdict=_DICTIONARY)
        return bytes([_DICTIONARY_CODE]) + deflate.compress(text) + deflate.flush()

    def process_result_value(self, value: bytes | str | None, dialect: Dialect | None) -> Any:
        """The value stored, deflated or (written before) as JSON text.

        SQLite gives JSON text written before as ``str``: a column keeps the type of what
        was written into it.

        Raises:
            ValueError: bytes neither form reads.
        """
        if value is None:
            return None
        stored = value.encode() if isinstance(value, str) else bytes(value)
        try:
            if stored[:1] != bytes([_DICTIONARY_CODE]):
                return json.loads(stored)
            inflate = zlib.decompressobj(-zlib.MAX_WBITS, zdict=_DICTIONARY)
            text = inflate.decompress(stored[1:]) + inflate.flush()
            if not inflate.eof or inflate.unused_data:
                raise ValueError("cut short or followed by other bytes")
            return json.loads(text)
        except (zlib.error, ValueError) as error:
            raise ValueError(f"a stored JSON value is damaged: {error}") from None
