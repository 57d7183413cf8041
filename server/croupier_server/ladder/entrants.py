"""Who plays in a ladder: its game's active versions, the organiser's bots, remote bots.

A ladder's **field** is every bot that may play in it now: the active versions of the
submitted bots of its game (a version retired or rejected leaves it at once), the
organiser's bots it was opened ``--with`` (unless it stopped one that failed to start), and
the remote bots of its game when its games are played here (workers start command bots
only). Of those, the bots that may be **seated** at a new table are the command bots and
the remote bots connected and idle that no game of the ladder waits for.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from sqlmodel import Session

from croupier_server.db import BotKind, BotRecord
from croupier_server.db.ladder_games import LadderBot, ladder_bots
from croupier_server.db.ladders import LadderRecord
from croupier_server.ladder.settings import LadderSettings

__all__ = ["LadderField", "ladder_field"]


@dataclass(frozen=True, slots=True)
class LadderField:
    """A ladder's bots now.

    Attributes:
        bots: Every bot that may play in it, by name, in the order they were registered.
        seatable: Those that may sit at a new table now, in that order.
    """

    bots: dict[str, LadderBot]
    seatable: tuple[str, ...]

    def record(self, name: str) -> BotRecord:
        """The bot row of ``name``, one of :attr:`bots`."""
        return self.bots[name].bot

    def is_version(self, name: str) -> bool:
        """Whether ``name`` is a submitted bot's version."""
        entry = self.bots.get(name)
        return entry is not None and entry.version is not None


def ladder_field(
    session: Session,
    ladder: LadderRecord,
    settings: LadderSettings,
    *,
    idle_remote: Collection[str] | None,
    waiting: Collection[str] = (),
) -> LadderField:
    """The ladder's field.

    Args:
        session: The database.
        ladder: The ladder.
        settings: Its settings.
        idle_remote: The remote bots connected and idle now; ``None`` when the games are
            played by workers, which seat no remote bot.
        waiting: The bots some chosen game of the ladder waits for: a remote one of them is
            not seated again until it is played.
    """
    entries = ladder_bots(
        session, game=ladder.game, names=settings.with_bots, remote=idle_remote is not None
    )
    bots = {
        entry.bot.name: entry
        for entry in entries
        if entry.bot.name not in settings.stopped
        and (entry.bot.kind is not BotKind.REMOTE or idle_remote is not None)
    }
    seatable = tuple(
        name
        for name, entry in bots.items()
        if entry.bot.kind is BotKind.COMMAND
        or (idle_remote is not None and name in idle_remote and name not in waiting)
    )
    return LadderField(bots, seatable)
