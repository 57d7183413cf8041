"""A Lexio round settled: the tiles each seat was left with, their counts and the payments.

Drawn from the engine's :class:`~croupier.games.lexio.RoundEnded` event, which every seat
sees (the rules show every hand when a round ends), and the engine's
:func:`~croupier.games.lexio.payments`: nothing is counted here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel, Field

from croupier.games import Event
from croupier.games.lexio import Lexio, MatchEnded, Played, RoundEnded, payments

__all__ = ["LexioRoundEnd", "RoundPayment", "RoundSeat", "round_end"]


class RoundSeat(BaseModel):
    """One seat at the end of a round."""

    seat: int
    tiles: list[str] = Field(description="The tiles left in its hand (none: it went out).")
    twos: int = Field(description="How many of them are 2s, each doubling the count.")
    count: int = Field(description="What its hand counts in the settlement.")
    net: int = Field(description="The chips it won (positive) or paid in the settlement.")
    balance: int = Field(description="Its chips after the settlement.")


class RoundPayment(BaseModel):
    """Chips one seat paid another: the difference of their counts."""

    payer: int
    payee: int
    chips: int


class LexioRoundEnd(BaseModel):
    """A round of a Lexio match as it was settled, before the next deal."""

    game: Literal["lexio"] = "lexio"
    round_number: int
    winner: int = Field(description="The seat that went out.")
    last_play: list[str] = Field(description="The tiles it went out with.")
    last_play_kind: str | None = Field(description="What that play was (single, pair...).")
    twos_penalty: bool = Field(description="Whether each 2 left in a hand doubles its count.")
    seats: list[RoundSeat]
    payments: list[RoundPayment] = Field(description="Who paid whom, pair by pair.")
    match_over: bool = Field(description="Whether this round ended the match.")


def round_end(rules: Lexio, events: Sequence[Event]) -> LexioRoundEnd | None:
    """The round settled among a step's ``events``, or ``None`` when none was."""
    ended = next((event for event in events if isinstance(event, RoundEnded)), None)
    if ended is None:
        return None
    last = next(
        (
            event
            for event in reversed(events)
            if isinstance(event, Played) and event.seat == ended.winner
        ),
        None,
    )
    return LexioRoundEnd(
        round_number=ended.round_number,
        winner=ended.winner,
        last_play=[] if last is None else [str(tile) for tile in last.combination.tiles],
        last_play_kind=None if last is None else last.combination.kind.value.replace("_", " "),
        twos_penalty=rules.twos_penalty != "off",
        seats=[
            RoundSeat(
                seat=seat,
                tiles=[str(tile) for tile in hand],
                twos=sum(tile.number == 2 for tile in hand),
                count=count,
                net=net,
                balance=balance,
            )
            for seat, (hand, count, net, balance) in enumerate(
                zip(ended.hands, ended.counts, ended.nets, ended.balances, strict=True)
            )
        ],
        payments=[
            RoundPayment(payer=payment.payer, payee=payment.payee, chips=payment.chips)
            for payment in payments(ended.counts)
        ],
        match_over=any(isinstance(event, MatchEnded) for event in events),
    )
