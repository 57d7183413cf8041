"""What the referee records of a game: who decided each action, the faults, how it ended.

The vocabulary the referee, the storage and the pages share, below all of them: the
referee writes these values down while it plays a game, the database stores them as
plain text (:mod:`croupier_server.db.models`), and the pages read them back.
"""

from __future__ import annotations

import enum

__all__ = ["DecidedBy", "EndedBy", "FaultKind", "GameStatus", "SeatStatus"]


class GameStatus(enum.StrEnum):
    """Where a game stands."""

    RUNNING = "running"
    FINISHED = "finished"
    ABORTED = "aborted"


class EndedBy(enum.StrEnum):
    """How a game ended; the usual values of a stored game's ``ended_by``, which takes any text."""

    NORMAL = "normal"
    """The rules ended the game."""
    FORFEIT = "forfeit"
    """The referee ended it because seats forfeited."""
    ABORTED = "aborted"
    """The referee gave up on it (a stored game's ``end_detail`` says why)."""
    NOT_STARTED = "not_started"
    """The referee stopped it before it was played: a bot that had to start (a tournament's
    bot in its first games) never said Hello, and its tournament stopped; ``end_detail``
    says which bot, why, and what it printed last. It is never scored, and a resumed
    tournament plays it again."""
    LOST = "lost"
    """The attempt was lost to the infrastructure (a worker died, was cut off from the
    database, made no progress, or could not start a bot); it is never scored, and the
    game is played again."""


class SeatStatus(enum.StrEnum):
    """Where a seat stands in its game."""

    PLAYING = "playing"
    FINISHED = "finished"
    """The game is over (finished or aborted) and the seat did not forfeit."""
    FORFEITED = "forfeited"
    """The bot lost its seat; the referee's default policy played on for it."""


class DecidedBy(enum.StrEnum):
    """Who chose an action."""

    BOT = "bot"
    """The seat's bot answered in time with a legal action."""
    FORCED = "forced"
    """The only legal action, applied without asking."""
    DEFAULT = "default"
    """The referee's default policy, after a fault or for a forfeited seat."""
    REPLAYED = "replayed"
    """Taken from the game this one was forked from, before its play went on."""


class FaultKind(enum.StrEnum):
    """The faults the referee charges to a seat (a stored fault's ``kind`` takes any text)."""

    TIMEOUT = "timeout"
    ILLEGAL_ACTION = "illegal_action"
    MALFORMED = "malformed"
    CRASH = "crash"
    CONNECT_TIMEOUT = "connect_timeout"
    WRONG_REQUEST = "wrong_request"
    DUPLICATE_CONNECTION = "duplicate_connection"
