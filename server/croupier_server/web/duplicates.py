"""Same deal, other seats: a game's duplicate set side by side, ``/games/{id}/duplicates``.

The games of one deal (:func:`~croupier_server.db.duplicates.duplicate_set`) start from
the same cards at each seat, held by another bot in each game. Aligned by step, they stay
the same game while every bot plays as the others did; the first step at which they are
played differently is where the bots' judgement parted: the same seat, the same hidden
cards and the same history, a different action. The page marks that step and links into
each game's replay there; ``/api/games/{id}/duplicates`` is its JSON twin.

A finished or aborted game is shown whole, as with all hands open, once its whole deal
is played. Until then (:mod:`croupier_server.db.disclosure`; the admin excepted) every
game of the set is listed without its actions and left out of the comparison: one game's
play shows which cards each seat of the others holds.
"""

from __future__ import annotations

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, Field
from sqlmodel import Session

from croupier_server import db
from croupier_server.db.disclosure import Disclosure
from croupier_server.db.duplicates import duplicate_set
from croupier_server.db.models import ActionRecord, GameRecord
from croupier_server.outcomes import GameStatus
from croupier_server.web.access import Caller, OptionalCaller
from croupier_server.web.dependencies import DatabaseSession
from croupier_server.web.disclosed import disclosed_game
from croupier_server.web.game_detail import GameSummary, SeatDetail, game_summary
from croupier_server.web.openapi import RecordId, error_answers
from croupier_server.web.templating import render

__all__ = [
    "DifferingMove",
    "DuplicateGame",
    "DuplicateMove",
    "DuplicateSet",
    "DuplicateStep",
    "FirstDifference",
    "duplicate_set_view",
    "duplicates_path",
    "has_duplicates",
    "router",
]

router = APIRouter()


class DuplicateGame(BaseModel):
    """A game of the set: who sat where, and how it went."""

    id: int
    schedule_number: int | None = Field(description="Its number in the tournament's schedule.")
    status: str = Field(description="running, finished or aborted.")
    url: str = Field(description="Its page, the replay viewer.")
    seats: list[SeatDetail]
    compared: bool = Field(
        description="false until every game of the deal is played: its actions are left out."
    )


class DuplicateMove(BaseModel):
    """The action of one game at one step."""

    seat: int
    bot: str = Field(description="The bot in that seat in that game.")
    action: str
    decided_by: str = Field(description="bot, forced (the only legal action) or default.")


class DuplicateStep(BaseModel):
    """One step of every game, side by side."""

    step: int = Field(description="Step k is the table after each game's action k - 1.")
    moves: list[DuplicateMove | None] = Field(
        description="One per game, in the order of `games`; null where a game has no such "
        "step (it ended, or it is still played)."
    )


class DifferingMove(BaseModel):
    """What one game played at the first step where the games differ."""

    game_id: int
    bot: str
    action: str
    decided_by: str
    replay_url: str = Field(description="The game's replay at that step, in that seat's view.")


class FirstDifference(BaseModel):
    """The first step at which the games were played differently."""

    step: int
    seat: int = Field(description="The seat that acted: the same cards in every game.")
    moves: list[DifferingMove] = Field(description="One per game compared.")


class DuplicateSet(BaseModel):
    """The games of one deal, aligned by step, and where they part."""

    game_id: int = Field(description="The game the set was asked for.")
    game: str
    variant: str
    tournament_id: int
    deal: int = Field(description="The tournament's deal the games play.")
    games: list[DuplicateGame]
    first_difference: FirstDifference | None = Field(
        description="null when every game compared was played alike throughout."
    )
    steps: list[DuplicateStep]
    held_back: str = Field(
        default="",
        description="Why no game is compared (the deal is still being played), in one line; "
        "empty when they all are.",
    )


def duplicates_path(game_id: int, *, api: bool = False) -> str:
    """The address of the duplicate set of game ``game_id`` (its JSON twin with ``api``)."""
    return f"{'/api' if api else ''}/games/{game_id}/duplicates"


def has_duplicates(session: Session, record: GameRecord) -> bool:
    """Whether the game ``record`` has other games of its deal."""
    return len(duplicate_set(session, game=record)) > 1


@router.get(
    "/api/games/{game_id}/duplicates",
    response_model=DuplicateSet,
    summary="Same deal, other seats: a game's duplicate set, aligned by step",
    description="The games of the game's tournament deal, one per rotation of its table, with "
    "their actions step by step and the first step at which they were played differently. "
    "Until every game of the deal is played, the games are listed without their actions "
    "(`held_back` says why); the admin sees them whole.",
    responses=error_answers(
        {
            401: "A wrong token (none is needed: one shows its author's check game)",
            404: "No such game, or a game alone on its deal",
        }
    ),
)
def duplicates_api(
    game_id: RecordId, session: DatabaseSession, caller: OptionalCaller
) -> DuplicateSet:
    """The duplicate set of one game."""
    return duplicate_set_view(session, game_id, caller)


