"""A game's duplicate set: the games of its tournament's deal, one per rotation of the table.

A tournament with duplicate play deals each deal (one seed) once per rotation of its
table, so that every bot holds every seat of it (see
:mod:`croupier_server.tournament.formats.tables`); a ladder does the same. Those games are
one duplicate set: stored with the tournament, its deal (``schedule_deal``) and the deal's
seed, a schedule number each. A scheduled game played more than once (an attempt aborted
and played again) is in the set once.
"""

from __future__ import annotations

from sqlmodel import Session, col, select

from croupier_server.db.models import GameRecord
from croupier_server.outcomes import GameStatus

__all__ = ["duplicate_set"]


def duplicate_set(session: Session, *, game: GameRecord) -> list[GameRecord]:
    """The games of ``game``'s duplicate set, ``game`` among them, by schedule number.

    Each scheduled game of the deal is there once: ``game`` for its own number, else its
    finished attempt, else its newest one. A game no tournament dealt is a set of one.
    """
    if game.tournament_id is None or game.schedule_deal is None:
        return [game]
    query = (
        select(GameRecord)
        .where(
            GameRecord.tournament_id == game.tournament_id,
            GameRecord.schedule_deal == game.schedule_deal,
            GameRecord.seed == game.seed,
        )
        .order_by(col(GameRecord.schedule_number), col(GameRecord.id))
    )
    chosen: dict[int | None, GameRecord] = {}
    for attempt in session.exec(query):
        kept = chosen.get(attempt.schedule_number)
        if kept is None or _preferred(attempt, kept, opened=game):
            chosen[attempt.schedule_number] = attempt
    return list(chosen.values())


def _preferred(attempt: GameRecord, kept: GameRecord, *, opened: GameRecord) -> bool:
    """Whether ``attempt`` stands for its scheduled game rather than ``kept`` (an older one)."""
    if kept.id == opened.id:
        return False
    if attempt.id == opened.id:
        return True
    return attempt.status == GameStatus.FINISHED or kept.status != GameStatus.FINISHED
