"""The registered bots on both backends: names, commands, remote bots and their keys."""

import pytest
from sqlalchemy.engine import Engine
from sqlmodel import Session

from croupier_server import db
from croupier_server.db import BotKind, BotNameTaken, authors
from croupier_server.db.version_listing import submitted_bot
from croupier_server.tokens import hash_secret
from tests import queries


def test_bots_are_added_listed_and_found_by_name(session: Session) -> None:
    db.add_bot(session, name="zeta", game="lexio", command="./zeta", limits={"memory_mb": 64})
    db.add_bot(session, name="beta", game="cribbage", command="python a.py", description="A")
    db.add_bot(session, name="alpha", game="lexio", command="python b.py")
    assert [bot.name for bot in db.list_bots(session)] == ["alpha", "beta", "zeta"]
    assert [bot.name for bot in db.list_bots(session, game="lexio")] == ["alpha", "zeta"]
    zeta = db.get_bot_by_name(session, name="zeta")
    assert zeta is not None
    assert (zeta.kind, zeta.command, zeta.limits) == (BotKind.COMMAND, "./zeta", {"memory_mb": 64})
    assert zeta.key_hash is None
    assert db.get_bot_by_name(session, name="Zeta") is None
    assert zeta.id is not None
    assert db.get_bot(session, bot_id=zeta.id) == zeta


def test_a_taken_name_is_refused_clearly_and_the_session_goes_on(session: Session) -> None:
    db.add_bot(session, name="alpha", game="lexio", command="a")
    with pytest.raises(BotNameTaken, match="a bot named 'alpha' already exists"):
        db.add_bot(session, name="alpha", game="cribbage", command="b")
    with pytest.raises(BotNameTaken):
        db.create_remote_bot(session, name="alpha", game="lexio")
    db.add_bot(session, name="beta", game="lexio", command="b")
    assert [bot.name for bot in db.list_bots(session)] == ["alpha", "beta"]


@pytest.mark.parametrize(
    ("name", "game", "message"),
    [
        ("", "lexio", "bot name"),
        (" padded", "lexio", "bot name"),
        ("tab\there", "lexio", "bot name"),
        ("x" * 65, "lexio", "1 to 64 printable characters"),
        ("alpha", "chess", "unknown game 'chess'"),
    ],
)
def test_bad_names_and_games_are_refused(
    session: Session, name: str, game: str, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        db.add_bot(session, name=name, game=game, command="x")


def test_a_remote_bot_key_is_shown_once_and_stored_hashed(session: Session, engine: Engine) -> None:
    bot, key = db.create_remote_bot(session, name="remote", game="cribbage", description="r")
    assert bot.kind == BotKind.REMOTE
    assert bot.command is None
    assert len(key) >= 43
    assert bot.key_hash == hash_secret(key)
    found = queries.find_bot_by_key(session, key=key)
    assert found is not None
    assert found.name == "remote"
    assert queries.find_bot_by_key(session, key=key + "x") is None
    assert queries.find_bot_by_key(session, key="") is None
    with engine.connect() as connection:
        stored = connection.exec_driver_sql("SELECT * FROM bot").one()
    assert key not in [str(value) for value in stored]


def test_bot_ids_by_name(session: Session) -> None:
    alice = db.add_bot(session, name="alice", game="cribbage", command="true").id
    bob = db.add_bot(session, name="bob", game="cribbage", command="true").id
    assert db.bot_ids(session) == {"alice": alice, "bob": bob}
    assert db.bot_ids(session, names=["bob", "alice", "nobody"]) == {"alice": alice, "bob": bob}
    assert db.bot_ids(session, names=[]) == {}


def test_a_name_holding_a_nul_finds_nothing_on_either_backend(session: Session) -> None:
    db.add_bot(session, name="alpha", game="lexio", command="a")
    assert db.get_bot_by_name(session, name="alpha\x00") is None
    assert submitted_bot(session, name="\x00") is None
    assert authors.get_author_by_name(session, name="ada\x00") is None
    assert db.get_bot_by_name(session, name="alpha") is not None