@router.get("/games/{game_id}/duplicates", include_in_schema=False, response_class=HTMLResponse)
def duplicates_page(
    request: Request, game_id: RecordId, session: DatabaseSession, caller: OptionalCaller
) -> HTMLResponse:
    """The duplicate set of one game, side by side."""
    view = duplicate_set_view(session, game_id, caller)
    context = {
        "section": "games",
        "api_url": duplicates_path(game_id, api=True),
        "view": view,
        "difference": view.first_difference,
    }
    return render(request, "duplicates.html", context)


def duplicate_set_view(session: Session, game_id: int, caller: Caller | None) -> DuplicateSet:
    """The games of game ``game_id``'s deal, aligned by step, as ``caller`` may see them.

    Raises:
        HTTPException: 404, no such game, or no other game was dealt its deal.
    """
    record, disclosure = disclosed_game(session, game_id, caller)
    games = duplicate_set(session, game=record)
    if record.tournament_id is None or record.schedule_deal is None or len(games) < 2:
        raise HTTPException(
            404, f"game {game_id} has no duplicate set: no other game was dealt its cards"
        )
    summaries = [game_summary(session, game, disclosure) for game in games]
    columns = [_compared_actions(session, game, disclosure) for game in games]
    steps = _aligned_steps(summaries, columns)
    return DuplicateSet(
        game_id=game_id,
        game=record.game,
        variant=record.variant,
        tournament_id=record.tournament_id,
        deal=record.schedule_deal,
        games=[
            _listed(summary, compared=actions is not None)
            for summary, actions in zip(summaries, columns, strict=True)
        ],
        first_difference=_first_difference(summaries, steps),
        steps=steps,
        held_back=disclosure.reason,
    )


def _compared_actions(
    session: Session, game: GameRecord, disclosure: Disclosure
) -> list[ActionRecord] | None:
    """The actions of ``game``; ``None`` while it, or its deal, is played.

    Some may be secret, and each game's play tells the other games' hands.
    """
    if not disclosure.is_whole or game.status == GameStatus.RUNNING or game.id is None:
        return None
    return db.game_actions(session, game_id=game.id)


def _listed(summary: GameSummary, *, compared: bool) -> DuplicateGame:
    return DuplicateGame(
        id=summary.id,
        schedule_number=summary.schedule_number,
        status=summary.status,
        url=f"/games/{summary.id}",
        seats=summary.seats,
        compared=compared,
    )


def _aligned_steps(
    summaries: list[GameSummary], columns: list[list[ActionRecord] | None]
) -> list[DuplicateStep]:
    """Every step any game compared reached, each game's move at it side by side."""
    names = [{seat.seat: seat.bot_name for seat in summary.seats} for summary in summaries]
    longest = max((len(actions) for actions in columns if actions is not None), default=0)
    return [
        DuplicateStep(
            step=number + 1,
            moves=[
                _move(actions[number], bots)
                if actions is not None and number < len(actions)
                else None
                for actions, bots in zip(columns, names, strict=True)
            ],
        )
        for number in range(longest)
    ]


def _move(action: ActionRecord, bots: dict[int, str]) -> DuplicateMove:
    return DuplicateMove(
        seat=action.seat,
        bot=bots.get(action.seat, ""),
        action=action.text,
        decided_by=str(action.decided_by),
    )


def _first_difference(
    summaries: list[GameSummary], steps: list[DuplicateStep]
) -> FirstDifference | None:
    """The first step at which the games that reached it did not all play the same."""
    for step in steps:
        played = [
            (summary.id, move)
            for summary, move in zip(summaries, step.moves, strict=True)
            if move is not None
        ]
        if len({(move.seat, move.action) for _, move in played}) > 1:
            return FirstDifference(
                step=step.step,
                seat=played[0][1].seat,
                moves=[_differing(game_id, move, step.step) for game_id, move in played],
            )
    return None


def _differing(game_id: int, move: DuplicateMove, step: int) -> DifferingMove:
    return DifferingMove(
        game_id=game_id,
        bot=move.bot,
        action=move.action,
        decided_by=move.decided_by,
        replay_url=f"/games/{game_id}?view=seat-{move.seat}&step={step}",
    )
