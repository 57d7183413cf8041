"""What crosses the referee link: its methods, and each message as a checked JSON model.

Every request and every answer is a pydantic model, read with its bounds checked on the
side that receives it, so a message from the other process is taken no more on trust than
a page's. An answer is an :class:`Answer`: the value asked for, or the refusal the call met
(:class:`Refusal`), which the client raises again as the same exception with the same
message (:func:`refusal_of`, :func:`raise_refusal`).
"""

from __future__ import annotations

import enum
from typing import Annotated, Any, Generic, TypeVar

from pydantic import BaseModel, Field

from croupier.games import Result, load_game
from croupier_server.web.play_schemas import (
    ForkRequest,
    SeatSnapshot,
    SeatState,
    TableRefused,
    TableRequest,
    TurnRefused,
)
from croupier_server.web.second_opinions import OpinionRefused

__all__ = [
    "MAX_REQUEST_BYTES",
    "SERVICE",
    "Admission",
    "Answer",
    "Fork",
    "Method",
    "Opening",
    "Question",
    "Refusal",
    "RefusalKind",
    "SeatAction",
    "SeatCall",
    "SeatChange",
    "SeatHandOver",
    "WireSnapshot",
    "raise_refusal",
    "refusal_of",
]

SERVICE = "croupier.internal.v1.RefereeLink"
"""The gRPC service the link's methods belong to (never exposed beyond the Unix socket)."""
MAX_REQUEST_BYTES = 1 << 20
"""The largest request the referee reads: tables, seats and questions are small."""

VALUE = TypeVar("VALUE")
Secret = Annotated[str, Field(min_length=20, max_length=100, pattern=r"^[A-Za-z0-9_-]+$")]
"""The secret of a person's seat, as its link holds it."""
Who = Annotated[str, Field(max_length=200, pattern=r"^(admin|guest|author:\S+)$")]
"""Who opens a table, as the pages name them."""


class Method(enum.StrEnum):
    """The link's methods; each is a unary call but ``FOLLOW``, a stream held open."""

    ADMIT = "Admit"
    OPEN_TABLE = "OpenTable"
    FORK = "Fork"
    SNAPSHOT = "Snapshot"
    AFTER = "After"
    FOLLOW = "Follow"
    ACT = "Act"
    HAND_OVER = "HandOver"
    TAKE_BACK = "TakeBack"
    ASK = "Ask"

    @property
    def path(self) -> str:
        """The method's gRPC path."""
        return f"/{SERVICE}/{self.value}"


class Admission(BaseModel):
    """A remote bot registered through the dashboard, to be admitted by the referee."""

    name: str = Field(min_length=1, max_length=200)


class Opening(BaseModel):
    """``PersonTables.open_table``'s arguments."""

    request: TableRequest
    who: Who


class Fork(BaseModel):
    """``PersonTables.fork``'s arguments."""

    request: ForkRequest
    who: Who


class SeatCall(BaseModel):
    """A call on the person's seat whose link holds ``secret``."""

    secret: Secret


class SeatChange(SeatCall):
    """``PersonSeatHandle.after``'s argument: the version the page has."""

    version: int = Field(ge=0)


class SeatAction(SeatCall):
    """``PersonSeatHandle.act``'s arguments."""

    request_id: int = Field(ge=1)
    action: int = Field(ge=0)


class SeatHandOver(SeatCall):
    """``PersonSeatHandle.hand_over``'s argument."""

    bot: str | None = Field(default=None, max_length=200)


class Question(BaseModel):
    """``SecondOpinions.ask``'s arguments."""

    game_id: int = Field(ge=1)
    bot: str = Field(min_length=1, max_length=200)
    seat: int = Field(ge=0)


