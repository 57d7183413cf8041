"""The schema's migrations: new databases at the head, older ones upgraded, newer ones refused.

A database made before migrations is at the baseline, or older still: its tables lack
columns and indexes that the upgrade adds, filling them from what is stored.
"""

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from alembic.script import ScriptDirectory
from sqlalchemy.engine import Engine
from sqlmodel import Session

from croupier.games import Result, load_game
from croupier_server import db
from croupier_server.clock import utc_now
from croupier_server.db import (
    BotNameTaken,
    DatabaseUnavailable,
    authors,
    create_database_engine,
    init_database,
    outputs,
)
from croupier_server.db.board_tallies import BoardTally, board_tallies
from croupier_server.db.bots import is_open_to_people
from croupier_server.db.migrations.baseline import BASELINE, catch_up
from croupier_server.db.models import UTCDateTime
from croupier_server.db.schedule import NewScheduledGame, add_scheduled_games, scheduled_games
from croupier_server.db.schema import (
    BASELINE_REVISION,
    HEAD_REVISION,
    MIGRATIONS,
    VERSION_TABLE,
    migrating,
)
from croupier_server.db.work import ScheduleStatus
from croupier_server.referee.containment.output import OutputLine, OutputStream
from croupier_server.settings import DATABASE_URL_VARIABLE
from tests.server.db.played import SIX_CARD, start_game
from tests.server.db.schema_diff import differences
from tests.server.db.test_replay import store_game

MOMENT = utc_now()


@pytest.fixture
def blank(blank_database_url: str) -> Iterator[Engine]:
    """An engine on an empty database of each backend."""
    engine = create_database_engine(blank_database_url)
    try:
        yield engine
    finally:
        engine.dispose()


def _revision(engine: Engine) -> str:
    with engine.connect() as connection:
        found: str = connection.exec_driver_sql(f"SELECT version_num FROM {VERSION_TABLE}").one()[0]
        return found


def _statements(engine: Engine) -> list[str]:
    """The statements ``engine`` runs from now on (the list grows)."""
    statements: list[str] = []
    sa.event.listen(
        engine, "before_cursor_execute", lambda *args: statements.append(args[2].split()[0])
    )
    return statements


def test_the_head_is_the_last_revision_and_the_baseline_the_first() -> None:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    script = ScriptDirectory.from_config(config)
    assert script.get_heads() == [HEAD_REVISION]
    assert script.get_bases() == [BASELINE_REVISION]


def test_a_new_database_is_made_at_the_head_as_the_models_say(blank: Engine) -> None:
    init_database(blank)
    assert _revision(blank) == HEAD_REVISION
    assert differences(blank.url.render_as_string(hide_password=False)) == []


