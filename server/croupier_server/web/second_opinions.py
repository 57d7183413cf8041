"""What would another bot do: a stored game's decisions of one seat, put to another bot.

Asking a bot means starting it as the referee starts a bot for a game and speaking the
contract with it, which the dashboard may not do (it never drives the referee). The
command serving the dashboard (``croupier serve``) hands it :class:`SecondOpinions` that
do; without them (``croupier dashboard``) the page says the feature needs ``croupier
serve`` and the API answers 404.
"""

from __future__ import annotations

from typing import Protocol

from fastapi import Request
from pydantic import BaseModel, Field

__all__ = [
    "Opinion",
    "OpinionRefused",
    "SecondOpinion",
    "SecondOpinions",
    "second_opinions_of",
]


class Opinion(BaseModel):
    """One decision of the seat: the action the game took, and the asked bot's answer."""

    step: int = Field(
        description="The replay step the decision led to: the game's action `step - 1`."
    )
    taken: str = Field(description="The action the game took.")
    taken_by: str = Field(description="Who chose it in the game: bot or default (the referee).")
    answer: str | None = Field(
        description="The asked bot's action; null when it gave no legal one."
    )
    fault: str = Field(
        description="Why it gave no legal action (an illegal or malformed answer, none in "
        "time, a crash), in one line; empty when it gave one."
    )
    agrees: bool = Field(description="Whether its answer is the action the game took.")
    latency_ms: float | None = Field(description="How long it took to answer.")
    comment: str | None = Field(description="Its own explanation of its answer, if it gave one.")


class SecondOpinion(BaseModel):
    """The asked bot's answer at each decision of one seat of a stored game."""

    game_id: int
    seat: int
    seat_bot: str = Field(description="The bot that played the seat in the game.")
    bot: str = Field(description="The bot asked.")
    decisions: list[Opinion] = Field(
        description="Each decision it was asked, in order; forced moves (one legal action) "
        "are not asked."
    )
    disagreements: int = Field(description="How many of its answers differ from the game's.")
    failure: str = Field(
        description="Why it was not asked every decision, in one line (it did not start, it "
        "crashed, it made as many faults as forfeit a seat); empty when it was."
    )
    output: list[str] = Field(description="Its last output lines, when it failed.")


class OpinionRefused(Exception):
    """A question that cannot be put; ``status`` is the HTTP status to answer.

    404: no such game, seat or bot; 400: a bot that cannot be asked about that game; 409:
    a game still being played (the dashboard also refuses, with 409, a game whose deal is
    still being played: see :mod:`croupier_server.web.second_opinion_pages`); 503: too
    many bots are being asked at once.
    """

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


class SecondOpinions(Protocol):
    """What asks a registered command bot a stored game's decisions of one seat.

    The commands that serve the dashboard pass one of these to
    :func:`~croupier_server.web.app.create_app`.
    """

    async def ask(self, *, game_id: int, bot: str, seat: int) -> SecondOpinion:
        """Ask ``bot``, started offline as for a game, for each decision of ``seat``.

        It is sent the observations the seat was sent, rebuilt by the engine from the
        game's seed and actions, under the game's time control; nothing is stored.

        Raises:
            OpinionRefused: the question cannot be put (see its statuses).
        """
        ...


def second_opinions_of(request: Request) -> SecondOpinions | None:
    """The application's :class:`SecondOpinions`, if it was given some."""
    opinions: SecondOpinions | None = request.app.state.second_opinions
    return opinions