class WireSnapshot(BaseModel):
    """A :class:`SeatSnapshot` as text: the game by name and options, actions as written."""

    version: int = Field(ge=0)
    game: str
    options: dict[str, Any]
    game_id: int
    seed: int
    seat: int = Field(ge=0)
    names: list[str]
    actions: list[tuple[int, str]]
    state: SeatState
    stand_in: str | None
    request_id: int | None
    legal_actions: list[str]
    time_left_ms: int | None
    asked_ago_ms: int
    refusal: str
    scores: list[int] | None
    detail: str

    @classmethod
    def of(cls, snapshot: SeatSnapshot) -> WireSnapshot:
        """``snapshot`` as it crosses the link."""
        result = snapshot.result
        return cls(
            version=snapshot.version,
            game=snapshot.game.name,
            options=snapshot.game.options(),
            game_id=snapshot.game_id,
            seed=snapshot.seed,
            seat=snapshot.seat,
            names=list(snapshot.names),
            actions=[(seat, str(action)) for seat, action in snapshot.actions],
            state=snapshot.state,
            stand_in=snapshot.stand_in,
            request_id=snapshot.request_id,
            legal_actions=[str(action) for action in snapshot.legal_actions],
            time_left_ms=snapshot.time_left_ms,
            asked_ago_ms=snapshot.asked_ago_ms,
            refusal=snapshot.refusal,
            scores=None if result is None else list(result.scores),
            detail=snapshot.detail,
        )

    def snapshot(self) -> SeatSnapshot:
        """The snapshot again, its game rebuilt by the engine and its actions parsed.

        Raises:
            ValueError: an unknown game or options, or an action the game does not have.
        """
        try:
            game = load_game(self.game, self.options)
        except KeyError:
            raise ValueError(f"no game {self.game!r} here") from None
        return SeatSnapshot(
            version=self.version,
            game=game,
            game_id=self.game_id,
            seed=self.seed,
            seat=self.seat,
            names=tuple(self.names),
            actions=tuple((seat, game.parse_action(text)) for seat, text in self.actions),
            state=self.state,
            stand_in=self.stand_in,
            request_id=self.request_id,
            legal_actions=tuple(game.parse_action(text) for text in self.legal_actions),
            time_left_ms=self.time_left_ms,
            asked_ago_ms=self.asked_ago_ms,
            refusal=self.refusal,
            result=None if self.scores is None else Result(scores=tuple(self.scores)),
            detail=self.detail,
        )


class RefusalKind(enum.StrEnum):
    """Which of the pages' exceptions a refusal is."""

    TABLE = "table"
    """:class:`~croupier_server.web.play_schemas.TableRefused`"""
    TURN = "turn"
    """:class:`~croupier_server.web.play_schemas.TurnRefused`"""
    OPINION = "opinion"
    """:class:`~croupier_server.web.second_opinions.OpinionRefused`, with its status."""


class Refusal(BaseModel):
    """A call refused as the pages' exceptions refuse it: their kind, message and status."""

    kind: RefusalKind
    message: str = Field(max_length=10_000)
    status: int = Field(default=400, ge=400, le=599)


class Answer(BaseModel, Generic[VALUE]):
    """What a call gives back: its value, or why it was refused."""

    value: VALUE | None = None
    refused: Refusal | None = None


def refusal_of(error: Exception) -> Refusal | None:
    """The refusal ``error`` is, if it is one of the pages' exceptions."""
    if isinstance(error, TableRefused):
        return Refusal(kind=RefusalKind.TABLE, message=str(error), status=error.status)
    if isinstance(error, TurnRefused):
        return Refusal(kind=RefusalKind.TURN, message=str(error))
    if isinstance(error, OpinionRefused):
        return Refusal(kind=RefusalKind.OPINION, message=str(error), status=error.status)
    return None


def raise_refusal(refusal: Refusal) -> None:
    """Raise ``refusal`` as the exception it was on the referee's side.

    Raises:
        TableRefused | TurnRefused | OpinionRefused: as ``refusal`` says, always.
    """
    if refusal.kind is RefusalKind.TABLE:
        raise TableRefused(refusal.message, status=refusal.status)
    if refusal.kind is RefusalKind.TURN:
        raise TurnRefused(refusal.message)
    raise OpinionRefused(refusal.status, refusal.message)
