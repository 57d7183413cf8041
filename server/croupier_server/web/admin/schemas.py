"""What the admin API takes and answers: a bot to register, a tournament to queue.

The games, the formats and their settings, the bots' process limits and the time control
are not listed here: the games come from :func:`croupier.games.game_names`, the formats
and their settings from :mod:`.format_settings`, the limits and times from
:mod:`croupier_server.control`, each field with its bounds and help.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Annotated, Any, Literal, Self, TypeAlias

from pydantic import BaseModel, ConfigDict, Field, create_model, model_validator

from croupier.games import game_names
from croupier_server.control import LIMIT_SETTINGS, TIME_CONTROL_SETTINGS, Setting
from croupier_server.db import BOT_NAME_MAX_LENGTH, BotKind, TournamentStatus
from croupier_server.tournament.formats import format_named, format_names
from croupier_server.tournament.settings import ProcessMode
from croupier_server.web.admin.format_settings import (
    FormatSetting,
    check_format_settings,
    format_settings,
)
from croupier_server.web.openapi import NO_NUL

__all__ = [
    "MAX_DEALS",
    "MAX_ENTRANTS",
    "BotName",
    "BotRegistration",
    "FormatName",
    "GameName",
    "ProcessLimits",
    "QueuedTournament",
    "RegisteredBot",
    "SettingsRequest",
    "TimeControlRequest",
    "TournamentRequest",
]

# The name of a registered game or format, an enum in the OpenAPI schema. They are known
# when the module is imported, not when it is checked.
if TYPE_CHECKING:
    GameName: TypeAlias = str
    FormatName: TypeAlias = str
else:
    GameName = Literal[game_names()]
    FormatName = Literal[format_names()]

BotName = Annotated[str, Field(min_length=1, max_length=BOT_NAME_MAX_LENGTH, pattern=NO_NUL)]
Text = Annotated[str, Field(max_length=4096, pattern=NO_NUL)]
SIGNED_64_BITS = 2**63
MAX_ENTRANTS = 64
MAX_DEALS = 1000
"""The most of any count a format takes (deals, rounds, pairs): with :data:`MAX_ENTRANTS`, a
schedule of millions of games at most, one that fits in memory."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SettingsRequest(_Strict):
    """Settings of :mod:`croupier_server.control` a request sets; unset: the default."""

    def items(self) -> dict[str, int | bool]:
        """The settings set, by name."""
        return self.model_dump(exclude_none=True)


def _settings_request(
    name: str, settings: Sequence[Setting], description: str
) -> type[SettingsRequest]:
    """A model with one optional field per setting, bounded and described as it is."""
    fields: dict[str, Any] = {
        setting.name: (
            setting.kind | None,
            Field(
                default=None,
                ge=setting.minimum,
                le=setting.maximum,
                description=f"{setting.help[:1].upper()}{setting.help[1:]}.",
            ),
        )
        for setting in settings
    }
    model = create_model(name, __base__=SettingsRequest, __module__=__name__, **fields)
    model.__doc__ = description
    return model


# Made from the settings when imported; a model of those settings when checked.
if TYPE_CHECKING:
    ProcessLimits: TypeAlias = SettingsRequest
    TimeControlRequest: TypeAlias = SettingsRequest
else:
    ProcessLimits = _settings_request(
        "ProcessLimits",
        LIMIT_SETTINGS,
        "Limits on a started bot's processes, as `croupier bot add` takes them; unset: the "
        "default. Where a bot's registration and a tournament both set a limit, the stricter "
        "applies.",
    )
    TimeControlRequest = _settings_request(
        "TimeControlRequest",
        TIME_CONTROL_SETTINGS,
        "The bots' time, in milliseconds; unset: the referee's default.",
    )


