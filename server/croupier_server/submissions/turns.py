"""Whose version is checked next: authors take turns, each author's versions oldest first.

The checker asks :meth:`CheckTurns.next` for the next waiting version each time a check
may begin. Among the authors with a version waiting, it takes the one whose last check
began longest ago (one never served first), so that an author who queued many versions
has one checked, then every other waiting author one, then again; ties go to the author
whose oldest waiting version was received first. An author whose check runs now is served
again only when no other author waits (a spare place is not left idle).

>>> from croupier_server.db.versions import WaitingVersion
>>> queue = [WaitingVersion(1, "a@1", 7), WaitingVersion(2, "a@2", 7), WaitingVersion(3, "b@1", 8)]
>>> turns = CheckTurns()
>>> first = turns.next(queue, running=())
>>> second = turns.next([v for v in queue if v != first], running=(first,))
>>> first.name, second.name
('a@1', 'b@1')
"""

from __future__ import annotations

import itertools
from collections.abc import Collection, Sequence

from croupier_server.db.versions import WaitingVersion

__all__ = ["CheckTurns"]


class CheckTurns:
    """Remembers when each author's last check began, to give each their turn."""

    def __init__(self) -> None:
        self._served: dict[int | None, int] = {}
        self._count = itertools.count(1)

    def next(
        self, waiting: Sequence[WaitingVersion], *, running: Collection[WaitingVersion]
    ) -> WaitingVersion | None:
        """The version whose check begins next, counted as served; ``None`` if none waits.

        Args:
            waiting: The versions whose check has not begun, received longest ago first.
            running: The versions being checked now.
        """
        busy = {version.author_id for version in running}
        oldest: dict[int | None, WaitingVersion] = {}
        for version in waiting:
            oldest.setdefault(version.author_id, version)
        if not oldest:
            return None
        order = {version.bot_id: place for place, version in enumerate(waiting)}
        chosen = min(
            oldest.values(),
            key=lambda version: (
                version.author_id in busy,
                self._served.get(version.author_id, 0),
                order[version.bot_id],
            ),
        )
        self._served[chosen.author_id] = next(self._count)
        return chosen
