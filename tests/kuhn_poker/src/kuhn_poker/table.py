"""The Kuhn poker table of croupier's replay viewer: the pot, the betting, each seat's card.

A ``TablePlugin`` of ``croupier_server.web.tables``, registered under ``croupier.tables``.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field

from croupier.games import Event, State
from croupier_server.web.tables import TablePlugin, Viewer
from kuhn_poker._observation import KuhnObservation

__all__ = ["TABLE", "KuhnTable", "KuhnTablePlugin", "KuhnTurn"]


class KuhnTurn(BaseModel):
    """One action of the hand."""

    seat: int
    action: str = Field(description="check, bet, call or fold.")


class KuhnTable(BaseModel):
    """A moment of a Kuhn poker match; cards are written J, Q and K."""

    game: Literal["kuhn_poker"] = "kuhn_poker"
    hand_number: int
    hands: int = Field(description="The hands of the match.")
    first_seat: int = Field(description="The seat that acts first in this hand.")
    to_act: int | None = Field(description="The seat to act; null once the match is over.")
    pot: int = Field(description="The chips in this hand's pot.")
    history: list[KuhnTurn] = Field(description="The actions of this hand, in order.")
    cards: list[str | None] = Field(
        description="Each seat's card, or null for a card this viewer may not see."
    )
    showdown: bool = Field(description="Whether this hand went to a showdown (cards shown).")
    balances: list[int] = Field(description="Each seat's chips won in the hands already over.")


class KuhnTablePlugin:
    """Kuhn poker's ``TablePlugin``: its model, and ``templates/table.html`` to draw it."""

    name = "kuhn_poker"
    model = KuhnTable
    template = "table.html"
    templates = Path(__file__).parent / "templates"

    def table(
        self, state: State[Any, Any, Any], viewer: Viewer, events: Sequence[Event]
    ) -> KuhnTable:
        """The table of ``state`` as ``viewer`` sees it, from the engine's observations.

        A card is shown from the observation of the seat that holds it, for the seats the
        viewer shares; the other card only once the observation shows the showdown.
        """
        public: KuhnObservation = state.observation(viewer.seat)
        cards: list[str | None] = [None, None]
        if public.showdown is not None:
            cards = [str(card) for card in public.showdown]
        for seat in viewer.hand_seats(2):
            own: KuhnObservation = public if seat == viewer.seat else state.observation(seat)
            cards[seat] = str(own.card)
        return KuhnTable(
            hand_number=public.hand_number,
            hands=public.game.hands,
            first_seat=public.first_seat,
            to_act=public.to_act,
            pot=public.pot,
            history=[KuhnTurn(seat=seat, action=str(action)) for seat, action in public.history],
            cards=cards,
            showdown=public.showdown is not None,
            balances=list(public.balances),
        )


TABLE: TablePlugin[KuhnTable] = KuhnTablePlugin()
"""The plug-in, registered under ``croupier.tables`` as ``kuhn_poker``."""
