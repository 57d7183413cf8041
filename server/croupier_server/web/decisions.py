"""The decision inspector's content: what a deciding seat was sent, and what it could do.

The referee asks a seat with ``state.observation(seat)`` and its legal actions, taken
before any other seat of the same decision acts (the cribbage discard asks every seat at
once). The replay rebuilds the same state from the stored seed and actions, so the
observation here is the one the seat was sent, field by field as the engine holds it.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import BaseModel, Field

from croupier.games import Game

__all__ = ["StepDecision", "observation_fields", "step_decision"]

JsonValue = None | bool | int | float | str | list["JsonValue"] | dict[str, "JsonValue"]


class StepDecision(BaseModel):
    """The decision that led to a step, as its seat saw it: for a viewer who may see its hand."""

    seat: int
    asked: bool = Field(
        description="Whether the referee asked the bot: false for a forced action (the only "
        "legal one) and for the default policy playing a forfeited seat."
    )
    observation: dict[str, Any] = Field(
        description="The engine's observation of the seat, field by field: tiles, cards and "
        "actions as the engine prints them, the rules as their options."
    )
    legal_actions: list[str] = Field(description="Every legal action, in the engine's order.")
    chosen: int | None = Field(description="The index in `legal_actions` of the action applied.")


def step_decision(
    seat: int, observation: object, legal: Sequence[object], chosen: object, *, asked: bool
) -> StepDecision:
    """The inspector's view of seat ``seat``'s decision among ``legal``, ``chosen`` applied."""
    texts = [str(action) for action in legal]
    return StepDecision(
        seat=seat,
        asked=asked,
        observation=observation_fields(observation),
        legal_actions=texts,
        chosen=next((index for index, action in enumerate(legal) if action == chosen), None),
    )


def observation_fields(observation: object) -> dict[str, JsonValue]:
    """An engine's observation as JSON values, one entry per field of its dataclass.

    Another kind of observation is given whole as text, under ``observation``.

    >>> from croupier.games.cribbage import Card
    >>> @dataclasses.dataclass
    ... class Seen:
    ...     hand: tuple[Card, ...]
    ...     to_act: int | None
    >>> observation_fields(Seen((Card.from_str("5H"),), None))
    {'hand': ['5H'], 'to_act': None}
    """
    if dataclasses.is_dataclass(observation) and not isinstance(observation, type):
        return {
            field.name: _plain(getattr(observation, field.name))
            for field in dataclasses.fields(observation)
        }
    return {"observation": str(observation)}


def _plain(value: object) -> JsonValue:
    """``value`` as JSON: the rules as their options, values as the engine prints them."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, enum.Enum):
        return _plain(value.value)
    if isinstance(value, Game):
        return {name: _plain(option) for name, option in value.options().items()}
    if isinstance(value, Mapping):
        return {str(key): _plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(item) for item in value]
    return str(value)
