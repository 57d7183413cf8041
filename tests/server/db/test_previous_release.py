"""A database the previous release made is upgraded on open, its games all there.

It has no schema revision: it is stamped at the baseline and upgraded to the head, whose
schema is the models'. Every stored game replays from its seed and actions, the counts of
every table are kept (an ended game's actions and events packed, and read exactly as they
were stored), and the ratings and tournaments read as the previous release printed them.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import pytest
import sqlalchemy as sa
from sqlmodel import Session, col, select

from croupier_server.cli import main
from croupier_server.db import (
    ActionRecord,
    EventRecord,
    GameRecord,
    GameStatus,
    PackedLogRecord,
    check_stored_game,
    create_database_engine,
    game_actions,
    game_events,
    init_database,
    replay_stored_game,
)
from croupier_server.db.models import UTCDateTime
from croupier_server.db.schema import HEAD_REVISION, VERSION_TABLE
from tests.server.db import previous_release
from tests.server.db.schema_diff import differences

KEPT_TABLES = ("bot", "tournament", "game", "seat", "fault", "output_line")
"""The tables whose rows the upgrade keeps as they are."""

LOGGED = {
    "action": ("number", "seat", "text", "requested_at", "latency_ms", "decided_by", "comment"),
    "event": ("number", "at", "kind", "visible_to", "text", "data", "seat"),
}
"""The columns of a game's journal, which the upgrade packs into one row when it ends."""

MATCH_COLUMNS = ("tournament_id", "schedule_number", "schedule_deal", "settings")
"""What a game takes from its match, which held it alone."""

RATED = ("rank", "bot", "elo", "games", "score", "margin", "faults")
"""What a line of the ratings says of a bot's results (its latencies aside). Not its
interval: the previous release's covered the truth too rarely, and this one's is computed
otherwise on purpose (``tests/server/ratings/test_coverage.py`` holds it to 95%)."""


def _row_counts(url: str) -> dict[str, int]:
    engine = sa.create_engine(url)
    try:
        with engine.connect() as connection:
            return {
                table: connection.exec_driver_sql(f"SELECT count(*) FROM {table}").scalar_one()
                for table in KEPT_TABLES
            }
    finally:
        engine.dispose()


