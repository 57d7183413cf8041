"""A leaderboard shows each submitted bot once: by its latest active version.

Every version of a submitted bot is rated on its own, under its own name ``NAME@N``, and
all of them count in the board's fit. The leaderboard's lines then keep, for each
submitted bot, one version: the latest active one (the one that plays now) among those
with games on the board, or, when none of them is active, the latest one with games
there. Its line links to the bot's page of versions; the ranks are counted again over the
lines shown. Organisers' bots are shown as they are.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from urllib.parse import quote

from sqlmodel import Session

from croupier_server.db.submissions import VersionStatus
from croupier_server.db.version_listing import VersionOf, versions_of_bots

__all__ = ["SHOWN_VERSION", "ShownVersion", "shown_versions"]

SHOWN_VERSION = (
    "A submitted bot is shown by its latest active version with games here (by its latest "
    "version with games here when none is active); its other versions are on its page."
)
"""Which version of a submitted bot a leaderboard shows, as the page says it."""


@dataclass(frozen=True, slots=True)
class ShownVersion:
    """A version a leaderboard shows for its submitted bot."""

    submitted: str
    """The submitted bot's name, ``NAME``."""
    versions_path: str
    """The page of the bot's versions."""


def shown_versions(session: Session, bots: Sequence[str]) -> dict[str, ShownVersion | None]:
    """Of a board's ``bots``, best first, those that are versions: shown, or hidden (``None``).

    The bots that are no version are left out: they are all shown.
    """
    versions = versions_of_bots(session, names=bots)
    chosen: dict[int, str] = {}
    for bot in bots:
        found = versions.get(bot)
        if found is None:
            continue
        kept = chosen.get(found.submitted_id)
        if kept is None or _preference(found) > _preference(versions[kept]):
            chosen[found.submitted_id] = bot
    shown = set(chosen.values())
    return {bot: _shown(version) if bot in shown else None for bot, version in versions.items()}


def _preference(version: VersionOf) -> tuple[bool, int]:
    return version.version.status is VersionStatus.ACTIVE, version.number


def _shown(version: VersionOf) -> ShownVersion:
    return ShownVersion(version.submitted, f"/bots/{quote(version.submitted, safe='')}")
