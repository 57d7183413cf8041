"""A game's swing timeline: each seat's tally across the steps, and the steps worth a jump.

Made from a view's steps (:mod:`croupier_server.web.steps`): the tallies the table
plug-in gives (chips, points), the ends of rounds, hands and games it marks, the faults,
the slow decisions (paid from the bank, or timed out), the forced actions, and the costly
moments. A step's *swing* against a seat is its change of tally less the others' mean
change; a seat's costly moments are its :data:`COSTLY_PER_SEAT` worst negative swings
(the seat's own only, in a seat's view). A step that ends a game of a match starts the
next game's score from 0: no swing is counted there, unless it ends the match.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, Field

from croupier_server.outcomes import DecidedBy
from croupier_server.web.steps import Step
from croupier_server.web.viewers import Viewer

__all__ = ["COSTLY_PER_SEAT", "MARKER_KINDS", "Timeline", "TimelineMarker", "timeline"]

COSTLY_PER_SEAT = 3
"""How many costly moments each seat gets: its worst swings."""

MARKER_KINDS = ("round", "hand", "game", "fault", "slow", "costly")
"""The kinds of markers, in the order the page offers their jumps."""


class TimelineMarker(BaseModel):
    """A step worth a jump, and why."""

    step: int
    kind: str = Field(description="round, hand or game (its end), fault, slow or costly.")
    seat: int | None = Field(description="The seat it is about, if one.")
    label: str = Field(description="One line saying what happened (seats as `seat N`).")


class Timeline(BaseModel):
    """A game at a glance, for one view: what the replay's swing chart and jumps show."""

    unit: str | None = Field(description="What the tallies count (chips, points); null: none.")
    tallies: list[list[int]] = Field(
        description="Each seat's tally after each step, step by step; empty when the game's "
        "table gives none."
    )
    markers: list[TimelineMarker] = Field(description="In step order.")
    forced: list[int] = Field(description="The steps whose action was forced (the only legal one).")


def timeline(steps: Sequence[Step], unit: str | None, viewer: Viewer) -> Timeline:
    """The timeline of a view's ``steps`` (every step, from 0), tallies counted in ``unit``."""
    tallies = [step.tally for step in steps if step.tally is not None]
    if len(tallies) != len(steps):
        tallies, unit = [], None
    markers = [*_step_markers(steps), *_costly(steps, tallies, unit or "", viewer)]
    markers.sort(key=lambda marker: (marker.step, MARKER_KINDS.index(marker.kind)))
    return Timeline(
        unit=unit,
        tallies=tallies,
        markers=markers,
        forced=[
            step.number
            for step in steps
            if step.action is not None and step.action.decided_by == DecidedBy.FORCED
        ],
    )


def _step_markers(steps: Sequence[Step]) -> list[TimelineMarker]:
    markers = []
    for step in steps:
        number = step.number
        markers += [
            TimelineMarker(step=number, kind=mark.kind, seat=None, label=mark.label)
            for mark in step.marks
        ]
        markers += [
            TimelineMarker(
                step=number,
                kind="fault",
                seat=fault.seat,
                label=f"seat {fault.seat} fault: {fault.kind}",
            )
            for fault in step.faults
        ]
        action = step.action
        if action is not None and action.slow:
            latency = "no answer" if action.latency_ms is None else f"{action.latency_ms:.0f} ms"
            markers.append(
                TimelineMarker(
                    step=number,
                    kind="slow",
                    seat=action.seat,
                    label=f"seat {action.seat} slow: {latency}",
                )
            )
    return markers


def _costly(
    steps: Sequence[Step], tallies: Sequence[Sequence[int]], unit: str, viewer: Viewer
) -> list[TimelineMarker]:
    """Each seat's worst swings (a seat's view: its own only)."""
    if not tallies or len(tallies[0]) < 2:
        return []
    players = len(tallies[0])
    seats = range(players) if viewer.seat is None else [viewer.seat]
    swings: dict[int, list[tuple[float, int, list[int]]]] = {seat: [] for seat in seats}
    for step in steps[1:]:
        if step is not steps[-1] and any(mark.kind == "game" for mark in step.marks):
            continue  # a game of the match ended: the next one starts from 0
        changes = [
            after - before
            for before, after in zip(tallies[step.number - 1], tallies[step.number], strict=True)
        ]
        total = sum(changes)
        for seat in seats:
            swing = changes[seat] - (total - changes[seat]) / (players - 1)
            if swing < 0:
                swings[seat].append((swing, step.number, changes))
    markers = []
    for seat, found in swings.items():
        for _, number, changes in sorted(found)[:COSTLY_PER_SEAT]:
            each = ", ".join(f"seat {other} {change:+d}" for other, change in enumerate(changes))
            label = f"costly for seat {seat}: {each} {unit}".rstrip()
            markers.append(TimelineMarker(step=number, kind="costly", seat=seat, label=label))
    return markers
