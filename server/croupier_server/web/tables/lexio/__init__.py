"""The Lexio table of the replay viewer: the play to beat, each seat's tiles and chips.

Its insight (:class:`~croupier_server.web.tables.TableInsight`): each seat's chips, the
end of each round as a mark, and each round settled as a moment (:mod:`.round_end`).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field

from croupier.games import Event, State
from croupier.games.lexio import Lexio, LexioObservation, RoundEnded
from croupier_server.web.tables import Mark
from croupier_server.web.tables.lexio.round_end import LexioRoundEnd, round_end
from croupier_server.web.tables.lexio.selection import describe_selection
from croupier_server.web.viewers import Viewer

__all__ = ["TABLE", "LexioRoundEnd", "LexioTable", "LexioTablePlugin"]


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
        The step's ``events`` are not needed: everything a Lexio table shows stays in the
        observation.
        """
        public: LexioObservation = state.observation(viewer.seat)
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


TABLE = LexioTablePlugin()
"""The plug-in, registered under ``croupier.tables`` as ``lexio``."""
