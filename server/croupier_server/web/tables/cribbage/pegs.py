"""The pegging board: each side's front and back peg, the points just pegged, the skunk lines.

Read from the engine's public scoring events of the current game (each carries the side's
score after it): the front peg stands at the last score, the back peg at the one before,
as pegs leapfrog on a real board. The skunk lines are where the engine's
:func:`~croupier.games.cribbage.skunk_of` changes its verdict.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, Field

from croupier.games import Event
from croupier.games.cribbage import (
    Cribbage,
    CribShown,
    GameStarted,
    HandShown,
    HisHeels,
    LastCard,
    LineShown,
    Pegged,
    ThreeForLast,
    skunk_of,
)

__all__ = ["PegLane", "PeggingBoard", "SkunkLine", "pegging_board", "scored"]


class PegLane(BaseModel):
    """One side's two pegs."""

    seats: list[int] = Field(description="The seats that peg in this lane (partners share).")
    front: int = Field(description="The side's score: where its front peg stands.")
    back: int = Field(description="Its score before its last points: its back peg.")
    gained: int = Field(description="The points it pegged in this step (flagged; 0: none).")


class SkunkLine(BaseModel):
    """A line on the board: a loser short of ``hole`` is skunked (or worse)."""

    hole: int
    skunk: str = Field(description="skunk, double skunk or triple skunk.")


class PeggingBoard(BaseModel):
    """A cribbage board of the game's target, with a lane per side."""

    target: int
    skunk_lines: list[SkunkLine]
    lanes: list[PegLane]


def scored(event: Event) -> tuple[int, int, int] | None:
    """``(seat, points, score after)`` of an event that pegs points; else ``None``.

    A square's line pegs for its one player, seat 0.
    """
    match event:
        case ThreeForLast(seat=seat, score=score):
            return seat, 3, score
        case HisHeels(seat=seat, score=score):
            return seat, 2, score
        case LastCard(seat=seat, score=score):
            return seat, 1, score
        case (
            Pegged(seat=seat, score=score)
            | HandShown(seat=seat, score=score)
            | CribShown(seat=seat, score=score)
        ):
            return seat, event.points, score
        case LineShown(breakdown=breakdown, score=score):
            return 0, breakdown.total, score
    return None


def pegging_board(
    rules: Cribbage, history: Sequence[Event], step_events: Sequence[Event]
) -> PeggingBoard:
    """The board after ``history`` (every event of the game so far), flagging ``step_events``.

    Args:
        rules: the game's rule set.
        history: the events up to the moment drawn, oldest first; only the current game's
            count (from its last :class:`~croupier.games.cribbage.GameStarted` on).
        step_events: the step's events, whose points are flagged by the front pegs.
    """
    layout = rules.layout
    sides = layout.sides
    scores: list[list[int]] = [[] for _ in range(sides)]
    for event in reversed(history):
        if isinstance(event, GameStarted):
            break
        found = scored(event)
        if found is not None and found[1] > 0:
            side_scores = scores[layout.side_of(found[0])]
            if len(side_scores) < 2:
                side_scores.append(min(found[2], rules.target))
        if all(len(side_scores) == 2 for side_scores in scores):
            break
    gained = [0] * sides
    for event in step_events:
        found = scored(event)
        if found is not None:
            gained[layout.side_of(found[0])] += found[1]
    return PeggingBoard(
        target=rules.target,
        skunk_lines=_skunk_lines(rules.target) if sides > 1 else [],
        lanes=[
            PegLane(
                seats=[seat for seat in range(layout.players) if layout.side_of(seat) == side],
                front=side_scores[0] if side_scores else 0,
                back=side_scores[1] if len(side_scores) > 1 else 0,
                gained=gained[side],
            )
            for side, side_scores in enumerate(scores)
        ],
    )


def _skunk_lines(target: int) -> list[SkunkLine]:
    """The holes where a loser's score stops being a skunk of each kind, highest first."""
    return [
        SkunkLine(hole=hole, skunk=str(skunk_of(hole - 1, target)))
        for hole in range(target - 1, 0, -1)
        if skunk_of(hole - 1, target) != skunk_of(hole, target)
    ]
