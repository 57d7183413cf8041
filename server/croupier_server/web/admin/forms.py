"""The admin forms' fields, and the requests their posts make.

A tournament form has one input per rule option of every game, made from the game's
option specs (:attr:`croupier.games.Game.option_specs`): a choice is a menu, a number a
number input with the option's range. An input is named after its option, or
``GAME.OPTION`` when two games have an option of that name. Each setting of every format
has an input named after its flag, as :mod:`.format_settings` makes them: a switch is a
checkbox that, checked, sets the opposite of its default, as its flag does. The limits
and times are the settings of :mod:`croupier_server.control`.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError
from pydantic_core import ErrorDetails

from croupier.games import OptionSpec, OptionValue, game_class, game_names
from croupier_server.control import LIMIT_SETTINGS, TIME_CONTROL_SETTINGS, Setting
from croupier_server.web.admin.format_settings import format_settings

__all__ = [
    "LIMIT_FIELDS",
    "TIME_FIELDS",
    "FormRefused",
    "OptionField",
    "bot_data",
    "option_fields",
    "options_data",
    "parse",
    "tournament_data",
]

LIMIT_FIELDS = tuple(setting for setting in LIMIT_SETTINGS if setting.kind is int)
"""The number inputs of the limits; the network has a menu of its own."""
TIME_FIELDS: tuple[Setting, ...] = TIME_CONTROL_SETTINGS
"""The number inputs of the time control."""

_NETWORK = {"": None, "allow": True, "cut": False}
_FLAGS = {"true": True, "false": False}
Model = TypeVar("Model", bound=BaseModel)


class FormRefused(Exception):
    """A form that cannot be carried out; the message says why, for the form's page."""


@dataclass(frozen=True, slots=True)
class OptionField:
    """The input of one rule option of one game on the tournament form."""

    game: str
    spec: OptionSpec
    name: str
    """The input's name: the option's, or ``GAME.OPTION`` when another game has one too."""
    label: str
    """``Lexio rounds``."""

    @property
    def choices(self) -> list[str]:
        """The values of its menu, if it has one: the option's choices, or a flag's."""
        if self.spec.kind is bool and not self.spec.length:
            return list(_FLAGS)
        return [str(choice) for choice in self.spec.choices] if not self.spec.length else []

    @property
    def number(self) -> bool:
        """Whether it is a number input."""
        return self.spec.kind is int and not self.spec.length and not self.spec.choices


@functools.cache
def option_fields() -> tuple[OptionField, ...]:
    """The rule options' inputs, game by game, each game's in the order of its specs."""
    specs = [(name, spec) for name in game_names() for spec in game_class(name).option_specs]
    shared = Counter(spec.name for _, spec in specs)
    return tuple(
        OptionField(
            game=name,
            spec=spec,
            name=spec.name if shared[spec.name] == 1 else f"{name}.{spec.name}",
            label=f"{game_class(name).title} {spec.name.replace('_', ' ')}",
        )
        for name, spec in specs
    )


def parse(model: type[Model], data: dict[str, Any]) -> Model:
    """``data`` as ``model``.

    Raises:
        FormRefused: ``data`` does not fit; the message says where and why.
    """
    try:
        return model.model_validate(data)
    except ValidationError as error:
        raise FormRefused("; ".join(_problem(problem) for problem in error.errors())) from None


def bot_data(fields: dict[str, str]) -> dict[str, Any]:
    """The registration the bot form's ``fields`` ask for, as the API takes it."""
    remote = fields.get("kind") == "remote"
    limits: dict[str, Any] = {
        setting.name: fields[setting.name] for setting in LIMIT_FIELDS if fields.get(setting.name)
    }
    network = _NETWORK.get(fields.get("network", ""))
    if network is not None:
        limits["network"] = network
    return {
        "name": fields.get("name", ""),
        "game": fields.get("game", ""),
        "command": None if remote else fields.get("command", ""),
        "remote": remote,
        "description": fields.get("description", ""),
        "limits": limits,
    }


def options_data(fields: dict[str, str], game: str) -> dict[str, Any]:
    """The rule options of ``game`` that a form's ``fields`` fill in (:func:`option_fields`).

    Raises:
        FormRefused: an option of another game, or a value not of its option's kind.
    """
    options: dict[str, Any] = {}
    for field in option_fields():
        text = fields.get(field.name, "").strip()
        if not text:
            continue
        if field.game != game:
            raise FormRefused(f"{field.spec.name.replace('_', ' ')} is a {field.game} option")
        options[field.spec.name] = _option_value(field.spec, text)
    return options


def tournament_data(fields: dict[str, str], bots: Sequence[str] = ()) -> dict[str, Any]:
    """The tournament the tournament form's ``fields`` ask for, as the API takes it.

    ``bots`` are the values sent as ``bots``: each a bot checked, or several names
    separated by commas as a client may type them (none: a form of the rules only).

    Raises:
        FormRefused: an option of another game than the tournament's, or a value that is
            not of its option's kind.
    """
    game = fields.get("game", "")
    data: dict[str, Any] = {
        "game": game,
        "options": options_data(fields, game),
        "bots": [name for value in bots for name in _names(value)],
        **_format_settings(fields),
        "time_control": {
            setting.name: fields[setting.name]
            for setting in TIME_FIELDS
            if fields.get(setting.name)
        },
    }
    for name in ("format", "seed", "concurrency", "processes"):
        if fields.get(name):
            data[name] = fields[name]
    return data


def _format_settings(fields: dict[str, str]) -> dict[str, Any]:
    """The formats' settings filled in, by name; the request refuses those of another format."""
    given: dict[str, Any] = {}
    for setting in format_settings():
        spec, text = setting.spec, fields.get(setting.input, "").strip()
        if spec.kind == "switch" and setting.input in fields:
            given[spec.name] = not spec.default
        elif spec.kind == "bots" and _names(text):
            given[spec.name] = _names(text)
        elif spec.kind in ("count", "number") and text:
            given[spec.name] = text
    return given


def _option_value(spec: OptionSpec, text: str) -> OptionValue:
    """The value typed as ``text`` (a list's values separated by commas); the game checks it."""
    if spec.length:
        return tuple(_one_value(spec, part.strip()) for part in text.split(","))
    return _one_value(spec, text)


def _one_value(spec: OptionSpec, text: str) -> int | str | bool:
    if spec.kind is bool:
        if text not in _FLAGS:
            raise FormRefused(f"{spec.name.replace('_', ' ')} is true or false, not {text!r}")
        return _FLAGS[text]
    if spec.kind is int:
        try:
            return int(text)
        except ValueError:
            raise FormRefused(
                f"{spec.name.replace('_', ' ')} is a whole number, not {text!r}"
            ) from None
    return text


def _problem(problem: ErrorDetails) -> str:
    """``field: what is wrong``, or only what is wrong when it is the whole form."""
    cause = problem.get("ctx", {}).get("error")
    message = str(cause) if problem["type"] == "value_error" and cause else problem["msg"]
    where = ".".join(str(part) for part in problem["loc"])
    return f"{where}: {message}" if where else message


def _names(text: str) -> list[str]:
    return [name.strip() for name in text.split(",") if name.strip()]
