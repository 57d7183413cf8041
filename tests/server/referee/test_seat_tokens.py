"""A seat token is good for its own seat of its own game, and for nothing else.

docs/referee.md, "Hello": the registry admits a seat token for the one seat it was made
for, once, while that game waits for it or plays; a bot key puts a remote bot in the pool
of idle sessions and never in a seat a started bot was given. The database finds a bot by
its key's digest and keeps no seat token: seats are admitted in memory. (Tokens of another
game, of a finished game, made up or missing are refused over gRPC: test_admission.py.)
"""

from __future__ import annotations

import asyncio

import grpc
import pytest
import sqlalchemy as sa
from sqlalchemy import Engine
from sqlmodel import Session

from croupier.games import load_game
from croupier_server import db
from croupier_server.referee.registry import MAX_STREAMS_PER_KEY, AdmissionError, SessionRegistry
from croupier_server.tokens import hash_secret
from tests import queries

LEXIO = load_game("lexio", {"players": 3, "rounds": 1})


def test_a_seat_token_admits_its_own_seat_and_no_other() -> None:
    async def scenario() -> None:
        registry = SessionRegistry()
        seats = {
            token: registry.expect_seat(token, label, bot_name="bot", game="lexio")
            for token, label in [
                ("game-1-seat-0-token", "seat 0 of game 1"),
                ("game-1-seat-1-token", "seat 1 of game 1"),
                ("game-2-seat-0-token", "seat 0 of game 2"),
            ]
        }
        session = registry.admit("game-1-seat-1-token")
        assert session.label == "seat 1 of game 1"
        assert seats["game-1-seat-1-token"].result() is session
        assert not seats["game-1-seat-0-token"].done()
        assert not seats["game-2-seat-0-token"].done()
        with pytest.raises(AdmissionError) as again:
            registry.admit("game-1-seat-1-token")
        assert again.value.code is grpc.StatusCode.ALREADY_EXISTS
        # The other seats are still waiting for their own tokens.
        assert registry.admit("game-1-seat-0-token").label == "seat 0 of game 1"
        assert registry.admit("game-2-seat-0-token").label == "seat 0 of game 2"

    asyncio.run(scenario())


def test_a_bot_key_seats_no_started_bot() -> None:
    async def scenario() -> None:
        registry = SessionRegistry()
        registry.allow_remote(hash_secret("the-bot-key"), "visitor")
        seat = registry.expect_seat(
            "the-seat-token", "seat 0 of game 1", bot_name="bot", game="lexio"
        )
        session = registry.admit("the-bot-key")
        assert session.label == "remote bot visitor"
        assert not seat.done()
        assert registry.idle_remote_bots() == {"visitor": 1}

    asyncio.run(scenario())


def test_a_seat_token_is_no_bot_key() -> None:
    async def scenario() -> None:
        registry = SessionRegistry()
        registry.allow_remote(hash_secret("the-bot-key"), "visitor")
        registry.expect_seat("the-seat-token", "seat 0 of game 1", bot_name="bot", game="lexio")
        assert registry.admit("the-seat-token").label == "seat 0 of game 1"
        assert registry.idle_remote_bots() == {}
        # Once its game is over, the token admits nobody, as a seat or as a bot.
        registry.revoke_seat("the-seat-token")
        with pytest.raises(AdmissionError) as refused:
            registry.admit("the-seat-token")
        assert refused.value.code is grpc.StatusCode.UNAUTHENTICATED
        assert registry.idle_remote_bots() == {}

    asyncio.run(scenario())


def test_the_database_finds_a_bot_by_its_key_and_keeps_no_seat_token(
    engine: Engine, session: Session
) -> None:
    bots = [
        db.add_bot(session, name=f"bot{seat}", game="lexio", command="bot").id or 0
        for seat in range(3)
    ]
    remote, key = db.create_remote_bot(session, name="visitor", game="lexio")
    for seed in (1, 2):
        db.create_game(session, game="lexio", options=LEXIO.options(), seed=seed, bot_ids=bots)
    assert queries.find_bot_by_key(session, key=key) == remote
    assert queries.find_bot_by_key(session, key=hash_secret(key)) is None
    columns = {column["name"] for column in sa.inspect(engine).get_columns("seat")}
    assert not [name for name in columns if "token" in name]


def test_a_bot_key_admits_many_streams_up_to_its_limit_and_only_for_its_game() -> None:
    async def scenario() -> None:
        registry = SessionRegistry()
        registry.allow_remote(hash_secret("key"), "visitor", game="cribbage")
        sessions = [registry.admit("key") for _ in range(MAX_STREAMS_PER_KEY - 1)]
        sessions.append(registry.admit("key", games=["cribbage"]))
        assert {(session.bot_name, session.game) for session in sessions} == {
            ("visitor", "cribbage")
        }
        assert registry.idle_remote_bots() == {"visitor": MAX_STREAMS_PER_KEY}
        with pytest.raises(AdmissionError) as refused:
            registry.admit("key")
        assert refused.value.code is grpc.StatusCode.RESOURCE_EXHAUSTED
        # A stream that ends makes room for another.
        sessions[0].close("gone")
        registry.admit("key")
        with pytest.raises(AdmissionError) as refused:
            registry.admit("key", games=["lexio"])
        assert refused.value.code is grpc.StatusCode.FAILED_PRECONDITION
        assert (
            str(refused.value)
            == "visitor is registered for cribbage, and the bot says it plays lexio"
        )

    asyncio.run(scenario())
