"""Databases made by an earlier croupier open with the current tables."""

from pathlib import Path

import sqlalchemy as sa
from sqlalchemy.engine import Engine
from sqlmodel import Session

from croupier.games import load_game
from croupier_server import db
from croupier_server.db import DecidedBy, init_database, outputs, utc_now
from croupier_server.db.upgrade import upgrade_schema
from croupier_server.referee.output import OutputLine, OutputStream


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
            db.add_bot(session, name=f"bot{seat}", game="cribbage", command="true")
            for seat in range(2)
        ]
        match = db.create_match(
            session, game="cribbage", options={"variant": "five-card"}, settings={}
        )
        assert match.id is not None
        db.create_game(
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
        bots = db.list_bots(session)
        assert [bot.limits for bot in bots] == [{}, {}]
        assert {bot.command for bot in bots} == {f"python {tmp_path}/bots/mine.py --fast"}


def test_a_current_database_needs_nothing(engine: Engine) -> None:
    assert upgrade_schema(engine) == []


def test_an_old_database_gets_comments_and_output_with_its_games_kept(engine: Engine) -> None:
    """The tables as they were before bots could comment and their output was kept."""
    with Session(engine) as session:
        bot = db.add_bot(session, name="old", game="lexio", command="true")
        assert bot.id is not None
        match = db.create_match(session, game="lexio", options={"players": 3})
        assert match.id is not None
        game, _ = db.create_game(session, match_id=match.id, seed=1, bot_ids=[bot.id] * 3)
        assert game.id is not None
        game_id = game.id
        first = load_game("lexio", {"players": 3}).new_state(1).seats_to_act()[0]
        db.record_action(
            session,
            game_id=game_id,
            seat=first,
            action="play cloud3",
            requested_at=utc_now(),
            decided_by=DecidedBy.BOT,
            latency_ms=3.0,
        )
    with engine.begin() as connection:
        connection.execute(sa.text("DROP TABLE output_line"))
        connection.execute(sa.text("ALTER TABLE action DROP COLUMN comment"))
        connection.execute(sa.text("ALTER TABLE seat DROP COLUMN output_dropped_bytes"))

    assert sorted(upgrade_schema(engine)) == ["action.comment", "seat.output_dropped_bytes"]
    init_database(engine)

    assert "output_line" in sa.inspect(engine).get_table_names()
    with Session(engine) as session:
        (action,) = db.game_actions(session, game_id=game_id)
        assert (action.text, action.comment) == ("play cloud3", None)
        seats = db.game_seats(session, game_id=game_id)
        assert [seat.output_dropped_bytes for seat in seats] == [0, 0, 0]
        line = OutputLine(utc_now(), OutputStream.STDERR, "written after the upgrade")
        outputs.record_output(session, game_id=game_id, seat=2, lines=[line], dropped_bytes=9)
        (stored,) = outputs.game_output(session, game_id=game_id)
        assert (stored.seat, stored.text) == (2, "written after the upgrade")
        assert db.game_seats(session, game_id=game_id)[2].output_dropped_bytes == 9
