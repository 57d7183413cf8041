"""Games stored as the referee stores them, for the read queries' tests."""

from collections.abc import Mapping, Sequence
from typing import Any

from sqlmodel import Session

from croupier.games import Result
from croupier_server import db

SIX_CARD = {"variant": "six-card", "match_points": 1}
FIVE_CARD = {"variant": "five-card", "match_points": 1}


def add_bots(session: Session, game: str, *names: str) -> list[int]:
    bots = [db.add_bot(session, name=name, game=game, command="true") for name in names]
    return [bot.id for bot in bots if bot.id is not None]


def start_game(
    session: Session,
    bot_ids: Sequence[int],
    *,
    game: str = "cribbage",
    options: Mapping[str, Any] = SIX_CARD,
    tournament_id: int | None = None,
    number: int | None = None,
    deal: int | None = None,
) -> int:
    record = db.create_game(
        session,
        game=game,
        options=options,
        tournament_id=tournament_id,
        schedule_number=number,
        schedule_deal=deal,
        seed=1,
        bot_ids=bot_ids,
    )
    assert record.id is not None
    return record.id


def mark_decided(session: Session, game_id: int) -> None:
    """Let each seat's bot have made a decision of its own: a game no bot decided is not rated."""
    for seat in db.game_seats(session, game_id=game_id):
        seat.decisions = 1
    session.commit()


def finish(session: Session, game_id: int, *scores: int, decided: bool = True) -> None:
    """Finish the game with ``scores``, each seat's bot having decided if ``decided``."""
    if decided:
        mark_decided(session, game_id)
    db.finish_game(session, game_id=game_id, result=Result(scores=scores))


def played(
    session: Session, bot_ids: Sequence[int], *scores: int, decided: bool = True, **where: Any
) -> int:
    game_id = start_game(session, bot_ids, **where)
    finish(session, game_id, *scores, decided=decided)
    return game_id
