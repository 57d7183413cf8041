"""The cribbage table of the replay viewer: hands, crib, starter, count, pegs and shows.

Its insight (:class:`~croupier_server.web.tables.TableInsight`): each seat's score in the
current game, each show and each game won as a mark, and each hand's end as a moment
(:mod:`.show`), with the pegging board (:mod:`.pegs`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field

from croupier.games import Event, State
from croupier.games.cribbage import (
    Card,
    Cribbage,
    CribbageObservation,
    CribShown,
    GameWon,
    HandShown,
    LineShown,
    ShownHand,
    SoloGameEnded,
)
from croupier_server.web.tables import Mark
from croupier_server.web.tables.cribbage.pegs import PeggingBoard, pegging_board
from croupier_server.web.tables.cribbage.show import CribbageShow, hand_end
from croupier_server.web.viewers import Viewer

__all__ = [
    "TABLE",
    "CribbageShow",
    "CribbageTable",
    "CribbageTablePlugin",
    "PeggingBoard",
    "ShownCards",
]


class ShownCards(BaseModel):
    """A hand, crib or square line counted in a show."""

    owner: int
    label: str = Field(description="hand, crib, or a square line such as 'row 0'.")
    cards: list[str]
    starter: str
    points: int


class CribbageTable(BaseModel):
    """A moment of a cribbage game; cards are written as the engine prints them (``5H``)."""

    game: Literal["cribbage"] = "cribbage"
    phase: str = Field(description="discard, play, place (square) or over.")
    game_number: int
    hand_number: int
    dealer: int
    to_act: list[int]
    scores: list[int] = Field(description="Each seat's score in this game (partners share).")
    game_points: list[int] = Field(description="Each seat's game points in the match.")
    target: int = Field(description="The score that wins a game.")
    match_points: int = Field(description="The game points that win the match.")
    starter: str | None
    count: int
    count_cards: list[str] = Field(description="The cards played since the count was reset.")
    played: list[list[str]] = Field(description="Each seat's cards played this hand, in order.")
    goes: list[int] = Field(description="The seats that said go in the current count.")
    hands: list[list[str] | None] = Field(
        description="Each seat's unplayed cards, or null for a hand this viewer may not see."
    )
    hand_sizes: list[int]
    crib: list[str | None] = Field(
        description="The crib: the discards this viewer may see, then null per face-down card."
    )
    discarded: list[bool] = Field(description="Whether each seat has laid away this hand.")
    shown: list[ShownCards] = Field(
        description="The hands counted in the show of this hand so far (a show that ended "
        "the game; the shows followed by the next deal are the step's moment)."
    )
    pegging: PeggingBoard
    grid: list[str | None] = Field(description="Cribbage square's cells row by row.")
    turned: str | None = Field(description="Cribbage square's card waiting to be placed.")


class CribbageTablePlugin:
    """Cribbage's :class:`~croupier_server.web.tables.TablePlugin`."""

    name = "cribbage"
    model = CribbageTable
    template = "table.html"
    templates = Path(__file__).parent
    tally_unit = "points"
    moment_model = CribbageShow
    moment_template = "show.html"

    def table(
        self, state: State[Any, Any, Any], viewer: Viewer, events: Sequence[Event]
    ) -> CribbageTable:
        """The table of ``state`` as ``viewer`` sees it, built from the engine's observations.

        ``events`` are the events of this step the viewer may see: their points are
        flagged on the pegging board. A hand and a discard are shown only from the
        observation of the seat that holds them.
        """
        public: CribbageObservation = state.observation(viewer.seat)
        players = len(public.hand_sizes)
        hands: list[list[str] | None] = [None] * players
        known_crib: list[str] = []
        for seat in viewer.hand_seats(players):
            own: CribbageObservation = public if seat == viewer.seat else state.observation(seat)
            hands[seat] = _texts(own.hand)
            known_crib.extend(_texts(own.discards))
        played: list[list[str]] = [[] for _ in range(players)]
        for seat, card in public.played:
            played[seat].append(str(card))
        face_down: list[str | None] = [None] * (public.crib_size - len(known_crib))
        return CribbageTable(
            phase=public.phase,
            game_number=public.game_number,
            hand_number=public.hand_number,
            dealer=public.dealer,
            to_act=list(public.to_act),
            scores=list(public.scores),
            game_points=list(public.game_points),
            target=public.game.target,
            match_points=public.game.match_points,
            starter=None if public.starter is None else str(public.starter),
            count=public.count,
            count_cards=_texts(public.count_cards),
            played=played,
            goes=list(public.goes),
            hands=hands,
            hand_sizes=list(public.hand_sizes),
            crib=[*known_crib, *face_down],
            discarded=list(public.discarded),
            shown=[_shown(hand) for hand in public.shown],
            pegging=pegging_board(_rules(state), state.events, events),
            grid=[None if card is None else str(card) for card in public.grid],
            turned=None if public.turned is None else str(public.turned),
        )

    def tally(self, state: State[Any, Any, Any]) -> tuple[int, ...]:
        """Each seat's score in the current game (partners share theirs)."""
        public: CribbageObservation = state.observation(None)
        return public.scores

    def marks(self, events: Sequence[Event]) -> list[Mark]:
        """A show (each hand, crib or line and its points), and a game won."""
        shows = [event for event in events if isinstance(event, HandShown | CribShown | LineShown)]
        found = []
        if shows:
            found.append(Mark("hand", "show: " + ", ".join(_show_label(show) for show in shows)))
        ends = [event for event in events if isinstance(event, GameWon | SoloGameEnded)]
        found.extend(Mark("game", str(event)) for event in ends)
        return found

    def moment(
        self, state: State[Any, Any, Any], viewer: Viewer, events: Sequence[Event]
    ) -> CribbageShow | None:
        """The hand that ended in this step: its show, combination by combination, and board."""
        return hand_end(_rules(state), state.events, events)


TABLE = CribbageTablePlugin()
"""The plug-in, registered under ``croupier.tables`` as ``cribbage``."""


def _texts(cards: Iterable[Card]) -> list[str]:
    return [str(card) for card in cards]


def _shown(hand: ShownHand) -> ShownCards:
    return ShownCards(
        owner=hand.owner,
        label=hand.label,
        cards=_texts(hand.cards),
        starter=str(hand.starter),
        points=hand.points,
    )


def _rules(state: State[Any, Any, Any]) -> Cribbage:
    rules = state.game
    assert isinstance(rules, Cribbage)
    return rules


def _show_label(event: HandShown | CribShown | LineShown) -> str:
    if isinstance(event, LineShown):
        return f"{event.line} {event.breakdown.total}"
    label = "crib" if isinstance(event, CribShown) else "hand"
    return f"seat {event.seat} {label} {event.points}"
