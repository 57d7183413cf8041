"""No seat ever receives another seat's hidden tiles or cards.

A recording bot sits in every seat of a real game and writes down every message the
referee sends it. Each seat must have received exactly the stored events it may see (the
store's own view of that seat), in order; every private event it received must be its
own; and nothing it received, events, decision requests or actions taken for it, may hold
a tile or card the seat could not have seen: in the current round or hand, only its own
dealt tiles or cards and what was shown to everybody.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import Engine
from sqlmodel import Session

from croupier import codec
from croupier.games import Event, Game, PrivateEvent, cribbage, lexio, load_game
from croupier_server import db
from tests.server.referee.harness import Transcript, play, scripted_command

pytestmark = [
    pytest.mark.parametrize("database_url", ["sqlite"], indirect=True),
]

Piece = lexio.Tile | cribbage.Card
NEW_DEAL = (lexio.RoundStarted, cribbage.HandDealt)
"""Events after which every tile or card is dealt again: what a seat saw before is moot."""


def pieces(value: Any) -> Iterator[Piece]:
    """Every tile and card inside ``value`` (an event, observation, action...)."""
    if isinstance(value, (lexio.Tile, cribbage.Card)):
        yield value
    elif isinstance(value, (str, bytes, int, float, enum.Enum)) or value is None:
        return
    elif dataclasses.is_dataclass(value):
        for item in dataclasses.fields(value):
            yield from pieces(getattr(value, item.name))
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from pieces(key)
            yield from pieces(item)
    elif isinstance(value, (tuple, list, set, frozenset)):
        for item in value:
            yield from pieces(item)


def check_seat_view(transcript: Transcript, seat: int, stored: list[tuple[str, str]]) -> None:
    """What ``seat`` received against what it may see (see the module docstring)."""
    (start,) = transcript.of_kind("game_start")
    assert start.seat == seat
    received: list[tuple[str, str]] = []
    seen: set[Piece] = set()
    for message in transcript.messages:
        kind = message.WhichOneof("message")
        # Contract version 2 batches a seat's events into its next request or game over.
        batched = {"decision": message.decision.events, "game_over": message.game_over.events}
        for encoded in [message.event] if kind == "event" else batched.get(kind or "", []):
            event: Event = codec.decode_event(encoded)
            received.append((type(event).__name__, str(event)))
            if isinstance(event, NEW_DEAL):
                seen = set()
            if isinstance(event, PrivateEvent):
                assert event.seat == seat, f"seat {seat} received {event}"
            seen.update(pieces(event))
        if kind == "decision":
            observation = codec.read_decision_request(message.decision).observation
            assert observation.seat == seat
            hidden = set(pieces(observation)) - seen
            assert not hidden, f"seat {seat} was shown {hidden} in {observation}"
        elif kind == "action_taken":
            action = codec.decode_action(message.action_taken.action, start_game(start))
            assert set(pieces(action)) <= seen
    assert received == stored


def start_game(start: Any) -> Game[Any]:
    return codec.read_game_start(start).game


@pytest.mark.parametrize(
    "game",
    [
        load_game("lexio", {"players": 4, "rounds": 2}),
        load_game("cribbage", {"variant": "four-player", "match_points": 1}),
    ],
    ids=["lexio", "cribbage"],
)
@pytest.mark.parametrize("protocol", ["1", "2", "2-live"])
def test_each_seat_receives_exactly_its_own_view(
    checked_engine: Engine, game: Game[Any], protocol: str
) -> None:
    commands = [scripted_command("honest", "--protocol", protocol, record=True)] * game.num_players
    game_id, log = play(checked_engine, game, commands, seed=8)
    private_kinds = set()
    with Session(checked_engine) as session:
        for seat in range(game.num_players):
            events = db.game_events(session, game_id=game_id, visible_to=seat)
            stored = [(event.kind, event.text) for event in events]
            private_kinds |= {event.kind for event in events if event.visible_to is not None}
            check_seat_view(Transcript.of(log, seat), seat, stored)
    # The game had hidden information to keep: private deals (and discards).
    assert private_kinds >= ({"TilesDealt"} if game.name == "lexio" else {"CardsDealt"})
