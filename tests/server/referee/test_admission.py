"""Who the referee lets in: Hello's token and protocol version, over real gRPC on loopback.

docs/referee.md, "Hello": an unknown or expired token ends the stream with
UNAUTHENTICATED, a second stream for a token already connected with ALREADY_EXISTS,
anything but a Hello first with INVALID_ARGUMENT; no protocol version or an unknown one,
or games that leave out the bot's, fail their precondition. The Welcome names the bot,
its game and the version of the stream.
"""

from __future__ import annotations

import asyncio

import grpc
import pytest
from sqlalchemy import Engine
from sqlmodel import Session

from croupier.games import load_game
from croupier.proto.v1 import referee_pb2, referee_pb2_grpc
from croupier_server import db
from croupier_server.db import SeatStatus
from croupier_server.recorded_games import load_bots, play_recorded_game
from croupier_server.referee.registry import SessionRegistry
from croupier_server.referee.service import RefereeServer
from croupier_server.tokens import hash_secret, new_secret
from tests.server.referee.harness import (
    GENEROUS,
    Transcript,
    example_command,
    register,
    scripted_command,
)

SQLITE_ONLY = pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)

LEXIO = load_game("lexio", {"players": 3, "rounds": 1})


def hello(token: str, protocol_version: int = 1) -> referee_pb2.BotMessage:
    message = referee_pb2.Hello(token=token, bot_name="test", protocol_version=protocol_version)
    return referee_pb2.BotMessage(hello=message)


async def first_answer(address: str, first: referee_pb2.BotMessage) -> grpc.StatusCode | str:
    """How the referee answers a stream that opens with ``first``: a status or a message kind."""
    async with grpc.aio.insecure_channel(address) as channel:
        call = referee_pb2_grpc.RefereeStub(channel).Connect()
        await call.write(first)
        try:
            response = await asyncio.wait_for(call.read(), 10)
        except grpc.aio.AioRpcError as error:
            return error.code()
        assert isinstance(response, referee_pb2.RefereeMessage)
        call.cancel()
        return str(response.WhichOneof("message"))


async def serving(registry: SessionRegistry) -> RefereeServer:
    server = RefereeServer(registry)
    await server.start()
    return server


def test_no_token_or_an_unknown_one_is_unauthenticated() -> None:
    async def scenario() -> None:
        registry = SessionRegistry()
        registry.expect_seat("the-seat-token", "seat 0 of game 1", bot_name="bot", game="lexio")
        server = await serving(registry)
        try:
            for token in ["", "no-such-token", "the-seat-token "]:
                assert await first_answer(server.address, hello(token)) == (
                    grpc.StatusCode.UNAUTHENTICATED
                )
            # Refusals spend nothing: the seat's own token is still welcome.
            assert await first_answer(server.address, hello("the-seat-token")) == "welcome"
        finally:
            await server.stop()

    asyncio.run(scenario())


@SQLITE_ONLY
def test_a_token_of_another_games_seat_is_unauthenticated(engine: Engine) -> None:
    names = register(engine, "lexio", [example_command("lexio_random")] * 3)
    with Session(engine) as session:
        bot_ids = [bot.id for bot in load_bots(engine, names=names, game=LEXIO) if bot.id]
        other_game = db.create_game(
            session, game="lexio", options=LEXIO.options(), seed=1, bot_ids=bot_ids
        )
        assert other_game.id is not None
        other_tokens = [new_secret() for _ in bot_ids]  # handed to its bots, never stored
        db.abort_game(session, game_id=other_game.id, reason="never played")

    async def scenario() -> None:
        registry = SessionRegistry()
        registry.expect_seat("seat-0-token", "seat 0 of game 2", bot_name="bot", game="lexio")
        server = await serving(registry)
        try:
            for token in other_tokens:
                assert await first_answer(server.address, hello(token)) == (
                    grpc.StatusCode.UNAUTHENTICATED
                )
            assert await first_answer(server.address, hello("seat-0-token")) == "welcome"
            assert await first_answer(server.address, hello("seat-0-token")) == (
                grpc.StatusCode.ALREADY_EXISTS
            )
        finally:
            await server.stop()

    asyncio.run(scenario())


