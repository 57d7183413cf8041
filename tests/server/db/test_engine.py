"""Choosing and opening the database: URL precedence, SQLite settings, clear errors."""

from pathlib import Path

import pytest
import sqlalchemy as sa
from sqlalchemy.engine import Engine
from sqlmodel import Session, SQLModel

from croupier_server import db
from croupier_server.db import (
    DatabaseUnavailable,
    EventRecord,
    create_database_engine,
    init_database,
)


@pytest.fixture
def sqlite_engine(tmp_path: Path) -> Engine:
    engine = create_database_engine(f"sqlite:///{tmp_path / 'croupier.db'}")
    init_database(engine)
    return engine


def test_database_url_prefers_the_flag_then_the_environment_then_a_file_in_cwd(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("CROUPIER_DATABASE_URL", "postgresql://from-env/croupier")
    assert db.database_url("sqlite:///flag.db") == "sqlite:///flag.db"
    assert db.database_url(None) == "postgresql://from-env/croupier"
    assert db.database_url("") == "postgresql://from-env/croupier"
    monkeypatch.setenv("CROUPIER_DATABASE_URL", "")
    assert db.database_url(None) == f"sqlite:///{tmp_path / 'croupier.db'}"
    monkeypatch.delenv("CROUPIER_DATABASE_URL")
    assert db.database_url(None) == f"sqlite:///{tmp_path / 'croupier.db'}"


def test_the_default_database_is_created_in_the_working_directory(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("CROUPIER_DATABASE_URL", raising=False)
    engine = create_database_engine(db.database_url(None))
    init_database(engine)
    engine.dispose()
    assert (tmp_path / "croupier.db").is_file()


def test_sqlite_runs_in_wal_mode_with_foreign_keys_and_a_busy_timeout(
    sqlite_engine: Engine,
) -> None:
    with sqlite_engine.connect() as connection:
        assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert connection.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
        assert connection.exec_driver_sql("PRAGMA busy_timeout").scalar() == 10_000
    sqlite_engine.dispose()


def test_sqlite_enforces_foreign_keys(sqlite_engine: Engine) -> None:
    with Session(sqlite_engine) as session:
        session.add(EventRecord(game_id=999, number=0, kind="Passed", text="seat 0 passes"))
        with pytest.raises(sa.exc.IntegrityError, match="FOREIGN KEY"):
            session.commit()
    sqlite_engine.dispose()


def test_an_in_memory_sqlite_database_is_shared_by_sessions() -> None:
    engine = create_database_engine("sqlite://")
    init_database(engine)
    with Session(engine) as writer:
        db.add_bot(writer, name="alpha", game="lexio", command="python alpha.py")
    with Session(engine) as reader:
        assert [bot.name for bot in db.list_bots(reader)] == ["alpha"]
    engine.dispose()


def test_init_database_is_idempotent(engine: Engine) -> None:
    init_database(engine)
    assert set(sa.inspect(engine).get_table_names()) >= set(SQLModel.metadata.tables)


def test_plain_postgresql_urls_use_psycopg_3(postgres_database_url: str) -> None:
    plain = sa.make_url(postgres_database_url).set(drivername="postgresql")
    engine = create_database_engine(plain.render_as_string(hide_password=False))
    assert engine.url.drivername == "postgresql+psycopg"
    engine.dispose()


def test_a_postgresql_session_idle_mid_transaction_is_ended_after_a_minute(
    postgres_database_url: str,
) -> None:
    """A process cut off mid-transaction must not hold its rows locked for hours."""
    engine = create_database_engine(postgres_database_url)
    with engine.connect() as connection:
        shown = connection.execute(sa.text("SHOW idle_in_transaction_session_timeout")).scalar()
    assert shown == "1min"
    engine.dispose()
    chosen = sa.make_url(postgres_database_url).update_query_dict(
        {"options": "-c idle_in_transaction_session_timeout=5000"}
    )
    engine = create_database_engine(chosen.render_as_string(hide_password=False))
    with engine.connect() as connection:  # the URL's own options are kept
        shown = connection.execute(sa.text("SHOW idle_in_transaction_session_timeout")).scalar()
    assert shown == "5s"
    engine.dispose()


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("not a url", "malformed database URL 'not a url'"),
        ("postgresql://user:secret@host:port/db", "malformed database URL 'postgresql://user:***@"),
        ("mysql://user@localhost/croupier", "unsupported database 'mysql'"),
        ("postgresql://nobody@127.0.0.1:1/croupier", "cannot open database postgresql+psycopg://"),
        ("sqlite:////nonexistent/directory/croupier.db", "cannot open database sqlite:////"),
    ],
)
def test_bad_urls_give_one_clear_line(url: str, message: str) -> None:
    with pytest.raises(DatabaseUnavailable) as error:
        create_database_engine(url)
    text = str(error.value)
    assert text.startswith(message)
    assert "\n" not in text
    assert "secret" not in text