def test_the_migrations_from_an_empty_database_make_the_models_schema(blank: Engine) -> None:
    """What ``alembic revision --autogenerate`` compares: the revisions against the models."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with migrating(blank) as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
    assert _revision(blank) == HEAD_REVISION
    assert differences(blank.url.render_as_string(hide_password=False)) == []


def test_alembic_check_finds_nothing_to_generate_at_the_head(blank: Engine) -> None:
    """``alembic check``: what ``revision --autogenerate`` would write, through ``env.py``."""
    init_database(blank)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with blank.connect() as connection:
        config.attributes["connection"] = connection
        command.check(config)


def test_the_alembic_command_line_checks_the_database_croupier_would_open(
    tmp_path: Path,
) -> None:
    url = f"sqlite:///{tmp_path / 'croupier.db'}"
    engine = create_database_engine(url)
    try:
        init_database(engine)
    finally:
        engine.dispose()
    alembic = Path(sys.executable).parent / "alembic"
    checked = subprocess.run(
        [str(alembic), "-c", str(MIGRATIONS / "alembic.ini"), "check"],
        env={**os.environ, DATABASE_URL_VARIABLE: url},
        capture_output=True,
        text=True,
        check=False,
    )
    assert checked.returncode == 0, checked.stderr
    assert "No new upgrade operations detected" in checked.stdout + checked.stderr


def test_a_current_database_needs_nothing(blank: Engine) -> None:
    init_database(blank)
    statements = _statements(blank)
    init_database(blank)
    assert statements
    assert {statement.upper() for statement in statements} <= {"SELECT", "PRAGMA"}


def test_a_database_of_a_newer_croupier_is_refused_in_one_line(blank: Engine) -> None:
    init_database(blank)
    with blank.begin() as connection:
        connection.exec_driver_sql(f"UPDATE {VERSION_TABLE} SET version_num = '9999'")
    with pytest.raises(DatabaseUnavailable, match=r"at schema revision 9999, newer") as refused:
        init_database(blank)
    assert "\n" not in str(refused.value)
    assert _revision(blank) == "9999"


def test_a_migration_that_fails_leaves_the_database_as_it_was(blank: Engine) -> None:
    def half_done() -> None:
        with migrating(blank) as connection:
            connection.exec_driver_sql("CREATE TABLE half_done (id INTEGER)")
            raise RuntimeError("the next step fails")

    with pytest.raises(RuntimeError):
        half_done()
    assert sa.inspect(blank).get_table_names() == []


def test_sqlite_checks_foreign_keys_again_after_a_migration(tmp_path: Path) -> None:
    engine = create_database_engine(f"sqlite:///{tmp_path / 'croupier.db'}")
    try:
        init_database(engine)
        with engine.connect() as connection:
            assert connection.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
    finally:
        engine.dispose()


def _insert(connection: sa.Connection, table: str, **values: object) -> int:
    """Store a row in a table of the baseline; its id."""
    key = connection.execute(BASELINE.tables[table].insert().values(**values)).inserted_primary_key
    assert key is not None
    return int(key[0])


def _baseline_game(engine: Engine, game: str, options: dict[str, object], seats: int) -> int:
    """A running game stored in the baseline's tables, each seat's bot its own; its id."""
    with engine.begin() as connection:
        BASELINE.create_all(connection)
        bots = [
            _insert(
                connection,
                "bot",
                name=f"bot{seat}",
                game=game,
                kind="command",
                command="true",
                limits={},
                description="",
                created_at=MOMENT,
            )
            for seat in range(seats)
        ]
        match_id = _insert(
            connection,
            "match",
            game=game,
            options=options,
            settings={},
            status="running",
            created_at=MOMENT,
        )
        game_id = _insert(
            connection,
            "game",
            match_id=match_id,
            game=game,
            options=options,
            variant="",
            seed=1,
            status="running",
            started_at=MOMENT,
            end_detail="",
        )
        for seat, bot_id in enumerate(bots):
            token = f"{game_id}-{seat}"
            connection.execute(
                BASELINE.tables["seat"]
                .insert()
                .values(
                    game_id=game_id,
                    seat=seat,
                    bot_id=bot_id,
                    token_hash=token,
                    status="playing",
                    decisions=0,
                    output_dropped_bytes=0,
                )
            )
    return game_id


def test_an_older_database_gets_the_new_columns_filled_from_what_is_stored(
    blank: Engine, tmp_path: Path
) -> None:
    """The tables as they were before games had a variant and bots had limits.

    Bots then ran from the directory they were registered in, with relative commands.
    """
    (tmp_path / "bots").mkdir()
    (tmp_path / "bots" / "mine.py").touch()
    _baseline_game(blank, "cribbage", {"variant": "five-card"}, seats=2)
    with blank.begin() as connection:
        connection.execute(sa.text("DROP INDEX ix_game_status_game_variant"))
        connection.execute(sa.text("ALTER TABLE game DROP COLUMN variant"))
        connection.execute(sa.text("ALTER TABLE bot DROP COLUMN limits"))
        connection.execute(sa.text("ALTER TABLE bot ADD COLUMN working_directory VARCHAR"))
        connection.execute(
            sa.text(
                "UPDATE bot SET command = 'python bots/mine.py --fast', working_directory = :d"
            ),
            {"d": str(tmp_path)},
        )

    init_database(blank)

    assert _revision(blank) == HEAD_REVISION
    with blank.connect() as connection:
        assert connection.execute(sa.text("SELECT variant FROM game")).scalars().all() == [
            "five-card"
        ]
    indexes = {index["name"] for index in sa.inspect(blank).get_indexes("game")}
    assert "ix_game_status_game_variant" in indexes
    with Session(blank) as session:
        bots = db.list_bots(session)
        assert [bot.limits for bot in bots] == [{}, {}]
        assert {bot.command for bot in bots} == {f"python {tmp_path}/bots/mine.py --fast"}


def test_an_older_database_gets_comments_and_output_with_its_games_kept(blank: Engine) -> None:
    """The tables as they were before bots could comment and their output was kept."""
    game_id = _baseline_game(blank, "lexio", {"players": 3}, seats=3)
    first = load_game("lexio", {"players": 3}).new_state(1).seats_to_act()[0]
    with blank.begin() as connection:
        _insert(
            connection,
            "action",
            game_id=game_id,
            number=0,
            seat=first,
            text="play cloud3",
            requested_at=MOMENT,
            latency_ms=3.0,
            decided_by="bot",
        )
        connection.execute(sa.text("DROP TABLE output_line"))
        connection.execute(sa.text("ALTER TABLE action DROP COLUMN comment"))
        connection.execute(sa.text("ALTER TABLE seat DROP COLUMN output_dropped_bytes"))

    with migrating(blank) as connection:
        assert sorted(catch_up(connection)) == ["action.comment", "seat.output_dropped_bytes"]
    init_database(blank)

    assert "output_line" in sa.inspect(blank).get_table_names()
    with Session(blank) as session:
        (action,) = db.game_actions(session, game_id=game_id)
        assert (action.text, action.comment) == ("play cloud3", None)
        seats = db.game_seats(session, game_id=game_id)
        assert [seat.output_dropped_bytes for seat in seats] == [0, 0, 0]
        line = OutputLine(utc_now(), OutputStream.STDERR, "written after the upgrade")
        outputs.record_output(session, game_id=game_id, seat=2, lines=[line], dropped_bytes=9)
        (stored,) = outputs.game_output(session, game_id=game_id)
        assert (stored.seat, stored.text) == (2, "written after the upgrade")
        assert db.game_seats(session, game_id=game_id)[2].output_dropped_bytes == 9


def test_a_database_of_revision_0005_opens_the_organisers_bots_to_people_only(
    blank: Engine,
) -> None:
    """0006: the organiser's bots stay open to people; submitted bots (and so their
    versions) are closed until their authors open them."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with migrating(blank) as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0005")
    bots = sa.table(
        "bot",
        *(sa.column(name) for name in ("id", "name", "game", "kind", "command")),
        sa.column("limits", sa.JSON),
        sa.column("description"),
        sa.column("created_at", UTCDateTime),
        sa.column("version_of_id"),
    )
    with blank.begin() as connection:
        for number, (name, kind, version_of) in enumerate(
            [
                ("house", "command", None),
                ("visitor", "remote", None),
                ("mine", "submitted", None),
                ("mine@1", "command", 3),
            ],
            start=1,
        ):
            connection.execute(
                bots.insert().values(
                    id=number,
                    name=name,
                    game="lexio",
                    kind=kind,
                    command=None if kind != "command" else "true",
                    limits={},
                    description="",
                    created_at=MOMENT,
                    version_of_id=version_of,
                )
            )

    init_database(blank)

    assert _revision(blank) == HEAD_REVISION
    with Session(blank) as session:
        opened = {bot.name: is_open_to_people(session, bot) for bot in db.list_bots(session)}
    assert opened == {"house": True, "visitor": True, "mine": False, "mine@1": False}


