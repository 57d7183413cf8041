"""Databases made by an earlier croupier open with the current tables."""

from pathlib import Path

import sqlalchemy as sa
from sqlalchemy.engine import Engine
from sqlmodel import Session

from croupier_server.db import init_database, repository
from croupier_server.db.upgrade import upgrade_schema


def _make_old(engine: Engine, bots_directory: Path) -> None:
    """The tables as they were before games had a variant and bots had limits.

    Bots then ran from the directory they were registered in, with relative commands.
    """
    with engine.begin() as connection:
        connection.execute(sa.text("DROP INDEX ix_game_status_game_variant"))
        connection.execute(sa.text("ALTER TABLE game DROP COLUMN variant"))
        connection.execute(sa.text("ALTER TABLE bot DROP COLUMN limits"))
        connection.execute(sa.text("ALTER TABLE bot ADD COLUMN working_directory VARCHAR"))
        connection.execute(
            sa.text(
                "UPDATE bot SET command = 'python bots/mine.py --fast', working_directory = :d"
            ),
            {"d": str(bots_directory)},
        )


def test_an_old_database_gets_the_new_columns_filled_from_what_is_stored(
    engine: Engine, tmp_path: Path
) -> None:
    (tmp_path / "bots").mkdir()
    (tmp_path / "bots" / "mine.py").touch()
    with Session(engine) as session:
        bots = [
            repository.add_bot(session, name=f"bot{seat}", game="cribbage", command="true")
            for seat in range(2)
        ]
        match = repository.create_match(
            session, game="cribbage", options={"variant": "five-card"}, settings={}
        )
        assert match.id is not None
        repository.create_game(
            session, match_id=match.id, seed=1, bot_ids=[bot.id for bot in bots if bot.id]
        )
    _make_old(engine, tmp_path)

    init_database(engine)

    with engine.connect() as connection:
        assert connection.execute(sa.text("SELECT variant FROM game")).scalars().all() == [
            "five-card"
        ]
    indexes = {index["name"] for index in sa.inspect(engine).get_indexes("game")}
    assert "ix_game_status_game_variant" in indexes
    with Session(engine) as session:
        bots = repository.list_bots(session)
        assert [bot.limits for bot in bots] == [{}, {}]
        assert {bot.command for bot in bots} == {f"python {tmp_path}/bots/mine.py --fast"}


def test_a_current_database_needs_nothing(engine: Engine) -> None:
    assert upgrade_schema(engine) == []
