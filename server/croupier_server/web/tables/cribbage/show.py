"""A cribbage hand's end as a frame of its own: the show, combination by combination.

Each hand, crib or square line counted is drawn with the starter, its fifteens, pairs,
runs, flush and nobs named by the engine's
:func:`~croupier.games.cribbage.show_combinations` (nothing is scored here), and the
pegging board as the show left it, before the next hand is dealt. A game won in the
play, before any show, is a moment too: its board and who won.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Literal

from pydantic import BaseModel, Field

from croupier.games import Event
from croupier.games.cribbage import (
    Card,
    Cribbage,
    CribShown,
    GameWon,
    HandDealt,
    HandShown,
    LineShown,
    MatchEnded,
    SoloGameEnded,
    show_combinations,
)
from croupier_server.web.tables.cribbage.pegs import PeggingBoard, pegging_board

__all__ = ["CribbageShow", "ScoredCombination", "ShowBreakdown", "hand_end"]

_SHOWN = (HandShown, CribShown, LineShown)
_ENDS = (GameWon, SoloGameEnded, MatchEnded)


class ScoredCombination(BaseModel):
    """One combination a show scored."""

    kind: str = Field(description="fifteen, pair, run, flush or nobs.")
    cards: list[str] = Field(description="Its cards, the starter last when it is one of them.")
    points: int


class ShowBreakdown(BaseModel):
    """A hand, crib or square line counted in the show, combination by combination."""

    owner: int = Field(description="The seat that pegged it (the dealer for the crib).")
    label: str = Field(description="hand, crib, or a square line such as 'row 0'.")
    cards: list[str]
    starter: str
    points: int
    score: int = Field(description="The owner's side's score after pegging it.")
    combinations: list[ScoredCombination]


class CribbageShow(BaseModel):
    """How a cribbage hand ended: its show (if it got there) and the board it left."""

    game: Literal["cribbage"] = "cribbage"
    game_number: int | None = Field(description="The game of the match the hand was in.")
    hand_number: int | None = Field(description="The hand (deal) that ended.")
    dealer: int | None
    starter: str | None
    shows: list[ShowBreakdown] = Field(description="In the order they were counted.")
    pegging: PeggingBoard = Field(description="The board once the hand was over.")
    ended: list[str] = Field(description="A game or the match ended here: the engine's lines.")


def hand_end(
    rules: Cribbage, history: Sequence[Event], events: Sequence[Event]
) -> CribbageShow | None:
    """The end of a hand among a step's ``events``, or ``None`` when no hand ended.

    Args:
        rules: the game's rule set.
        history: every event of the game so far (the step's among them).
        events: the step's events the viewer may see.
    """
    ending = [event for event in events if isinstance(event, _SHOWN + _ENDS)]
    if not ending:
        return None
    before = history[: _index_of(history, ending[0])]
    dealt = next((event for event in reversed(before) if isinstance(event, HandDealt)), None)
    last = _index_of(history, ending[-1])
    shows = [_breakdown(event) for event in ending if isinstance(event, _SHOWN)]
    return CribbageShow(
        game_number=None if dealt is None else dealt.game,
        hand_number=None if dealt is None else dealt.hand,
        dealer=None if dealt is None else dealt.dealer,
        starter=shows[0].starter if shows else None,
        shows=shows,
        pegging=pegging_board(rules, history[: last + 1], events),
        ended=[str(event) for event in ending if isinstance(event, _ENDS)],
    )


def _index_of(history: Sequence[Event], event: Event) -> int:
    """Where ``event`` (that very object) is in ``history``, searching from the end."""
    return next(index for index in range(len(history) - 1, -1, -1) if history[index] is event)


def _breakdown(event: HandShown | CribShown | LineShown) -> ShowBreakdown:
    if isinstance(event, LineShown):
        owner, label = 0, event.line
    else:
        owner, label = event.seat, "crib" if isinstance(event, CribShown) else "hand"
    found = show_combinations(event.cards, event.starter, crib=isinstance(event, CribShown))
    return ShowBreakdown(
        owner=owner,
        label=label,
        cards=_texts(event.cards),
        starter=str(event.starter),
        points=event.breakdown.total,
        score=event.score,
        combinations=[
            ScoredCombination(kind=each.kind, cards=_texts(each.cards), points=each.points)
            for each in found
        ],
    )


def _texts(cards: Iterable[Card]) -> list[str]:
    return [str(card) for card in cards]