@SQLITE_ONLY
def test_the_tokens_of_a_finished_game_are_unauthenticated(checked_engine: Engine) -> None:
    names = register(checked_engine, "lexio", [scripted_command(record=True)] * 3)
    bots = load_bots(checked_engine, names=names, game=LEXIO)

    async def scenario() -> tuple[int, list[str]]:
        server = await serving(SessionRegistry())
        try:
            game_id, log = await play_recorded_game(
                checked_engine, server, game=LEXIO, bots=bots, seed=3, settings=GENEROUS
            )
            tokens = [Transcript.of(log, seat).token for seat in range(3)]
            for token in tokens:
                assert await first_answer(server.address, hello(token)) == (
                    grpc.StatusCode.UNAUTHENTICATED
                )
            return game_id, tokens
        finally:
            await server.stop()

    game_id, tokens = asyncio.run(scenario())
    assert len(set(tokens)) == 3
    # They were the real tokens of the game's seats: each seat's bot played its own seat.
    with Session(checked_engine) as session:
        seats = db.game_seats(session, game_id=game_id)
        assert [seat.status for seat in seats] == [SeatStatus.FINISHED] * 3
        assert all(seat.decisions > 0 for seat in seats)
    # Nothing of them is stored, in plain text or hashed.
    with checked_engine.connect() as connection:
        stored = str(connection.exec_driver_sql("SELECT * FROM seat").all())
    assert not [token for token in tokens if token in stored or hash_secret(token) in stored]


def test_another_protocol_version_fails_its_precondition() -> None:
    async def scenario() -> None:
        registry = SessionRegistry()
        registry.expect_seat("the-seat-token", "seat 0 of game 1", bot_name="bot", game="lexio")
        server = await serving(registry)
        try:
            for version in [0, 3]:
                assert await first_answer(server.address, hello("the-seat-token", version)) == (
                    grpc.StatusCode.FAILED_PRECONDITION
                )
            assert registry.refusal("the-seat-token") == (
                "the Hello says protocol_version 3; this referee speaks 1 and 2"
            )
            assert await first_answer(server.address, hello("the-seat-token", 1)) == "welcome"
        finally:
            await server.stop()

    asyncio.run(scenario())


def test_a_stream_that_does_not_open_with_hello_is_an_invalid_argument() -> None:
    async def scenario() -> None:
        registry = SessionRegistry()
        registry.expect_seat("the-seat-token", "seat 0 of game 1", bot_name="bot", game="lexio")
        server = await serving(registry)
        try:
            reply = referee_pb2.ActionReply(request_id=1, action=referee_pb2.Action())
            for first in [referee_pb2.BotMessage(action=reply), referee_pb2.BotMessage()]:
                assert await first_answer(server.address, first) == (
                    grpc.StatusCode.INVALID_ARGUMENT
                )
        finally:
            await server.stop()

    asyncio.run(scenario())


async def welcome_of(address: str, first: referee_pb2.BotMessage) -> referee_pb2.Welcome:
    """The Welcome a stream opening with ``first`` is given."""
    async with grpc.aio.insecure_channel(address) as channel:
        call = referee_pb2_grpc.RefereeStub(channel).Connect()
        await call.write(first)
        response = await asyncio.wait_for(call.read(), 10)
        assert isinstance(response, referee_pb2.RefereeMessage)
        call.cancel()
        return response.welcome


def test_a_remote_bot_learns_its_game_and_is_refused_for_games_it_does_not_play() -> None:
    async def scenario() -> None:
        registry = SessionRegistry()
        registry.allow_remote(hash_secret("the-bot-key"), "visitor", game="cribbage")
        server = await serving(registry)
        try:
            for version in [1, 2]:
                welcome = await welcome_of(server.address, hello("the-bot-key", version))
                assert (welcome.bot_name, welcome.game) == ("visitor", "cribbage")
                assert welcome.protocol_version == version
            speaks_lexio = hello("the-bot-key", 2)
            speaks_lexio.hello.games.append("lexio")
            assert await first_answer(server.address, speaks_lexio) == (
                grpc.StatusCode.FAILED_PRECONDITION
            )
            speaks_lexio.hello.games.append("cribbage")
            assert await first_answer(server.address, speaks_lexio) == "welcome"
        finally:
            await server.stop()

    asyncio.run(scenario())
