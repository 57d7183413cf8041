"""The table of ladders: rated games among the active versions of one game, without end.

A ladder's games are the games of one tournament of its own (format ``ladder``), so that
each has a schedule number, a deal and the tournament's exactly-once guarantees; the
ladder chooses them as it goes (see :mod:`croupier_server.ladder`).
"""

from __future__ import annotations

import enum
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlmodel import Field, SQLModel

from croupier_server.clock import utc_now
from croupier_server.db.models import UTCDateTime, string_enum

__all__ = ["LadderRecord", "LadderStatus"]


class LadderStatus(enum.StrEnum):
    """Whether a ladder plays."""

    OPEN = "open"
    """``croupier serve`` keeps playing its games."""
    CLOSED = "closed"
    """It plays no more; its games and ratings stay."""


class LadderRecord(SQLModel, table=True):
    """A ladder of one game and variant, with its settings and its games' tournament."""

    __tablename__ = "ladder"

    id: int | None = Field(default=None, primary_key=True)
    game: str = Field(max_length=32, index=True)
    options: dict[str, Any] = Field(default_factory=dict, sa_type=sa.JSON)
    """The rule options, as ``Game.options()`` gives them."""
    variant: str = Field(max_length=32)
    """The rule set's :meth:`~croupier.games.Game.variant_label`."""
    settings: dict[str, Any] = Field(default_factory=dict, sa_type=sa.JSON)
    """How it plays: time control, limits, games at once, seed, matchmaking's settings."""
    tournament_id: int = Field(foreign_key="tournament.id", unique=True)
    """The tournament its games belong to."""
    status: LadderStatus = Field(default=LadderStatus.OPEN, sa_type=string_enum(LadderStatus))
    created_at: datetime = Field(default_factory=utc_now, sa_type=UTCDateTime)
    closed_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    runner: str | None = Field(default=None, max_length=64)
    """The ``croupier serve`` that plays it (chooses its games), until :attr:`runner_until`."""
    runner_until: datetime | None = Field(default=None, sa_type=UTCDateTime)
    """When the runner's lease ends unless it is renewed: then another serve may take it."""
