"""Which stored game a request may open, and how much of it: one rule for every view.

Every page and JSON twin of a game asks :func:`disclosed_game` once: a check game is only
its author's and the admin's (anyone else is told there is no such game), the admin sees
every game whole, and anyone else as much as the game's deal allows
(:func:`~croupier_server.db.disclosure.disclosure_of`). Lists of games ask
:func:`reader_of` who reads them, to leave out the check games that reader may not see.
"""

from __future__ import annotations

from fastapi import HTTPException
from sqlmodel import Session

from croupier_server import db
from croupier_server.db.check_games import Reader, check_game_author
from croupier_server.db.disclosure import Disclosure, disclosure_of
from croupier_server.db.models import GameRecord
from croupier_server.web.access import Caller, Role

__all__ = ["disclosed_game", "disclosure_for", "reader_of"]


def disclosed_game(
    session: Session, game_id: int, caller: Caller | None
) -> tuple[GameRecord, Disclosure]:
    """Game ``game_id`` and how much of it ``caller`` may see.

    Raises:
        HTTPException: 404, no such game, or another author's check game.
    """
    record = db.get_game(session, game_id=game_id)
    if record is None:
        raise HTTPException(404, f"no game {game_id}")
    return record, disclosure_for(session, record, caller)


def disclosure_for(session: Session, record: GameRecord, caller: Caller | None) -> Disclosure:
    """How much of ``record`` ``caller`` may see.

    Raises:
        HTTPException: 404, another author's check game (as if there were none).
    """
    author = check_game_author(session, record)
    if author is not None and (caller is None or not caller.owns(author)):
        raise HTTPException(404, f"no game {record.id}")
    if caller is not None and caller.role is Role.ADMIN:
        return Disclosure.whole()
    return disclosure_of(session, record)


def reader_of(caller: Caller | None) -> Reader:
    """Who ``caller`` is to a list of games: the admin, an author, or anyone."""
    if caller is None:
        return Reader()
    return Reader(admin=caller.role is Role.ADMIN, author_id=caller.author_id)
