"""What the ladder pages' JSON twins answer, and what opening a ladder through the API takes."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from croupier_server.db.ladders import LadderStatus
from croupier_server.ladder.matchmaking import MatchRules
from croupier_server.tournament.settings import ProcessMode
from croupier_server.web.admin.schemas import (
    MAX_ENTRANTS,
    BotName,
    GameName,
    ProcessLimits,
    TimeControlRequest,
)
from croupier_server.web.games import GameLine

__all__ = [
    "EntrantLine",
    "LadderDetail",
    "LadderLine",
    "LadderList",
    "LadderRequest",
    "LadderSettingsLine",
    "LadderStandingLine",
]

_RULES = MatchRules()
SIGNED_64_BITS = 2**63


class LadderRequest(BaseModel):
    """A ladder to open, as ``croupier ladder open`` takes it."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    game: GameName
    options: dict[str, Any] = Field(
        default_factory=dict,
        max_length=16,
        description='The rule options, such as {"players": 4}; unset: the defaults.',
    )
    concurrency: int = Field(default=2, ge=1, le=256, description="The budget: games at once.")
    seed: int | None = Field(
        default=None, ge=-SIGNED_64_BITS, lt=SIGNED_64_BITS, description="Unset: a random one."
    )
    processes: ProcessMode = Field(
        default=ProcessMode.FAIR,
        description="How the bots' processes are used from game to game (as a tournament's).",
    )
    with_bots: list[BotName] = Field(
        default_factory=list,
        alias="with",
        max_length=MAX_ENTRANTS,
        description="The organiser's registered bots that play too, as fixed references.",
    )
    rating_deals: int = Field(
        default=_RULES.rating_deals,
        ge=1,
        le=1000,
        description="Deals a new version plays before the others are chosen again.",
    )
    closeness_elo: float = Field(
        default=_RULES.closeness_elo,
        gt=0,
        le=10_000,
        allow_inf_nan=False,
        description="How near in Elo the opponents mostly are.",
    )
    unmet_boost: float = Field(
        default=_RULES.unmet_boost,
        ge=1,
        le=1000,
        allow_inf_nan=False,
        description="How much likelier an opponent never met is drawn.",
    )
    time_control: TimeControlRequest = Field(default_factory=TimeControlRequest)
    limits: ProcessLimits = Field(default_factory=ProcessLimits)


class LadderLine(BaseModel):
    """A ladder as the list shows it."""

    id: int
    game: str
    variant: str
    options: dict[str, Any]
    status: LadderStatus
    tournament_id: int = Field(description="The tournament its games belong to.")
    finished: int = Field(description="Its finished games.")
    playing: int = Field(description="Its games being played now.")
    bots: int = Field(description="The bots it seats (now, or once a remote one connects).")
    created_at: datetime
    closed_at: datetime | None


class LadderList(BaseModel):
    """Every ladder, oldest first."""

    ladders: list[LadderLine]


class LadderSettingsLine(BaseModel):
    """How a ladder plays."""

    seed: int | None = Field(
        description="Its seed, from which every deal's follows; null while it is open."
    )
    concurrency: int = Field(description="The budget: games at once.")
    processes: ProcessMode
    with_bots: list[str] = Field(alias="with", description="The organiser's bots that play.")
    rating_deals: int = Field(description="Deals a new version plays first.")
    closeness_elo: float
    unmet_boost: float
    time_control: dict[str, int]
    sealed: bool


class LadderStandingLine(BaseModel):
    """A bot's rating in the ladder (its interval is 95%)."""

    rank: int
    bot: str
    bot_id: int | None
    elo: float
    elo_low: float | None = Field(
        description="None for a bot new since the fit: its Elo is the online step's alone."
    )
    elo_high: float | None
    games: int = Field(description="The seats the stored fit counts.")
    provisional: bool = Field(
        default=False,
        description="Whether games finished since the fit moved its Elo (by the online step: "
        "the next fit counts them).",
    )


class EntrantLine(BaseModel):
    """A bot of the ladder and how far it has got."""

    bot: str
    bot_id: int | None
    kind: str = Field(description="version, organiser or remote.")
    status: str = Field(description="A version's status; playing or stopped for the others.")
    detail: str = Field(description="Why it was rejected, retired or stopped; may be empty.")
    deals: int = Field(description="Its finished deals.")
    games: int = Field(description="Its finished games.")
    deals_needed: int = Field(description="The deals a new version plays first.")
    new: bool = Field(description="Whether it is still playing those first deals.")


class LadderDetail(LadderLine):
    """A ladder: its settings, standings, bots, games playing now and newest games."""

    settings: LadderSettingsLine
    games: dict[str, int] = Field(description="Its chosen games by where they stand.")
    standings: list[LadderStandingLine]
    rated_at: datetime | None = Field(description="When the standings were computed.")
    rated_games: int = Field(default=0, description="The finished games the fit counts.")
    fit_age_s: float | None = Field(
        default=None, description="How old the standings' fit is, in seconds."
    )
    games_since_fit: int = Field(
        default=0, description="The games finished since the fit that moved the Elo online."
    )
    as_of: str = Field(
        default="", description="``ratings as of 12 s ago, 1,234 games``, as its page says."
    )
    fit_pending: bool = Field(
        default=False, description="Whether its ratings are being computed for the first time."
    )
    entrants: list[EntrantLine]
    playing_games: list[GameLine] = Field(description="Its games being played, to watch live.")
    recent_games: list[GameLine] = Field(description="Its newest games.")