def test_a_database_of_revision_0006_keeps_its_names_and_folds_them_oldest_first(
    blank: Engine,
) -> None:
    """0007: every bot and author gets its folded name, unique; of two stored names that
    fold alike, both kept, the older holds it."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with migrating(blank) as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0006")
    bots = sa.table(
        "bot",
        *(sa.column(name) for name in ("id", "name", "game", "kind", "command", "description")),
        sa.column("limits", sa.JSON),
        sa.column("created_at", UTCDateTime),
        sa.column("open_to_people"),
    )
    stored_authors = sa.table(
        "author", sa.column("name"), sa.column("signed_up"), sa.column("created_at", UTCDateTime)
    )
    with blank.begin() as connection:
        for number, name in enumerate(["Alpha", "lexio_greedy", "alpha"], start=1):
            connection.execute(
                bots.insert().values(
                    id=number,
                    name=name,
                    game="lexio",
                    kind="command",
                    command="true",
                    description="",
                    limits={},
                    created_at=MOMENT,
                    open_to_people=True,
                )
            )
        for name in ["Ada", "ada", "grace"]:
            connection.execute(
                stored_authors.insert().values(name=name, signed_up=False, created_at=MOMENT)
            )

    init_database(blank)

    assert _revision(blank) == HEAD_REVISION
    with Session(blank) as session:
        folded = {bot.name: bot.folded_name for bot in db.list_bots(session)}
        assert folded == {"Alpha": "alpha", "alpha": None, "lexio_greedy": "lexio_greedy"}
        assert {a.name: a.folded_name for a in authors.list_authors(session)} == {
            "Ada": "ada",
            "ada": None,
            "grace": "grace",
        }
        with pytest.raises(BotNameTaken, match="a bot named 'Alpha' already exists"):
            db.add_bot(session, name="alpha", game="lexio", command="true")
        added, _ = authors.add_author(session, name="lovelace")
        assert added.folded_name == "lovelace"


def test_a_database_of_revision_0010_gets_seat_latencies_and_board_tallies_from_its_games(
    blank: Engine,
) -> None:
    """0011 fills each packed game's seats' latencies from its log (a game in its journal
    keeps none), 0012 tallies the finished games of each board."""
    init_database(blank)
    with Session(blank) as session:
        packed, _ = store_game(session, "lexio", {"players": 4, "rounds": 1})
        assert db.pack_game(session, game_id=packed)
        bots = [seat.bot_id for seat in db.game_seats(session, game_id=packed)]
        journal = start_game(session, bots[:2])
        db.record_action(
            session,
            game_id=journal,
            seat=1,
            action="x",
            requested_at=MOMENT,
            decided_by="bot",
            latency_ms=2.5,
        )
        db.abort_game(session, game_id=journal, reason="stopped")
        stored = {
            (seat.game_id, seat.seat): seat.latencies
            for game_id in (packed, journal)
            for seat in db.game_seats(session, game_id=game_id)
        }
        tallies = board_tallies(session)
    assert tallies == [BoardTally("lexio", "4 players", 1, packed)]
    assert all(stored[packed, seat] for seat in range(4))
    assert {stored[journal, seat] for seat in range(2)} == {None}
    with blank.begin() as connection:
        connection.execute(sa.text("DROP TABLE board_tally"))
        connection.execute(sa.text("ALTER TABLE seat DROP COLUMN latencies"))
        connection.execute(sa.text("DROP TABLE tournament_tally"))  # 0015's, which follows
        for column in ("runner", "runner_until"):  # 0013's, which follows
            connection.execute(sa.text(f"ALTER TABLE ladder DROP COLUMN {column}"))
        connection.execute(sa.text(f"UPDATE {VERSION_TABLE} SET version_num = '0010'"))

    init_database(blank)

    assert _revision(blank) == HEAD_REVISION
    with Session(blank) as session:
        assert board_tallies(session) == tallies
        assert {
            (seat.game_id, seat.seat): seat.latencies
            for game_id in (packed, journal)
            for seat in db.game_seats(session, game_id=game_id)
        } == stored


def test_a_tournament_played_before_scheduled_games_gets_a_row_for_each_finished_game(
    blank: Engine,
) -> None:
    """0014 gives each finished game of a tournament without one its scheduled game,
    finished, with its number, deal, bots in seat order and seed; nothing else changes."""
    init_database(blank)
    with Session(blank) as session:
        a, b = (db.add_bot(session, name=name, game="cribbage", command="x").id for name in "ab")
        assert a is not None
        assert b is not None
        tournament = db.create_tournament(
            session, game="cribbage", options=SIX_CARD, format="round-robin", settings={}
        )
        tournament_id = tournament.id
        assert tournament_id is not None
        played = {}
        for number, seats in enumerate([[a, b], [b, a], [a, b]]):
            game_id = start_game(
                session, seats, tournament_id=tournament_id, number=number, deal=number // 2
            )
            if number < 2:
                db.finish_game(session, game_id=game_id, result=Result((1, 0)))
            played[number] = game_id
        db.abort_game(session, game_id=played[2], reason="stopped")  # a game left running
        with db.atomic(session):
            [kept] = add_scheduled_games(
                session,
                tournament_id=tournament_id,
                games=[NewScheduledGame(1, 0, ("b", "a"), 7)],
                attempts=3,
            )
    with blank.begin() as connection:
        connection.execute(sa.text("DROP TABLE tournament_tally"))  # 0015's, which follows
        connection.execute(sa.text(f"UPDATE {VERSION_TABLE} SET version_num = '0013'"))

    init_database(blank)

    assert _revision(blank) == HEAD_REVISION
    with Session(blank) as session:
        rows = {row.number: row for row in scheduled_games(session, tournament_id=tournament_id)}
    assert set(rows) == {0, 1}  # the game left unfinished has none: a resume stores it
    assert (rows[0].status, rows[0].deal, rows[0].bots, rows[0].seed) == (
        ScheduleStatus.FINISHED,
        0,
        ["a", "b"],
        1,
    )
    assert (rows[0].attempt, rows[0].last_attempt) == (1, 5)
    assert (rows[1].id, rows[1].status, rows[1].seed) == (kept, ScheduleStatus.QUEUED, 7)
