"""The Lexio table of the replay viewer: the play to beat, each seat's tiles and chips.

The table also gives the trick being played (each play and pass since the table was last
cleared, so what lies under the play to beat) and each round settled so far, both from the
engine's own events, and the seat whose view it is.

Its insight (:class:`~croupier_server.web.tables.TableInsight`): each seat's chips, the
end of each round as a mark, and each round settled as a moment (:mod:`.round_end`).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field

from croupier.games import Event, State
from croupier.games.lexio import (
    Lexio,
    LexioObservation,
    Passed,
    Played,
    RoundEnded,
    RoundStarted,
    TrickWon,
)
from croupier_server.web.tables import Mark
from croupier_server.web.tables.lexio.round_end import LexioRoundEnd, round_end
from croupier_server.web.tables.lexio.selection import describe_selection
from croupier_server.web.viewers import Viewer

__all__ = [
    "TABLE",
    "LexioRoundChips",
    "LexioRoundEnd",
    "LexioTable",
    "LexioTablePlugin",
    "LexioTurn",
]


class LexioTurn(BaseModel):
    """A play or a pass of the trick being played."""

    seat: int
    tiles: list[str] = Field(description="The tiles played; empty for a pass.")
    kind: str | None = Field(description="What the play is (single, pair...); null for a pass.")


class LexioRoundChips(BaseModel):
    """A round settled: who went out and the chips each seat won or paid, as the engine says."""

    round_number: int
    winner: int = Field(description="The seat that went out.")
    nets: list[int] = Field(description="Each seat's chips won (positive) or paid.")
    balances: list[int] = Field(description="Each seat's chip balance after the round.")


class LexioTable(BaseModel):
    """A moment of a Lexio match; tiles are written as the engine prints them (``sun4``)."""

    game: Literal["lexio"] = "lexio"
    round_number: int
    starting_seat: int
    to_act: int | None = Field(description="The seat to act; null once the match is over.")
    table: list[str] = Field(description="The play to beat; empty when the seat to act leads.")
    table_kind: str | None = Field(description="What the play to beat is (single, pair...).")
    table_seat: int | None = Field(description="Who made the play to beat.")
    hands: list[list[str] | None] = Field(
        description="Each seat's tiles, or null for a hand this viewer may not see."
    )
    hand_sizes: list[int]
    chips: list[int] = Field(description="Each seat's chip balance.")
    trick: list[LexioTurn] = Field(
        default_factory=list,
        description="The trick being played: each play and pass since the table was last "
        "cleared, in order; the plays before the last lie under the play to beat.",
    )
    rounds: list[LexioRoundChips] = Field(
        default_factory=list, description="Each round settled so far, in order."
    )
    viewer_seat: int | None = Field(
        default=None,
        description="The seat whose view this is; null for all hands open or a spectator.",
    )


class LexioTablePlugin:
    """Lexio's :class:`~croupier_server.web.tables.TablePlugin`."""

    name = "lexio"
    model = LexioTable
    template = "table.html"
    templates = Path(__file__).parent
    describe_selection = staticmethod(describe_selection)
    """What a person's selection of tiles makes (for :mod:`croupier_server.web.play`)."""
    tally_unit = "chips"
    moment_model = LexioRoundEnd
    moment_template = "round_end.html"

    def table(
        self, state: State[Any, Any, Any], viewer: Viewer, events: Sequence[Event]
    ) -> LexioTable:
        """The table of ``state`` as ``viewer`` sees it, built from the engine's observations.

        The public part comes from the viewer's own observation (a seat's, or the
        spectator's); a hand is shown only from the observation of the seat that holds it.
        The trick and the rounds settled come from the engine's events the viewer may see
        (all of them public); the step's own ``events`` are not needed.
        """
        public: LexioObservation = state.observation(viewer.seat)
        seen = state.events_for(viewer.seat)
        hands: list[list[str] | None] = [None] * len(public.hand_sizes)
        for seat in viewer.hand_seats(len(hands)):
            own: LexioObservation = public if seat == viewer.seat else state.observation(seat)
            hands[seat] = [str(tile) for tile in own.hand]
        table = public.table
        return LexioTable(
            round_number=public.round_number,
            starting_seat=public.starting_seat,
            to_act=public.to_act,
            table=[] if table is None else [str(tile) for tile in table.tiles],
            table_kind=None if table is None else table.kind.value.replace("_", " "),
            table_seat=public.table_seat,
            hands=hands,
            hand_sizes=list(public.hand_sizes),
            chips=list(public.balances),
            trick=_trick(seen),
            rounds=_rounds(seen),
            viewer_seat=viewer.seat,
        )

    def tally(self, state: State[Any, Any, Any]) -> tuple[int, ...]:
        """Each seat's chips."""
        public: LexioObservation = state.observation(None)
        return public.balances

    def marks(self, events: Sequence[Event]) -> list[Mark]:
        """The end of a round, saying who went out."""
        return [
            Mark("round", f"round {event.round_number} ends: seat {event.winner} goes out")
            for event in events
            if isinstance(event, RoundEnded)
        ]

    def moment(
        self, state: State[Any, Any, Any], viewer: Viewer, events: Sequence[Event]
    ) -> LexioRoundEnd | None:
        """The round settled in this step: every seat's tiles left, counts and payments."""
        rules = state.game
        assert isinstance(rules, Lexio)
        return round_end(rules, events)


def _trick(events: Sequence[Event]) -> list[LexioTurn]:
    """The plays and passes after the last deal, cleared table or settlement of ``events``."""
    turns: list[LexioTurn] = []
    for event in reversed(events):
        if isinstance(event, RoundStarted | TrickWon | RoundEnded):
            break
        if isinstance(event, Played):
            combination = event.combination
            kind = combination.kind.value.replace("_", " ")
            turns.append(
                LexioTurn(
                    seat=event.seat, tiles=[str(tile) for tile in combination.tiles], kind=kind
                )
            )
        elif isinstance(event, Passed):
            turns.append(LexioTurn(seat=event.seat, tiles=[], kind=None))
    return turns[::-1]


def _rounds(events: Sequence[Event]) -> list[LexioRoundChips]:
    """The rounds settled in ``events``, with the engine's own nets and balances."""
    return [
        LexioRoundChips(
            round_number=event.round_number,
            winner=event.winner,
            nets=list(event.nets),
            balances=list(event.balances),
        )
        for event in events
        if isinstance(event, RoundEnded)
    ]


TABLE = LexioTablePlugin()
"""The plug-in, registered under ``croupier.tables`` as ``lexio``."""
