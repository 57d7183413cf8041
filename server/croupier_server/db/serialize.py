"""Values as the database stores them: game values as JSON, and text that bots supply.

Game values become JSON for the ``data`` of stored events and the ``result`` of stored
games; text from bots has its NUL characters replaced (:func:`storable_text`).

The conversion is generic, so a new event class needs no code here:

- ``None``, ``bool``, ``int``, ``float`` and ``str`` are kept;
- enums and values that round-trip through text (a ``from_str`` class method: tiles, cards,
  combinations, actions) become their ``str()``;
- other dataclasses become a dict of their fields, recursively (a show's breakdown);
- tuples and lists become lists, mappings dicts with string keys.

>>> from croupier.games.cribbage import Card, Pegged, PegScore
>>> event_data(Pegged(seat=1, card=Card.from_str("5H"), count=15,
...                   breakdown=PegScore(fifteen=2), score=7))
{'seat': 1, 'card': '5H', 'count': 15, 'breakdown': {'fifteen': 2, 'thirty_one': 0, 'pairs': 0, 'run': 0}, 'score': 7}
"""  # noqa: E501

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping
from typing import Any, TypeAlias

from croupier.games import Event, PrivateEvent, Result

__all__ = [
    "JsonValue",
    "event_data",
    "event_visibility",
    "result_data",
    "storable_text",
    "to_json_value",
]

JsonValue: TypeAlias = "bool | int | float | str | list[JsonValue] | dict[str, JsonValue] | None"
"""A value ``json.dumps`` writes as it is."""


def to_json_value(value: object) -> JsonValue:
    """``value`` as plain JSON values, by the rules of this module.

    Raises:
        TypeError: a value of a type the rules do not cover.
    """
    if isinstance(value, enum.Enum):
        return str(value)
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if callable(getattr(type(value), "from_str", None)):
        return str(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {
            field.name: to_json_value(getattr(value, field.name))
            for field in dataclasses.fields(value)
        }
    if isinstance(value, tuple | list):
        return [to_json_value(item) for item in value]
    if isinstance(value, Mapping):
        return {str(key): to_json_value(item) for key, item in value.items()}
    raise TypeError(f"cannot store a {type(value).__name__} as JSON: {value!r}")


def storable_text(text: str) -> str:
    r"""``text`` with each NUL character replaced by U+FFFD, which PostgreSQL stores.

    For what bots write (comments, output, the output quoted in a fault): a NUL in a text
    column makes PostgreSQL refuse the whole transaction, the rest of the game's end with it.

    >>> storable_text("a\x00b") == "a\ufffdb"
    True
    """
    return text.replace("\x00", "\ufffd")


def event_data(event: Event) -> dict[str, Any]:
    """The fields of ``event`` as a JSON object (the ``data`` column of an event)."""
    return _fields(event)


def event_visibility(event: Event) -> int | None:
    """``None`` for a public event, else the one seat that may see it.

    Raises:
        ValueError: an event hidden from spectators that is no :class:`PrivateEvent`,
            which the ``visible_to`` column cannot express.
    """
    if event.is_visible_to(None):
        return None
    if isinstance(event, PrivateEvent):
        return event.seat
    raise ValueError(f"{type(event).__name__} is neither public nor private to one seat")


def result_data(result: Result) -> dict[str, Any]:
    """``{"scores": [...], "places": [...], "details": {...}}`` for a game's result.

    ``details`` holds the result's other fields (rounds, games of a match, ...).

    >>> result_data(Result(scores=(5, 9, 5)))
    {'scores': [5, 9, 5], 'places': [2, 1, 2], 'details': {}}
    """
    details = _fields(result)
    del details["scores"]
    return {"scores": list(result.scores), "places": list(result.places), "details": details}


def _fields(value: Event | Result) -> dict[str, Any]:
    return {
        field.name: to_json_value(getattr(value, field.name)) for field in dataclasses.fields(value)
    }