def _printed(capsys: pytest.CaptureFixture[str], *argv: str) -> Any:
    assert main([*argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def _results(board: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{key: line[key] for key in RATED} for line in board]


def test_it_is_upgraded_to_the_models_schema(previous_release_url: str) -> None:
    engine = create_database_engine(previous_release_url)
    try:
        assert VERSION_TABLE not in sa.inspect(engine).get_table_names()
        init_database(engine)
        with engine.connect() as connection:
            revision = connection.exec_driver_sql(f"SELECT version_num FROM {VERSION_TABLE}")
            assert revision.scalar_one() == HEAD_REVISION
    finally:
        engine.dispose()
    assert differences(previous_release_url) == []


def _journal(url: str) -> dict[str, dict[int, list[tuple[Any, ...]]]]:
    """Each game's ``action`` and ``event`` rows, as the previous release stored them."""
    types: dict[str, Any] = {"requested_at": UTCDateTime(), "at": UTCDateTime(), "data": sa.JSON()}
    engine = sa.create_engine(url)
    logged: dict[str, dict[int, list[tuple[Any, ...]]]] = {}
    try:
        with engine.connect() as connection:
            for name, columns in LOGGED.items():
                table = sa.table(
                    name, sa.column("game_id"), *(sa.column(c, types.get(c)) for c in columns)
                )
                query = sa.select(table).order_by(table.c.game_id, table.c.number)
                for game_id, *row in connection.execute(query):
                    logged.setdefault(name, {}).setdefault(game_id, []).append(tuple(row))
    finally:
        engine.dispose()
    return logged


def _read(session: Session, game_id: int) -> dict[str, list[tuple[Any, ...]]]:
    """A game's actions and events as the readers give them, in the journal's columns."""
    read: dict[str, Sequence[ActionRecord] | Sequence[EventRecord]] = {
        "action": game_actions(session, game_id=game_id),
        "event": game_events(session, game_id=game_id),
    }
    return {
        name: [tuple(getattr(row, column) for column in LOGGED[name]) for row in rows]
        for name, rows in read.items()
    }


def _read_games(url: str) -> tuple[list[GameRecord], dict[int, dict[str, Any]], list[int]]:
    """Every game, checked against its replay; its actions and events read; the packed ids."""
    engine = create_database_engine(url)
    try:
        init_database(engine)
        with Session(engine) as session:
            games = list(session.exec(select(GameRecord).order_by(col(GameRecord.id))).all())
            read: dict[int, dict[str, Any]] = {}
            for game in games:
                assert game.id is not None
                if game.status == GameStatus.FINISHED:
                    check_stored_game(session, game_id=game.id)
                else:  # its events are stored when it ends
                    replay_stored_game(session, game_id=game.id)
                read[game.id] = _read(session, game.id)
            packed = list(session.exec(select(PackedLogRecord.game_id)).all())
    finally:
        engine.dispose()
    return games, read, packed


def test_every_stored_game_replays_and_every_row_is_kept(
    previous_release_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    before = _row_counts(previous_release_url)
    journal = _journal(previous_release_url)
    games, upgraded, packed = _read_games(previous_release_url)
    assert packed == []  # the upgrade changes the schema only: `croupier db pack` packs
    assert main(["db", "pack", "--db", previous_release_url]) == 0
    assert "packed 8 games; 1 kept as rows" in capsys.readouterr().out  # the aborted one
    games, read, packed = _read_games(previous_release_url)
    for game in games:
        assert game.id is not None
        for name in LOGGED:
            expected = journal[name].get(game.id, [])
            assert upgraded[game.id][name] == read[game.id][name] == expected, (game.id, name)
    assert _row_counts(previous_release_url) == before
    finished = [game.id for game in games if game.status == GameStatus.FINISHED]
    assert set(finished) <= set(packed)
    assert all(game.id not in packed for game in games if game.status == GameStatus.RUNNING)
    assert statuses_of(games).count(GameStatus.FINISHED) == 8
    assert (
        statuses_of(games).count(GameStatus.ABORTED)
        == statuses_of(games).count(GameStatus.RUNNING)
        == 1
    )


def statuses_of(games: Sequence[GameRecord]) -> list[GameStatus]:
    return [game.status for game in games]


def _rows(url: str, query: str) -> list[tuple[Any, ...]]:
    engine = sa.create_engine(url)
    try:
        with engine.connect() as connection:
            return [tuple(row) for row in connection.exec_driver_sql(query)]
    finally:
        engine.dispose()


def test_each_game_takes_what_its_match_said_of_it(previous_release_url: str) -> None:
    columns = ", ".join(f"match.{column}" for column in MATCH_COLUMNS)
    matched = _rows(
        previous_release_url,
        f"SELECT game.id, game.status, match.status, {columns} "
        "FROM game JOIN match ON match.id = game.match_id ORDER BY game.id",
    )
    assert all(game_status == match_status for _, game_status, match_status, *_ in matched)
    engine = create_database_engine(previous_release_url)
    try:
        init_database(engine)
    finally:
        engine.dispose()
    games = _rows(
        previous_release_url, f"SELECT id, {', '.join(MATCH_COLUMNS)} FROM game ORDER BY id"
    )
    assert [_json_decoded(row) for row in games] == [
        _json_decoded((game_id, *rest)) for game_id, _, _, *rest in matched
    ]
    assert {row[1] for row in games} == {1, 2, 3, None}


def _json_decoded(row: tuple[Any, ...]) -> tuple[Any, ...]:
    """A row with its JSON text (SQLite's) read."""
    return tuple(json.loads(value) if isinstance(value, str) else value for value in row)


def test_the_ratings_and_tournaments_read_as_the_previous_release_printed_them(
    previous_release_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    printed = previous_release.report(previous_release_url)
    db = ("--db", previous_release_url)
    for game, board in printed["ratings"].items():
        assert _results(_printed(capsys, "ratings", "--game", game, *db)) == _results(board)
    for tournament in printed["tournaments"]:
        shown = _printed(capsys, "tournament", "show", str(tournament["id"]), *db)
        for key in ("game", "options", "format", "status", "bots", "games", "finished"):
            assert shown[key] == tournament[key], key
        assert _results(shown["standings"]) == _results(tournament["standings"])