class BotRegistration(_Strict):
    """A bot to register: one the referee starts with ``command``, or a ``remote`` one."""

    name: BotName
    game: GameName
    command: Text | None = Field(
        default=None,
        description="The command that starts the bot; its arguments that name files in the "
        "server's working directory are made absolute (it runs in an empty directory).",
    )
    remote: bool = Field(default=False, description="A bot that connects by itself with a key.")
    description: Text = ""
    limits: ProcessLimits = Field(default_factory=ProcessLimits)

    @model_validator(mode="after")
    def _command_or_remote(self) -> Self:
        if self.remote == (self.command is not None):
            raise ValueError("give either a command or remote: true")
        if self.command is not None and not self.command.strip():
            raise ValueError("the command is empty")
        if self.remote and self.limits.items():
            raise ValueError("limits are for the bots the referee starts, not remote bots")
        return self


class RegisteredBot(BaseModel):
    """The bot registered; a remote bot's key is in this answer only."""

    id: int
    name: str
    game: str
    kind: BotKind
    command: str | None
    limits: dict[str, int | bool]
    description: str
    created_at: datetime
    key: str | None = Field(
        description="A remote bot's key, shown once: give it to the bot as CROUPIER_TOKEN."
    )


class _TournamentRequest(_Strict):
    """A tournament to queue, as ``croupier tournament run`` takes it.

    :data:`TournamentRequest` adds a field per setting of every format, made from the
    formats' specs; a setting the chosen format lacks is refused.
    """

    game: GameName
    options: dict[str, Any] = Field(
        default_factory=dict,
        max_length=16,
        description='The rule options, such as {"players": 4, "rounds": 3} or '
        '{"variant": "five-card", "match_points": 1}; unset: the defaults.',
    )
    bots: list[BotName] = Field(
        min_length=1, max_length=MAX_ENTRANTS, description="The entrants, by name."
    )
    format: FormatName = Field(
        default=format_names()[0],
        description="The tournament format; each of its settings is a field, unset: its default.",
    )
    seed: int | None = Field(
        default=None,
        ge=-SIGNED_64_BITS,
        lt=SIGNED_64_BITS,
        description="The tournament seed; unset: a random one.",
    )
    concurrency: int | None = Field(
        default=None, ge=1, le=256, description="Games at once; unset: the server's CPUs."
    )
    time_control: TimeControlRequest = Field(default_factory=TimeControlRequest)
    limits: ProcessLimits = Field(default_factory=ProcessLimits)
    processes: ProcessMode = Field(
        default=ProcessMode.FAIR,
        description="How the bots' processes are used from game to game: fair, a process "
        "plays many games but never two of one deal; fresh, a process per seat of every "
        "game; reuse, any games (faster, unfair).",
    )

    @model_validator(mode="after")
    def _settings_of_its_format(self) -> Self:
        check_format_settings(self.format, self.model_fields_set)
        return self

    def format_data(self) -> dict[str, Any]:
        """Its format's settings given, by name, for the format's ``settings_from_data``."""
        own = [spec.name for spec in format_named(self.format).specs]
        return {name: getattr(self, name) for name in own if name in self.model_fields_set}


def _setting_field(setting: FormatSetting) -> tuple[Any, Any]:
    """The type and the field of a format's setting, bounded as its kind says."""
    spec, description = setting.spec, setting.description
    if spec.kind == "count":
        return int, Field(spec.default, ge=1, le=MAX_DEALS, description=description)
    if spec.kind == "number":
        return float, Field(spec.default, allow_inf_nan=False, description=description)
    if spec.kind == "switch":
        return bool, Field(spec.default, description=description)
    return list[BotName], Field(spec.default, max_length=MAX_ENTRANTS, description=description)


# Made from the formats' settings when imported; the model without them when checked.
if TYPE_CHECKING:
    TournamentRequest: TypeAlias = _TournamentRequest
else:
    TournamentRequest = create_model(
        "TournamentRequest",
        __base__=_TournamentRequest,
        __module__=__name__,
        __doc__="A tournament to queue, as `croupier tournament run` takes it.",
        **{setting.spec.name: _setting_field(setting) for setting in format_settings()},
    )


class QueuedTournament(BaseModel):
    """The tournament stored; ``croupier serve`` plays it when its turn comes."""

    id: int
    game: str
    variant: str
    options: dict[str, Any]
    format: str
    status: TournamentStatus
    bots: list[str]
    seed: int
    created_at: datetime
